'use client';
/**
 * The left menu (side-nav layout): a search box filtering the items as you type, the items the route
 * table allows for the role, Privacy Policy and Training Videos links, and the role label. Below 768 px
 * it is a drawer opened from the top bar.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useId, useState } from 'react';
import type { MenuItem } from '@/lib/routes';
import { useDrawer } from './drawer-state';

export interface SideNavProps {
  items: MenuItem[];
  roleLabel: string;
  privacyPolicyUrl: string;
  trainingVideosUrl: string;
}

function MenuContent({ items, roleLabel, privacyPolicyUrl, trainingVideosUrl, onNavigate }: SideNavProps & { onNavigate?: () => void }) {
  const [term, setTerm] = useState('');
  const searchId = useId();
  const pathname = usePathname();
  const needle = term.trim().toLowerCase();
  const shown = needle ? items.filter((i) => i.label.toLowerCase().includes(needle)) : items;
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
      <ul className="flex flex-col gap-1">
        {shown.map((item) => {
          const current = pathname === item.path;
          return (
            <li key={item.path}>
              <Link
                href={item.path}
                onClick={onNavigate}
                aria-current={current ? 'page' : undefined}
                className={`block rounded-md px-3 py-2 text-sm ${current ? 'bg-brand-600 text-white' : 'text-slate-800 hover:bg-slate-100'}`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
        {shown.length === 0 && <li className="px-3 py-2 text-sm text-slate-600">No menu item matches “{term}”.</li>}
      </ul>
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

export function SideNav(props: SideNavProps) {
  const { open, setOpen } = useDrawer();
  return (
    <>
      <nav aria-label="Main menu" className="hidden w-60 shrink-0 border-r border-slate-200 bg-white md:block">
        <MenuContent {...props} />
      </nav>
      <RadixDialog.Root open={open} onOpenChange={setOpen}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
          <RadixDialog.Content
            id="side-menu-drawer"
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl md:hidden"
          >
            <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
              <RadixDialog.Title className="text-base font-semibold">Menu</RadixDialog.Title>
              <RadixDialog.Close className="rounded p-1 hover:bg-slate-100" aria-label="Close menu">
                <X aria-hidden="true" className="size-5" />
              </RadixDialog.Close>
            </div>
            <nav aria-label="Main menu">
              <MenuContent {...props} onNavigate={() => setOpen(false)} />
            </nav>
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
    </>
  );
}
