'use client';
/**
 * The left menu as a drawer (every width in the default layout; below 768 px in the side-nav layout, whose
 * menu is beside the page from there on: app-shell.tsx). Its code loads on first opening, and it builds the
 * role's menu itself from the route table (side-nav-drawer.tsx), so a page carries only the role and the
 * two links, not the menu.
 */
import dynamic from 'next/dynamic';
import type { RoleId } from '@/lib/roles';
import { useDrawer } from './drawer-state';
import type { MenuLinks } from './menu-content';

const SideNavDrawer = dynamic(() => import('./side-nav-drawer'), { ssr: false });

export function MenuDrawer(props: MenuLinks & { role: RoleId | null; persistent: boolean }) {
  const { open, everOpened } = useDrawer();
  return open || everOpened ? <SideNavDrawer {...props} /> : null;
}
