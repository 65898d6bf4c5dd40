'use client';
/**
 * The command palette (docs/shell.md#screens): one box finding screens, ADAS jobs, vehicles, contacts, users and
 * locations, grouped by kind, recent items first. cmdk gives the listbox (arrow keys, Enter, the active
 * item for screen readers) inside the one dialog; matching and ranking are ours (entries.ts), since the
 * server already matched its items. Loaded on first use by palette-launcher.tsx.
 */
import { Command } from 'cmdk';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { SEARCH_TERM_MIN } from '@/lib/contract/search-constants';
import type { RoleId } from '@/lib/roles';
import { searchApi } from './api';
import { entryOf, paletteGroups, parseRecents, pushRecent, recentsKey, resultCount, screensFor, type PaletteEntry } from './entries';

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: number;
  role: RoleId | null;
}

/** Typing pauses this long before the server is asked. */
const DEBOUNCE_MS = 150;

type Found = { term: string; entries: PaletteEntry[]; error: string | null };

function useServerSearch(term: string): { found: Found; searching: boolean } {
  const [found, setFound] = useState<Found>({ term: '', entries: [], error: null });
  const wanted = term.trim().length >= SEARCH_TERM_MIN ? term.trim() : '';
  useEffect(() => {
    if (!wanted) return;
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      searchApi
        .palette(wanted, abort.signal)
        .then(({ items }) => setFound({ term: wanted, entries: items.map(entryOf), error: null }))
        .catch((e: Error) => {
          if (e.name !== 'AbortError') setFound({ term: wanted, entries: [], error: e.message });
        });
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [wanted]);
  // Results of an older term stay out of view; a term too short to search shows none.
  const current = wanted && found.term === wanted ? found : { term: wanted, entries: [], error: null };
  return { found: current, searching: !!wanted && found.term !== wanted };
}

/** The recent items stored for the user; none where storage is disabled. */
function storedRecents(user: number): PaletteEntry[] {
  try {
    return parseRecents(localStorage.getItem(recentsKey(user)));
  } catch {
    return [];
  }
}

export function CommandPalette({ open, onOpenChange, user, role }: CommandPaletteProps) {
  const router = useRouter();
  // Each opening mounts the palette afresh (palette-launcher.tsx keys it): an empty box, the recent items as stored.
  const [query, setQuery] = useState('');
  const [recents, setRecents] = useState(() => storedRecents(user));
  const screens = useMemo(() => screensFor(role), [role]);
  const { found, searching } = useServerSearch(query);

  const groups = paletteGroups({ query, recents, screens, found: found.entries });
  const choose = (entry: PaletteEntry) => {
    const next = pushRecent(recents, entry);
    setRecents(next);
    try {
      localStorage.setItem(recentsKey(user), JSON.stringify(next));
    } catch {
      // Storage full or disabled: the palette works without recent items.
    }
    onOpenChange(false);
    router.push(entry.href);
  };

  const status =
    found.error ??
    (searching ? 'Searching…' : groups.length === 0 ? 'No results' : resultCount(groups.reduce((n, g) => n + g.entries.length, 0)));
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Find" size="lg">
      <Command shouldFilter={false} loop label="Search screens and records" className="flex flex-col gap-2">
        {/* Focus starts in the box (the dialog would otherwise focus its close button first). */}
        <Command.Input
          autoFocus
          value={query}
          onValueChange={setQuery}
          placeholder="Screens, RO numbers, VINs, contacts, users, locations"
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-base focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-600/30"
          data-testid="palette-input"
        />
        <p role="status" aria-live="polite" className="sr-only">
          {status}
        </p>
        <Command.List className="max-h-[60dvh] overflow-y-auto" data-testid="palette-list">
          {!searching && (
            <Command.Empty className="px-2 py-6 text-center text-sm text-slate-600">{found.error ?? 'No results'}</Command.Empty>
          )}
          {groups.map((g) => (
            <Command.Group
              key={g.id}
              heading={g.label}
              className="py-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-slate-600 [&_[cmdk-group-heading]]:uppercase"
            >
              {g.entries.map((entry) => (
                <Command.Item
                  key={`${g.id}:${entry.key}`}
                  value={`${g.id}:${entry.key}`}
                  onSelect={() => choose(entry)}
                  className="flex cursor-pointer flex-col rounded-md px-2 py-2 data-[selected=true]:bg-sky-100 data-[selected=true]:outline-2 data-[selected=true]:-outline-offset-2 data-[selected=true]:outline-brand-700"
                  data-testid="palette-item"
                  data-kind={entry.kind}
                >
                  <span className="truncate text-sm font-medium text-slate-900">{entry.title}</span>
                  {entry.detail && <span className="truncate text-xs text-slate-600">{entry.detail}</span>}
                </Command.Item>
              ))}
            </Command.Group>
          ))}
          {searching && <Command.Loading className="px-2 py-2 text-sm text-slate-600">Searching…</Command.Loading>}
        </Command.List>
      </Command>
    </Dialog>
  );
}
