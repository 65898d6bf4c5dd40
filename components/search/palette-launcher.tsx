'use client';
/**
 * The command palette's launcher: a search button in the top bar (for touch) and Ctrl+K / Cmd+K anywhere.
 * Only this is part of a page's first-load JS; the palette itself (cmdk, the dialog, the route table) is a
 * dynamic import fetched on first use (or when the pointer or focus reaches the button).
 */
import { Icon } from '@/components/ui/icon';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import type { RoleId } from '@/lib/roles';
import type { CommandPaletteProps } from './command-palette';

const loadPalette = () => import('./command-palette').then((m) => m.CommandPalette);

export function PaletteLauncher({ user, role }: { user: number; role: RoleId | null }) {
  const [Palette, setPalette] = useState<ComponentType<CommandPaletteProps> | null>(null);
  const [open, setOpen] = useState(false);
  // Every opening starts afresh: a new key remounts the palette (it stays mounted while closed, so the
  // dialog can hand the focus back).
  const [opening, setOpening] = useState(0);

  const show = useCallback(() => {
    setOpening((n) => n + 1);
    setOpen(true);
    loadPalette()
      .then((component) => setPalette(() => component))
      .catch(() => setOpen(false));
  }, []);
  const preload = () => void loadPalette().catch(() => undefined);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        // A second Ctrl+K closes it again.
        if (open) setOpen(false);
        else show();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, show]);

  return (
    <>
      <button
        type="button"
        onClick={show}
        onPointerEnter={preload}
        onFocus={preload}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        title="Find screens and records (Ctrl+K)"
        className="flex items-center gap-2 rounded-md border border-slate-300 px-2 py-2 text-sm text-slate-700 hover:bg-slate-100 sm:px-3"
        data-testid="palette-button"
      >
        <Icon name="search" className="size-4" />
        {/* "Find", not "Search": the screens' own search buttons keep their names to themselves. */}
        <span className="sr-only sm:not-sr-only">Find</span>
        <kbd aria-hidden="true" className="hidden rounded border border-slate-300 px-1 text-xs text-slate-600 lg:inline">
          Ctrl K
        </kbd>
      </button>
      {Palette && <Palette key={opening} open={open} onOpenChange={setOpen} user={user} role={role} />}
    </>
  );
}
