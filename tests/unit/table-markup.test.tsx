/**
 * What every table's cells share is said once, by the table's `cells` class (app/globals.css), not repeated
 * on each cell: a cell carries only its pinning and its column's own classes, and none when it has neither.
 * Read from SimpleTable's server markup (the data-table draws its cells with the same BodyCell/HeaderCell).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { SimpleTable } from '@/components/ui/simple-table';
import { pinnedClass, type Column } from '@/components/ui/table';

interface Row {
  name: string;
  city: string;
  phone: string;
}
const rows: Row[] = [
  { name: 'Ada', city: 'Leeds', phone: '1' },
  { name: 'Bo', city: 'York', phone: '2' },
];
const columns: Column<Row>[] = [
  { id: 'city', header: 'City', cell: (r) => r.city },
  { id: 'name', header: 'Name', rowHeader: true, cell: (r) => r.name },
  { id: 'phone', header: 'Phone', className: 'whitespace-nowrap', cell: (r) => r.phone },
];

type Element = { name: string; attribs: Record<string, string>; children: unknown[] };
function elements(node: { children?: unknown[] }, name: string): Element[] {
  const out: Element[] = [];
  for (const child of (node.children ?? []) as Element[]) {
    if (child.name === name) out.push(child);
    out.push(...elements(child, name));
  }
  return out;
}
function first(node: { children?: unknown[] }, name: string): Element {
  const found = elements(node, name)[0];
  if (!found) throw new Error(`no <${name}>`);
  return found;
}

describe('table cells', () => {
  const doc = parseDocument(renderToStaticMarkup(<SimpleTable caption="People" columns={columns} rows={rows} rowKey={(r) => r.name} />));

  it('the table carries the shared cell class; cells carry only pinning and their column’s own classes', () => {
    expect(first(doc, 'table').attribs.class?.split(' ')).toContain('cells');
    const body = elements(first(doc, 'tbody'), 'tr').map((tr) =>
      (tr.children as Element[]).map((cell) => [cell.name, cell.attribs.scope, cell.attribs.class]),
    );
    expect(body).toEqual(
      rows.map(() => [
        ['th', 'row', pinnedClass()],
        ['td', undefined, undefined],
        ['td', undefined, 'whitespace-nowrap'],
      ]),
    );
    const head = elements(first(doc, 'thead'), 'th').map((th) => [th.attribs.scope, th.attribs.class]);
    expect(head).toEqual([
      ['col', pinnedClass()],
      ['col', undefined],
      ['col', 'whitespace-nowrap'],
    ]);
  });

  it('a row header pinned after the checkbox column is offset by it', () => {
    expect(pinnedClass(true).split(' ')).toEqual(['pinned', 'pinned-after']);
    expect(pinnedClass()).toBe('pinned');
  });
});
