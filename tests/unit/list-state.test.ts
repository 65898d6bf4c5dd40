import { describe, expect, it } from 'vitest';
import { contactList } from '@/components/contacts/list-spec';
import {
  changeList,
  columnsValue,
  defineList,
  isBare,
  listDefaults,
  listHref,
  listSearch,
  nextSort,
  pageCount,
  parseList,
  prefsCookie,
  prefsValue,
  readColumns,
  restoreHref,
} from '@/lib/list-state';

const spec = contactList;

describe('URL → list state', () => {
  it('gives the specification defaults for the bare path (docs/shell.md#limits)', () => {
    expect(parseList(spec, {})).toEqual({
      page: 1,
      pageSize: 10,
      orderBy: 'name',
      direction: 'asc',
      searchTerm: '',
      columns: '',
      view: 'contacts',
      filterBy: 9999,
      retrospectiveDays: 0,
    });
  });

  it('reads every field from a query string or Next searchParams', () => {
    const qs = new URLSearchParams(
      'page=3&pageSize=25&orderBy=email&direction=desc&searchTerm=ada&view=vendors&filterBy=2&retrospectiveDays=30',
    );
    const expected = {
      page: 3,
      pageSize: 25,
      orderBy: 'email',
      direction: 'desc',
      searchTerm: 'ada',
      columns: '',
      view: 'vendors',
      filterBy: 2,
      retrospectiveDays: 30,
    };
    expect(parseList(spec, qs)).toEqual(expected);
    expect(parseList(spec, Object.fromEntries(qs))).toEqual(expected);
    // Next gives repeated keys as arrays: the first wins.
    expect(parseList(spec, { page: ['4', '5'] }).page).toBe(4);
  });

  it.each([
    ['page', '0'],
    ['page', '-2'],
    ['page', 'two'],
    ['page', '1.5'],
    ['page', '99999999999999'],
    ['pageSize', '7'],
    ['pageSize', '100000'],
    ['pageSize', ''],
    ['orderBy', 'password'],
    ['orderBy', 'NAME'],
    ['direction', 'up'],
    ['filterBy', 'all'],
    ['filterBy', '0'],
    ['retrospectiveDays', '-1'],
    ['retrospectiveDays', '99999'],
    ['view', 'users'],
  ])('junk %s=%j falls back to the default', (key, value) => {
    const state = parseList(spec, { [key]: value });
    expect(state).toEqual(listDefaults(spec));
  });

  it('trims and collapses the search term and cuts it at its maximum', () => {
    expect(parseList(spec, { searchTerm: '  ada   lovelace ' }).searchTerm).toBe('ada lovelace');
    expect(parseList(spec, { searchTerm: 'x'.repeat(150) }).searchTerm).toHaveLength(100);
  });
});

describe('list state → URL', () => {
  it('leaves defaults out, so the default list is the bare path', () => {
    expect(listHref(spec, listDefaults(spec))).toBe('/contacts');
    expect(listSearch(spec, { ...listDefaults(spec), pageSize: 10, direction: 'asc' }).toString()).toBe('');
  });

  it('writes changed fields in a stable order', () => {
    const state = {
      ...listDefaults(spec),
      searchTerm: 'ada lovelace',
      page: 2,
      direction: 'desc' as const,
      filterBy: 3,
      view: 'vendors' as const,
    };
    expect(listHref(spec, state)).toBe('/contacts?page=2&direction=desc&searchTerm=ada+lovelace&view=vendors&filterBy=3');
  });

  it('round-trips: parse(serialize(state)) = state', () => {
    const state = {
      page: 7,
      pageSize: 50,
      orderBy: 'phone' as const,
      direction: 'desc' as const,
      searchTerm: 'a&b=c?',
      columns: 'email,-phone',
      view: 'vendors' as const,
      filterBy: 12,
      retrospectiveDays: 90,
    };
    expect(parseList(spec, listSearch(spec, state))).toEqual(state);
  });

  it('drops values that would not parse back', () => {
    expect(listSearch(spec, { pageSize: 13, orderBy: 'nope' as never, page: 0 }).toString()).toBe('');
  });
});

