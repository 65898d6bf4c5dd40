/** lib/api/same-data.ts: the BFF passes the upstream's bytes on only when the contract's parse changed nothing. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sameData } from '@/lib/api/same-data';
import { contract } from '@/lib/contract';

const check = (schema: z.ZodType, text: string) => {
  const raw = JSON.parse(text);
  return sameData(raw, schema.parse(raw));
};

describe('sameData', () => {
  const row = z.object({ id: z.number(), name: z.string(), note: z.string().nullable(), tags: z.array(z.string()).optional() });
  it('holds for an answer the contract takes as it is', () => {
    expect(check(z.array(row), '[{"id":1,"name":"a","note":null,"tags":["x"]},{"name":"b","id":2,"note":"n"}]')).toBe(true);
    expect(check(z.object({ count: z.number(), items: z.array(row) }), '{"count":0,"items":[]}')).toBe(true);
  });
  it('fails when the contract strips an unknown field, at any depth', () => {
    expect(check(z.array(row), '[{"id":1,"name":"a","note":null,"passwordHash":"x"}]')).toBe(false);
    expect(check(z.object({ items: z.array(row) }), '{"items":[{"id":1,"name":"a","note":null}],"extra":1}')).toBe(false);
    expect(check(z.array(row), '[{"id":1,"name":"a","note":null,"__proto__":{"x":1}}]')).toBe(false);
  });
  it('fails when the parse changes a value or adds one', () => {
    expect(check(z.object({ name: z.string().trim() }), '{"name":" a "}')).toBe(false);
    expect(check(z.object({ n: z.coerce.number() }), '{"n":"5"}')).toBe(false);
    expect(check(z.object({ n: z.number().default(1) }), '{}')).toBe(false);
    expect(check(z.object({ d: z.string().transform((s) => new Date(s)) }), '{"d":"2024-01-01"}')).toBe(false);
  });
  it('holds for a real contract answer as the reference host sends it, and not with a field added', () => {
    const answer = {
      count: 1,
      items: [
        {
          contact: 1,
          firm: 1,
          contactType: 5,
          contactTypeName: 'Customer',
          isCompany: false,
          companyName: '',
          firstName: 'A',
          lastName: 'B',
          isVendor: false,
          isInactive: false,
          fileAs: 'B, A',
          phoneNo: null,
          emailAddress: 'a@b.c',
          createdAt: '2024-01-01T00:00:00Z',
        },
      ],
    };
    expect(check(contract.contacts.contacts.response, JSON.stringify(answer))).toBe(true);
    expect(check(contract.contacts.contacts.response, JSON.stringify({ ...answer, internal: true }))).toBe(false);
  });
});
