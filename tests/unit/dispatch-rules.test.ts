/**
 * The dispatch rules (lib/dispatch/rules.ts, docs/dispatch.md#states): which step each status allows and to
 * whom, what a provider's users may do with the inspection by status, the dates and windows asked for, how
 * dates and visits are shown, and the push notice of a step (lib/push/messages.ts) with where it links.
 */
import { describe, expect, it } from 'vitest';
import {
  DISPATCH_STATUSES,
  STEP_RULES,
  dateProblem,
  isEnded,
  isStanding,
  mayManageDispatch,
  mayStep,
  modesOf,
  providerAccess,
  showTime,
  showVisit,
  stepText,
  windowProblem,
  type DispatchStep,
} from '../../lib/dispatch/rules';
import { PUSH_TARGETS, dispatchHref, isDispatchNotice, toastFor } from '../../lib/push/messages';

describe('steps by status', () => {
  const allowed = (step: DispatchStep) => DISPATCH_STATUSES.filter((s) => mayStep(step, s));

  it('the provider answers a request waiting for it; it declines until the work is done', () => {
    expect(allowed('accepted')).toEqual(['Requested', 'Proposed']);
    expect(allowed('proposed')).toEqual(['Requested', 'Proposed']);
    expect(allowed('declined')).toEqual(['Requested', 'Proposed', 'Accepted']);
  });

  it('the shop changes the date before acceptance, cancels until the work is handed back, then accepts the report or asks for a redo', () => {
    expect(allowed('changed')).toEqual(['Requested', 'Proposed']);
    expect(allowed('cancelled')).toEqual(['Requested', 'Proposed', 'Accepted']);
    expect(allowed('closed')).toEqual(['Completed']);
    expect(allowed('redo')).toEqual(['Completed']);
    expect(allowed('completed')).toEqual(['Accepted']);
  });

  it('nothing follows an ended dispatch, and each step names its side', () => {
    for (const ended of ['Closed', 'Declined', 'Cancelled'] as const) {
      expect(isEnded(ended)).toBe(true);
      expect(isStanding(ended)).toBe(false);
      expect(Object.keys(STEP_RULES).filter((s) => mayStep(s as DispatchStep, ended))).toEqual([]);
    }
    expect(isStanding('Completed')).toBe(true);
    expect(isStanding('Nonsense')).toBe(false);
    expect(STEP_RULES.accepted.side).toBe('provider');
    expect(STEP_RULES.redo.side).toBe('shop');
  });

  it('managers answer for a location: roles 1, 2, 3, 4 and 8', () => {
    expect([...Array(18).keys()].filter(mayManageDispatch)).toEqual([1, 2, 3, 4, 8]);
    expect(mayManageDispatch(null)).toBe(false);
  });
});

describe("the provider's access to the inspection", () => {
  it('works on it only while accepted, reads it once handed back, and has nothing otherwise', () => {
    expect(Object.fromEntries(DISPATCH_STATUSES.map((s) => [s, providerAccess(s)]))).toEqual({
      Requested: null,
      Proposed: null,
      Accepted: 'work',
      Completed: 'read',
      Closed: null,
      Declined: null,
      Cancelled: null,
    });
    expect(providerAccess('anything else')).toBeNull();
  });
});

describe('dates and windows', () => {
  const today = '2026-06-10';
  it('a real day, from today, within a year', () => {
    expect(dateProblem('2026-06-10', today)).toBeNull();
    expect(dateProblem('2027-06-10', today)).toBeNull();
    expect(dateProblem('2027-06-12', today)).toBe('Choose a date within a year.');
    expect(dateProblem('2026-06-09', today)).toBe('Choose today or a later date.');
    expect(dateProblem('2026-02-30', today)).toBe('Enter a date such as 06/15/2026.');
    expect(dateProblem('06/12/2026', today)).toBe('Enter a date such as 06/15/2026.');
  });

  it('a window of two times on the 24-hour clock, ending after it starts', () => {
    expect(windowProblem('08:00', '12:00')).toBeNull();
    expect(windowProblem('8:00', '12:00')).toEqual({ windowStart: 'Enter a time such as 08:00.' });
    expect(windowProblem('08:00', '24:00')).toEqual({ windowEnd: 'Enter a time such as 12:00.' });
    expect(windowProblem('13:00', '13:00')).toEqual({ windowEnd: 'The window must end after it starts.' });
  });

  it('shows days and visits as the user reads them', () => {
    expect(showTime('00:05')).toBe('12:05 AM');
    expect(showTime('12:00')).toBe('12:00 PM');
    expect(showTime('17:30')).toBe('05:30 PM');
    expect(showVisit('2026-06-15', '08:00', '12:00')).toBe('06/15/2026, 08:00 AM – 12:00 PM');
    expect(showVisit('2026-06-15')).toBe('06/15/2026');
    expect(showVisit(null)).toBe('');
  });

  it('a provider that offers both lets the shop choose', () => {
    expect(modesOf('both')).toEqual(['on-site', 'in-bay']);
    expect(modesOf('in-bay')).toEqual(['in-bay']);
  });
});

describe('the push notice of a step', () => {
  const notice = { dispatch: 7, adasInspection: 42, version: 3, side: 'shop' as const, title: 'Calibration accepted', text: 'x' };

  it('says what happened, to the other side', () => {
    const names = { providerName: 'Precision', shopName: 'Brooklyn', vehicle: '2022 Toyota RAV4' };
    expect(stepText('accepted', names)).toBe('Precision accepted the calibration of the 2022 Toyota RAV4.');
    expect(stepText('sent', names)).toBe('Brooklyn sent you the calibration of a 2022 Toyota RAV4.');
    expect(stepText('redo', names)).toBe('Brooklyn asked you to redo the calibration of the 2022 Toyota RAV4.');
  });

  it('links the shop to its inspection and the provider to the dispatch, and shows once per version', () => {
    expect(dispatchHref(notice)).toBe('/view?adasInspection=42');
    expect(dispatchHref({ ...notice, side: 'provider' })).toBe('/dispatch?dispatch=7');
    const toast = toastFor(PUSH_TARGETS.dispatch, notice, 4);
    expect(toast).toMatchObject({ key: 'dispatch-7-3', title: 'Calibration accepted', link: { href: '/view?adasInspection=42' } });
  });

  it('drops a malformed notice', () => {
    expect(isDispatchNotice({ ...notice, side: 'nobody' })).toBe(false);
    expect(isDispatchNotice({ ...notice, version: 0 })).toBe(false);
    expect(toastFor(PUSH_TARGETS.dispatch, { dispatch: 1 }, 4)).toBeNull();
  });
});
