/**
 * docs/openapi.json is the contract as OpenAPI 3.1: rendering it again gives the committed file (run
 * `npm run openapi` after changing lib/contract), it is a valid OpenAPI 3.1 document, and it carries every
 * call with who may make it, its query parameters whatever its method, every status it answers, the real
 * types of its files and uploads, the rules its validators check, and the BFF's cookie scheme. Also the rule
 * check-upstream relies on: a GET whose name says it changes something is marked `writes` in the contract.
 * (tests/integration/api-contract-host.test.ts holds the reference host to the document.)
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_CALLS, contract } from '@/lib/contract';
import type { CallDef } from '@/lib/contract/define';
import { SESSION_COOKIE } from '@/lib/auth/cookies';
import { renderOpenApi, unexplainedRefinements } from '../../scripts/lib/openapi';
import { must } from '../../testkit/must';

const committed = readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8');
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
type Schema = Record<string, unknown>;
type Operation = {
  operationId: string;
  'x-access': unknown;
  'x-writes'?: boolean;
  'x-bff'?: boolean;
  servers?: { url: string }[];
  security: unknown[];
  parameters?: { name: string; in: string; required: boolean; allowEmptyValue?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema; encoding?: Record<string, { contentType: string }> }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
const doc = JSON.parse(committed) as {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Schema> };
};
const opOf = (call: Pick<CallDef, 'method' | 'path'>) =>
  must(must(doc.paths[`/${call.path}`], call.path)[call.method.toLowerCase()], `${call.method} ${call.path}`);
const isFileGet = (call: CallDef) => call.transport === 'binary' && call.method === 'GET';
const securityOf = (call: CallDef) =>
  call.access === 'anonymous'
    ? []
    : call.access === 'service'
      ? [{ serviceSecret: [] }]
      : call.bff
        ? [{ bearer: [] }, isFileGet(call) ? { bffSession: [] } : { bffSession: [], bffHeader: [] }]
        : [{ bearer: [] }];
/** The schema of a POST's JSON body, or of the named query parameter. */
const bodyOf = (call: CallDef) => must(opOf(call).requestBody?.content['application/json']?.schema, `${call.path} body`);
const propertyOf = (schema: Schema, name: string) => must((schema.properties as Record<string, Schema>)[name], name);

describe('docs/openapi.json', () => {
  it('is what the contract renders (run `npm run openapi` after changing lib/contract)', () => {
    expect(committed).toBe(renderOpenApi(version));
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = JSON.parse(committed);
    expect(doc.openapi).toBe('3.1.0');
    // validate() dereferences the document it is given: a copy.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('has every call once, with its method, query, body, answer and who may call it', () => {
    const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      ['get', 'post'].filter((m) => item[m]).map((m) => ({ path, method: m.toUpperCase(), op: item[m] })),
    );
    expect(ops).toHaveLength(ALL_CALLS.length);
    for (const call of ALL_CALLS) {
      const found = ops.find((o) => o.path === `/${call.path}` && o.method === call.method);
      expect(found, `${call.method} ${call.path}`).toBeDefined();
      const op = must(found!.op, 'op');
      expect(op['x-access']).toEqual(call.access);
      expect(op.security).toEqual(securityOf(call));
      expect(op.responses['200']).toBeDefined();
      if (call.method === 'POST') expect(op.requestBody).toBeDefined();
      expect(op['x-writes'] ?? false).toBe(call.writes ?? false);
    }
    // A sample: contact/contact needs ?id, answers the contact record, for role 1 only.
    const contact = must(must(doc.paths['/contact/contact'], 'paths["/contact/contact"]').get, 'contact');
    expect(contact.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'query', required: true })]);
    expect(contact['x-access']).toEqual([1]);
  });
});

