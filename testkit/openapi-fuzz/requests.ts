/**
 * Requests for one operation, as fast-check arbitraries: valid ones drawn from the document's schemas
 * (json-schema-faker, seeded by fast-check), and invalid ones made from a valid one by one mutation (a
 * parameter or field dropped or replaced by a value of another shape, a body that is not the documented
 * one, a content type the operation does not take). Whether a request is invalid is decided by the
 * document's own schemas (conformance.ts), not by the mutation: a mutation the document still allows is
 * a valid request like any other.
 */
import fc from 'fast-check';
import { generateSync } from 'json-schema-faker';
import { PNG_1PX } from '../images';
import type { JsonSchema, Operation } from './operations';

export type Auth = { kind: 'role'; role: number } | { kind: 'service' } | { kind: 'none' };

export interface Multipart {
  field: string;
  files: { name: string; bytes: Buffer; type: string }[];
}

export interface FuzzRequest {
  op: Operation;
  auth: Auth;
  query: Record<string, string>;
  /** A JSON body as a value (sent as application/json unless `raw` replaces it). */
  json?: unknown;
  /** A body sent as it is, with its content type (malformed JSON, another media type). */
  raw?: { contentType: string; text: string };
  multipart?: Multipart;
  /** Whether the request was made by a mutation (conformance.ts decides whether the document allows it). */
  mutated: string | null;
}

// ── valid values ─────────────────────────────────────────────────────────────────────────────────
const LONG = 64;
const NEAR = { low: 0, high: 40 };

/**
 * A schema to draw values from that allows only values the original allows, tilted towards what finds
 * records: long strings and lists are drawn short, and integers with a wide range mostly small (the seeded
 * records' ids are), the rest from the whole range.
 */
export function forGeneration(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forGeneration);
  if (typeof schema !== 'object' || schema === null) return schema;
  // The x- annotations are no keywords of the generator's (it would take one for a property).
  const s: JsonSchema = Object.fromEntries(
    Object.entries(schema)
      .filter(([k]) => !k.startsWith('x-'))
      .map(([k, v]) => [k, k === 'enum' || k === 'const' || k === 'examples' ? v : forGeneration(v)]),
  );
  // A pattern with lookarounds (a password's strength) is beyond the generator: the document's examples stand in.
  if (typeof s.pattern === 'string' && /\(\?<?[=!]/.test(s.pattern) && Array.isArray(s.examples)) return { type: s.type, enum: s.examples };
  if (typeof s.maxLength === 'number' && s.maxLength > LONG) s.maxLength = Math.max(Number(s.minLength ?? 0), LONG);
  if (s.type === 'array') s.maxItems = Math.max(Number(s.minItems ?? 0), Math.min(Number(s.maxItems ?? 3), 3));
  if ((s.type === 'integer' || s.type === 'number') && s.enum === undefined && s.const === undefined) {
    const low = typeof s.minimum === 'number' ? s.minimum : -Infinity;
    const high = typeof s.maximum === 'number' ? s.maximum : Infinity;
    const near = { minimum: Math.max(low, NEAR.low), maximum: Math.min(high, NEAR.high) };
    if (high - low > 1000 && near.minimum <= near.maximum && s.multipleOf === undefined)
      return { anyOf: [{ ...s, ...near }, { ...s, ...near }, { ...s, ...near }, s] };
  }
  return s;
}

const drawCache = new WeakMap<object, unknown>();
/** A value of `schema`, the same for the same seed. */
export function draw(schema: JsonSchema, seed: number): unknown {
  let tilted = drawCache.get(schema);
  if (!tilted) drawCache.set(schema, (tilted = forGeneration(schema)));
  return generateSync(tilted as never, {
    seed,
    optionalsProbability: 0.6,
    maxDepth: 4,
    minDateTime: '2000-01-01',
    maxDateTime: '2100-01-01',
  });
}

/** A query value as it travels: text (arrays as repeated values are not used by the document). */
const queryText = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v));

// ── mutations ────────────────────────────────────────────────────────────────────────────────────
/** Texts that parsers read in surprising ways. */
const ODD_TEXTS = [
  '',
  ' ',
  '0',
  '-1',
  '-0',
  '1.5',
  '1e309',
  '9007199254740993',
  '-9007199254740993',
  '0x10',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  "'",
  '"',
  '%',
  '\u0000',
  '\u202e',
  '../../etc/passwd',
  '2024-02-30T25:61:00Z',
  '0000-01-01T00:00:00Z',
  '99/99/9999',
  'a'.repeat(5000),
] as const;

const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...ODD_TEXTS),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, 0.5),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer({ min: -5, max: 50 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
);
const junkText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_TEXTS),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.integer().map(String),
  fc.double().map(String),
);

type Mutation =
  | { kind: 'drop'; part: 'query' | 'body'; at: number }
  | { kind: 'replace'; part: 'query' | 'body'; at: number; value: unknown }
  | { kind: 'body'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), part: fc.constantFrom('query' as const, 'body' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('replace' as const), part: fc.constant('query' as const), at: fc.nat(), value: junkText }),
  fc.record({ kind: fc.constant('replace' as const), part: fc.constant('body' as const), at: fc.nat(), value: junkValue }),
  fc.record({ kind: fc.constant('body' as const), value: junkValue }),
  fc.record({
    kind: fc.constant('raw' as const),
    text: fc.constantFrom('{', '{"a":', '[1,', 'null', '"text"', '<a/>', 'a=1&b=2', ''),
    contentType: fc.constantFrom('application/json', 'text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'image/png'),
  }),
);

