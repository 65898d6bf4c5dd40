/**
 * The contract (lib/contract) as an OpenAPI 3.1 document: every call's path, method, query, body, answers
 * and who may call it, for customers pointing the app at their own API. Generated from the zod schemas
 * (zod 4's z.toJSONSchema, JSON Schema 2020-12 as OpenAPI 3.1 uses); `npm run openapi` writes
 * docs/openapi.json, tests/unit/openapi.test.ts fails when that file is not what the contract renders, and
 * tests/integration/api-contract-host.test.ts holds the reference host to it.
 *
 * Three servers: the API host (API_URL, the document's server), the auth host (AUTH_URL, its own server on
 * each of its paths), and the app's BFF (/api/bff/, on the calls client components make, `x-bff`); paths
 * are relative to each, as the app calls them. Who may call: `security` (the hosts' bearer token, or the
 * shared X-Service-Secret of `service` calls; at the BFF the session cookie with the X-ADAS-BFF header),
 * `x-access` (anonymous, signed-in, service, or the role ids) and a sentence in the description. `x-writes`
 * marks the GET calls that change something.
 *
 * What JSON Schema cannot say is said in extensions: `x-rules` lists the messages of the checks a
 * validator makes beyond its keywords (a VIN's check digit, a password's strength, a range's order…),
 * `x-minimum`/`x-maximum` bound a date-time, `x-file-name` and `x-max-bytes` describe an upload's files.
 * Where a check has an exact keyword (a pattern, multipleOf) the contract's schema carries it itself.
 */
import { z } from 'zod';
import { contract } from '../../lib/contract';
import { errorBody, type CallDef } from '../../lib/contract/define';
import { BFF_HEADER, BFF_HEADER_VALUE } from '../../lib/bff/protocol';
import { SESSION_COOKIE } from '../../lib/auth/cookies';

type Json = Record<string, unknown>;

const SERVERS = {
  api: {
    url: '{apiUrl}',
    description: 'The API host: API_URL without its trailing slash',
    variables: { apiUrl: { default: 'http://127.0.0.1:4010/api' } },
  },
  auth: {
    url: '{authUrl}',
    description: 'The auth host: AUTH_URL without its trailing slash',
    variables: { authUrl: { default: 'http://127.0.0.1:4010/auth' } },
  },
  bff: {
    url: '{appUrl}/api/bff',
    description:
      "The app's BFF, for the calls its client components make (x-bff): the app's origin; a path's trailing slash is dropped there",
    variables: { appUrl: { default: 'http://127.0.0.1:3000' } },
  },
};

const ERROR = { $ref: '#/components/schemas/Error' };
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ERROR } } });

// ── schemas ──────────────────────────────────────────────────────────────────────────────────────
type ZodDef = {
  type: string;
  checks?: { _zod: { def: { check: string; error?: (issue: unknown) => unknown } } }[];
  in?: z.ZodType;
  out?: z.ZodType;
};
const defOf = (schema: unknown) => (schema as { _zod: { def: ZodDef } })._zod.def;

/** The message of a refinement whose message does not depend on the value (a superRefine has none). */
function messageOf(check: { error?: (issue: unknown) => unknown }): string | null {
  try {
    const message = check.error?.({});
    return typeof message === 'string' ? message : null;
  } catch {
    return null;
  }
}

/**
 * The messages of a schema's own refinements; `silent`: it also has one whose message depends on the value
 * (a superRefine), which only an `x-rules` metadata can describe.
 */
function rulesOf(schema: z.ZodType): { rules: string[]; silent: boolean } {
  const rules: string[] = [];
  let silent = false;
  for (const check of defOf(schema).checks ?? []) {
    if (check._zod.def.check !== 'custom') continue;
    const message = messageOf(check._zod.def);
    if (message) rules.push(message);
    else silent = true;
  }
  return { rules, silent };
}

