/** The command palette's rules (components/search/entries.ts): screens by role, links, ranking, recent items. */
import { describe, expect, it } from 'vitest';
import {
  RECENT_MAX,
  entryOf,
  hrefOf,
  matchScore,
  paletteGroups,
  parseRecents,
  pushRecent,
  rank,
  recentsKey,
  resultCount,
  screensFor,
  type PaletteEntry,
} from '../../components/search/entries';
import { ROUTES, isAllowed } from '../../lib/routes';
import { must } from '../../testkit/must';

const entry = (key: string, title: string, detail = '', kind: PaletteEntry['kind'] = 'screen'): PaletteEntry => ({
  key,
  kind,
  title,
  detail,
  href: `/${key}`,
});

describe('screens', () => {
  it('lists only screens the role may open', () => {
    for (const role of [1, 2, 9, 15, 17, null] as const) {
      for (const s of screensFor(role)) {
        const path = s.href.split('?')[0];
        expect(
          isAllowed(
            ROUTES.find((r) => r.path === path)!,
            role,
          ),
          `${s.href} for role ${role}`,
        ).toBe(true);
      }
    }
    expect(screensFor(1).map((s) => s.href)).toEqual(expect.arrayContaining(['/', '/contacts', '/users', '/adas', '/admin?section=log']));
    expect(screensFor(17).map((s) => s.href)).not.toContain('/users');
    expect(screensFor(17).map((s) => s.href)).not.toContain('/contacts');
    expect(new Set(screensFor(1).map((s) => s.key)).size).toBe(screensFor(1).length);
  });
});

describe('screens by a word of their name (issue 31 §7)', () => {
  it('finds the ALLDATA connection for those who may connect it, and the sections of Configuration', () => {
    expect(rank(screensFor(4), 'alldata').map((s) => s.href)).toEqual(['/alldataAuthorize']);
    expect(rank(screensFor(1), 'alldata').map((s) => s.title)).toEqual(['Connect ALLDATA']);
    expect(rank(screensFor(5), 'alldata')).toEqual([]);
    expect(rank(screensFor(1), 'pricing').map((s) => s.href)).toEqual(['/configuration?section=pricing']);
    expect(screensFor(17).some((s) => s.href.startsWith('/configuration'))).toBe(false);
  });
});

describe('result count', () => {
  it('says "1 result" and "n results"', () => {
    expect([0, 1, 2].map(resultCount)).toEqual(['0 results', '1 result', '2 results']);
  });
});

describe('links', () => {
  it('opens a job by id and other records as their list searched for them', () => {
    expect(hrefOf({ kind: 'job', id: 42, title: 'RO 1', detail: '', searchTerm: '' })).toBe('/adas?adas=42');
    expect(hrefOf({ kind: 'vehicle', id: 7, title: 'VIN', detail: '', searchTerm: '1HGCM82633A004352' })).toBe(
      '/adas?view=vehicles&searchTerm=1HGCM82633A004352',
    );
    expect(hrefOf({ kind: 'contact', id: 3, title: 'Doe, Jane', detail: '', searchTerm: 'Doe, Jane' })).toBe(
      '/contacts?searchTerm=Doe%2C+Jane',
    );
    expect(hrefOf({ kind: 'user', id: 3, title: '', detail: '', searchTerm: 'role5@example.com' })).toBe(
      '/users?searchTerm=role5%40example.com',
    );
    expect(hrefOf({ kind: 'location', id: 6, title: '', detail: '', searchTerm: 'A & B' })).toBe('/locations?searchTerm=A+%26+B');
    expect(entryOf({ kind: 'job', id: 42, title: 'RO 1', detail: 'd', searchTerm: '' }).key).toBe('job:42');
  });
});

