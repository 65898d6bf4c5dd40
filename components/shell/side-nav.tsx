'use client';
/**
 * The left menu. `persistent` (side-nav layout): shown beside the page from 768 px on, a drawer below.
 * Otherwise (default layout) only the drawer, on every width. The drawer's code loads on first opening.
 */
import dynamic from 'next/dynamic';
import { useDrawer } from './drawer-state';
import { MenuContent, type SideNavProps } from './menu-content';

const SideNavDrawer = dynamic(() => import('./side-nav-drawer'), { ssr: false });

export type { SideNavProps };

export function SideNav({ persistent, ...props }: SideNavProps & { persistent: boolean }) {
  const { open, everOpened } = useDrawer();
  return (
    <>
      {persistent && (
        <nav aria-label="Main menu" className="hidden w-60 shrink-0 border-r border-slate-200 bg-white md:block">
          <MenuContent {...props} />
        </nav>
      )}
      {(open || everOpened) && <SideNavDrawer {...props} persistent={persistent} />}
    </>
  );
}
