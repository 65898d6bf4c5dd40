/**
 * What a server-rendered page's HTML is made of (`npm run bench`, docs/benchmarks.md#page-weight): the HTML
 * parsed with htmlparser2 and split into markup and flight data (the inline `self.__next_f.push(…)` scripts
 * that carry the RSC stream), with the markup's class attributes and inline SVG, the element count, and the
 * share of the flight data that is props of client components. All sizes are UTF-8 bytes.
 *
 * The flight stream is read by the rules of React's own client (react-server-dom's processBinaryChunk): a row
 * is `<hex id>:` then, for a length-prefixed tag (T, and the typed arrays), `<tag><hex length>,<bytes>`,
 * otherwise an optional one-letter tag and its data up to the newline. Rows without a tag are the model
 * (JSON); an element is `["$", type, key, props]`; a client component's element has the type `"$L<id>"` of
 * an `I` (client module) row.
 */
import { Parser } from 'htmlparser2';

export interface FlightWeight {
  /** Bytes of the RSC stream the flight scripts carry, decoded from their JavaScript strings. */
  streamBytes: number;
  /** Rows of the stream. */
  rows: number;
  /** Client modules the stream references (`I` rows). */
  clientModules: number;
  /** Elements of the tree whose type is a client component. */
  clientElements: number;
  /**
   * Bytes of the stream that are props given to client components: each client element's props as JSON,
   * minus the React elements inside them (children and other element props: rendered tree, not data; the
   * client elements among them are counted in their own right), plus the outlined rows those props refer to
   * (`"$<id>"`: deduplicated objects, long strings, promises, Maps, Sets, server actions). In stream bytes,
   * not HTML bytes: the HTML carries the stream escaped inside JavaScript strings.
   */
  clientPropsBytes: number;
}

export interface HtmlWeight {
  /** The whole document. */
  bytes: number;
  /** Everything that is not flight data: bytes − flightBytes. */
  markupBytes: number;
  /** The flight scripts, each whole `<script …>…</script>` element. */
  flightBytes: number;
  /** The markup's class attributes, each from its name to its closing quote (`class="…"`); those on SVG included. */
  classBytes: number;
  /** The markup's inline SVG, each outermost `<svg …>…</svg>` element whole (its class attributes included). */
  svgBytes: number;
  /** Start tags the parser read (scripts, head and void elements included; the flight scripts' text is not HTML). */
  elements: number;
  flight: FlightWeight;
}

/** The text of a flight script: `(self.__next_f=self.__next_f||[]).push([0])` first, then `self.__next_f.push([1,"…"])`. */
const FLIGHT_SCRIPT = /^\s*(?:\(\s*self\.__next_f\s*=\s*self\.__next_f\s*\|\|\s*\[\]\s*\)|self\.__next_f)\.push\(([\s\S]*)\)\s*;?\s*$/;

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

export function htmlWeight(html: string): HtmlWeight {
  let elements = 0;
  let classBytes = 0;
  let svgBytes = 0;
  let flightBytes = 0;
  let svgDepth = 0;
  let svgStart = 0;
  let script: { start: number; textStart: number; src: boolean } | null = null;
  const pushes: string[] = [];
  const slice = (from: number, to: number) => utf8(html.slice(from, to));
  // Positions: an attribute spans [startIndex, endIndex), a start or end tag [startIndex, endIndex].
  const parser: Parser = new Parser({
    onattribute(name) {
      if (name === 'class') classBytes += slice(parser.startIndex, parser.endIndex);
    },
    onopentag(name, attribs) {
      elements++;
      if (name === 'svg' && svgDepth++ === 0) svgStart = parser.startIndex;
      if (name === 'script') script = { start: parser.startIndex, textStart: parser.endIndex + 1, src: 'src' in attribs };
    },
    onclosetag(name) {
      if (name === 'svg' && svgDepth > 0 && --svgDepth === 0) svgBytes += slice(svgStart, parser.endIndex + 1);
      if (name === 'script' && script) {
        const push = script.src ? null : FLIGHT_SCRIPT.exec(html.slice(script.textStart, parser.startIndex));
        if (push?.[1] !== undefined) {
          flightBytes += slice(script.start, parser.endIndex + 1);
          pushes.push(push[1]);
        }
        script = null;
      }
    },
  });
  parser.write(html);
  parser.end();
  const bytes = utf8(html);
  return {
    bytes,
    markupBytes: bytes - flightBytes,
    flightBytes,
    classBytes,
    svgBytes,
    elements,
    flight: flightWeight(flightStream(pushes)),
  };
}

/**
 * The RSC stream the flight scripts carry, in order: `[1, text]` is text, `[3, base64]` binary; `[0]` (the
 * bootstrap) and `[2, form state]` carry none of it.
 */
export function flightStream(pushArguments: readonly string[]): Buffer {
  const parts: Buffer[] = [];
  for (const argument of pushArguments) {
    const instruction: unknown = JSON.parse(argument);
    if (!Array.isArray(instruction)) throw new Error(`a flight script pushes ${argument.slice(0, 40)}, not an array`);
    const [kind, data] = instruction as [unknown, unknown];
    if (kind === 1 && typeof data === 'string') parts.push(Buffer.from(data, 'utf8'));
    else if (kind === 3 && typeof data === 'string') parts.push(Buffer.from(data, 'base64'));
  }
  return Buffer.concat(parts);
}

