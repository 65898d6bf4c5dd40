/**
 * The host writes the app's request id (X-Request-Id) with the lines it logs while handling a call, so one
 * user action can be followed from the app's log to the host's: a handler's own line (password reset) and the
 * per-request line at debug level carry it, and the stored application-log record names it. A malformed or
 * missing id is replaced by one of the host's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPLEMENTATIONS } from '../../api-host/areas';
import { storeLogger } from '../../api-host/log/logger';
import { buildServer } from '../../api-host/core/server';
import { startTestHost, type TestHost } from '../../testkit/host';

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => {
  await host?.close();
});

/** A host on the test database whose logger keeps its lines, at debug level. */
function loggedHost() {
  const { logger, flush } = storeLogger(host.db, { level: 'debug', stdoutLevel: null });
  const app = buildServer({ ...host.ctx, log: logger }, IMPLEMENTATIONS);
  return { app, flush };
}

const titles = (id: string) =>
  host.db
    .prepare<[string], { title: string; message: string }>("SELECT title, message FROM app_log WHERE title LIKE '%' || ? || '%'")
    .all(id);

describe('request ids at the host', () => {
  it("a call's own log line and the request line carry the app's X-Request-Id", async () => {
    const { app, flush } = loggedHost();
    const id = `app-${Date.now().toString(36)}-reset`;
    const res = await app.inject({
      method: 'POST',
      url: '/auth/user/resetPassword',
      headers: { 'content-type': 'application/json', 'x-request-id': id },
      payload: { username: 'role3@example.com' },
    });
    expect(res.statusCode).toBe(200);
    flush();
    const records = titles(id);
    expect(records.map((r) => r.message)).toEqual(
      expect.arrayContaining(['Password reset link mailed to role3@example.com', 'request completed']),
    );
    await app.close();
  });

  it('a malformed id is not taken: the host makes its own', async () => {
    const { app, flush } = loggedHost();
    const bad = 'bad id with spaces <script>';
    await app.inject({
      method: 'POST',
      url: '/auth/user/resetPassword',
      headers: { 'content-type': 'application/json', 'x-request-id': bad },
      payload: { username: 'role4@example.com' },
    });
    flush();
    const row = host.db
      .prepare<[], { title: string }>(
        "SELECT title FROM app_log WHERE message = 'Password reset link mailed to role4@example.com' ORDER BY rowid DESC LIMIT 1",
      )
      .get();
    expect(row?.title).toMatch(/\[request [0-9a-f-]{36}\]$/);
    expect(row?.title).not.toContain('script');
    await app.close();
  });
});
