/**
 * The property-based API test's own parts (testkit/openapi-fuzz), so that its passing means something: the
 * requests it draws as valid are valid by the document, and its oracle reports each kind of broken promise
 * (a server error, an undocumented status or content type, a body off its schema, a 2xx to an invalid request).
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Conformance, type Answer } from '../../testkit/openapi-fuzz/conformance';
import { operationsOf, type OpenApiDocument } from '../../testkit/openapi-fuzz/operations';
import { requestsFor, type FuzzRequest } from '../../testkit/openapi-fuzz/requests';
import { must } from '../../testkit/must';

const doc = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as OpenApiDocument;
const operations = operationsOf(doc, new Set(['{apiUrl}', '{authUrl}']));
const conformance = new Conformance(doc);
const ROLES = Array.from({ length: 17 }, (_, i) => i + 1);
const op = (id: string) =>
  must(
    operations.find((o) => o.id === id),
    id,
  );
const json = (status: number, body: unknown): Answer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: Buffer.from(JSON.stringify(body)),
});

describe('the generated requests', () => {
  it('are sent where the document says, on the host’s server', () => {
    expect(op('contacts.contacts').url).toBe('/api/contact/contacts');
    expect(op('auth.getToken').url).toBe('/auth/getToken');
    expect(operations).toHaveLength(Object.values(doc.paths).flatMap((item) => ['get', 'post'].filter((m) => m in item)).length);
  });

  it('drawn as valid are valid by the document, for every operation', () => {
    for (const o of operations) {
      const requests = fc.sample(requestsFor(o, ROLES, { mutations: false }), { numRuns: 3, seed: 1 });
      for (const req of requests)
        expect(conformance.invalidity(req), `${o.id} ${JSON.stringify(req.query)} ${JSON.stringify(req.json)}`).toBeNull();
    }
  });

  it('include invalid ones, told apart by the document', () => {
    const o = op('vehicles.saveVehicle');
    const requests = fc.sample(requestsFor(o, ROLES), { numRuns: 60, seed: 2 });
    const invalid = requests.filter((r) => conformance.invalidity(r) !== null);
    expect(invalid.length).toBeGreaterThan(10);
    expect(invalid.every((r) => r.mutated !== null)).toBe(true);
  });
});

describe('the oracle', () => {
  const valid: FuzzRequest = { op: op('contacts.contact'), auth: { kind: 'role', role: 1 }, query: { id: '3' }, mutated: null };

  it('calls a request invalid by its query (read as a server reads text), its body or its content type', () => {
    expect(conformance.invalidity(valid)).toBeNull();
    expect(conformance.invalidity({ ...valid, query: { id: 'x' } })).toMatch(/query: \/id must be integer/);
    expect(conformance.invalidity({ ...valid, query: {} })).toMatch(/must have required property 'id'/);
    const deleteBlog = op('blog.deleteBlog');
    // An empty number the document allows (allowEmptyValue) is valid.
    expect(conformance.invalidity({ ...valid, op: deleteBlog, query: { blog: '' } })).toBeNull();
    const save = op('vehicles.saveVehicle');
    const base = { ...valid, op: save, query: {} };
    expect(conformance.invalidity({ ...base, json: { vehicle: 0, make: 'Honda', model: 'Civic' } })).toBeNull();
    expect(conformance.invalidity({ ...base, json: { vehicle: 0, make: ' ', model: 'Civic' } })).toMatch(/\/make must match pattern/);
    expect(conformance.invalidity({ ...base, json: { vehicle: 0, make: 'Honda', model: 'Civic', vin: 'SHORT' } })).toMatch(/\/vin/);
    expect(conformance.invalidity({ ...base, raw: { contentType: 'application/json', text: '{' } })).toBe('the body is not JSON');
    expect(conformance.invalidity({ ...base, raw: { contentType: 'text/plain', text: '{}' } })).toMatch(/content type text\/plain/);
  });

  it('reports a server error, an undocumented status, content type or body, and a 2xx to an invalid request', () => {
    const record = { contact: 3 };
    expect(conformance.problems(valid, json(404, { error: 'Contact not found' }), null)).toEqual([]);
    expect(conformance.problems(valid, json(500, { error: 'Internal error' }), null)[0]).toMatch(/^server error 500/);
    expect(conformance.problems(valid, json(409, { error: 'x' }), null)[0]).toMatch(/status 409 is not documented/);
    expect(conformance.problems(valid, { ...json(200, record), headers: { 'content-type': 'text/html' } }, null)[0]).toMatch(
      /content type text\/html of status 200 is not documented/,
    );
    expect(conformance.problems(valid, json(404, { message: 'no error field' }), null)[0]).toMatch(/does not match its schema/);
    expect(conformance.problems(valid, json(200, { contact: 'three' }), null)[0]).toMatch(/does not match its schema/);
    expect(conformance.problems(valid, json(400, { error: 'Invalid query' }), 'query: /id must be integer')).toEqual([]);
    const accepted = conformance.problems(valid, json(200, record), 'query: /id must be integer');
    expect(accepted.some((p) => /answered 200 to a request the document calls invalid/.test(p))).toBe(true);
    // A file answer: its media type must be one the document lists.
    const report: FuzzRequest = { ...valid, op: op('calibrations.calibrationReport'), query: { adasInspection: '1' } };
    const pdf: Answer = { status: 200, headers: { 'content-type': 'application/pdf' }, body: Buffer.from('%PDF-') };
    expect(conformance.problems(report, pdf, null)).toEqual([]);
    expect(conformance.problems(report, { ...pdf, headers: { 'content-type': 'application/octet-stream' } }, null)[0]).toMatch(
      /not documented/,
    );
  });
});
