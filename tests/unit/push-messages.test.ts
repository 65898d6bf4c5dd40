import { describe, expect, it } from 'vitest';
import { PUSH_TARGETS, isOwnChange, isRecordsChanged, opportunityHref, toastFor } from '@/lib/push/messages';

const importNotice = { kind: 'makeMatrixLinks', import: 7, fileName: 'links.csv', imported: 12, rejected: 1 };
const opportunity = { opportunity: 42, firm: 6, firmName: 'Brooklyn Collision & Glass', title: '2021 Honda Civic: Windshield replacement' };

describe('push messages by role', () => {
  it('shows the import notice with its counts to roles 1 and 2 only', () => {
    for (const role of [1, 2]) {
      const t = toastFor(PUSH_TARGETS.importNotice, importNotice, role);
      expect(t?.title).toBe('Make matrix links imported');
      expect(t?.text).toBe('links.csv: 12 links imported, 1 row rejected.');
    }
    for (const role of [3, 4, 5, 7, 8, 9, 15, 17, null]) expect(toastFor(PUSH_TARGETS.importNotice, importNotice, role)).toBeNull();
  });

  it('shows the opportunity notice to any role, with a link to the request', () => {
    for (const role of [1, 3, 5, null]) {
      const t = toastFor(PUSH_TARGETS.opportunity, opportunity, role);
      expect(t?.title).toBe('New calibration request');
      expect(t?.text).toContain('2021 Honda Civic');
      expect(t?.link?.href).toBe('/adas?opportunity=42');
    }
    expect(opportunityHref(5)).toBe('/adas?opportunity=5');
  });

  it('uses singular counts and a stable key per message', () => {
    const t = toastFor(PUSH_TARGETS.importNotice, { ...importNotice, imported: 1, rejected: 0 }, 1);
    expect(t?.text).toBe('links.csv: 1 link imported, 0 rows rejected.');
    expect(toastFor(PUSH_TARGETS.importNotice, importNotice, 1)?.key).toBe(toastFor(PUSH_TARGETS.importNotice, importNotice, 2)?.key);
  });

  it('drops malformed and unknown messages', () => {
    expect(toastFor(PUSH_TARGETS.importNotice, { ...importNotice, imported: -1 }, 1)).toBeNull();
    expect(toastFor(PUSH_TARGETS.importNotice, { ...importNotice, kind: 'other' }, 1)).toBeNull();
    expect(toastFor(PUSH_TARGETS.importNotice, null, 1)).toBeNull();
    expect(toastFor(PUSH_TARGETS.opportunity, { ...opportunity, opportunity: '42' }, 1)).toBeNull();
    expect(toastFor(PUSH_TARGETS.opportunity, 'text', 1)).toBeNull();
    expect(toastFor('somethingElse', opportunity, 1)).toBeNull();
  });
});

describe('change notices', () => {
  const notice = { kind: 'contact', ids: [3, 4], by: 9 };

  it('are well-formed only with a known kind, positive ids and an author', () => {
    expect(isRecordsChanged(notice)).toBe(true);
    for (const kind of ['adas', 'calibrateRequest', 'user', 'location']) expect(isRecordsChanged({ ...notice, kind })).toBe(true);
    expect(isRecordsChanged({ ...notice, kind: 'invoice' })).toBe(false);
    expect(isRecordsChanged({ ...notice, ids: [] })).toBe(false);
    expect(isRecordsChanged({ ...notice, ids: [3, '4'] })).toBe(false);
    expect(isRecordsChanged({ ...notice, ids: [0] })).toBe(false);
    expect(isRecordsChanged({ kind: 'adas', ids: [1] })).toBe(false);
    expect(isRecordsChanged(null)).toBe(false);
    expect(isRecordsChanged({ ...notice, tab: 'a1b2c3d4e5f6' })).toBe(true);
    for (const tab of ['short', 'x'.repeat(65), 'has space!', 42]) expect(isRecordsChanged({ ...notice, tab })).toBe(false);
  });

  it("are never toasts, and a change made in this tab is not passed on to its lists; the same user's other tabs hear it", () => {
    const tab = 'tab0000000a';
    expect(toastFor(PUSH_TARGETS.recordsChanged, notice, 1)).toBeNull();
    // Without a tab (not made through a tab's BFF call): the user's own, in every tab.
    expect(isOwnChange(PUSH_TARGETS.recordsChanged, notice, 9, tab)).toBe(true);
    expect(isOwnChange(PUSH_TARGETS.recordsChanged, notice, 8, tab)).toBe(false);
    expect(isOwnChange(PUSH_TARGETS.opportunity, notice, 9, tab)).toBe(false);
    expect(isOwnChange(PUSH_TARGETS.recordsChanged, { ...notice, tab }, 9, tab)).toBe(true);
    expect(isOwnChange(PUSH_TARGETS.recordsChanged, { ...notice, tab: 'tab0000000b' }, 9, tab)).toBe(false);
  });
});
