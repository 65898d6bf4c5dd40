/** The reference host's auth host and shell calls: tokens, temp tokens, bearer checks, scoping, validation. */
import { randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenService } from '../../api-host/core/tokens';
import { DEMO_PASSWORD } from '../../api-host/users/seed';
import { contract } from '../../lib/contract';
import { sessionProfile } from '../../lib/contract/auth';
import { MESSAGES } from '../../lib/validation/messages';
import { startTestHost, type TestHost } from '../../testkit/host';

let host: TestHost;
beforeEach(async () => {
  host = await startTestHost();
});
afterEach(() => host.close());

const getToken = (username: string, password: string) => host.api(null, contract.auth.getToken, { body: { username, password } });

describe('getToken', () => {
  it('answers a signed token whose claims are the session profile with an expiry', async () => {
    const res = await getToken('role9@example.com', 'Demo#2026');
    expect(res.status).toBe(200);
    const claims = sessionProfile.parse(decodeJwt(res.body.token));
    expect(claims).toMatchObject({
      user: 9,
      firm: 3,
      roles: 9,
      firmName: 'Northstar East',
      username: 'role9@example.com',
      email: 'role9@example.com',
    });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(JSON.stringify(claims)).not.toMatch(/scrypt|password/i);
  });

  it('answers {success:false, reason} for wrong credentials, unknown users and inactive accounts', async () => {
    const wrong = await getToken('role9@example.com', 'Nope#2026');
    const unknown = await getToken('nobody@example.com', 'Demo#2026');
    const inactive = await getToken('inactive@example.com', 'Demo#2026');
    expect(wrong.body).toEqual({ success: false, reason: 'The username or password is incorrect.' });
    expect(unknown.body).toEqual(wrong.body);
    expect(inactive.body).toEqual({ success: false, reason: 'This account is inactive. Please contact your administrator.' });
  });

  it('rejects a malformed body with field errors, never a 500', async () => {
    const res = await host.request(null, 'POST', 'auth/getToken', { body: { username: '' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fieldErrors: { username: [MESSAGES.required], password: [MESSAGES.required] } });
    const raw = await host.app.inject({
      method: 'POST',
      url: '/auth/getToken',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(raw.statusCode).toBe(400);
  });
});

describe('SSO temp tokens', () => {
  it("auth/user/tempTokenInfo names the link's user without redeeming it; 404 for a bad token", async () => {
    const { body } = await host.api(await host.token(4), contract.auth.createTempToken);
    const info = await host.api(null, contract.auth.tempTokenInfo, { body: { token: body.token } });
    expect(info).toMatchObject({ status: 200, body: { username: 'role4@example.com' } });
    expect(decodeJwt((await host.api(null, contract.auth.redeemTempToken, { body: { token: body.token } })).body.token).user).toBe(4);
    expect((await host.api(null, contract.auth.tempTokenInfo, { body: { token: body.token } })).status).toBe(404);
    expect((await host.api(null, contract.auth.tempTokenInfo, { body: { token: 'x'.repeat(40) } })).status).toBe(404);
  });

  it('are single-use and expire within minutes', async () => {
    const bearer = await host.token(4);
    const { body } = await host.api(bearer, contract.auth.createTempToken);
    expect(new Date(body.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const first = await host.api(null, contract.auth.redeemTempToken, { body: { token: body.token } });
    expect(decodeJwt(first.body.token).user).toBe(4);
    const second = await host.api(null, contract.auth.redeemTempToken, { body: { token: body.token } });
    expect(second.body.success).toBe(false);

    const again = await host.api(bearer, contract.auth.createTempToken);
    host.db.prepare('UPDATE temp_token SET expires_at = ?').run(Date.now() - 1);
    expect((await host.api(null, contract.auth.redeemTempToken, { body: { token: again.body.token } })).body.success).toBe(false);
  });
});

describe('bearer checks', () => {
  it('401 for a missing, forged or expired token', async () => {
    const call = (token: string | null) => host.api(token, contract.locations.firmPreference, { query: { firm: 1, category: 'Brand' } });
    expect((await call(null)).status).toBe(401);
    const forged = await tokenService(randomBytes(32), 3600).issue(
      sessionProfile.omit({ exp: true }).parse({ ...decodeJwt(await host.token(1)) }),
    );
    expect((await call(forged)).status).toBe(401);

    const secret = randomBytes(32);
    host.ctx.tokens = tokenService(secret, 3600);
    const claims = sessionProfile.omit({ exp: true }).parse({ ...decodeJwt(await host.token(1)) });
    expect((await call(await host.ctx.tokens.issue(claims))).status).toBe(200);
    expect((await call(await tokenService(secret, -60).issue(claims))).status).toBe(401);
  });

  it('403 where the role may not make the call', async () => {
    const res = await host.api(await host.token(5), contract.contacts.contacts);
    expect(res.status).toBe(403);
  });

  it('401 for a token without an expiry or an id, though correctly signed', async () => {
    const secret = randomBytes(32);
    host.ctx.tokens = tokenService(secret, 3600);
    const claims = sessionProfile.omit({ exp: true }).parse({ ...decodeJwt(await host.token(1)) });
    const sign = (jwt: SignJWT) => jwt.setProtectedHeader({ alg: 'HS256' }).sign(secret);
    const call = (token: string) => host.api(token, contract.locations.firmPreference, { query: { firm: 1, category: 'Brand' } });
    expect((await call(await sign(new SignJWT({ ...claims }).setJti('x').setIssuedAt()))).status).toBe(401);
    expect((await call(await sign(new SignJWT({ ...claims }).setIssuedAt().setExpirationTime('1h')))).status).toBe(401);
    expect((await call(await sign(new SignJWT({ ...claims }).setJti('y').setIssuedAt().setExpirationTime('1h')))).status).toBe(200);
  });

  it('the role and the active flag come from the database on every call, not from the token', async () => {
    const token = await host.token(1);
    expect((await host.api(token, contract.contacts.contacts)).status).toBe(200);
    host.db.prepare('UPDATE user SET role = 5 WHERE user = 1').run();
    expect((await host.api(token, contract.contacts.contacts)).status).toBe(403);
    host.db.prepare('UPDATE user SET role = 1, is_inactive = 1 WHERE user = 1').run();
    expect((await host.api(token, contract.contacts.contacts)).status).toBe(401);
  });

  it('auth/user/revokeToken: the token is refused from then on; other tokens of the user are not', async () => {
    const [a, b] = [await host.token(4), await host.token(4)];
    expect((await host.api(a, contract.auth.revokeToken)).status).toBe(200);
    expect((await host.api(a, contract.users.profile, { query: { username: 'role4@example.com' } })).status).toBe(401);
    expect((await host.api(b, contract.users.profile, { query: { username: 'role4@example.com' } })).status).toBe(200);
  });
});

describe('shell calls', () => {
  it('firm/firmPreference: Brand rows of a firm the caller reaches; another firm is 404', async () => {
    const shop = await host.token(15); // firm 7
    const own = await host.api(shop, contract.locations.firmPreference, { query: { firm: 7, category: 'Brand' } });
    expect(own.body.map((r: { name: string }) => r.name).sort()).toEqual(['BrandIcon', 'BrandLogo', 'BrandTitle', 'MainLogo']);
    const other = await host.api(shop, contract.locations.firmPreference, { query: { firm: 1, category: 'Brand' } });
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('ADAS Central');
  });

  it('user/profile: own profile; another firm’s user is 404', async () => {
    const shop = await host.token(15);
    const me = await host.api(shop, contract.users.profile, { query: { username: 'role15@example.com' } });
    expect(me.body).toMatchObject({
      user: 15,
      firmName: 'Queens Auto Body',
      timezoneName: 'Eastern Standard Time',
      languageName: 'English',
    });
    expect(JSON.stringify(me.body)).not.toMatch(/scrypt|password/i);
    expect((await host.api(shop, contract.users.profile, { query: { username: 'role1@example.com' } })).status).toBe(404);
  });

  it('user/saveCredentials: the strength rule, own password, administrators within their firms', async () => {
    const shop = await host.token(15);
    const weak = await host.api(shop, contract.users.saveCredentials, { body: { username: 'role15@example.com', password: 'weak' } });
    expect(weak.status).toBe(400);
    expect(weak.body.fieldErrors.password).toEqual([MESSAGES.passwordWeak]);
    // Another user of the same firm: reachable but not administered by a shop user.
    const other = await host.api(shop, contract.users.saveCredentials, {
      body: { username: 'role16@example.com', password: 'New#Pass2027' },
    });
    expect(other.status).toBe(403);
    const own = await host.api(shop, contract.users.saveCredentials, {
      body: { username: 'role15@example.com', password: 'New#Pass2027', currentPassword: DEMO_PASSWORD },
    });
    expect(own).toMatchObject({ status: 200, body: { success: true, user: 15 } });
    expect((await getToken('role15@example.com', 'New#Pass2027')).body.token).toBeTruthy();
    const admin = await host.token(1);
    expect(
      (await host.api(admin, contract.users.saveCredentials, { body: { username: 'role16@example.com', password: 'Adm#Set2027' } })).status,
    ).toBe(200);
  });

  it('user/saveCredentials: role 2 never over role 1; an administrator only within their firms', async () => {
    const set = async (by: string, username: string) =>
      (await host.api(by, contract.users.saveCredentials, { body: { username, password: 'Adm#Set2027' } })).status;
    const two = await host.token(2);
    expect(await set(two, 'role1@example.com')).toBe(403);
    expect(await set(two, 'role3@example.com')).toBe(200);
    const otherTwo = await host.addUser({ role: 2, firm: 1, firms: [1, 2, 3] });
    expect(await set(two, otherTwo)).toBe(200);
    expect(await set(await host.token(1), 'role2@example.com')).toBe(200);
    // An administrator who reaches only some firms: another firm's user is unknown to them.
    const narrow = await host.addUser({ role: 2, firm: 6, firms: [6] });
    expect(await set(await host.token(narrow), 'role9@example.com')).toBe(404);
  });

  it("a password change ends the user's other sessions but keeps the one that made it", async () => {
    const first = await host.token(9);
    const second = await host.token(9);
    const profile = (t: string) => host.api(t, contract.users.profile, { query: { username: 'role9@example.com' } });
    const changed = await host.api(second, contract.users.saveCredentials, {
      body: { username: 'role9@example.com', password: 'Own#Pass2027', currentPassword: DEMO_PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect((await profile(first)).status).toBe(401);
    expect((await profile(second)).status).toBe(200);
    // Set by an administrator: every session of that user ends, and a new sign-in works.
    await host.api(await host.token(1), contract.users.saveCredentials, {
      body: { username: 'role9@example.com', password: 'Adm#Set2027' },
    });
    expect((await profile(second)).status).toBe(401);
    expect((await profile(await host.token('role9@example.com', 'Adm#Set2027'))).status).toBe(200);
  });

  it('user/resetPassword answers the same for known and unknown usernames and records the request', async () => {
    const known = await host.api(null, contract.auth.resetPassword, { body: { username: 'role3@example.com' } });
    const unknown = await host.api(null, contract.auth.resetPassword, { body: { username: 'ghost@example.com' } });
    expect(known.body).toEqual(unknown.body);
    expect(host.db.prepare('SELECT COUNT(*) AS n FROM password_reset').get()).toEqual({ n: 2 });
  });

  it('log/saveEntry and data/saveUsage persist for the caller', async () => {
    const t = await host.token(2);
    await host.api(t, contract.log.saveEntry, { body: { name: 'client-error', value: 'x' } });
    await host.api(t, contract.data.saveUsage, { body: { area: 'auth', action: 'signIn' } });
    // The browser's entries are records of the application log (issue 15), naming the user.
    expect(host.db.prepare("SELECT title, name, message FROM app_log WHERE machine_name = 'browser' AND message = 'x'").all()).toEqual([
      { title: 'user 2 (role2@example.com)', name: 'browser.client-error', message: 'x' },
    ]);
    expect(host.db.prepare('SELECT user, area, action FROM usage').all()).toEqual([{ user: 2, area: 'auth', action: 'signIn' }]);
    expect((await host.api(t, contract.log.saveEntry, { body: { name: '' } })).status).toBe(400);
  });
});
