/**
 * An in-process reference host for integration tests (vitest): the real schema, seed, routes, contract
 * validation and tokens, on an in-memory SQLite database, answered through fastify's inject (no port).
 *
 *   const host = await startTestHost();
 *   const token = await host.token(1);                       // role1@example.com, via auth/getToken
 *   const res = await host.api(token, contract.contacts.contacts, { query: { pageSize: 5 } });
 *   await host.close();
 *
 * The seeded database is built once per test process and copied for every host (seeding hashes the demo
 * passwords, which is slow), so a fresh host per test is cheap.
 */
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMPLEMENTATIONS, MIGRATIONS, mountAreaRoutes, seed } from '../api-host/areas';
import { openDb, type Db } from '../api-host/core/db';
import { hashPassword } from '../api-host/core/passwords';
import { DEMO_PASSWORD } from '../api-host/users/seed';
import type { HostContext } from '../api-host/core/context';
import { buildServer } from '../api-host/core/server';
import { tokenService } from '../api-host/core/tokens';
import type { CallInput as ContractInput } from '../lib/api/upstream';
import type { CallDef, ResponseOf } from '../lib/contract/define';

/** A call's query and body as its contract types them (the app's upstream client's own input type). */
export type { ContractInput };

export interface HostAnswer<T = unknown> {
  status: number;
  body: T;
}

export interface CallInput {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Extra request headers (e.g. the BFF's tab header). */
  headers?: Record<string, string>;
}

export interface TestHost {
  db: Db;
  app: FastifyInstance;
  ctx: HostContext;
  /** A login token for a demo role id (role<N>@example.com) or a username, through auth/getToken. */
  token(who: number | string, password?: string): Promise<string>;
  /** Any route: `path` is relative to the host root, e.g. 'api/contact/contacts'. */
  request<T = unknown>(token: string | null, method: 'GET' | 'POST', path: string, input?: CallInput): Promise<HostAnswer<T>>;
  /** A contract call; the answer is typed loosely (tests also look at error bodies). */
  api<T = any>(token: string | null, call: CallDef, input?: CallInput): Promise<HostAnswer<T>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /**
   * A contract call that must answer 200 (the failure names the call and the body); the body parsed by its response schema.
   * Query and body are typed by the contract, as the app's own callers are (a wrong field does not compile).
   */
  ok<C extends CallDef>(token: string | null, call: C, input?: ContractInput<C>): Promise<ResponseOf<C>>;
  /** Adds a signed-in-able user (password DEMO_PASSWORD) reaching exactly `firms`; answers its username. */
  addUser(opts: { role: number | null; firm: number; firms?: number[]; username?: string }): Promise<string>;
  /**
   * Puts the freshly seeded database back (tokens issued before stay valid: they are checked against it
   * anew), so a run of many calls starts each from the same data. Files written meanwhile stay.
   */
  reset(): void;
  close(): Promise<void>;
}

let template: Promise<{ bytes: Buffer; filesDir: string }> | undefined;

/** The seeded database as bytes and the files the seed wrote, built once per process. */
function seededTemplate(): Promise<{ bytes: Buffer; filesDir: string }> {
  template ??= (async () => {
    const db = openDb(':memory:', MIGRATIONS);
    const filesDir = mkdtempSync(join(tmpdir(), 'adas-seed-files-'));
    await seed(db, filesDir);
    const bytes = db.serialize();
    db.close();
    return { bytes, filesDir };
  })();
  return template;
}

export async function startTestHost(): Promise<TestHost> {
  const seeded = await seededTemplate();
  const openSeeded = () => {
    const opened = new Database(seeded.bytes);
    opened.pragma('foreign_keys = ON');
    return opened;
  };
  const filesDir = mkdtempSync(join(tmpdir(), 'adas-files-'));
  cpSync(seeded.filesDir, filesDir, { recursive: true });
  const ctx: HostContext = { db: openSeeded(), tokens: tokenService(randomBytes(32), 3600), filesDir };
  const app = buildServer(ctx, IMPLEMENTATIONS);
  mountAreaRoutes(app, ctx);
  await app.ready();

  // The query is any object (a contract-typed one from ok(), a free one from api()/request()).
  const request = async <T>(
    token: string | null,
    method: 'GET' | 'POST',
    path: string,
    input: { query?: unknown; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<HostAnswer<T>> => {
    const query: Record<string, string> = {};
    const given = typeof input.query === 'object' && input.query !== null ? Object.entries(input.query) : [];
    for (const [k, v] of given) if (v !== undefined) query[k] = String(v);
    const res = await app.inject({
      method,
      url: `/${path}`,
      query,
      headers: { ...input.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(input.body !== undefined && { payload: input.body as object }),
    });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body: body as T };
  };

  let users = 0;
  return {
    // The handlers read ctx.db on every call: reset() swaps it.
    get db() {
      return ctx.db;
    },
    app,
    ctx,
    request,
    api: (token, call, input) => request(token, call.method, `${call.host}/${call.path}`, input),
    async ok<C extends CallDef>(token: string | null, call: C, input?: ContractInput<C>): Promise<ResponseOf<C>> {
      const res = await request(token, call.method, `${call.host}/${call.path}`, input);
      expect(res.status, `${call.path}: ${JSON.stringify(res.body)}`).toBe(200);
      // The functional parse keeps the call's own answer type (call.response.parse answers the base schema's).
      return z.parse<C['response']>(call.response, res.body);
    },
    async token(who, password = DEMO_PASSWORD) {
      const username = typeof who === 'number' ? `role${who}@example.com` : who;
      const res = await request<{ token?: string; reason?: string }>(null, 'POST', 'auth/getToken', { body: { username, password } });
      if (!res.body.token) throw new Error(`getToken failed for ${username}: ${res.body.reason ?? res.status}`);
      return res.body.token;
    },
    async addUser({ role, firm, firms = [firm], username }) {
      const name = username ?? `test-user-${++users}@example.com`;
      const hash = await hashPassword(DEMO_PASSWORD);
      const db = ctx.db;
      db.transaction(() => {
        const contact = db
          .prepare("INSERT INTO contact (firm, first_name, last_name) VALUES (?, 'Test', 'User')")
          .run(firm).lastInsertRowid;
        const user = db
          .prepare('INSERT INTO user (contact, firm, username, password_hash, role) VALUES (?, ?, ?, ?, ?)')
          .run(contact, firm, name, hash, role).lastInsertRowid;
        for (const f of firms)
          db.prepare('INSERT INTO user_firm (user, firm, is_primary) VALUES (?, ?, ?)').run(user, f, f === firm ? 1 : 0);
      })();
      return name;
    },
    reset() {
      const old = ctx.db;
      ctx.db = openSeeded();
      old.close();
    },
    async close() {
      await app.close();
      ctx.db.close();
      rmSync(ctx.filesDir, { recursive: true, force: true });
    },
  };
}
