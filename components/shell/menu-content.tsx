'use client';
/**
 * The left menu's content: search box, the items the route table allows (the specification's list),
 * then "More": the other screens the role may open, the two links and the role label.
 */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useId, useState } from 'react';
import type { MenuItem } from '@/lib/routes';

/** The two links under the menu (configuration). */
export interface MenuLinks {
  privacyPolicyUrl: string;
  trainingVideosUrl: string;
}

export interface SideNavProps extends MenuLinks {
  items: MenuItem[];
  /** Screens the role may open beyond the specification's menu (routes.ts moreMenu). */
  more: MenuItem[];
  roleLabel: string;
}

function MenuLinks({
  items,
  pathname,
  onNavigate,
  labelledBy,
}: {
  items: MenuItem[];
  pathname: string;
  onNavigate?: () => void;
  labelledBy?: string;
}) {
  return (
    <ul className="flex flex-col gap-1" aria-labelledby={labelledBy}>
      {items.map((item) => {
        const current = pathname === item.path;
        return (
          <li key={item.path}>
            <Link href={item.path} onClick={onNavigate} aria-current={current ? 'page' : undefined} className="menu-link">
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function MenuContent({
  items,
  more,
  roleLabel,
  privacyPolicyUrl,
  trainingVideosUrl,
  onNavigate,
}: SideNavProps & { onNavigate?: () => void }) {
  const [term, setTerm] = useState('');
  const searchId = useId();
  const moreId = useId();
  const pathname = usePathname();
  const needle = term.trim().toLowerCase();
  const matching = (list: MenuItem[]) => (needle ? list.filter((i) => i.label.toLowerCase().includes(needle)) : list);
  const shown = matching(items);
  const shownMore = matching(more);
  return (
    <div className="flex h-full flex-col gap-3 p-3">
      <p className="rounded bg-slate-100 px-2 py-1 text-xs font-semibold tracking-wide text-slate-700 uppercase" data-testid="role-label">
        {roleLabel}
      </p>
      <div>
        <label htmlFor={searchId} className="sr-only">
          Search the menu
        </label>
        <input
          id={searchId}
          type="search"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder="Search menu"
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm"
        />
      </div>
      {shown.length > 0 && <MenuLinks items={shown} pathname={pathname} onNavigate={onNavigate} />}
      {shownMore.length > 0 && (
        <div>
          <h2 id={moreId} className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            More
          </h2>
          <MenuLinks items={shownMore} pathname={pathname} onNavigate={onNavigate} labelledBy={moreId} />
        </div>
      )}
      {shown.length === 0 && shownMore.length === 0 && <p className="px-3 py-2 text-sm text-slate-600">No menu item matches “{term}”.</p>}
      <div className="mt-auto flex flex-col gap-1 border-t border-slate-200 pt-3 text-sm">
        <a href={privacyPolicyUrl} target="_blank" rel="noopener noreferrer" className="px-3 py-1 text-brand-700 underline">
          Privacy Policy
        </a>
        <a href={trainingVideosUrl} target="_blank" rel="noopener noreferrer" className="px-3 py-1 text-brand-700 underline">
          Training Videos
        </a>
      </div>
    </div>
  );
}
