/**
 * What the document promises, checked: whether it calls a request invalid (its query, body or content
 * type breaks the operation's schemas), and whether an answer is one it documents (no server error, a
 * documented status, a documented content type, a body its schema accepts, and no 2xx for a request it
 * calls invalid). The checks of Schemathesis's default set, with JSON Schema 2020-12 (Ajv) as the oracle.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema, OpenApiDocument, Operation } from './operations';
import type { FuzzRequest } from './requests';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

/** The media type of a Content-Type value, lower case, without its parameters. */
export const mediaTypeOf = (value: unknown) =>
  String(value ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();

/** Whether a documented media type (or range, `image/*`) covers an actual one. */
const covers = (documented: string, actual: string) =>
  documented === actual || documented === '*/*' || (documented.endsWith('/*') && actual.startsWith(documented.slice(0, -1)));

const describe = (errors: ValidateFunction['errors']) =>
  (errors ?? [])
    .slice(0, 3)
    .map(
      (e) =>
        `${e.instancePath || '/'} ${e.message}${e.params && 'allowedValues' in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : ''}`,
    )
    .join('; ');

export class Conformance {
  /** Bodies and answers: types as they are. */
  private readonly strict: Ajv2020;
  /** Query strings: text read as the schema's type (`12` as an integer), as a server reads them. */
  private readonly coercing: Ajv2020;
  private readonly compiled = new WeakMap<object, ValidateFunction>();

  constructor(private readonly doc: OpenApiDocument) {
    const make = (coerceTypes: boolean) => {
      // strict: false: the document's x- keywords are annotations. multipleOfPrecision: 0.1 + 0.2 is a multiple of 0.01.
      const ajv = new Ajv2020({ strict: false, allErrors: false, coerceTypes, multipleOfPrecision: 9, validateFormats: true });
      addFormats(ajv);
      return ajv;
    };
    this.strict = make(false);
    this.coercing = make(true);
  }

  /** A schema with the document's component references put in place (the document has no recursive ones). */
  private inline(schema: unknown): unknown {
    if (Array.isArray(schema)) return schema.map((s) => this.inline(s));
    if (typeof schema !== 'object' || schema === null) return schema;
    const ref = (schema as { $ref?: string }).$ref;
    if (ref?.startsWith('#/components/schemas/')) {
      const target = this.doc.components?.schemas?.[ref.slice('#/components/schemas/'.length)];
      if (!target) throw new Error(`Unresolved ${ref}`);
      return this.inline(target);
    }
    return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, this.inline(v)]));
  }

  private validator(schema: JsonSchema, coerce = false): ValidateFunction {
    let v = this.compiled.get(schema);
    if (!v) {
      v = (coerce ? this.coercing : this.strict).compile(this.inline(schema) as JsonSchema);
      this.compiled.set(schema, v);
    }
    return v;
  }

  private check(schema: JsonSchema | undefined, value: unknown, coerce = false): string | null {
    if (!schema) return null;
    const v = this.validator(schema, coerce);
    return v(coerce ? structuredClone(value) : value) ? null : describe(v.errors);
  }

  private readonly lenient = new WeakMap<Operation, JsonSchema>();
  /** The operation's query schema without requiring the parameters that may be sent empty. */
  private withoutRequired(op: Operation): JsonSchema {
    let schema = this.lenient.get(op);
    if (!schema) this.lenient.set(op, (schema = { ...op.query, required: op.query.required.filter((k) => !op.emptyAllowed.has(k)) }));
    return schema;
  }

  /** Why the document calls the request invalid, or null when it is a valid request. */
  invalidity(req: FuzzRequest): string | null {
    const { op } = req;
    // An empty value of a parameter that allows one is valid whatever its schema: it is left out of the check.
    const empty = Object.keys(req.query).filter((k) => req.query[k] === '' && op.emptyAllowed.has(k));
    const sent = Object.fromEntries(Object.entries(req.query).filter(([k]) => !empty.includes(k)));
    const query = this.check(empty.length ? this.withoutRequired(op) : op.query, sent, true);
    if (query) return `query: ${query}`;
    if (op.method !== 'POST') return null;
    const taken = Object.keys(op.body ?? {});
    if (req.raw) {
      const type = mediaTypeOf(req.raw.contentType);
      if (!taken.some((t) => covers(t, type))) return `content type ${type} is not one the operation takes (${taken.join(', ')})`;
      if (type !== 'application/json') return null;
      try {
        return this.bodyInvalidity(op, JSON.parse(req.raw.text));
      } catch {
        return 'the body is not JSON';
      }
    }
    if (req.json !== undefined) return this.bodyInvalidity(op, req.json);
    return null;
  }

  private bodyInvalidity(op: Operation, json: unknown): string | null {
    const problem = this.check(op.body?.['application/json']?.schema, json);
    return problem ? `body: ${problem}` : null;
  }

  /** What is wrong with an answer to `req` by the document (nothing: an empty list). */
  problems(req: FuzzRequest, answer: Answer, invalid: string | null): string[] {
    const out: string[] = [];
    const { op } = req;
    if (answer.status >= 500) out.push(`server error ${answer.status}: ${answer.body.toString('utf8').slice(0, 200)}`);
    const documented = op.responses[String(answer.status)] ?? op.responses[`${String(answer.status)[0]}XX`] ?? op.responses.default;
    if (!documented) {
      out.push(
        `status ${answer.status} is not documented (${Object.keys(op.responses).join(', ')}): ${answer.body.toString('utf8').slice(0, 200)}`,
      );
      return out;
    }
    if (invalid && answer.status < 300) out.push(`answered ${answer.status} to a request the document calls invalid (${invalid})`);
    const content = documented.content;
    const type = mediaTypeOf(answer.headers['content-type']);
    if (!content) {
      if (answer.body.length > 0) out.push(`status ${answer.status} documents no content, but ${type || 'a body'} came`);
      return out;
    }
    const media = Object.entries(content).find(([t]) => covers(t, type));
    if (!media) {
      out.push(`content type ${type || '(none)'} of status ${answer.status} is not documented (${Object.keys(content).join(', ')})`);
      return out;
    }
    for (const [name, header] of Object.entries(documented.headers ?? {}))
      if (header.required && answer.headers[name.toLowerCase()] === undefined)
        out.push(`header ${name} is missing from status ${answer.status}`);
    if (type !== 'application/json' || !media[1].schema) return out;
    let json: unknown;
    try {
      json = JSON.parse(answer.body.toString('utf8'));
    } catch {
      out.push(`status ${answer.status} says application/json but the body is not JSON`);
      return out;
    }
    const problem = this.check(media[1].schema, json);
    if (problem) out.push(`the body of status ${answer.status} does not match its schema: ${problem}`);
    return out;
  }
}
