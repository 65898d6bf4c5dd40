/**
 * What the command palette lists and in which order, apart from React (tests/unit/palette-entries.test.ts):
 * the screens a role may open (the route table's menus and shortcuts, and the sections of /admin), the
 * server's items turned into links, matching and ranking, and the recent items kept on the device.
 */
import { SECTIONS as CONFIGURATION_SECTIONS, sectionHref } from '@/components/configuration';
import { CONNECT_ROLES } from '@/lib/contract/alldata-constants';
import type { SearchItem, SearchKind } from '@/lib/contract/search';
import type { RoleId } from '@/lib/roles';
import { adminSections, isAllowed, leftMenu, routeOf, shortcuts, titleName } from '@/lib/routes';

export type EntryKind = 'screen' | SearchKind;

export interface PaletteEntry {
  /** Unique across kinds: `{kind}:{id or path}`. */
  key: string;
  kind: EntryKind;
  title: string;
  detail: string;
  href: string;
}

export const GROUP_LABELS: Record<EntryKind | 'recent', string> = {
  recent: 'Recent',
  screen: 'Screens',
  job: 'ADAS jobs',
  vehicle: 'Vehicles',
  contact: 'Contacts',
  user: 'Users',
  location: 'Locations',
};

/**
 * The screens a role may open: menus and Home shortcuts (the route table's rules), then the sections of
 * /admin and /configuration, and the ALLDATA connection for those who may connect it (docs/shell.md#screens:
 * a screen is found by a word of its name, "alldata").
 */
export function screensFor(role: RoleId | null): PaletteEntry[] {
  const seen = new Map<string, PaletteEntry>();
  for (const s of [...leftMenu(role), ...shortcuts(role)]) {
    if (!seen.has(s.path))
      seen.set(s.path, {
        key: `screen:${s.path}`,
        kind: 'screen',
        title: s.label,
        detail: 'blurb' in s ? String(s.blurb) : '',
        href: s.path,
      });
  }
  for (const section of adminSections(role)) {
    const href = `/admin?section=${section.id}`;
    seen.set(href, { key: `screen:${href}`, kind: 'screen', title: `Administration › ${section.label}`, detail: '', href });
  }
  const configuration = routeOf('/configuration');
  if (isAllowed(configuration, role)) {
    for (const section of CONFIGURATION_SECTIONS) {
      const href = sectionHref(section.id);
      if (!seen.has(href))
        seen.set(href, { key: `screen:${href}`, kind: 'screen', title: `${configuration.name} › ${section.label}`, detail: '', href });
    }
  }
  if (role != null && (CONNECT_ROLES as readonly number[]).includes(role)) {
    const connect = routeOf('/alldataAuthorize');
    seen.set(connect.path, {
      key: `screen:${connect.path}`,
      kind: 'screen',
      title: titleName(connect)!,
      detail: "Connect your firm's ALLDATA account, so OEM procedures open through it.",
      href: connect.path,
    });
  }
  return [...seen.values()];
}

const withSearch = (path: string, term: string, extra: Record<string, string> = {}) =>
  `${path}?${new URLSearchParams({ ...extra, searchTerm: term })}`;

/** Where a server item opens: a job by its id, the others as their list searched for them. */
export function hrefOf(item: SearchItem): string {
  switch (item.kind) {
    case 'job':
      return `/adas?adas=${item.id}`;
    case 'vehicle':
      return withSearch('/adas', item.searchTerm, { view: 'vehicles' });
    case 'contact':
      return withSearch('/contacts', item.searchTerm);
    case 'user':
      return withSearch('/users', item.searchTerm);
    case 'location':
      return withSearch('/locations', item.searchTerm);
  }
}

export const entryOf = (item: SearchItem): PaletteEntry => ({
  key: `${item.kind}:${item.id}`,
  kind: item.kind,
  title: item.title,
  detail: item.detail,
  href: hrefOf(item),
});

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