describe('changes', () => {
  const base = { ...listDefaults(spec), page: 4 };
  it('a new sort, size, filter or search goes back to page 1', () => {
    expect(changeList(base, { orderBy: 'email' }).page).toBe(1);
    expect(changeList(base, { pageSize: 25 }).page).toBe(1);
    expect(changeList(base, { filterBy: 2 }).page).toBe(1);
    expect(changeList(base, { searchTerm: 'x' }).page).toBe(1);
  });
  it('a page change or an unchanged value keeps the page', () => {
    expect(changeList(base, { page: 5 }).page).toBe(5);
    expect(changeList(base, { orderBy: 'name' }).page).toBe(4);
  });
  it('clicking the sorted column flips it; another column starts ascending', () => {
    expect(nextSort({ orderBy: 'name', direction: 'asc' }, 'name')).toEqual({ orderBy: 'name', direction: 'desc' });
    expect(nextSort({ orderBy: 'name', direction: 'desc' }, 'email')).toEqual({ orderBy: 'email', direction: 'asc' });
  });
  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});

describe('remembered preferences', () => {
  it('remembers page size, sort, search and filters, not the page', () => {
    const state = { ...listDefaults(spec), page: 3, pageSize: 25, searchTerm: 'ada' };
    expect(prefsValue(spec, state)).toBe('pageSize=25&searchTerm=ada');
  });

  it('restores the bare path from the cookie, ignoring junk and the page', () => {
    expect(restoreHref(spec, 'pageSize=25&page=9&orderBy=bogus&filterBy=2')).toBe('/contacts?pageSize=25&filterBy=2');
    expect(restoreHref(spec, 'pageSize=10')).toBeNull();
    expect(restoreHref(spec, '')).toBeNull();
    expect(restoreHref(spec, undefined)).toBeNull();
    expect(restoreHref(spec, '%%%garbage')).toBeNull();
  });

  it('writes a session cookie scoped to the list path, deleting it when everything is default', () => {
    expect(prefsCookie(spec, { ...listDefaults(spec), pageSize: 50 }, false)).toBe(
      'list-contacts=pageSize%3D50; Path=/contacts; SameSite=Lax',
    );
    expect(prefsCookie(spec, listDefaults(spec), true)).toBe('list-contacts=; Path=/contacts; SameSite=Lax; Secure; Max-Age=0');
  });

  it('knows the bare path', () => {
    expect(isBare({})).toBe(true);
    expect(isBare({ page: undefined })).toBe(true);
    expect(isBare({ page: '1' })).toBe(false);
    expect(isBare(new URLSearchParams(''))).toBe(true);
    expect(isBare(new URLSearchParams('x=1'))).toBe(false);
  });
});

describe('shown columns', () => {
  const defaults = { name: true, email: true, phone: true, created: false };
  it('are the defaults, changed by the saved entries; unknown ids are ignored', () => {
    expect(readColumns('', defaults)).toEqual(defaults);
    expect(readColumns('created,-phone', defaults)).toEqual({ name: true, email: true, phone: false, created: true });
    expect(readColumns('-nope,constructor,-,,created', defaults)).toEqual({ ...defaults, created: true });
  });

  it('are saved as their differences from the defaults only, and read back the same', () => {
    const shown = { name: true, email: false, phone: true, created: true };
    expect(columnsValue(defaults, defaults)).toBe('');
    expect(columnsValue(shown, defaults)).toBe('-email,created');
    expect(readColumns(columnsValue(shown, defaults), defaults)).toEqual(shown);
  });

  it('are remembered with the other preferences, so the bare path and a reload keep them', () => {
    const state = { ...listDefaults(spec), columns: '-email,created' };
    expect(prefsValue(spec, state)).toBe('columns=-email%2Ccreated');
    expect(restoreHref(spec, prefsValue(spec, state))).toBe('/contacts?columns=-email%2Ccreated');
    expect(parseList(spec, new URLSearchParams(listHref(spec, state).split('?')[1])).columns).toBe('-email,created');
  });
});

describe('defineList', () => {
  it('adds its own default page size to the allowed sizes and takes per-list defaults', () => {
    const blog = defineList({
      key: 'blog',
      path: '/blog',
      sorts: ['createdBy', 'name'],
      orderBy: 'createdBy',
      direction: 'desc',
      pageSize: 20,
    });
    expect(blog.fields.pageSize.values).toEqual([10, 20, 25, 50, 100]);
    expect(parseList(blog, {})).toMatchObject({ orderBy: 'createdBy', direction: 'desc', pageSize: 20 });
    expect(listHref(blog, { ...parseList(blog, {}), direction: 'asc' })).toBe('/blog?direction=asc');
  });
});
