'use client';
/**
 * The left menu (side-nav layout): always shown from 768 px on; below that a drawer opened from the
 * top bar, whose code loads on first opening.
 */
import dynamic from 'next/dynamic';
import { useDrawer } from './drawer-state';
import { MenuContent, type SideNavProps } from './menu-content';

const SideNavDrawer = dynamic(() => import('./side-nav-drawer'), { ssr: false });

export type { SideNavProps };

export function SideNav(props: SideNavProps) {
  const { open, everOpened } = useDrawer();
  return (
    <>
      <nav aria-label="Main menu" className="hidden w-60 shrink-0 border-r border-slate-200 bg-white md:block">
        <MenuContent {...props} />
      </nav>
      {(open || everOpened) && <SideNavDrawer {...props} />}
    </>
  );
}