/** Every place in a value: [parent, key] pairs, objects' keys and arrays' indexes, depth first. */
function places(value: unknown, out: [Record<string, unknown> | unknown[], string | number][] = []) {
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
      : [];
  for (const [key, v] of entries) {
    out.push([value as Record<string, unknown> | unknown[], key]);
    places(v, out);
  }
  return out;
}

function mutate(req: FuzzRequest, m: Mutation): FuzzRequest {
  if (m.kind === 'raw') {
    if (req.op.method !== 'POST') return req;
    return {
      ...req,
      json: undefined,
      multipart: undefined,
      raw: { contentType: m.contentType, text: m.text },
      mutated: `body ${m.contentType}: ${JSON.stringify(m.text)}`,
    };
  }
  if (m.kind === 'body') {
    if (req.json === undefined) return req;
    return { ...req, json: m.value, mutated: `body replaced by ${JSON.stringify(m.value)}` };
  }
  if (m.part === 'query') {
    const keys = [...new Set([...Object.keys(req.query), ...Object.keys(req.op.query.properties)])];
    const key = keys[m.at % Math.max(keys.length, 1)];
    if (key === undefined) return req;
    const query = { ...req.query };
    if (m.kind === 'drop') delete query[key];
    else query[key] = m.value as string;
    return { ...req, query, mutated: m.kind === 'drop' ? `query ${key} dropped` : `query ${key}=${JSON.stringify(m.value)}` };
  }
  if (req.json === undefined) return req;
  const json = structuredClone(req.json);
  const all = places(json);
  const place = all[m.at % Math.max(all.length, 1)];
  if (!place) return req;
  const [parent, key] = place;
  if (m.kind === 'drop') {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key as string];
  } else (parent as Record<string | number, unknown>)[key] = m.value;
  return { ...req, json, mutated: m.kind === 'drop' ? `body ${String(key)} dropped` : `body ${String(key)} = ${JSON.stringify(m.value)}` };
}

// ── uploads ──────────────────────────────────────────────────────────────────────────────────────
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const SAMPLES = [
  { ext: 'png', bytes: PNG_1PX, type: 'image/png' },
  { ext: 'pdf', bytes: PDF, type: 'application/pdf' },
  { ext: 'txt', bytes: Buffer.from('plain text\n'), type: 'text/plain' },
  { ext: 'csv', bytes: Buffer.from('Line,Description\n1,Front bumper\n'), type: 'text/csv' },
  { ext: 'xml', bytes: Buffer.from('<?xml version="1.0"?><VehicleDamageEstimateAddRq/>'), type: 'application/xml' },
  { ext: 'png', bytes: Buffer.from('MZ not a png'), type: 'image/png' },
  { ext: 'bin', bytes: Buffer.alloc(0), type: 'application/octet-stream' },
] as const;

const upload = (field: string): fc.Arbitrary<Multipart> =>
  fc.record({
    field: fc.oneof(fc.constant(field), fc.constant(field), fc.constant(field), fc.string({ maxLength: 6 })),
    files: fc.array(
      fc
        .record({
          sample: fc.constantFrom(...SAMPLES),
          folder: fc.oneof(fc.integer({ min: 1, max: 12 }).map(String), fc.constantFrom('', 'x', '../1', '99999')),
          stem: fc.oneof(fc.constantFrom('photo', 'scan report', 'estimate'), fc.string({ maxLength: 8 })),
        })
        .map(({ sample, folder, stem }) => ({
          name: folder ? `${folder}/${stem}.${sample.ext}` : `${stem}.${sample.ext}`,
          bytes: sample.bytes,
          type: sample.type,
        })),
      { minLength: 0, maxLength: 3 },
    ),
  });

// ── requests ─────────────────────────────────────────────────────────────────────────────────────
/** The auth of a request that may make the call: a role it allows, the service secret, or none. */
function authFor(op: Operation, roles: readonly number[]): fc.Arbitrary<Auth> {
  if (op.access === 'anonymous') return fc.constant({ kind: 'none' });
  if (op.access === 'service') return fc.constant({ kind: 'service' });
  const allowed = op.access === 'signed-in' ? roles : roles.filter((r) => (op.access as readonly number[]).includes(r));
  if (allowed.length === 0) throw new Error(`${op.id}: none of the roles ${roles.join(', ')} may call it`);
  return fc.constantFrom(...allowed).map((role) => ({ kind: 'role', role }));
}

/**
 * Requests for an operation: about half valid (drawn from the document), half made invalid by a mutation
 * (none with `mutations: false`). `roles`: the demo roles the test holds tokens of.
 */
export function requestsFor(op: Operation, roles: readonly number[], { mutations = true } = {}): fc.Arbitrary<FuzzRequest> {
  const jsonSchema = op.body?.['application/json']?.schema;
  const multipart = op.body?.['multipart/form-data'];
  const field = Object.keys((multipart?.schema?.properties as object | undefined) ?? {})[0] ?? 'File';
  return fc
    .record({
      seed: fc.integer({ min: 1, max: 0x7fffffff }),
      auth: authFor(op, roles),
      files: multipart ? upload(field) : fc.constant(undefined),
      mutation: mutations ? fc.option(mutation, { freq: 2 }) : fc.constant(null),
    })
    .map(({ seed, auth, files, mutation: m }) => {
      const query = Object.fromEntries(Object.entries(draw(op.query, seed) as Record<string, unknown>).map(([k, v]) => [k, queryText(v)]));
      const valid: FuzzRequest = {
        op,
        auth,
        query,
        ...(jsonSchema ? { json: draw(jsonSchema, seed + 1) } : {}),
        ...(files ? { multipart: files } : {}),
        mutated: null,
      };
      return m ? mutate(valid, m) : valid;
    });
}
