/** The wizard's step rules (docs/onboard.md#states) and the sealed state. */
import { describe, expect, it, vi } from 'vitest';
import { seal, unseal } from '../../lib/onboard/sealed';
import { bodyFor, callFor, newWizard, saveStep, StepOrderError, type StepValues } from '../../lib/onboard/steps';

vi.mock('../../lib/config', () => ({ config: () => ({ AUTH_SECRET: 'x'.repeat(40) }) }));

const basic: StepValues['basic'] = { firstName: 'Dana', lastName: 'Lopez', emailAddress: 'dana@example.com', consent: true };
const additional = {
  company: 'Harbor',
  names: 'Dana Lopez',
  jobTitle: '',
  email: 'o@example.com',
  addressLines: '1 Pier',
  city: 'Brooklyn',
  stateProvince: null,
  postalCode: '11231',
  country: 1,
  phoneCC: '+1',
  phoneNo: '(718) 555-0100',
  languageId: 1,
  timezoneId: 12,
  webaddress: '',
  companyId: '',
} as StepValues['additional'];

describe('step rules', () => {
  it('save in order and keep each id; the firm is updated once its id is set', async () => {
    const sent: [string, Record<string, unknown>][] = [];
    let next = 10;
    // Like the host: an update answers the id it was given, a create a new one.
    const kept: Record<string, string> = { onboardMarketing: 'marketing', onboardFirmUpdate: 'firm', onboardShippingSave: 'id' };
    const send = async (call: string, body: Record<string, unknown>) => (
      sent.push([call, body]),
      { id: (body[kept[call] ?? ''] as number) || next++ }
    );
    let s = newWizard('inv-0123456789abcdefghij', false);
    await expect(saveStep(s, 'additional', additional, send)).rejects.toBeInstanceOf(StepOrderError);
    s = await saveStep(s, 'basic', basic, send);
    expect([s.ids.marketing, s.reached]).toEqual([10, 'additional']);
    expect(callFor(s, 'additional')).toBe('onboardFirm');
    s = await saveStep(s, 'additional', additional, send);
    expect([s.ids.firm, s.reached, callFor(s, 'additional')]).toEqual([11, 'shipping', 'onboardFirmUpdate']);
    // Going back to basic keeps the marketing id (an update) and the step reached.
    s = await saveStep(s, 'basic', { ...basic, firstName: 'Dani' }, send);
    expect(sent.at(-1)).toEqual(['onboardMarketing', expect.objectContaining({ marketing: 10, firstName: 'Dani' })]);
    expect([s.ids.marketing, s.reached]).toEqual([10, 'shipping']);
    expect(
      bodyFor(s, 'shipping', {
        sameAsCompany: true,
        addressLines: '1 Pier',
        city: 'Brooklyn',
        stateProvince: null,
        postalCode: '11231',
        country: 1,
      }),
    ).toMatchObject({ id: 0, firm: 11 });
  });

  it('in test mode skip the network and use 0 as each id', async () => {
    const send = vi.fn();
    let s = newWizard('inv-0123456789abcdefghij', true);
    s = await saveStep(s, 'basic', basic, send);
    s = await saveStep(s, 'additional', additional, send);
    expect(send).not.toHaveBeenCalled();
    expect([s.ids, s.reached, s.values.basic]).toEqual([{ marketing: 0, firm: 0, shipping: 0 }, 'shipping', basic]);
  });
});

describe('sealed state', () => {
  it('opens what it sealed, and nothing tampered with or expired', async () => {
    const sealed = await seal({ a: 1 }, 60);
    expect(await unseal(sealed, 60)).toEqual({ a: 1 });
    const flipped = sealed.slice(0, 40) + (sealed[40] === 'A' ? 'B' : 'A') + sealed.slice(41);
    expect(await unseal(flipped, 60)).toBeNull();
    expect(await unseal('garbage', 60)).toBeNull();
    expect(await unseal(undefined, 60)).toBeNull();
    vi.useFakeTimers({ now: Date.now() + 3_600_000 });
    expect(await unseal(sealed, 60)).toBeNull();
    vi.useRealTimers();
  });
});
