/**
 * docs/openapi.json is the contract as OpenAPI 3.1: rendering it again gives the committed file (run
 * `npm run openapi` after changing lib/contract), it is a valid OpenAPI 3.1 document, and it carries every
 * call with who may make it. Also the rule check-upstream relies on: a GET whose name says it changes
 * something is marked `writes` in the contract.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_CALLS } from '@/lib/contract';
import { renderOpenApi } from '../../scripts/lib/openapi';
import { must } from '../../testkit/must';

const committed = readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8');
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
type Operation = {
  operationId: string;
  'x-access': unknown;
  'x-writes'?: boolean;
  security: unknown[];
  parameters?: { name: string; required: boolean }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};

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
    const doc = JSON.parse(committed) as { paths: Record<string, Record<string, Operation>> };
    const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      ['get', 'post'].filter((m) => item[m]).map((m) => ({ path, method: m.toUpperCase(), op: item[m] })),
    );
    expect(ops).toHaveLength(ALL_CALLS.length);
    for (const call of ALL_CALLS) {
      const found = ops.find((o) => o.path === `/${call.path}` && o.method === call.method);
      expect(found, `${call.method} ${call.path}`).toBeDefined();
      const op = must(found!.op, 'op');
      expect(op['x-access']).toEqual(call.access);
      expect(op.security).toEqual(call.access === 'anonymous' ? [] : [call.access === 'service' ? { serviceSecret: [] } : { bearer: [] }]);
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

describe('GET calls that change something', () => {
  it('are marked writes when their name says so (delete…, remove…, set…, save…, create…, merge…, move…, send…, push…)', () => {
    const unmarked = ALL_CALLS.filter(
      (c) => c.method === 'GET' && /(^|\/)(delete|remove|set|save|create|merge|move|send|push)[A-Z]/.test(c.path) && !c.writes,
    );
    expect(unmarked.map((c) => c.path)).toEqual([]);
  });
});
