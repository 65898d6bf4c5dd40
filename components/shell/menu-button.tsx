'use client';
import { Menu } from 'lucide-react';
import { useDrawer } from './drawer-state';

/** Opens the left menu as a drawer below 768 px. */
export function MenuButton() {
  const { open, setOpen } = useDrawer();
  return (
    <button
      type="button"
      onClick={() => setOpen(true)}
      aria-haspopup="dialog"
      aria-expanded={open}
      className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
    >
      <Menu aria-hidden="true" className="size-6" />
      <span className="sr-only">Open menu</span>
    </button>
  );
}
