/**
 * The bench's page-weight rules (scripts/lib/html-weight.ts, docs/benchmarks.md#page-weight) on a small page
 * written by hand: which bytes are flight data and which markup, what a class attribute and an inline SVG
 * span, which elements count, and which bytes of the RSC stream are props of client components. The expected
 * figures are the lengths of the fixture's own pieces, so a change of rule shows here.
 */
import { describe, expect, it } from 'vitest';
import { flightRows, flightWeight, htmlWeight } from '../../scripts/lib/html-weight';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

// The RSC stream: a client module (1), a length-prefixed text row whose text holds a newline (2), an outlined
// object (3, sent as a base64 chunk), the tree (0) with one client element, and an outlined row only the tree uses (4).
const clientProps = '{"rows":[1,2],"text":"$2","more":"$3","children":["$","p",null,{"className":"cell","children":"x"}]}';
const nestedElement = '["$","p",null,{"className":"cell","children":"x"}]';
const rows = {
  module: '1:I["m",[],"default"]\n',
  text: '2:T6,hel\nlo',
  outlined: '3:{"a":1}\n',
  tree: `0:["$","div",null,{"className":"row","children":[["$","$L1",null,${clientProps}],"$4"]}]\n`,
  treeOnly: '4:{"b":"long"}\n',
};
const stream = rows.module + rows.text + rows.outlined + rows.tree + rows.treeOnly;
const js = (s: string) => JSON.stringify(s).replace(/</g, '\\u003c');

const doctype = '<!DOCTYPE html>';
const head = '<head><meta charSet="utf-8"/><script src="/a.js" async=""></script><script>var boot=1</script></head>';
const svg = '<svg class="icon" viewBox="0 0 1 1"><g><path d="M0"/></g><svg><rect/></svg></svg>';
const body = `<body><div class="row [&amp;_svg]:w-4" id=x>${svg}<p>Café</p><br><img src=y alt=""></div>`;
const flightScripts = [
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
  `<script>self.__next_f.push([1,${js(rows.module + rows.text)}])</script>`,
  `<script nonce="n0">self.__next_f.push([3,"${Buffer.from(rows.outlined).toString('base64')}"])</script>`,
  `<script>self.__next_f.push([1,${js(rows.tree + rows.treeOnly)}])</script>`,
];
const html = `${doctype}<html lang="en">${head}${body}${flightScripts.join('')}</body></html>`;

describe('htmlWeight', () => {
  const w = htmlWeight(html);

  it('counts the whole document in UTF-8 bytes', () => {
    expect(w.bytes).toBe(bytes(html));
    expect(w.bytes).toBe(html.length + 1); // the é of Café is two bytes
  });

  it('takes the self.__next_f.push scripts, whole, as flight data and everything else as markup', () => {
    const flight = flightScripts.reduce((n, s) => n + bytes(s), 0);
    expect(w.flightBytes).toBe(flight);
    expect(w.markupBytes).toBe(bytes(html) - flight);
  });

  it('counts each class attribute from its name to its closing quote, as written (entities not decoded)', () => {
    expect(w.classBytes).toBe('class="row [&amp;_svg]:w-4"'.length + 'class="icon"'.length);
  });

  it('counts each outermost <svg> element whole, an inner one once', () => {
    expect(w.svgBytes).toBe(svg.length);
  });

  it('counts start tags: head, scripts and void elements included, nothing inside a script', () => {
    // html head meta script script body div svg g path svg rect p br img, then four flight scripts
    expect(w.elements).toBe(15 + 4);
  });

  it('reads the flight stream the scripts carry, text and base64 chunks in order', () => {
    expect(w.flight.streamBytes).toBe(bytes(stream));
    expect(w.flight.rows).toBe(5);
    expect(w.flight.clientModules).toBe(1);
    expect(w.flight.clientElements).toBe(1);
  });

  it("counts a client element's props without the elements inside them, plus the rows they refer to", () => {
    // The props' JSON minus the <p> element it holds, the 6-byte text row and the outlined {"a":1}; not row 4,
    // which only the tree refers to, nor the host elements' own props.
    expect(w.flight.clientPropsBytes).toBe(bytes(clientProps) - bytes(nestedElement) + 6 + '{"a":1}'.length);
  });
});

describe('flightRows', () => {
  it('reads a length-prefixed row by its length, newlines and all, and tags by their letter', () => {
    const parsed = flightRows(Buffer.from(stream));
    expect(parsed.map((r) => [r.id, r.tag, r.data.toString()])).toEqual([
      [1, 'I', '["m",[],"default"]'],
      [2, 'T', 'hel\nlo'],
      [3, '', '{"a":1}'],
      [0, '', rows.tree.slice(2, -1)],
      [4, '', '{"b":"long"}'],
    ]);
  });

  it('reads a hint row (no id) and hexadecimal ids', () => {
    const parsed = flightRows(Buffer.from(':HL["/a.css","style"]\n1f:"$Sreact.suspense"\n'));
    expect(parsed.map((r) => [r.id, r.tag])).toEqual([
      [0, 'H'],
      [31, ''],
    ]);
  });

  it('follows outlined rows from props transitively, and counts a shared part ($id:path) once', () => {
    const s =
      '5:I["m",[],"default"]\n' +
      '6:{"inner":"$7"}\n' +
      '7:[1,2,3]\n' +
      '0:[["$","$L5",null,{"a":"$6"}],["$","$L5",null,{"b":"$6:inner"}]]\n';
    const w = flightWeight(Buffer.from(s));
    expect(w.clientElements).toBe(2);
    expect(w.clientPropsBytes).toBe(bytes('{"a":"$6"}') + bytes('{"inner":"$7"}') + bytes('[1,2,3]') + bytes('{"b":"$6:inner"}'));
  });

  it('refuses a model row that is not JSON rather than count it as nothing', () => {
    expect(() => flightWeight(Buffer.from('0:{"a":\n'))).toThrow(/not JSON/);
  });
});