describe('ranking', () => {
  it('scores a title prefix above a word prefix above a substring, and ignores case and accents', () => {
    expect(matchScore(entry('a', 'Users'), 'us')).toBe(3);
    expect(matchScore(entry('a', 'ADAS Systems Overview'), 'sys')).toBe(2);
    expect(matchScore(entry('a', 'Contacts'), 'tac')).toBe(1);
    expect(matchScore(entry('a', 'Home', 'Lookups and more'), 'lookups')).toBe(1);
    expect(matchScore(entry('a', 'Café Ünter'), 'cafe unt')).toBe(3);
    expect(matchScore(entry('a', 'Users'), 'xyz')).toBe(0);
    expect(matchScore(entry('a', 'Users'), '  ')).toBe(1);
  });

  it('matches a query of several words by each word, in any order (issue 31 §7)', () => {
    expect(matchScore(entry('a', 'Import/Export Facility'), 'import export')).toBe(2);
    expect(matchScore(entry('a', 'Import/Export Facility'), 'export imp')).toBe(2);
    expect(matchScore(entry('a', 'RO 100', '2020 Honda Accord · 1HGCV1FG8LN662488'), 'accord honda')).toBe(1);
    expect(matchScore(entry('a', 'RO 100', '2020 Honda Accord'), 'honda civic')).toBe(0);
    expect(matchScore(entry('a', 'Administration › Users'), 'admin users')).toBe(2);
    expect(matchScore(entry('a', 'C++ notes'), 'c++')).toBe(3);
    expect(matchScore(entry('a', 'Notes', 'a ++ b'), '++')).toBe(1);
  });

  it('orders matches best first, keeping the given order among equals', () => {
    const list = [entry('1', 'Contacts'), entry('2', 'Dashboard'), entry('3', 'Data import'), entry('4', 'ADAS Data')];
    expect(rank(list, 'da').map((e) => e.key)).toEqual(['2', '3', '4']);
    expect(rank(list, '').map((e) => e.key)).toEqual(['1', '2', '3', '4']);
  });
});

describe('groups and recent items', () => {
  const screens = [entry('users', 'Users'), entry('adas', 'ADAS')];
  const job = entry('job:1', 'RO 100', '2020 Honda Civic · 1HGCM82633A004352', 'job');

  it('shows recent items first, then screens, then the server items by kind, each once', () => {
    const contact = entry('contact:5', 'Doe, Jane', '', 'contact');
    const recents = [job];
    const groups = paletteGroups({ query: '004352', recents, screens, found: [contact, job] });
    expect(groups.map((g) => g.id)).toEqual(['recent', 'contact']);
    expect(must(groups[0], 'groups[0]').entries).toEqual([job]);
    const empty = paletteGroups({ query: '', recents, screens, found: [] });
    expect(empty.map((g) => [g.id, g.entries.length])).toEqual([
      ['recent', 1],
      ['screen', 2],
    ]);
    expect(paletteGroups({ query: 'zzz', recents: [], screens, found: [] })).toEqual([]);
  });

  it('keeps the most recent first, without duplicates, at most RECENT_MAX', () => {
    let list: PaletteEntry[] = [];
    for (let i = 0; i < RECENT_MAX + 3; i++) list = pushRecent(list, entry(`k${i}`, `T${i}`));
    expect(list).toHaveLength(RECENT_MAX);
    expect(must(list[0], 'list[0]').key).toBe(`k${RECENT_MAX + 2}`);
    list = pushRecent(list, entry('k5', 'T5'));
    expect(must(list[0], 'list[0]').key).toBe('k5');
    expect(list.filter((e) => e.key === 'k5')).toHaveLength(1);
  });

  it('reads back what it stored and drops anything malformed or leading off the site', () => {
    const stored = [job, entry('users', 'Users')];
    expect(parseRecents(JSON.stringify(stored))).toEqual(stored);
    expect(parseRecents(null)).toEqual([]);
    expect(parseRecents('not json')).toEqual([]);
    expect(parseRecents('{"a":1}')).toEqual([]);
    const bad = [{ ...job, href: 'https://evil.example/' }, { ...job, href: '//evil.example/' }, { ...job, kind: 'nope' }, { key: 1 }];
    expect(parseRecents(JSON.stringify([...bad, job]))).toEqual([job]);
    expect(recentsKey(7)).not.toBe(recentsKey(8));
  });
});
