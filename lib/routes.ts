/**
 * The one route table (docs/shell.md#screens). It drives the guard in proxy.ts, the page titles, the layouts
 * and the menus. Adding a screen is one row here plus its page.
 */
import { ADMIN_ROLES, ALL_ROLES, SUPER_USER, isShopRole, rolesUpTo, type RoleId } from './roles';

/** anonymous: always passes; signed-in: any session; a list: only those role ids. */
export type Access = 'anonymous' | 'signed-in' | readonly RoleId[];
/** no-nav is the fallback; default = top bar; side-nav = top bar + left menu + role label. */
export type Layout = 'anonymous' | 'no-nav' | 'default' | 'side-nav';

export interface MenuEntry {
  label: string;
  /** Position in the left menu. */
  order: number;
  /** Label shown to shop roles 15–17 (the specification names Locations "Location" for them). */
  shopLabel?: string;
  /** Further narrows who sees the entry, on top of the route's access. */
  onlyRoles?: readonly RoleId[];
}

export interface RouteDef {
  /** A literal path, or a pattern with one `[param]` segment. */
  path: string;
  /** Route name used in the page title; null where the specification gives no distinct title. */
  name: string | null;
  /** Page heading where the route has no distinct name. */
  heading?: string;
  /**
   * The page's title where the specification's name says nothing to a user ("sso", or no name at all, left
   * the tab titled with the product only; docs/shell.md#screens "Routes"); else the name, else the heading.
   */
  title?: string;
  layout: Layout;
  access: Access;
  /** Left-menu entry (side-nav layout). */
  menu?: MenuEntry;
  /** One line for the Home page's shortcut to this screen; screens without one get no shortcut. */
  blurb?: string;
  /** Listed in the top bar (the specification: "The top bar lists only ADAS"). */
  topBar?: boolean;
}

const STAFF: readonly RoleId[] = [1, 2, 3, 5, 7, 9, 12];

/**
 * The sections of /admin (Administration) and who sees each: administrators (roles 1, 2) all of them;
 * franchise and shop staff (the route's other roles) the blog and their firm's insurance. The page, its
 * navigation and the contract's `access` of each section's calls all read this table.
 */
export const ADMIN_SECTIONS = [
  { id: 'lookups', label: 'Lookups', roles: ADMIN_ROLES },
  { id: 'insurance', label: 'Insurance', roles: STAFF },
  { id: 'blog', label: 'Blog', roles: STAFF },
  { id: 'log', label: 'Log', roles: ADMIN_ROLES },
  { id: 'emails', label: 'Email log', roles: ADMIN_ROLES },
] as const satisfies readonly { id: string; label: string; roles: readonly RoleId[] }[];
export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];

/** The roles that may use a section of /admin (and make its calls). */
export const sectionRoles = (id: AdminSectionId): readonly RoleId[] => ADMIN_SECTIONS.find((s) => s.id === id)!.roles;

/** The sections of /admin a role sees, in order. */
export const adminSections = (role: RoleId | null) =>
  ADMIN_SECTIONS.filter((s) => role != null && (s.roles as readonly RoleId[]).includes(role));