/** Keywords of a pipe's output side that also bound its input (the input side only trims or coerces). */
const NARROWING = ['format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];

/**
 * Adds to a node's JSON Schema what z.toJSONSchema leaves out: the refinements' messages (x-rules), and
 * for a pipe (text trimmed or coerced, then checked again: a search term of at least one character, an
 * email address) the second schema's bounds.
 */
function annotate(ctx: { zodSchema: unknown; jsonSchema: Json }, io: 'input' | 'output'): void {
  const schema = ctx.zodSchema as z.ZodType;
  const { rules } = rulesOf(schema);
  if (rules.length) ctx.jsonSchema['x-rules'] = [...new Set([...((ctx.jsonSchema['x-rules'] as string[] | undefined) ?? []), ...rules])];
  const def = defOf(schema);
  if (
    io === 'input' &&
    def.type === 'pipe' &&
    def.out &&
    (ctx.jsonSchema.type === 'string' || ctx.jsonSchema.type === 'number' || ctx.jsonSchema.type === 'integer')
  ) {
    const out = z.toJSONSchema(def.out, { io: 'input', unrepresentable: 'any', override: (inner) => annotate(inner as never, io) }) as Json;
    if (out.type !== ctx.jsonSchema.type && !(out.type === 'number' && ctx.jsonSchema.type === 'integer')) return;
    for (const key of NARROWING) if (out[key] !== undefined && ctx.jsonSchema[key] === undefined) ctx.jsonSchema[key] = out[key];
    if (out['x-rules'])
      ctx.jsonSchema['x-rules'] = [...new Set([...((ctx.jsonSchema['x-rules'] as string[]) ?? []), ...(out['x-rules'] as string[])])];
  }
}

/**
 * A zod schema as JSON Schema, without the top-level $schema (the document declares its dialect once). The
 * input side, also for answers: what the app's parser accepts (answers may carry more fields than listed).
 */
function schemaOf(schema: z.ZodType): Json {
  const { $schema, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: (ctx) => annotate(ctx as never, 'input'),
  }) as Json;
  void $schema;
  return rest;
}

/**
 * The places of the calls' queries and bodies where a value-dependent refinement (a superRefine) has no
 * `x-rules` saying what it checks: none, or docs/openapi.json hides a rule (tests/unit/openapi.test.ts).
 */
export function unexplainedRefinements(): string[] {
  const out: string[] = [];
  for (const { area, name, call } of contractCalls())
    for (const part of ['query', 'body'] as const) {
      if (part === 'body' && (call.method === 'GET' || call.transport === 'multipart')) continue;
      const silent: (string | number)[][] = [];
      const json = z.toJSONSchema(call[part], {
        io: 'input',
        unrepresentable: 'any',
        override: (ctx) => {
          annotate(ctx as never, 'input');
          if (rulesOf(ctx.zodSchema as unknown as z.ZodType).silent) silent.push(ctx.path);
        },
      });
      for (const path of silent) {
        const node = path.reduce<unknown>((n, k) => (n as Record<string | number, unknown> | undefined)?.[k], json) as Json | undefined;
        if (!node?.['x-rules']) out.push(`${area}.${name} ${part}: /${path.join('/')}`);
      }
    }
  return [...new Set(out)];
}

// ── operations ───────────────────────────────────────────────────────────────────────────────────
function accessText(access: CallDef['access']): string {
  if (access === 'anonymous') return 'Anyone may call it (no token).';
  if (access === 'signed-in') return 'Any signed-in user (a valid bearer token).';
  if (access === 'service') return "Only the app's own server, with the shared secret in X-Service-Secret (APP_LOG_SECRET).";
  return `Signed-in users with role ${access.length === 1 ? access[0] : `${access.slice(0, -1).join(', ')} or ${access.at(-1)}`}.`;
}

const isFileGet = (call: CallDef) => call.transport === 'binary' && call.method === 'GET';

function security(call: CallDef) {
  if (call.access === 'anonymous') return [];
  if (call.access === 'service') return [{ serviceSecret: [] }];
  if (!call.bff) return [{ bearer: [] }];
  // An <img> cannot send the BFF's header: a file GET goes on the cookie alone (SameSite and Sec-Fetch-Site guard it).
  return [{ bearer: [] }, isFileGet(call) ? { bffSession: [] } : { bffSession: [], bffHeader: [] }];
}

