/**
 * The route table as a test matrix: every row of ROUTES, a concrete path for it, a role allowed there and
 * what each caller must get at HTTP level. Everything is derived from lib/routes.ts, so a new route joins
 * the security matrix and the accessibility sweep without a change here; only a dynamic route needs a
 * sample value below (a missing one falls back to "1").
 */
import { ALL_ROLES, type RoleId } from '../lib/roles';
import { ROUTES, guard, isAllowed, type RouteDef } from '../lib/routes';
import { loginUrl } from '../lib/auth/redirects';

/** Values for the `[param]` segments of dynamic routes. */
export const SAMPLE_PARAMS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '/onboard/[id]': { id: '1' },
};

/**
 * Where a page itself (not the guard) answers differently from "200" for a caller the guard lets through.
 * The signed-in user who opens a sign-in page is sent on to Home.
 */
export const PAGE_REDIRECTS: Readonly<Record<string, { signedIn?: string }>> = {
  '/login': { signedIn: '/' },
};

/**
 * Pages that move on by themselves in the browser (answered 200, then a client-side navigation):
 * /sso without a valid temp token goes on to /login.
 */
export const CLIENT_REDIRECTS: Readonly<Record<string, RegExp>> = {
  '/sso': /\/login\?sso=failed$/,
};

/** A concrete path for the route (dynamic segments filled in with their sample values). */
export function samplePath(route: RouteDef): string {
  return route.path.replace(/\[([^\]]+)\]/g, (_, name: string) => SAMPLE_PARAMS[route.path]?.[name] ?? '1');
}

/** A role allowed on the route, or null for an anonymous route (visited signed out). */
export function roleFor(route: RouteDef): RoleId | null {
  if (route.access === 'anonymous') return null;
  const role = ALL_ROLES.find((r) => isAllowed(route, r));
  if (role === undefined) throw new Error(`No role may open ${route.path}`);
  return role;
}

export interface Expected {
  status: 200 | 307;
  /** Path + query of the redirect target. */
  location?: string;
}

/** What a caller (a role, or null for anonymous) must get for the route at HTTP level. */
export function expected(route: RouteDef, role: RoleId | null): Expected {
  const path = samplePath(route);
  const decision = guard(path, '', role === null ? null : { role });
  if (decision.kind === 'login') return { status: 307, location: loginUrl(decision.remember) };
  if (decision.kind === 'home') return { status: 307, location: '/' };
  const page = PAGE_REDIRECTS[route.path];
  if (role !== null && page?.signedIn) return { status: 307, location: page.signedIn };
  return { status: 200 };
}

/** The text a route's page shows as its heading (used to tell whether a response leaked the page). */
export function headingOf(route: RouteDef): string {
  return route.name ?? route.heading ?? route.path;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Patterns that show a response rendered the route's page: its title, its heading in HTML, or its heading
 * in the RSC payload. A 404 page or a redirect that merely repeats the requested path matches none.
 */
export function leakPatterns(route: RouteDef): RegExp[] {
  const heading = escapeRe(headingOf(route));
  const out = [new RegExp(`<h1[^>]*>\\s*${heading}\\s*</h1>`), new RegExp(`"h1",null,\\{[^{}]*"children":"${heading}"`)];
  if (route.name)
    out.push(new RegExp(`<title>${escapeRe(route.name)} · `), new RegExp(`"title","0",\\{"children":"${escapeRe(route.name)} · `));
  return out;
}

/** Routes that need a session (the ones a guard bypass would be about). */
export const PROTECTED_ROUTES = ROUTES.filter((r) => r.access !== 'anonymous');

/** One row per route and caller: anonymous first, then roles 1–17. */
export function accessMatrix(): { route: RouteDef; path: string; role: RoleId | null; expect: Expected }[] {
  const callers: (RoleId | null)[] = [null, ...ALL_ROLES];
  return ROUTES.flatMap((route) => callers.map((role) => ({ route, path: samplePath(route), role, expect: expected(route, role) })));
}

export { ROUTES };