export const ROUTES: readonly RouteDef[] = [
  { path: '/', name: 'Home', layout: 'side-nav', access: 'signed-in', menu: { label: 'Home', order: 1 } },
  { path: '/onboard/[id]', name: 'Onboard', layout: 'no-nav', access: 'anonymous' },
  {
    path: '/contacts',
    name: 'Contacts',
    blurb: 'Customers, companies and vendors with their addresses, phones and emails.',
    layout: 'default',
    access: [1],
  },
  { path: '/insurance', name: 'Insurance', blurb: 'Insurance companies and opt-in programs.', layout: 'default', access: rolesUpTo(13) },
  {
    path: '/dashboard',
    name: 'Dashboard',
    blurb: 'Statistics by service, make, technician and location.',
    layout: 'default',
    access: STAFF,
    menu: { label: 'Dashboard', order: 7 },
  },
  {
    path: '/locations',
    name: 'Locations',
    blurb: 'Locations in your network and their settings.',
    layout: 'default',
    access: [...STAFF, 15],
    menu: { label: 'Locations', shopLabel: 'Location', order: 2 },
  },
  {
    path: '/adas',
    name: 'ADAS',
    blurb: 'ADAS jobs, inspections and calibration requests.',
    layout: 'default',
    access: ALL_ROLES,
    menu: { label: 'ADAS', order: 4 },
    topBar: true,
  },
  {
    path: '/admin',
    name: 'Administration',
    blurb: 'Lookups, insurers, the blog, the application log and sent emails.',
    layout: 'side-nav',
    access: STAFF,
  },
  {
    path: '/configuration',
    name: 'Configuration Settings',
    blurb: 'ADAS matrices, links, pricing and VIN decoding.',
    layout: 'side-nav',
    access: [1, 2],
    menu: { label: 'ADAS Matrix', order: 8, onlyRoles: [SUPER_USER] },
  },
  {
    path: '/data',
    name: 'Import/Export Facility',
    blurb: 'Import data from files and export it again.',
    layout: 'side-nav',
    access: 'signed-in',
  },
  {
    path: '/users',
    name: 'Users',
    blurb: 'Users, their roles and the locations they may access.',
    layout: 'default',
    access: [1],
    menu: { label: 'Users', order: 3 },
  },
  { path: '/storage', name: 'Storage', blurb: 'Files stored for your locations.', layout: 'default', access: STAFF },
  {
    path: '/add-inspection',
    name: 'Add Inspection',
    blurb: "Start an inspection and see a vehicle's ADAS systems.",
    layout: 'default',
    access: 'signed-in',
    menu: { label: 'ADAS Systems Overview', order: 5 },
  },
  // The specification lists /login with access "roles 1 to 17" but an anonymous layout; a sign-in page
  // has to be reachable without a session, so it is treated as anonymous like the other anonymous-layout rows.
  { path: '/login', name: 'Login', layout: 'anonymous', access: 'anonymous' },
  { path: '/reset', name: 'Reset Password', layout: 'anonymous', access: 'anonymous' },
  { path: '/sso', name: 'sso', title: 'Signing in', layout: 'anonymous', access: 'anonymous' },
  {
    path: '/alldataAuthorize',
    name: null,
    heading: 'ALLDATA Authorization',
    title: 'Connect ALLDATA',
    layout: 'anonymous',
    access: 'anonymous',
  },
  { path: '/alldataApproval', name: null, heading: 'ALLDATA Approval', layout: 'anonymous', access: 'anonymous' },
  { path: '/alldataSetToken', name: null, heading: 'ALLDATA Token', layout: 'anonymous', access: 'anonymous' },
  { path: '/links', name: null, heading: 'Links', title: 'Shared links', layout: 'anonymous', access: 'anonymous' },
  // What the service worker shows for a page asked for with no connection (lib/offline/sw/worker.ts).
  { path: '/offline', name: null, heading: 'No connection', title: 'No connection', layout: 'anonymous', access: 'anonymous' },
  {
    path: '/providers',
    name: 'Providers',
    blurb: 'Calibration providers your location works with.',
    layout: 'side-nav',
    access: 'signed-in',
    menu: { label: 'Providers', order: 6 },
  },
  {
    // The calibration work a location's shops send to providers and its providers receive (docs/dispatch.md):
    // a shortcut on Home and in the menu's other screens, not an entry of the specification's left menu.
    path: '/dispatch',
    name: 'Dispatch',
    blurb: 'Calibration work sent to providers, and work providers receive: accept, schedule and hand back.',
    layout: 'default',
    access: ALL_ROLES,
  },
  { path: '/view', name: 'Inspection', layout: 'default', access: 'signed-in' },
  { path: '/choose', name: 'Choose Vehicle', layout: 'default', access: 'signed-in' },
];

/**
 * The probes (app/api/health, app/api/ready): anonymous route handlers outside the page table. proxy.ts runs
 * for them as for every /api/ path (request id, security headers) and never sends them to /login; they read
 * no session. Balancers, orchestrators and the start scripts call them.
 */
export const PROBE_PATHS = ['/api/health', '/api/ready'] as const;

export const NOT_FOUND_NAME = 'Page not Found';