describe('docs/openapi.json tells what each call takes and answers', () => {
  const c = contract;

  it('lists the query parameters of every call, POSTs included', () => {
    for (const call of ALL_CALLS) {
      const names = Object.keys((call.query as Partial<z.ZodObject>).shape ?? {});
      expect(
        (opOf(call).parameters ?? []).map((p) => p.name),
        `${call.method} ${call.path}`,
      ).toEqual(names);
    }
    for (const [call, name] of [
      [c.blog.deleteBlog, 'blog'],
      [c.contacts.deleteRelated, 'id'],
      [c.calibrations.uploadEstimate, 'adas'],
      [c.evidence.uploadEvidence, 'adasInspectionResult'],
      [c.files.upload, 'kind'],
    ] as const)
      expect(opOf(call).parameters, call.path).toContainEqual(expect.objectContaining({ name, in: 'query' }));
    // A number read as 0 when empty says so.
    expect(opOf(c.blog.blogs).parameters).toContainEqual(expect.objectContaining({ name: 'blogStatus', allowEmptyValue: true }));
  });

  it('documents every status a call answers: the hosts’ refusals, the body limits, the BFF’s own', () => {
    for (const call of ALL_CALLS) {
      const statuses = Object.keys(opOf(call).responses).map(Number);
      const refuses = new Set(call.refuses ?? []);
      const post = call.method === 'POST';
      const expected = [
        200,
        400,
        ...(call.access === 'anonymous' ? [] : [401]),
        ...(Array.isArray(call.access) || refuses.has(403) || call.bff ? [403] : []),
        404,
        ...(refuses.has(409) ? [409] : []),
        ...(post || refuses.has(413) ? [413] : []),
        ...(post ? [415] : []),
        ...(refuses.has(429) ? [429] : []),
        ...(call.bff ? [502, 504] : []),
      ];
      expect(statuses, `${call.method} ${call.path}`).toEqual(expected);
    }
    // Found in the host's handlers: a closed inspection (409), the upload limits (413, 429), the sign-in throttle (429).
    expect(Object.keys(opOf(c.adas.saveAdasInspectionResults).responses)).toContain('409');
    expect(Object.keys(opOf(c.files.upload).responses)).toEqual(expect.arrayContaining(['413', '415', '429']));
    expect(Object.keys(opOf(c.auth.getToken).responses)).toContain('429');
    expect(Object.keys(opOf(c.data.exportData).responses)).toContain('403');
  });

  it('gives files their real types, and uploads their parts', () => {
    const types = (call: CallDef) => Object.keys(must(opOf(call).responses['200']?.content, call.path));
    expect(types(c.calibrations.calibrationReport)).toEqual(['application/pdf']);
    expect(types(c.links.sharedReport)).toEqual(['application/pdf']);
    expect(types(c.data.exportData)).toEqual(['text/csv']);
    expect(types(c.evidence.evidenceFile)).toEqual(['image/jpeg', 'image/png', 'application/pdf']);
    for (const call of ALL_CALLS.filter((x) => x.transport === 'binary'))
      expect(types(call), call.path).toEqual([...must(call.produces, call.path)]);
    for (const call of ALL_CALLS.filter((x) => x.transport === 'multipart')) {
      const upload = must(call.upload, `${call.path} upload`);
      const body = must(opOf(call).requestBody?.content['multipart/form-data'], `${call.path} multipart`);
      expect(body.schema.required, call.path).toEqual([upload.field]);
      expect(propertyOf(body.schema, upload.field).maxItems, call.path).toBe(upload.maxFiles);
      expect(body.encoding?.[upload.field]?.contentType, call.path).toBe(upload.types.join(', '));
    }
  });

  it('carries the rules the validators check: keywords where JSON Schema has them, x-rules where it has not', () => {
    // Every value-dependent refinement says what it checks.
    expect(unexplainedRefinements()).toEqual([]);
    const vehicle = bodyOf(c.vehicles.saveVehicle);
    expect(propertyOf(vehicle, 'make').pattern).toBe('\\S');
    const vin = propertyOf(vehicle, 'vin');
    expect(new RegExp(vin.pattern as string).test('1HGCM82633A004352')).toBe(true);
    expect(new RegExp(vin.pattern as string).test('1HGCM82633A00435')).toBe(false);
    expect(vin['x-rules']).toEqual(expect.arrayContaining([expect.stringMatching(/check digit/)]));
    const password = propertyOf(bodyOf(c.users.saveCredentials), 'password');
    expect(new RegExp(password.pattern as string).test('Abcdef1!')).toBe(true);
    expect(new RegExp(password.pattern as string).test('abcdefg1!')).toBe(false);
    expect(password['x-rules']).toHaveLength(1);
    expect(propertyOf(bodyOf(c.onboard.onboardMarketing), 'emailAddress').format).toBe('email');
    const timestamp = propertyOf(bodyOf(c.log.saveRecord), 'timestamp');
    expect([timestamp['x-minimum'], timestamp['x-maximum']]).toEqual(['1970-01-01T00:00:00.000Z', '2199-12-31T23:59:59.999Z']);
    const search = must(
      opOf(c.contacts.contactSearch).parameters?.find((p) => p.name === 'searchterm'),
      'searchterm',
    );
    expect(search.schema.minLength).toBe(1);
  });

  it('describes the BFF: its server, its session cookie and header beside the hosts’ bearer', () => {
    expect(doc.components.securitySchemes.bffSession).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }),
    );
    expect(doc.components.securitySchemes.bffHeader).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-adas-bff' }));
    const contacts = opOf(c.contacts.contacts);
    expect(contacts['x-bff']).toBe(true);
    expect(contacts.servers?.map((s) => s.url)).toEqual(['{apiUrl}', '{appUrl}/api/bff']);
    expect(opOf(c.log.saveRecord).servers).toBeUndefined();
  });
});

describe('GET calls that change something', () => {
  it('are marked writes when their name says so (delete…, remove…, set…, save…, create…, merge…, move…, send…, push…)', () => {
    const unmarked = ALL_CALLS.filter(
      (c) => c.method === 'GET' && /(^|\/)(delete|remove|set|save|create|merge|move|send|push)[A-Z]/.test(c.path) && !c.writes,
    );
    expect(unmarked.map((c) => c.path)).toEqual([]);
  });
});
