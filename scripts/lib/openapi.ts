/**
 * The contract (lib/contract) as an OpenAPI 3.1 document: every call's path, method, query, body, answer
 * and who may call it, for customers pointing the app at their own API. Generated from the zod schemas
 * (zod 4's z.toJSONSchema, JSON Schema 2020-12 as OpenAPI 3.1 uses); `npm run openapi` writes
 * docs/openapi.json and tests/unit/openapi.test.ts fails when that file is not what the contract renders.
 *
 * Two hosts: the API host (API_URL, the document's server) and the auth host (AUTH_URL, its own server on
 * each of its paths); paths are relative to each, as the app calls them. Who may call: `security` (a bearer
 * token; `service` calls the shared X-Service-Secret), `x-access` (anonymous, signed-in, service, or the role
 * ids) and a sentence in the description. `x-writes` marks the GET calls that change something.
 */
import { z } from 'zod';
import { contract } from '../../lib/contract';
import { errorBody, type CallDef } from '../../lib/contract/define';

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
};

const ERROR = { $ref: '#/components/schemas/Error' };
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ERROR } } });

/**
 * A zod schema as JSON Schema, without the top-level $schema (the document declares its dialect once). The
 * input side, also for answers: what the app's parser accepts (answers may carry more fields than listed).
 */
function schemaOf(schema: z.ZodType): Json {
  const { $schema, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  void $schema;
  return rest;
}

function accessText(access: CallDef['access']): string {
  if (access === 'anonymous') return 'Anyone may call it (no token).';
  if (access === 'signed-in') return 'Any signed-in user (a valid bearer token).';
  if (access === 'service') return "Only the app's own server, with the shared secret in X-Service-Secret (APP_LOG_SECRET).";
  return `Signed-in users with role ${access.length === 1 ? access[0] : `${access.slice(0, -1).join(', ')} or ${access.at(-1)}`}.`;
}

function security(access: CallDef['access']) {
  if (access === 'anonymous') return [];
  if (access === 'service') return [{ serviceSecret: [] }];
  return [{ bearer: [] }];
}

function parameters(call: CallDef): Json[] {
  const query = schemaOf(call.query) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(query.properties ?? {}).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return { name, in: 'query', required: query.required?.includes(name) ?? false, ...(description ? { description } : {}), schema: rest };
  });
}

function requestBody(call: CallDef): Json | undefined {
  if (call.method !== 'POST') return undefined;
  if (call.transport === 'multipart')
    return {
      required: true,
      content: {
        'multipart/form-data': { schema: { type: 'object', description: 'The files, one part each; the host checks every part.' } },
      },
    };
  return { required: true, content: { 'application/json': { schema: schemaOf(call.body) } } };
}

function responses(call: CallDef): Json {
  const ok =
    call.transport === 'binary'
      ? {
          description: "The file's bytes.",
          content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
        }
      : { description: 'The answer.', content: { 'application/json': { schema: schemaOf(call.response) } } };
  return {
    200: ok,
    400: errorAnswer('Bad input: the message and, per field, what is wrong (fieldErrors).'),
    ...(call.access === 'anonymous' ? {} : { 401: errorAnswer('No valid token (or service secret).') }),
    ...(Array.isArray(call.access) ? { 403: errorAnswer("The caller's role may not make this call.") } : {}),
    404: errorAnswer('The record does not exist or is outside the caller’s locations.'),
  };
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
    if (call.bff) notes.push('Client components reach it through the BFF at /api/bff/' + call.path.replace(/\/$/, '') + '.');
    item[call.method.toLowerCase()] = {
      operationId: `${area}.${name}`,
      tags: [area],
      description: notes.join(' '),
      'x-access': call.access,
      ...(call.writes ? { 'x-writes': true } : {}),
      security: security(call.access),
      ...(call.method === 'GET' ? { parameters: parameters(call) } : {}),
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
        'Answers may carry more fields than listed (they are ignored). `npm run check-upstream` checks a running API against this contract.',
    },
    servers: [SERVERS.api],
    tags: Object.keys(contract)
      .sort()
      .map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: schemaOf(errorBody) },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "The token of auth host's getToken." },
        serviceSecret: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Service-Secret',
          description: "The app server's shared secret (APP_LOG_SECRET).",
        },
      },
    },
  };
}

/** The document as written to docs/openapi.json. */
export function renderOpenApi(version: string): string {
  return `${JSON.stringify(buildOpenApi(version), null, 2)}\n`;
}