export interface FlightRow {
  id: number;
  /** '' for a model (JSON) row. */
  tag: string;
  data: Buffer;
}

/** Tags whose data is `<hex length>,<bytes>` (React's processBinaryChunk: text and typed arrays). */
const LENGTH_PREFIXED = new Set('TAOobUSsLlGgMmV');

/** The rows of an RSC stream. */
export function flightRows(stream: Buffer): FlightRow[] {
  const rows: FlightRow[] = [];
  let at = 0;
  while (at < stream.length) {
    const colon = stream.indexOf(0x3a, at);
    if (colon < 0) throw new Error(`the flight stream ends inside a row id at byte ${at}`);
    const id = colon === at ? 0 : parseInt(stream.toString('latin1', at, colon), 16);
    let start = colon + 1;
    const first = String.fromCharCode(stream[start] ?? 0);
    if (LENGTH_PREFIXED.has(first)) {
      const comma = stream.indexOf(0x2c, start + 1);
      const length = parseInt(stream.toString('latin1', start + 1, comma), 16);
      if (comma < 0 || !Number.isFinite(length)) throw new Error(`flight row ${id.toString(16)}: a ${first} row without its length`);
      rows.push({ id, tag: first, data: stream.subarray(comma + 1, comma + 1 + length) });
      at = comma + 1 + length;
      continue;
    }
    const tagged = /[A-Z#rx]/.test(first);
    if (tagged) start++;
    const newline = stream.indexOf(0x0a, start);
    const end = newline < 0 ? stream.length : newline;
    rows.push({ id, tag: tagged ? first : '', data: stream.subarray(start, end) });
    at = end + 1;
  }
  return rows;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isElement = (v: Json): v is [string, string, Json, Json] =>
  Array.isArray(v) && v[0] === '$' && v.length >= 4 && typeof v[1] === 'string';
/** A reference to a whole outlined row: `$<id>`, or `$@`, `$Q`, `$W`, `$B`, `$K`, `$i`, `$h` and the row id (not `$<id>:path`, a part of data already counted). */
const OUTLINED = /^\$([@QWBKih]?)([0-9a-f]+)$/;
const jsonBytes = (v: Json) => utf8(JSON.stringify(v));

/** Rows, client modules, client elements and the bytes of their props (FlightWeight says what is counted). */
export function flightWeight(stream: Buffer): FlightWeight {
  const rows = flightRows(stream);
  const clientModules = new Set(rows.filter((r) => r.tag === 'I').map((r) => r.id));
  const models = new Map<number, Json>();
  for (const r of rows) {
    if (r.tag !== '') continue;
    try {
      models.set(r.id, JSON.parse(r.data.toString('utf8')) as Json);
    } catch {
      throw new Error(`flight row ${r.id.toString(16)} is not JSON: ${r.data.toString('utf8', 0, 60)}`);
    }
  }
  const texts = new Map(rows.filter((r) => r.tag === 'T').map((r) => [r.id, r.data.length]));
  const isClientType = (type: string) => type.startsWith('$L') && clientModules.has(parseInt(type.slice(2), 16));

  let clientElements = 0;
  let clientPropsBytes = 0;
  const referenced = new Set<number>();

  /** Bytes of `value` as JSON without the elements inside it (handed to onElement), noting the rows it refers to. */
  const dataBytes = (value: Json, onElement: (element: Json) => void): number => {
    let bytes = jsonBytes(value);
    const visit = (v: Json) => {
      if (typeof v === 'string') {
        const ref = OUTLINED.exec(v);
        if (ref?.[2] !== undefined) referenced.add(parseInt(ref[2], 16));
      } else if (isElement(v)) {
        bytes -= jsonBytes(v);
        onElement(v);
      } else if (Array.isArray(v)) v.forEach(visit);
      else if (v !== null && typeof v === 'object') Object.values(v).forEach(visit);
    };
    visit(value);
    return bytes;
  };
  /** The rendered tree: finds client elements at any depth, host elements' props included. */
  const walkTree = (v: Json): void => {
    if (isElement(v)) {
      if (isClientType(v[1])) {
        clientElements++;
        clientPropsBytes += dataBytes(v[3], walkTree);
      } else walkTree(v[3]);
    } else if (Array.isArray(v)) v.forEach(walkTree);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(walkTree);
  };
  // Every model row is part of the tree, outlined ones too; each is walked once, here.
  for (const value of models.values()) walkTree(value);
  // The rows client props refer to are props data too (their elements were walked above), and the rows they refer to.
  // A Set visits what is added to it while it is iterated, once each: the worklist.
  for (const id of referenced) {
    if (clientModules.has(id)) continue;
    const model = models.get(id);
    if (model !== undefined) clientPropsBytes += dataBytes(model, () => {});
    else clientPropsBytes += texts.get(id) ?? 0;
  }
  return { streamBytes: stream.length, rows: rows.length, clientModules: clientModules.size, clientElements, clientPropsBytes };
}
