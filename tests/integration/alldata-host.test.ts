/**
 * ALLDATA at the reference host: the stand-in authorization server (consent, code, token with PKCE,
 * refresh; a replayed code, a wrong verifier, an unregistered redirect URI, a bad client) and the firm's
 * account calls (alldata/account, alldata/setToken: plan, role, bad input; the token is never answered).
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALLDATA_DEMO_FIRM } from '../../api-host/alldata/seed';
import { EMBEDDED_ALLDATA_CLIENT } from '../../lib/embedded-clients';
import { contract } from '../../lib/contract';
import { ALLDATA_MESSAGES } from '../../lib/contract/alldata-account';
import { ALLDATA_SCOPE } from '../../lib/alldata/scope';
import { tokenBoxOf } from '../../api-host/alldata/token-box';
import { startTestHost, type TestHost } from '../../testkit/host';

let host: TestHost;
beforeEach(async () => {
  host = await startTestHost();
});
afterEach(() => host.close());

const a = contract.alldataAccount;
const REDIRECT = 'http://localhost:3000/alldataApproval';
const basic = (secret: string = EMBEDDED_ALLDATA_CLIENT.secret) =>
  `Basic ${Buffer.from(`${EMBEDDED_ALLDATA_CLIENT.id}:${secret}`).toString('base64')}`;

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const authorizeParams = (challenge: string, extra: Record<string, string> = {}) => ({
  response_type: 'code',
  client_id: EMBEDDED_ALLDATA_CLIENT.id,
  redirect_uri: REDIRECT,
  scope: ALLDATA_SCOPE,
  state: 'state-123',
  code_challenge: challenge,
  code_challenge_method: 'S256',
  ...extra,
});

/** The user's decision on the consent page; answers where the stand-in sends the browser. */
async function decide(challenge: string, decision: 'allow' | 'deny', extra: Record<string, string> = {}): Promise<URL> {
  const res = await host.app.inject({
    method: 'POST',
    url: '/alldata/oauth/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...authorizeParams(challenge, extra), decision }).toString(),
  });
  expect(res.statusCode).toBe(303);
  return new URL(res.headers.location as string);
}

async function token(form: Record<string, string>, auth = basic()) {
  const res = await host.app.inject({
    method: 'POST',
    url: '/alldata/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: auth },
    payload: new URLSearchParams(form).toString(),
  });
  return { status: res.statusCode, body: res.json() as Record<string, string | number> };
}

describe('stand-in ALLDATA authorization server', () => {
  it('shows a consent page for a registered client and redirect URI, and refuses others without redirecting', async () => {
    const { challenge } = pkce();
    const page = await host.app.inject({ method: 'GET', url: '/alldata/oauth/authorize', query: authorizeParams(challenge) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Allow ADAS Desk to use your ALLDATA account?');
    expect(page.body).toContain('name="state" value="state-123"');

    const foreign = await host.app.inject({
      method: 'GET',
      url: '/alldata/oauth/authorize',
      query: authorizeParams(challenge, { redirect_uri: 'https://evil.example/cb' }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.headers.location).toBeUndefined();
    const client = await host.app.inject({
      method: 'GET',
      url: '/alldata/oauth/authorize',
      query: authorizeParams(challenge, { client_id: 'someone' }),
    });
    expect(client.statusCode).toBe(400);

    const plain = await host.app.inject({
      method: 'GET',
      url: '/alldata/oauth/authorize',
      query: authorizeParams(challenge, { code_challenge_method: 'plain' }),
    });
    expect(plain.statusCode).toBe(303);
    expect(new URL(plain.headers.location as string).searchParams.get('error')).toBe('invalid_request');
  });

  it('answers a denial with access_denied and the state', async () => {
    const back = await decide(pkce().challenge, 'deny');
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('state-123');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('exchanges a code once, only with its verifier, and refreshes with rotation', async () => {
    const { verifier, challenge } = pkce();
    const back = await decide(challenge, 'allow');
    expect(back.searchParams.get('state')).toBe('state-123');
    const code = back.searchParams.get('code')!;

    const wrongSecret = await token(
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier },
      basic('not-the-secret'),
    );
    expect(wrongSecret.status).toBe(401);

    const first = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token_type: 'Bearer', scope: ALLDATA_SCOPE });
    expect(typeof first.body.access_token).toBe('string');

    const replay = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier });
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: String(first.body.refresh_token) });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(first.body.access_token);
    const reused = await token({ grant_type: 'refresh_token', refresh_token: String(first.body.refresh_token) });
    expect(reused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('refuses a code with another verifier, and burns it', async () => {
    const { verifier, challenge } = pkce();
    const code = (await decide(challenge, 'allow')).searchParams.get('code')!;
    const wrong = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: pkce().verifier });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const right = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier });
    expect(right.status).toBe(400);
  });
});

