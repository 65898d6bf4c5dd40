'use client';
/**
 * The inspections and jobs this device keeps for working offline (the service worker's page cache,
 * lib/offline/pages.ts), as links: they open with no connection. Read from the cache itself, so it lists
 * exactly what would open.
 */
import { useEffect, useState } from 'react';
import { KEPT_PAGES_CACHE } from '@/lib/offline/pages';

interface Kept {
  href: string;
  label: string;
}

const labelOf = (url: URL) =>
  url.pathname === '/view' ? `Inspection #${url.searchParams.get('adasInspection')}` : `ADAS job #${url.searchParams.get('adas')}`;

export function KeptPages() {
  const [kept, setKept] = useState<Kept[] | null>(null);
  useEffect(() => {
    if (!('caches' in window)) return;
    void caches
      .open(KEPT_PAGES_CACHE)
      .then((cache) => cache.keys())
      .then((requests) =>
        setKept(
          requests.map((r) => {
            const url = new URL(r.url);
            return { href: url.pathname + url.search, label: labelOf(url) };
          }),
        ),
      )
      .catch(() => setKept([]));
  }, []);
  if (kept === null) return null;
  if (!kept.length) return <p className="text-sm text-slate-700">No inspection is kept on this device yet: open one while online.</p>;
  return (
    <>
      <p className="text-sm text-slate-700">These are kept on this device and open without a connection:</p>
      <ul className="list-disc pl-5 text-sm" aria-label="Kept on this device">
        {kept.map((k) => (
          <li key={k.href}>
            {/* A full page load: the service worker answers it from what it keeps. */}
            <a href={k.href} className="text-brand-700 underline">
              {k.label}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
