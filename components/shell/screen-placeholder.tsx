/**
 * A screen with no content of its own yet: its layout and heading only, after the same access
 * check every page makes. It shows no data, invented or otherwise.
 */
import { PageHeading } from '@/components/ui/page-heading';
import { requireRoute } from '@/lib/auth/session';
import { routeOf } from '@/lib/routes';

export async function ScreenPlaceholder({ path }: { path: string }) {
  const route = routeOf(path);
  if (route.access !== 'anonymous') await requireRoute(path);
  return <PageHeading>{route.name ?? route.heading}</PageHeading>;
}