/**
 * The query's parameters. A number whose validator reads an empty value (`?firm=`) as 0 says so
 * (allowEmptyValue): its schema alone would call the empty text invalid.
 */
function parameters(call: CallDef): Json[] {
  const query = schemaOf(call.query) as { properties?: Record<string, Json>; required?: string[] };
  const shape = (call.query as Partial<z.ZodObject>).shape as Record<string, z.ZodType> | undefined;
  return Object.entries(query.properties ?? {}).map(([name, schema]) => {
    const { description, ...rest } = schema;
    const read = shape?.[name]?.safeParse('');
    // Only where the empty text becomes another value: a schema that takes '' as it is says so itself.
    const empty = read?.success && read.data !== '' ? read.data : undefined;
    const notes = [description, empty !== undefined ? `An empty value reads as ${JSON.stringify(empty)}.` : undefined].filter(Boolean);
    return {
      name,
      in: 'query',
      required: query.required?.includes(name) ?? false,
      ...(notes.length ? { description: notes.join(' ') } : {}),
      ...(empty !== undefined ? { allowEmptyValue: true } : {}),
      schema: rest,
    };
  });
}

function requestBody(call: CallDef): Json | undefined {
  if (call.method !== 'POST') return undefined;
  if (call.transport === 'multipart') {
    const parts = call.upload;
    if (!parts) throw new Error(`${call.path}: a multipart call names its parts (upload)`);
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            description: `The files, one part each in the field ${parts.field}; the host tells each file's type by its content.`,
            properties: {
              [parts.field]: {
                type: 'array',
                minItems: 1,
                maxItems: parts.maxFiles,
                items: { type: 'string', contentMediaType: 'application/octet-stream', 'x-max-bytes': parts.maxBytes },
              },
            },
            required: [parts.field],
            'x-file-name': parts.fileName,
          },
          encoding: { [parts.field]: { contentType: parts.types.join(', ') } },
        },
      },
    };
  }
  return { required: true, content: { 'application/json': { schema: schemaOf(call.body) } } };
}

