'use client';
/** The left menu as a drawer (loaded on first opening: it brings Radix Dialog and the route table's menus
 * with it). With a
 * `persistent` menu beside the page from 768 px on, the drawer is for narrower screens only. Closed, it
 * gives the focus back to the menu button that opened it (useOpenerFocus: the button is no Radix Trigger). */
import * as RadixDialog from '@radix-ui/react-dialog';
import { Icon } from '@/components/ui/icon';
import { useOpenerFocus } from '@/components/ui/dialog';
import { leftMenu, moreMenu } from '@/lib/routes';
import { roleLabel, type RoleId } from '@/lib/roles';
import { useDrawer } from './drawer-state';
import { MenuContent, type MenuLinks } from './menu-content';

export default function SideNavDrawer({ role, persistent, ...links }: MenuLinks & { role: RoleId | null; persistent: boolean }) {
  const narrowOnly = persistent ? 'md:hidden' : '';
  const { open, setOpen } = useDrawer();
  const onCloseAutoFocus = useOpenerFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={`fixed inset-0 z-40 bg-slate-900/50 ${narrowOnly}`} />
        <RadixDialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          className={`fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-white shadow-xl ${narrowOnly}`}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
            <RadixDialog.Title className="text-base font-semibold">Menu</RadixDialog.Title>
            <RadixDialog.Close
              className="inline-flex size-11 items-center justify-center rounded hover:bg-slate-100"
              aria-label="Close menu"
            >
              <Icon name="x" className="size-5" />
            </RadixDialog.Close>
          </div>
          <nav aria-label="Main menu">
            <MenuContent
              items={leftMenu(role)}
              more={moreMenu(role)}
              roleLabel={roleLabel(role)}
              {...links}
              onNavigate={() => setOpen(false)}
            />
          </nav>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
