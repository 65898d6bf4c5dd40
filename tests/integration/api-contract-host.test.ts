/**
 * The published contract is true: a property-based API test of the reference host driven by
 * docs/openapi.json alone (as Schemathesis is). For every operation it sends requests generated from the
 * document — valid ones drawn from its schemas and invalid ones made by mutating them (testkit/openapi-fuzz)
 * — with real bearer tokens of the demo roles, and fails on any 5xx, any status, content type or body the
 * document does not describe, and any 2xx to a request the document calls invalid. Each operation also
 * gets the calls its security must refuse: no token, a forged token and a role it does not allow (401,
 * 401, 403), or a wrong service secret.
 *
 * Bounded for CI: OPENAPI_FUZZ_RUNS requests per operation (default 12), from seed OPENAPI_FUZZ_SEED
 * (default fixed, so a failure replays); each operation starts from the freshly seeded database.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_SECRET_HEADER } from '../../lib/contract/define';
import { Conformance, type Answer } from '../../testkit/openapi-fuzz/conformance';
import { operationsOf, type OpenApiDocument, type Operation } from '../../testkit/openapi-fuzz/operations';
import { requestsFor, type Auth, type FuzzRequest } from '../../testkit/openapi-fuzz/requests';
import { startTestHost, type TestHost } from '../../testkit/host';
import { multipart } from '../../testkit/images';

const doc = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as OpenApiDocument;
/** The servers the reference host answers (the API and auth hosts are one process there). */
const HOST_SERVERS = new Set(['{apiUrl}', '{authUrl}']);
const operations = operationsOf(doc, HOST_SERVERS);
const conformance = new Conformance(doc);

const RUNS = Number(process.env.OPENAPI_FUZZ_RUNS ?? 12);
const SEED = Number(process.env.OPENAPI_FUZZ_SEED ?? 44_2026);
const SECRET = 'fuzz-service-secret-'.padEnd(40, 's');
/** The demo roles' users (role{N}@example.com). */
const ROLES = Array.from({ length: 17 }, (_, i) => i + 1);

let host: TestHost;
const tokens = new Map<number, string>();
const started = performance.now();
let sent = 0;
/** Per status class, the generated requests' answers; and the operations that answered 2xx at least once (how deep the run reached). */
const answered = new Map<string, number>();
const succeeded = new Set<string>();

beforeAll(async () => {
  host = await startTestHost();
  host.ctx.serviceSecret = SECRET;
  for (const role of ROLES) tokens.set(role, await host.token(role));
});
afterAll(async () => {
  await host?.close();
  console.log(
    `openapi fuzz: ${operations.length} operations, ${RUNS} generated requests each (seed ${SEED}) plus the security checks, ${sent} requests in ${Math.round((performance.now() - started) / 1000)} s;` +
      ` answers ${JSON.stringify(Object.fromEntries([...answered].sort()))}; ${succeeded.size} operations answered 2xx at least once`,
  );
});

function headersOf(auth: Auth | { kind: 'forged' } | { kind: 'wrong-secret' }): Record<string, string> {
  switch (auth.kind) {
    case 'role':
      return { authorization: `Bearer ${tokens.get(auth.role)}` };
    case 'service':
      return { [SERVICE_SECRET_HEADER]: SECRET };
    case 'forged':
      return { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyIjoxfQ.c2lnbmF0dXJl' };
    case 'wrong-secret':
      return { [SERVICE_SECRET_HEADER]: 'w'.repeat(40) };
    case 'none':
      return {};
  }
}

async function send(req: FuzzRequest, auth: Parameters<typeof headersOf>[0] = req.auth): Promise<Answer> {
  sent++;
  const headers: Record<string, string> = headersOf(auth);
  let payload: string | Buffer | undefined;
  if (req.raw) {
    headers['content-type'] = req.raw.contentType;
    payload = req.raw.text;
  } else if (req.multipart) {
    const { body, contentType } = await multipart(req.multipart.files, req.multipart.field);
    headers['content-type'] = contentType;
    payload = body;
  } else if (req.json !== undefined && req.op.method === 'POST') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(req.json);
  }
  const res = await host.app.inject({
    method: req.op.method,
    url: req.op.url,
    query: req.query,
    headers,
    ...(payload !== undefined && { payload }),
  });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}

