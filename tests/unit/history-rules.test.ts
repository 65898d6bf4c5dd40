/** The history's diff rule (lib/history/rules.ts): only changed fields make rows; a create or delete one row. */
import { describe, expect, it } from 'vitest';
import { CREATED, DELETED, SECRET_CHANGED, diffRecord, type Snapshot } from '../../lib/history/rules';

const job = (fields: Record<string, string | null>, parts: Record<string, Record<string, string | null>> = {}): Snapshot => ({
  firm: 6,
  fields,
  parts,
});

describe('diffRecord', () => {
  it('writes nothing when nothing shown changed (empty and null are the same)', () => {
    expect(diffRecord(job({ Notes: '', RO: 'A' }), job({ Notes: null, RO: 'A' }))).toEqual([]);
    expect(diffRecord(null, null)).toEqual([]);
  });

  it('writes one row per changed field, with the old and new text', () => {
    expect(diffRecord(job({ RO: 'A', Notes: 'x', Status: 'Open' }), job({ RO: 'B', Notes: 'x', Status: 'Complete' }))).toEqual([
      { part: '', field: 'RO', oldValue: 'A', newValue: 'B' },
      { part: '', field: 'Status', oldValue: 'Open', newValue: 'Complete' },
    ]);
    expect(diffRecord(job({ Notes: 'x' }), job({ Notes: '' }))).toEqual([{ part: '', field: 'Notes', oldValue: 'x', newValue: null }]);
  });

  it('a create is one row listing what it was created with; a delete one row listing what it held', () => {
    const created = diffRecord(null, job({ RO: 'A', Notes: '' }, { 'Inspection 1': { Status: 'Open' } }));
    expect(created).toEqual([{ part: '', field: CREATED, oldValue: null, newValue: 'RO: A\nInspection 1 · Status: Open' }]);
    const deleted = diffRecord(job({ RO: 'A' }), null);
    expect(deleted).toEqual([{ part: '', field: DELETED, oldValue: 'RO: A', newValue: null }]);
  });

  it('parts: a new one is one row, a removed one is one row, a kept one is diffed field by field', () => {
    const before = job({ RO: 'A' }, { 'Inspection 1': { Status: 'Open' }, 'Inspection 1 · Camera': { Result: null, Notes: '' } });
    const after = job({ RO: 'A' }, { 'Inspection 1': { Status: 'Complete' }, 'Inspection 2': { Status: 'Open' } });
    expect(diffRecord(before, after)).toEqual([
      { part: 'Inspection 1', field: 'Status', oldValue: 'Open', newValue: 'Complete' },
      { part: 'Inspection 2', field: CREATED, oldValue: null, newValue: 'Status: Open' },
      { part: 'Inspection 1 · Camera', field: DELETED, oldValue: null, newValue: null },
    ]);
  });

  it('a secret field never writes its values, only that it changed', () => {
    const user = (hash: string): Snapshot => ({ firm: 3, fields: { Name: 'Ann', Password: hash }, secret: ['Password'] });
    expect(diffRecord(user('$scrypt$old'), user('$scrypt$new'))).toEqual([
      { part: '', field: 'Password', oldValue: null, newValue: SECRET_CHANGED },
    ]);
    expect(diffRecord(user('h'), user('h'))).toEqual([]);
    expect(JSON.stringify(diffRecord(null, user('$scrypt$secret')))).not.toContain('scrypt');
  });
});
