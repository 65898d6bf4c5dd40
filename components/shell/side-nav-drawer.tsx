'use client';
/** The left menu as a drawer below 768 px (loaded on first opening: it brings Radix Dialog with it). */
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useDrawer } from './drawer-state';
import { MenuContent, type SideNavProps } from './menu-content';

export default function SideNavDrawer(props: SideNavProps) {
  const { open, setOpen } = useDrawer();
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
        <RadixDialog.Content
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
  );
}
