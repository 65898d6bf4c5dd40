/** Shared-link tokens (api-host/core/tokens.ts): signed with their own key, expiring, never confused with login tokens. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tokenService } from '../../api-host/core/tokens';

const tokens = tokenService(randomBytes(32), 3600);
const now = Math.floor(Date.now() / 1000);

describe('link tokens', () => {
  it('name their link, and the same link always signs to the same token', async () => {
    const a = await tokens.signLink(42, now, now + 3600);
    expect(await tokens.signLink(42, now, now + 3600)).toBe(a);
    expect(await tokens.verifyLink(a)).toEqual({ link: 42, expired: false });
  });

  it('read as expired past their expiry, and as nothing when forged or signed by another host', async () => {
    expect(await tokens.verifyLink(await tokens.signLink(7, now - 7200, now - 60))).toEqual({ link: 7, expired: true });
    const good = await tokens.signLink(7, now, now + 3600);
    const [h, , sig] = good.split('.');
    const otherLink = Buffer.from(JSON.stringify({ sub: '8', aud: 'shared-link', iat: now, exp: now + 3600 })).toString('base64url');
    expect(await tokens.verifyLink(`${h}.${otherLink}.${sig}`)).toBeNull();
    expect(await tokenService(randomBytes(32), 3600).verifyLink(good)).toBeNull();
    expect(await tokens.verifyLink('not-a-token')).toBeNull();
  });

  it('are no login tokens, and login tokens are no links', async () => {
    const link = await tokens.signLink(1, now, now + 3600);
    expect(await tokens.verify(link)).toBeNull();
    const login = await tokens.issue({
      user: 1,
      contact: 1,
      firm: 1,
      timezone: 12,
      firstName: 'A',
      lastName: 'B',
      username: 'a@example.com',
      email: 'a@example.com',
      language: 1,
      roles: 1,
      firmName: 'X',
      postalCode: '',
    } as never);
    expect(await tokens.verifyLink(login)).toBeNull();
  });
});
