/**
 * The operations of an OpenAPI 3.1 document as the property-based API test uses them: where each is sent
 * (its server's path and its own), who may call it, its query parameters as one object schema, its request
 * body by media type, and its documented answers. Reads docs/openapi.json only, never lib/contract: the
 * test checks the published document against the running host.
 */
export type JsonSchema = Record<string, unknown>;

export interface MediaType {
  schema?: JsonSchema;
  encoding?: Record<string, { contentType?: string }>;
}

export interface Answer {
  description: string;
  headers?: Record<string, { schema?: JsonSchema; required?: boolean }>;
  content?: Record<string, MediaType>;
}

export interface Operation {
  /** operationId: `area.name`. */
  id: string;
  tag: string;
  method: 'GET' | 'POST';
  /** The path on the host, its server's base path included (`/api/contact/contact`). */
  url: string;
  /** `anonymous`, `signed-in`, `service` or the role ids (x-access). */
  access: 'anonymous' | 'signed-in' | 'service' | readonly number[];
  /** The query parameters as one object schema (properties and required), as a query string arrives. */
  query: { type: 'object'; properties: Record<string, JsonSchema>; required: string[] };
  /** The parameters that may be sent empty (`?firm=`: allowEmptyValue). */
  emptyAllowed: ReadonlySet<string>;
  /** The request body's media types and schemas, when it takes one. */
  body?: Record<string, MediaType>;
  responses: Record<string, Answer>;
  /** The server's security scheme names this operation accepts, each alternative's names together. */
  security: string[][];
  writes: boolean;
}

interface Server {
  url: string;
  variables?: Record<string, { default: string }>;
}

interface RawOperation {
  operationId: string;
  tags?: string[];
  'x-access': Operation['access'];
  'x-writes'?: boolean;
  servers?: Server[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; allowEmptyValue?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, Answer>;
}

export interface OpenApiDocument {
  servers: Server[];
  paths: Record<string, Record<string, unknown> & { servers?: Server[] }>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, Record<string, unknown>> };
}

/** The path part of a server's URL with its variables at their defaults (`{apiUrl}` → `/api`). */
function basePath(server: Server): string {
  const url = server.url.replace(/\{(\w+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? '');
  return new URL(url, 'http://host.invalid').pathname.replace(/\/$/, '');
}

/**
 * The server an operation is sent to on the reference host: the first of its own, its path's or the
 * document's servers whose URL is the host's (other servers, such as the BFF's, are another process).
 */
function hostServer(servers: Server[], hostServers: ReadonlySet<string>): Server {
  const found = servers.find((s) => hostServers.has(s.url));
  if (!found) throw new Error(`No host server among ${servers.map((s) => s.url).join(', ')}`);
  return found;
}

/** Every GET and POST operation of the document; `hostServers`: the server URLs the reference host answers. */
export function operationsOf(doc: OpenApiDocument, hostServers: ReadonlySet<string>): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post'] as const) {
      const op = item[method] as RawOperation | undefined;
      if (!op) continue;
      const server = hostServer(op.servers ?? item.servers ?? doc.servers, hostServers);
      const params = (op.parameters ?? []).filter((p) => p.in === 'query');
      out.push({
        id: op.operationId,
        tag: op.tags?.[0] ?? '',
        method: method.toUpperCase() as Operation['method'],
        url: `${basePath(server)}${path}`,
        access: op['x-access'],
        query: {
          type: 'object',
          properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
          required: params.filter((p) => p.required).map((p) => p.name),
        },
        emptyAllowed: new Set(params.filter((p) => p.allowEmptyValue).map((p) => p.name)),
        ...(op.requestBody ? { body: op.requestBody.content } : {}),
        responses: op.responses,
        security: (op.security ?? []).map((alternative) => Object.keys(alternative)),
        writes: op['x-writes'] ?? false,
      });
    }
  }
  return out;
}
