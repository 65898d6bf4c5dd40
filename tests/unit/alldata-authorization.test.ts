/** The ALLDATA callback rules (lib/alldata/authorization.ts) and the sealing of their state. */
import { describe, expect, it, vi } from 'vitest';
import {
  AUTHORIZATION_TTL_MS,
  SEAL_TTL_SECONDS,
  checkCallback,
  isConnector,
  type AuthorizationState,
} from '../../lib/alldata/authorization';

vi.mock('../../lib/config', () => ({ config: () => ({ AUTH_SECRET: 'a-test-secret-of-at-least-thirty-two-characters' }) }));
const { seal, unseal } = await import('../../lib/onboard/sealed');

const now = Date.UTC(2026, 10, 23, 12);
const sealed: AuthorizationState = { state: 's-abc', verifier: 'v'.repeat(43), firm: 6, user: 4, issuedAt: now - 60_000 };
const who = { user: 4, firm: 6 };

describe('checkCallback', () => {
  it('accepts its own state with a code, for the user and firm who started it', () => {
    expect(checkCallback({ state: 's-abc', code: 'c-1' }, sealed, who, now)).toEqual({ ok: true, code: 'c-1' });
  });

  it('refuses a callback without state, whatever else it carries', () => {
    expect(checkCallback({ code: 'c-1' }, sealed, who, now)).toEqual({ ok: false, problem: 'missingState' });
  });

  it('refuses a callback when no authorization was started in this browser', () => {
    expect(checkCallback({ state: 's-abc', code: 'c-1' }, null, who, now)).toEqual({ ok: false, problem: 'notStarted' });
  });

  it('refuses a forged state before believing anything else it says', () => {
    expect(checkCallback({ state: 's-other', code: 'c-1' }, sealed, who, now)).toEqual({ ok: false, problem: 'forged' });
    expect(checkCallback({ state: 's-other', error: 'access_denied' }, sealed, who, now)).toEqual({ ok: false, problem: 'forged' });
  });

  it('refuses an authorization older than the window', () => {
    const old = { ...sealed, issuedAt: now - AUTHORIZATION_TTL_MS - 1 };
    expect(checkCallback({ state: 's-abc', code: 'c-1' }, old, who, now)).toEqual({ ok: false, problem: 'expired' });
    const edge = { ...sealed, issuedAt: now - AUTHORIZATION_TTL_MS };
    expect(checkCallback({ state: 's-abc', code: 'c-1' }, edge, who, now).ok).toBe(true);
  });

  it('refuses another user or another firm than the one who started it', () => {
    expect(checkCallback({ state: 's-abc', code: 'c-1' }, sealed, { user: 5, firm: 6 }, now)).toEqual({ ok: false, problem: 'otherUser' });
    expect(checkCallback({ state: 's-abc', code: 'c-1' }, sealed, { user: 4, firm: 7 }, now)).toEqual({ ok: false, problem: 'otherUser' });
  });

  it('tells a denial from other provider errors, and needs a code', () => {
    expect(checkCallback({ state: 's-abc', error: 'access_denied' }, sealed, who, now)).toEqual({ ok: false, problem: 'denied' });
    expect(checkCallback({ state: 's-abc', error: 'server_error' }, sealed, who, now)).toEqual({ ok: false, problem: 'provider' });
    expect(checkCallback({ state: 's-abc' }, sealed, who, now)).toEqual({ ok: false, problem: 'noCode' });
  });
});

describe('the sealed authorization state', () => {
  it('opens as sealed, and a tampered seal opens as nothing', async () => {
    const text = await seal(sealed, SEAL_TTL_SECONDS);
    expect(text).not.toContain(sealed.verifier);
    expect(await unseal<AuthorizationState>(text, SEAL_TTL_SECONDS)).toEqual(sealed);
    const tampered = text.slice(0, 30) + (text[30] === 'A' ? 'B' : 'A') + text.slice(31);
    expect(await unseal(tampered, SEAL_TTL_SECONDS)).toBeNull();
  });
});

describe('isConnector', () => {
  it('lets the firm administrators connect, nobody else', () => {
    expect([1, 2, 3, 4, 8].every(isConnector)).toBe(true);
    expect([5, 7, 9, 15, 17].some(isConnector)).toBe(false);
    expect(isConnector(null)).toBe(false);
  });
});