function success(call: CallDef): Json {
  if (call.transport !== 'binary')
    return { description: 'The answer.', content: { 'application/json': { schema: schemaOf(call.response) } } };
  if (!call.produces?.length) throw new Error(`${call.path}: a binary call names the types it answers (produces)`);
  return {
    description: "The file's bytes.",
    content: Object.fromEntries(call.produces.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
  };
}

const AT_BFF = ' (the BFF)';

/** Every status the call can answer, at the hosts and at the BFF, each with what it means. */
function responses(call: CallDef): Json {
  const refuses = new Set(call.refuses ?? []);
  const post = call.method === 'POST';
  const roles = Array.isArray(call.access);
  const bff = call.bff;
  const answers: Record<number, Json> = {
    200: success(call),
    400: errorAnswer('Bad input: the message and, per field, what is wrong (fieldErrors).'),
  };
  if (call.access !== 'anonymous')
    answers[401] = errorAnswer(
      call.access === 'service'
        ? 'No or a wrong service secret.'
        : `No valid token${bff ? `, or no session${AT_BFF}: the session cookie is cleared and redirect names the sign-in page` : ''}.`,
    );
  const forbidden = [
    ...(roles ? ["the caller's role may not make this call"] : []),
    ...(refuses.has(403) ? ['a rule beyond the role refuses it (whose record it is, which locations, which plan: the message says)'] : []),
    ...(bff ? [`a cross-site request, or one without the ${BFF_HEADER} header${AT_BFF}`] : []),
  ];
  if (forbidden.length) answers[403] = errorAnswer(`Refused: ${forbidden.join('; ')}.`);
  answers[404] = errorAnswer('The record does not exist or is outside the caller’s locations (or the call is unknown).');
  if (refuses.has(409))
    answers[409] = errorAnswer('The change no longer applies: the record changed meanwhile or is closed (the message says).');
  if (post || refuses.has(413))
    answers[413] = errorAnswer(
      [
        post ? 'The request body is larger than the host (1 MB of JSON) or the BFF takes' : '',
        refuses.has(413) ? 'a file, or the room left for files, is too large' : '',
      ]
        .filter(Boolean)
        .join('; ') + '.',
    );
  if (post)
    answers[415] = errorAnswer(
      `The body is not of a media type the call takes (${call.transport === 'multipart' ? 'multipart/form-data' : 'application/json'}).`,
    );
  if (refuses.has(429)) answers[429] = errorAnswer('Too many attempts or uploads: the message says how long to wait.');
  if (bff) {
    answers[502] = errorAnswer(`The API could not be reached, failed, or answered outside the contract${AT_BFF}.`);
    answers[504] = errorAnswer(`The API took too long to answer${AT_BFF}.`);
  }
  return answers;
}

const byName = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/** Every call with its area and export name (the operationId), by area and name (the same under every loader). */
export function contractCalls(): { area: string; name: string; call: CallDef }[] {
  return Object.entries(contract)
    .sort(byName)
    .flatMap(([area, mod]) =>
      Object.entries(mod)
        .sort(byName)
        .filter(([, v]) => typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'response' in v)
        .map(([name, call]) => ({ area, name, call: call as CallDef })),
    );
}

export function buildOpenApi(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const { area, name, call } of contractCalls()) {
    const key = `/${call.path}`;
    const item = (paths[key] ??= call.host === 'auth' ? { servers: [SERVERS.auth] } : {});
    if (item[call.method.toLowerCase()]) throw new Error(`Two calls for ${call.method} ${key}`);
    const notes = [accessText(call.access)];
    if (call.writes) notes.push('A GET that changes data: tools that must change nothing never call it.');
    if (call.bff)
      notes.push(
        `Client components reach it through the BFF at /api/bff/${call.path.replace(/\/$/, '')}, with the session cookie` +
          (isFileGet(call) ? ' (an image or download: no header needed).' : ` and the header ${BFF_HEADER}: ${BFF_HEADER_VALUE}.`),
      );
    item[call.method.toLowerCase()] = {
      operationId: `${area}.${name}`,
      tags: [area],
      description: notes.join(' '),
      'x-access': call.access,
      ...(call.writes ? { 'x-writes': true } : {}),
      ...(call.bff ? { 'x-bff': true, servers: [call.host === 'auth' ? SERVERS.auth : SERVERS.api, SERVERS.bff] } : {}),
      security: security(call),
      parameters: parameters(call),
      ...(requestBody(call) ? { requestBody: requestBody(call) } : {}),
      responses: responses(call),
    };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'ADAS back-office upstream API',
      version,
      description:
        'The calls the ADAS back-office makes to its API and auth hosts, generated from its contract (lib/contract) by `npm run openapi`. ' +
        'Answers may carry more fields than listed (they are ignored). `npm run check-upstream` checks a running API against this contract. ' +
        'Beyond JSON Schema: `x-rules` lists the messages of the checks a field or body gets beyond its keywords, `x-minimum`/`x-maximum` ' +
        'bound a date-time, `x-file-name` and `x-max-bytes` describe the files of an upload, `x-access` says who may call, `x-writes` marks ' +
        'a GET that changes data, `x-bff` a call the BFF forwards.',
    },
    servers: [SERVERS.api],
    tags: Object.keys(contract)
      .sort()
      .map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        Error: schemaOf(
          errorBody.extend({
            redirect: z.string().optional().describe('At the BFF, on 401: where the browser goes to sign in again.'),
          }),
        ),
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "The token of auth host's getToken." },
        serviceSecret: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Service-Secret',
          description: "The app server's shared secret (APP_LOG_SECRET).",
        },
        bffSession: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: "At the BFF: the browser's session cookie, set by signing in to the app (HttpOnly, Secure, SameSite=Lax).",
        },
        bffHeader: {
          type: 'apiKey',
          in: 'header',
          name: BFF_HEADER,
          description: `At the BFF: always ${BFF_HEADER_VALUE}. A cross-site form or image cannot set it, so a request without it is refused (403).`,
        },
      },
    },
  };
}

/** The document as written to docs/openapi.json. */
export function renderOpenApi(version: string): string {
  return `${JSON.stringify(buildOpenApi(version), null, 2)}\n`;
}