describe('alldata/account and alldata/setToken', () => {
  const tokens = { accessToken: 'at-123', refreshToken: 'rt-456', expiresIn: 3600, scope: ALLDATA_SCOPE };

  it('stores the firm’s token and answers the connection, never the token', async () => {
    const admin = await host.token(4);
    const before = await host.api(admin, a.account);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ eligible: true, connected: false, firmName: 'Brooklyn Collision & Glass' });

    const saved = await host.api(admin, a.setToken, { body: tokens });
    expect(saved.status).toBe(200);
    expect(saved.body.connected).toBe(true);

    const after = await host.api(admin, a.account);
    expect(after.body).toMatchObject({ connected: true, scope: ALLDATA_SCOPE });
    expect(after.body.connectedBy).toBeTruthy();
    expect(JSON.stringify(after.body)).not.toContain('at-123');
    // Kept sealed: the database alone shows no token.
    const row = host.db.prepare('SELECT access_token, refresh_token FROM alldata_connection WHERE firm = ?').get(ALLDATA_DEMO_FIRM) as {
      access_token: string;
      refresh_token: string;
    };
    expect(JSON.stringify(row)).not.toMatch(/at-123|rt-456/);
    const box = tokenBoxOf(host.ctx);
    expect([box.open(row.access_token), box.open(row.refresh_token)]).toEqual(['at-123', 'rt-456']);

    // Connecting again replaces the tokens (one row per firm).
    await host.api(admin, a.setToken, { body: { ...tokens, accessToken: 'at-789' } });
    const rows = host.db.prepare('SELECT access_token FROM alldata_connection WHERE firm = ?').pluck().all(ALLDATA_DEMO_FIRM) as string[];
    expect(rows.map((t) => box.open(t))).toEqual(['at-789']);
  });

  it('answers 400 with field errors for bad input', async () => {
    const res = await host.api(await host.token(4), a.setToken, { body: { accessToken: '', expiresIn: -5 } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(expect.arrayContaining(['accessToken', 'expiresIn']));
  });

  it('refuses a firm whose plan lacks ALLDATA (403) and roles that do not connect (403)', async () => {
    // Role 3 signs in at the Northstar franchiser, which bought no plan with ALLDATA.
    const franchiser = await host.token(3);
    expect((await host.api(franchiser, a.account)).body.eligible).toBe(false);
    const refused = await host.api(franchiser, a.setToken, { body: tokens });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(ALLDATA_MESSAGES.notInPlan);

    // Role 5 is a shop user at the same subscribing firm: not an administrator.
    const user = await host.api(await host.token(5), a.setToken, { body: tokens });
    expect(user.status).toBe(403);
    expect((await host.api(await host.token(5), a.account)).status).toBe(403);
    expect(host.db.prepare('SELECT COUNT(*) AS n FROM alldata_connection').get()).toEqual({ n: 0 });
  });

  it('keeps each firm to its own connection', async () => {
    await host.api(await host.token(4), a.setToken, { body: tokens });
    // Another firm's administrator sees only their own firm, never firm 6's connection.
    const other = await host.api(await host.token(8), a.account);
    expect(other.body).toMatchObject({ connected: false, firmName: 'Northstar East' });
  });
});