const wordsOf = (s: string) => s.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * How well an entry matches the query: 0 none; 3 the title starts with it, 2 each word of the query starts
 * a word of the title ("import export" → "Import/Export Facility"), 1 each word occurs in the title or
 * detail, in any order ("honda accord" → a recent job of a 2020 Honda Accord). An empty query matches
 * everything (1).
 */
export function matchScore(entry: Pick<PaletteEntry, 'title' | 'detail'>, query: string): number {
  const q = fold(query.trim());
  if (!q) return 1;
  const title = fold(entry.title);
  if (title.startsWith(q)) return 3;
  const words = wordsOf(q);
  if (words.length === 0) return title.includes(q) || fold(entry.detail).includes(q) ? 1 : 0;
  const titleWords = wordsOf(title);
  if (words.every((w) => titleWords.some((t) => t.startsWith(w)))) return 2;
  const detail = fold(entry.detail);
  return words.every((w) => title.includes(w) || detail.includes(w)) ? 1 : 0;
}

/** The entries that match, best first; equal scores keep their order. */
export function rank(entries: readonly PaletteEntry[], query: string): PaletteEntry[] {
  return entries
    .map((entry, i) => ({ entry, i, score: matchScore(entry, query) }))
    .filter((e) => e.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((e) => e.entry);
}

export interface PaletteGroup {
  id: EntryKind | 'recent';
  label: string;
  entries: PaletteEntry[];
}

/**
 * The groups shown for a query, in order: the recent items that match (most recent first), the matching
 * screens, then the server's items by kind. An entry appears once: in Recent when it is recent.
 */
export function paletteGroups({
  query,
  recents,
  screens,
  found,
}: {
  query: string;
  recents: readonly PaletteEntry[];
  screens: readonly PaletteEntry[];
  found: readonly PaletteEntry[];
}): PaletteGroup[] {
  const recent = recents.filter((r) => matchScore(r, query) > 0 || found.some((f) => f.key === r.key));
  const shown = new Set(recent.map((r) => r.key));
  const groups: PaletteGroup[] = [{ id: 'recent', label: GROUP_LABELS.recent, entries: recent }];
  groups.push({ id: 'screen', label: GROUP_LABELS.screen, entries: rank(screens, query).filter((s) => !shown.has(s.key)) });
  const kinds: EntryKind[] = ['job', 'vehicle', 'contact', 'user', 'location'];
  for (const kind of kinds)
    groups.push({ id: kind, label: GROUP_LABELS[kind], entries: found.filter((f) => f.kind === kind && !shown.has(f.key)) });
  return groups.filter((g) => g.entries.length > 0);
}

/** The live region's count: "1 result", "2 results". */
export const resultCount = (n: number) => `${n} ${n === 1 ? 'result' : 'results'}`;

// ── recent items, kept on the device ───────────────────────────────────────────────────────────────
export const RECENT_MAX = 8;

/** The list after opening `entry`: it moves to the front, duplicates go, at most RECENT_MAX. */
export function pushRecent(recents: readonly PaletteEntry[], entry: PaletteEntry): PaletteEntry[] {
  return [entry, ...recents.filter((r) => r.key !== entry.key)].slice(0, RECENT_MAX);
}

const isEntry = (v: unknown): v is PaletteEntry => {
  const e = v as PaletteEntry;
  return (
    !!e &&
    typeof e.key === 'string' &&
    typeof e.title === 'string' &&
    typeof e.detail === 'string' &&
    typeof e.href === 'string' &&
    e.href.startsWith('/') &&
    !e.href.startsWith('//') &&
    e.kind in GROUP_LABELS
  );
};

/** Parses what was stored; anything malformed (an old format, a hand edit) is dropped. */
export function parseRecents(stored: string | null): PaletteEntry[] {
  try {
    const list: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(list) ? list.filter(isEntry).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

/** Per user: a shared device does not show one user's recent records to the next. */
export const recentsKey = (user: number) => `palette-recent:${user}`;