const shown = (req: FuzzRequest) =>
  JSON.stringify({
    auth: req.auth,
    query: req.query,
    ...(req.json !== undefined && { body: req.json }),
    ...(req.raw && { raw: req.raw }),
    ...(req.multipart && { multipart: { field: req.multipart.field, files: req.multipart.files.map((f) => f.name) } }),
    ...(req.mutated && { mutated: req.mutated }),
  }).slice(0, 600);

/** The refusals an operation's security promises, each with its status. */
async function securityProblems(op: Operation, sample: FuzzRequest): Promise<string[]> {
  const cases: { auth: Parameters<typeof headersOf>[0]; status: number }[] = [];
  if (op.access === 'service') cases.push({ auth: { kind: 'none' }, status: 401 }, { auth: { kind: 'wrong-secret' }, status: 401 });
  else if (op.access !== 'anonymous') {
    cases.push({ auth: { kind: 'none' }, status: 401 }, { auth: { kind: 'forged' }, status: 401 });
    const allowed = typeof op.access === 'string' ? null : op.access;
    const refused = allowed ? ROLES.find((r) => !allowed.includes(r)) : undefined;
    if (refused !== undefined) cases.push({ auth: { kind: 'role', role: refused }, status: 403 });
  }
  const out: string[] = [];
  for (const c of cases) {
    const answer = await send(sample, c.auth);
    if (answer.status !== c.status) out.push(`${JSON.stringify(c.auth)} answered ${answer.status}, not ${c.status}`);
    out.push(...conformance.problems(sample, answer, null).map((p) => `${JSON.stringify(c.auth)}: ${p}`));
  }
  return out;
}

/** Every problem of an operation's run, one line each (the same problem once, with its first request). */
async function problemsOf(op: Operation): Promise<string[]> {
  host.reset();
  // Each operation its own seed (derived from the run's), so operations of one shape do not all get the same requests.
  const seed = [...op.id].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, SEED);
  const requests = fc.sample(requestsFor(op, ROLES), { numRuns: RUNS, seed });
  const found = new Map<string, string>();
  const [sample] = fc.sample(requestsFor(op, ROLES, { mutations: false }), { numRuns: 1, seed });
  for (const p of await securityProblems(op, sample!)) found.set(p, '');
  for (const req of requests) {
    const invalid = conformance.invalidity(req);
    const answer = await send(req);
    const kind = `${String(answer.status)[0]}xx`;
    answered.set(kind, (answered.get(kind) ?? 0) + 1);
    if (answer.status < 300) succeeded.add(op.id);
    for (const p of conformance.problems(req, answer, invalid)) if (!found.has(p)) found.set(p, shown(req));
  }
  return [...found].map(([problem, req]) => `${op.method} ${op.url} (${op.id}): ${problem}${req ? `\n    request: ${req}` : ''}`);
}

const areas = [...new Set(operations.map((o) => o.tag))].sort();

describe('docs/openapi.json against the reference host', () => {
  it('covers every operation of the document', () => {
    expect(operations.length).toBeGreaterThan(250);
    expect(new Set(operations.map((o) => o.id)).size).toBe(operations.length);
  });

  for (const area of areas)
    it(`${area}: generated valid and invalid requests get documented answers, never a server error`, { timeout: 300_000 }, async () => {
      const problems: string[] = [];
      for (const op of operations.filter((o) => o.tag === area)) problems.push(...(await problemsOf(op)));
      expect(problems).toEqual([]);
    });
});