function matches(pattern: string, pathname: string): boolean {
  if (!pattern.includes('[')) return pattern === pathname;
  const p = pattern.split('/');
  const s = pathname.split('/');
  return p.length === s.length && p.every((seg, i) => (seg.startsWith('[') ? !!s[i] : seg === s[i]));
}

/** The route row for a pathname, or undefined for "any other path". Paths are case-sensitive. */
export function findRoute(pathname: string): RouteDef | undefined {
  return ROUTES.find((r) => matches(r.path, pathname));
}

/** The route row of a literal path in this table; throws for a typo so a page cannot name a missing row. */
export function routeOf(path: string): RouteDef {
  const route = ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`No route row for ${path}`);
  return route;
}

/** Whether a signed-in user with this role (null = no role, the Guest) may open the route. */
export function isAllowed(route: RouteDef, role: RoleId | null): boolean {
  if (route.access === 'anonymous' || route.access === 'signed-in') return true;
  return role != null && route.access.includes(role);
}

export type GuardDecision =
  | { kind: 'pass' }
  /** No session: remember the requested path (with its query) and go to /login. */
  | { kind: 'login'; remember: string }
  /** Signed in without permission for the path: go to /. */
  | { kind: 'home' };

/**
 * The navigation guard (docs/shell.md#screens): anonymous routes always pass; without a session the route is
 * remembered and the user goes to /login; with a session but no permission, to /.
 * Unknown paths pass and render "Page not Found".
 */
export function guard(pathname: string, search: string, session: { role: RoleId | null } | null): GuardDecision {
  const route = findRoute(pathname);
  if (!route || route.access === 'anonymous') return { kind: 'pass' };
  if (!session) return { kind: 'login', remember: pathname + search };
  return isAllowed(route, session.role) ? { kind: 'pass' } : { kind: 'home' };
}

/** "{route name} · {product}[ [env]]"; without a route name, the product name leads. */
/** The name a route's page is titled with (RouteDef.title). */
export const titleName = (route: Pick<RouteDef, 'name' | 'heading' | 'title'>): string | null =>
  route.title ?? route.name ?? route.heading ?? null;

export function pageTitle(routeName: string | null, productName: string, appEnv: string): string {
  const env = appEnv === 'prod' ? '' : ` [${appEnv}]`;
  return (routeName ? `${routeName} · ${productName}` : productName) + env;
}

export interface MenuItem {
  path: string;
  label: string;
}

/** Left-menu items for a role, in menu order: only entries whose path the route table allows. */
export function leftMenu(role: RoleId | null): MenuItem[] {
  return ROUTES.filter((r) => r.menu && isAllowed(r, role) && (!r.menu.onlyRoles || (role != null && r.menu.onlyRoles.includes(role))))
    .sort((a, b) => a.menu!.order - b.menu!.order)
    .map((r) => ({ path: r.path, label: (isShopRole(role) && r.menu!.shopLabel) || r.menu!.label }));
}

/**
 * The rest of the screens a role may open (the Home shortcuts not in the left menu: Administration,
 * Import/Export, Insurance, Storage…), listed under the left menu's own items so every screen is one
 * menu away on every page; the specification's list stays as it is, first.
 */
export function moreMenu(role: RoleId | null): MenuItem[] {
  const inMenu = new Set(leftMenu(role).map((i) => i.path));
  return shortcuts(role)
    .filter((s) => !inMenu.has(s.path))
    .map(({ path, label }) => ({ path, label }));
}

/** Top-bar items for a role. */
export function topBarMenu(role: RoleId | null): MenuItem[] {
  return ROUTES.filter((r) => r.topBar && isAllowed(r, role)).map((r) => ({ path: r.path, label: r.name ?? r.path }));
}

/** Home-page shortcuts: every screen with a blurb that the role may open. */
export function shortcuts(role: RoleId | null): (MenuItem & { blurb: string })[] {
  return ROUTES.filter((r) => r.blurb && isAllowed(r, role)).map((r) => ({
    path: r.path,
    label: (isShopRole(role) && r.menu?.shopLabel) || r.menu?.label || r.name || r.path,
    blurb: r.blurb!,
  }));
}
