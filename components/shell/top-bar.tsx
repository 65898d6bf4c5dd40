/** The top bar: the firm's logo (48 px high) and title, the top menu (ADAS only), the command palette's
 * search button, the user menu. Below 1024 px the controls leave no room for the firm's name beside them
 * (it was cut to one letter on a phone, and to 19 px, "B…", at 640 px), so there it takes a line of its own
 * under them (docs/shell.md#screens). */
import Link from 'next/link';
import type { Brand } from '@/lib/brand';
import type { MenuItem } from '@/lib/routes';
import { PaletteLauncher } from '@/components/search';
import { UserMenu, type UserMenuProps } from './user-menu';

/** `menuButton`: the left menu's drawer button (side-nav layout only). */
export function TopBar({
  brand,
  items,
  user,
  menuButton,
}: {
  brand: Brand;
  items: MenuItem[];
  user: UserMenuProps;
  menuButton?: React.ReactNode;
}) {
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white">
      <div className="flex items-center gap-2 px-3 py-1 sm:gap-4 sm:px-4">
        {menuButton}
        <Link href="/" className="flex min-w-0 items-center gap-3">
          {/* eslint-disable-next-line @next/next/no-img-element -- brand logos are firm-provided URLs of any size */}
          <img src={brand.logo} alt="" height={48} className="h-12 w-auto max-w-24 object-contain sm:max-w-40" data-testid="brand-logo" />
          <span className="truncate text-lg font-semibold text-slate-900 max-lg:sr-only" data-testid="brand-title">
            {brand.title}
          </span>
        </Link>
        <nav aria-label="Top menu" className="ml-auto">
          <ul className="flex items-center gap-1">
            {items.map((i) => (
              <li key={i.path}>
                <Link href={i.path} className="rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100">
                  {i.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <PaletteLauncher user={user.user} role={user.role} />
        <UserMenu {...user} />
      </div>
      {/* For the eye only: the link to Home above names the firm to a screen reader. */}
      <p
        aria-hidden="true"
        className="truncate px-3 pb-1.5 text-sm font-semibold text-slate-900 sm:px-4 lg:hidden"
        data-testid="brand-title-phone"
      >
        {brand.title}
      </p>
    </header>
  );
}