describe('alldata/documentTicket and the stand-in document page', () => {
  const DOC = 'http://127.0.0.1:4010/alldata/repair/honda/civic-2022/front-camera-aiming';

  /** Connects firm 6 with real stand-in tokens (the code grant), as /alldataApproval does. */
  async function connect(expiresIn = 3600) {
    const { verifier, challenge } = pkce();
    const code = (await decide(challenge, 'allow')).searchParams.get('code')!;
    const t = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier });
    await host.api(await host.token(4), a.setToken, {
      body: { accessToken: String(t.body.access_token), refreshToken: String(t.body.refresh_token), expiresIn, scope: ALLDATA_SCOPE },
    });
    return t.body;
  }
  const open = (path: string) => host.app.inject({ method: 'GET', url: path });

  it('issues a single-use ticket to any user of a connected firm; the document opens once', async () => {
    const tokens = await connect();
    // Role 5 is a shop user of the connected firm: opening documents is not an administrator's business.
    const res = await host.api(await host.token(5), a.documentTicket, { body: { url: DOC } });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(String(tokens.access_token));

    const path = `${new URL(DOC).pathname}?ticket=${res.body.ticket}`;
    const first = await open(path);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('ALLDATA document');
    expect(first.body).toContain('honda civic 2022 front camera aiming');
    const again = await open(path);
    expect(again.statusCode).toBe(401);
    expect(again.body).toContain('already used or expired');

    expect((await open(new URL(DOC).pathname)).statusCode).toBe(401);
    // A ticket is for its own document only.
    const other = await host.api(await host.token(4), a.documentTicket, { body: { url: DOC } });
    expect((await open(`/alldata/repair/toyota/camry?ticket=${other.body.ticket}`)).statusCode).toBe(401);
    expect((await open(`${new URL(DOC).pathname}?ticket=${other.body.ticket}`)).statusCode).toBe(200);
  });

  it('refreshes an expired access token with the refresh grant before issuing', async () => {
    const first = await connect();
    host.db.prepare("UPDATE alldata_connection SET expires_at = '2020-01-01T00:00:00Z' WHERE firm = ?").run(ALLDATA_DEMO_FIRM);
    const res = await host.api(await host.token(4), a.documentTicket, { body: { url: DOC } });
    expect(res.status).toBe(200);
    const row = host.db.prepare('SELECT access_token, expires_at FROM alldata_connection WHERE firm = ?').get(ALLDATA_DEMO_FIRM) as {
      access_token: string;
      expires_at: string;
    };
    expect(tokenBoxOf(host.ctx).open(row.access_token)).not.toBe(first.access_token);
    expect(Date.parse(row.expires_at)).toBeGreaterThan(Date.now());
    expect((await open(`${new URL(DOC).pathname}?ticket=${res.body.ticket}`)).statusCode).toBe(200);

    // A used-up refresh token cannot be refreshed again: the firm must reconnect (409).
    host.db
      .prepare("UPDATE alldata_connection SET expires_at = '2020-01-01T00:00:00Z', refresh_token = ? WHERE firm = ?")
      .run(tokenBoxOf(host.ctx).seal(String(first.refresh_token)), ALLDATA_DEMO_FIRM);
    expect((await host.api(await host.token(4), a.documentTicket, { body: { url: DOC } })).status).toBe(409);
  });

  it('refuses a firm without a connection (404) and a link that is not an ALLDATA document (400)', async () => {
    await connect();
    // Role 8's firm (Northstar East) has no connection; firm 6's connection is never lent to it.
    const other = await host.api(await host.token(8), a.documentTicket, { body: { url: DOC } });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe(ALLDATA_MESSAGES.notConnected);

    for (const url of [
      'https://techinfo.honda.com/rjanisis/pubs/OM/',
      'http://127.0.0.1:4010/alldata/oauth/authorize',
      'http://127.0.0.1:4010/alldata/repair/',
      'not a url',
    ]) {
      const res = await host.api(await host.token(4), a.documentTicket, { body: { url } });
      expect(res.status, url).toBe(400);
      expect(res.body.fieldErrors.url).toBeTruthy();
    }
    expect(host.db.prepare('SELECT COUNT(*) AS n FROM alldata_document_ticket').get()).toEqual({ n: 0 });
  });
});
