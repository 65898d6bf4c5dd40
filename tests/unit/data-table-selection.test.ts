import { describe, expect, it } from 'vitest';
import { keepOnScreen, pageState, toggleAll, toggleRow } from '@/components/data-table/selection';

const page = ['a', 'b', 'c', 'd', 'e'];
const set = (...ids: string[]) => new Set(ids);

describe('data-table selection', () => {
  it('keeps the checked rows still on screen and drops the others', () => {
    expect([...keepOnScreen(set('a', 'x', 'c'), page)]).toEqual(['a', 'c']);
    const same = set('a', 'b');
    expect(keepOnScreen(same, page)).toBe(same); // unchanged: no new state, no re-render
  });

  it('checks and unchecks one row', () => {
    expect([...toggleRow(set(), { id: 'b', on: true, anchor: null, range: false }, page)]).toEqual(['b']);
    expect([...toggleRow(set('b', 'c'), { id: 'b', on: false, anchor: null, range: false }, page)]).toEqual(['c']);
  });

  it('Shift+click takes every row between the last clicked one and this one, in either direction', () => {
    expect([...toggleRow(set('b'), { id: 'd', on: true, anchor: 'b', range: true }, page)].sort()).toEqual(['b', 'c', 'd']);
    expect([...toggleRow(set('b', 'c', 'd', 'e'), { id: 'b', on: false, anchor: 'e', range: true }, page)]).toEqual([]);
  });

  it('a range never reaches rows that may not be checked, and without an anchor on the page is one row', () => {
    const selectable = ['a', 'b', 'd', 'e']; // c may not be checked
    expect([...toggleRow(set(), { id: 'e', on: true, anchor: 'a', range: true }, selectable)].sort()).toEqual(['a', 'b', 'd', 'e']);
    expect([...toggleRow(set(), { id: 'd', on: true, anchor: 'gone', range: true }, selectable)]).toEqual(['d']);
  });

  it('the header checkbox: none, some, all; a click checks all, or unchecks all when all were', () => {
    expect(pageState(set(), page)).toEqual({ all: false, some: false });
    expect(pageState(set('a'), page)).toEqual({ all: false, some: true });
    expect(pageState(set(...page), page)).toEqual({ all: true, some: false });
    expect(pageState(set(), [])).toEqual({ all: false, some: false });
    expect([...toggleAll(set('a'), page)].sort()).toEqual(page);
    expect([...toggleAll(set(...page), page)]).toEqual([]);
    // Only the page's selectable rows change.
    expect([...toggleAll(set(), ['a', 'b'])].sort()).toEqual(['a', 'b']);
  });
});
