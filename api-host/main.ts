/**
 * Starts the reference API host (API, auth host, push hub, third-party stand-ins) on one port.
 *   API_HOST_PORT     port (default 4010)
 *   API_HOST_ADDRESS  address to listen on (default 127.0.0.1; 0.0.0.0 in a container)
 *   API_HOST_DB       SQLite file (default .data/reference.db)
 *   API_HOST_SECRET   token signing secret (default: generated once into .data/api-host-secret)
 *   API_HOST_TOKEN_TTL token lifetime in seconds (default 28800 = 8 h)
 *   API_HOST_LOG_LEVEL the lowest level written to the application log (default info)
 *   APP_LOG_SECRET    the secret the app's server sends with its error records (default: generated once
 *                     into .data/app-log-secret, which `npm start` hands to the app as well)
 *   APP_PUBLIC_URL    the app's origin, for links in mails (default http://localhost:3000)
 *   APP_ENV           prod: the auth host's anonymous calls answer the app's server only (with APP_LOG_SECRET)
 *   API_HOST_FILES    folder of uploaded files, one folder per firm (default .data/files); uploads nothing
 *                     refers to are removed a day after their upload (files/orphans.ts: at start, every 6 h)
 *   API_HOST_ALLDATA_KEY the key firms' ALLDATA tokens are sealed with at rest, at least 32 characters
 *                     (default: generated once into .data/alldata-key; alldata/token-box.ts)
 *   API_HOST_VEHICLE_DATA_CLIENT_ID / _CLIENT_SECRET / _TOKEN_TTL  the vehicle-data stand-in (api-host/vehicle-data)
 * Flags: --reset re-seeds before serving; --reset-only re-seeds and exits (npm run reset-data).
 */
import { existsSync, rmSync } from 'node:fs';
import { z } from 'zod';
import { IMPLEMENTATIONS, MIGRATIONS, isSeeded, mountAreaRoutes, seed } from './areas';
import { LegacyDatabaseError, openDb, type Db } from './core/db';
import { storeLogger } from './log/service';
import { secretFromFile } from './core/secrets';
import { scheduleOrphanSweeps } from './files/service';
import { mountPushHub } from './push';
import type { HostContext } from './core/context';
import { buildServer } from './core/server';
import { tokenService } from './core/tokens';

const env = z
  .object({
    API_HOST_PORT: z.coerce.number().int().min(1).max(65535).default(4010),
    API_HOST_ADDRESS: z.union([z.ipv4(), z.ipv6()], { error: 'API_HOST_ADDRESS must be an IP address' }).default('127.0.0.1'),
    API_HOST_DB: z.string().min(1).default('.data/reference.db'),
    API_HOST_SECRET: z.string().min(32, 'API_HOST_SECRET must be at least 32 characters').optional(),
    API_HOST_TOKEN_TTL: z.coerce
      .number()
      .int()
      .min(5)
      .max(7 * 24 * 3600)
      .default(8 * 3600),
    API_HOST_LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal']).default('info'),
    APP_LOG_SECRET: z.string().min(32, 'APP_LOG_SECRET must be at least 32 characters').optional(),
    APP_PUBLIC_URL: z.url({ error: 'APP_PUBLIC_URL must be an absolute http(s) URL' }).default('http://localhost:3000'),
    APP_ENV: z.string().default('uat'),
    API_HOST_FILES: z.string().min(1).default('.data/files'),
    API_HOST_ALLDATA_KEY: z.string().min(32, 'API_HOST_ALLDATA_KEY must be at least 32 characters').optional(),
  })
  .safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
if (!env.success) {
  console.error(`Invalid reference host configuration:\n${env.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  process.exit(1);
}
const {
  API_HOST_PORT,
  API_HOST_ADDRESS,
  API_HOST_DB,
  API_HOST_SECRET,
  API_HOST_TOKEN_TTL,
  API_HOST_FILES,
  API_HOST_LOG_LEVEL,
  APP_LOG_SECRET,
  APP_PUBLIC_URL,
  API_HOST_ALLDATA_KEY,
  APP_ENV,
} = env.data;
const reset = process.argv.includes('--reset') || process.argv.includes('--reset-only');

const removeDb = () => {
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(API_HOST_DB + suffix)) rmSync(API_HOST_DB + suffix);
  rmSync(API_HOST_FILES, { recursive: true, force: true });
};
if (reset) removeDb();
let db: Db;
try {
  db = openDb(API_HOST_DB, MIGRATIONS);
} catch (e) {
  if (!(e instanceof LegacyDatabaseError)) throw e;
  // Demo data only: start it afresh rather than migrate a layout no release shipped with.
  console.log(`[api-host] ${e.message}; re-seeding it`);
  removeDb();
  db = openDb(API_HOST_DB, MIGRATIONS);
}
if (!isSeeded(db)) {
  const started = Date.now();
  await seed(db, API_HOST_FILES);
  console.log(`[api-host] seeded ${API_HOST_DB} in ${Date.now() - started} ms`);
}
if (process.argv.includes('--reset-only')) {
  db.close();
  process.exit(0);
}

const secret = new TextEncoder().encode(API_HOST_SECRET ?? secretFromFile('.data/api-host-secret'));
const { logger, flush } = storeLogger(db, { level: API_HOST_LOG_LEVEL });
const ctx: HostContext = {
  db,
  tokens: tokenService(secret, API_HOST_TOKEN_TTL),
  filesDir: API_HOST_FILES,
  log: logger,
  serviceSecret: APP_LOG_SECRET ?? secretFromFile('.data/app-log-secret'),
  alldataKey: API_HOST_ALLDATA_KEY ?? secretFromFile('.data/alldata-key'),
  appUrl: APP_PUBLIC_URL,
  authForServiceOnly: APP_ENV === 'prod',
};
const app = buildServer(ctx, IMPLEMENTATIONS);
mountPushHub(app, ctx); // the SignalR hub at /hubs/push
mountAreaRoutes(app, ctx); // third-party stand-ins (api-host/vehicle-data: /ADAG/…)

await app.listen({ port: API_HOST_PORT, host: API_HOST_ADDRESS });
console.log(`[api-host] listening on http://${API_HOST_ADDRESS}:${API_HOST_PORT} (database ${API_HOST_DB})`);
logger.info({ area: 'server' }, 'Reference host started on port %s', API_HOST_PORT);
scheduleOrphanSweeps(ctx);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().finally(() => {
      flush();
      db.close();
      process.exit(0);
    });
  });
}
