'use client';
import { Icon } from '@/components/ui/icon';
import { useDrawer } from './drawer-state';

/** Opens the left menu as a drawer: always in the default layout, below 768 px in the side-nav layout
 * (`persistent`: the menu is beside the page from there on). */
export function MenuButton({ persistent }: { persistent: boolean }) {
  const { open, setOpen } = useDrawer();
  return (
    <button
      type="button"
      onClick={() => setOpen(true)}
      aria-haspopup="dialog"
      aria-expanded={open}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 ${persistent ? 'md:hidden' : ''}`}
    >
      <Icon name="menu" className="size-6" />
      <span className="sr-only">Open menu</span>
    </button>
  );
}
