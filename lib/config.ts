/**
 * Configuration, read from the environment and checked with zod once, at start-up
 * (instrumentation.ts calls loadConfig so a bad value stops the server with a message naming it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { EMBEDDED_ALLDATA_CLIENT, EMBEDDED_VEHICLE_DATA_CLIENT } from './embedded-clients';

/** host:port,host:port → the sentinel nodes, or null when any entry is malformed. */
export function sentinelNodes(list: string): { host: string; port: number }[] | null {
  const nodes = list.split(',').map((entry) => {
    const [, host, digits] = /^\s*([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\]):(\d{1,5})\s*$/.exec(entry) ?? [];
    const port = Number(digits ?? 0);
    return host && port >= 1 && port <= 65535 ? { host: host.replace(/^\[|\]$/g, ''), port } : null;
  });
  return nodes.length && nodes.every(Boolean) ? (nodes as { host: string; port: number }[]) : null;
}

const url = (name: string) =>
  z.url({ error: `${name} must be an absolute http(s) URL` }).refine((v) => /^https?:\/\//.test(v), `${name} must be an http(s) URL`);

/** Defaults point at the embedded reference host started by `npm start`. */
export const EMBEDDED_HOST = 'http://127.0.0.1:4010';

/**
 * Every variable the app reads, with its meaning (`describe`): `.env.example` is generated from this
 * schema (`npm run env-example`; tests/unit/env-example.test.ts fails when the two differ).
 */
export const CONFIG_SCHEMA = z
  .object({
    API_URL: url('API_URL').default(`${EMBEDDED_HOST}/api/`).describe('The API host.'),
    AUTH_URL: url('AUTH_URL').default(`${EMBEDDED_HOST}/auth/`).describe('The auth host (getToken, redeemTempToken, resetPassword).'),
    PUSH_URL: z
      .union([z.literal(''), url('PUSH_URL')])
      .default(`${EMBEDDED_HOST}/hubs/push`)
      .describe('The SignalR hub; empty runs without push.'),
    APP_ENV: z
      .string()
      .regex(/^[a-z0-9-]{1,20}$/, 'APP_ENV must be a short lower-case name such as dev, uat or prod')
      .default('uat')
      .describe('`prod` hides the UAT banner and the environment in page titles.'),
    APP_VERSION: z.string().min(1).max(40).optional().describe('Shown in the banner; unset: the version in package.json.'),
    PRODUCT_NAME: z.string().trim().min(1).max(60).default('ADAS Desk').describe('The product name in page titles.'),
    AUTH_SECRET: z
      .string()
      .min(32, 'AUTH_SECRET must be at least 32 characters')
      .optional()
      .describe(
        'Session cookie encryption, at least 32 characters, the same on every instance; required when APP_ENV=prod. Unset: npm start generates one into .data/auth-secret.',
      ),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000).describe("The app's port."),
    UPSTREAM_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(120_000)
      .default(10_000)
      .describe('Time-out of every upstream call, in milliseconds.'),
    PRIVACY_POLICY_URL: url('PRIVACY_POLICY_URL').default('https://example.com/privacy').describe('Left-menu link to the privacy policy.'),
    TRAINING_VIDEOS_URL: url('TRAINING_VIDEOS_URL')
      .default('https://example.com/training')
      .describe('Left-menu link to the training videos.'),
    APP_LOG_SECRET: z
      .string()
      .min(32, 'APP_LOG_SECRET must be at least 32 characters')
      .optional()
      .describe(
        "The app server writes its errors to the host's application log (log/saveRecord) with it; the same value on the host, at least 32 characters. Unset: npm start generates one into .data/app-log-secret; without one, errors stay on stdout.",
      ),
    TRUST_PROXY: z
      .enum(['0', '1'], { error: 'TRUST_PROXY must be 0 or 1' })
      .default('0')
      .describe(
        '1 behind a reverse proxy that sets X-Forwarded-For to the client address (sign-in throttling counts it) and X-Request-Id (the log lines carry it).',
      )
      .transform((v) => v === '1'),
    LOG_LEVEL: z
      .enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'], {
        error: 'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent',
      })
      .default('info')
      .describe("The lowest level the app's log writes to stdout (JSON lines); debug adds one line per upstream call."),
    SIGNIN_MAX_FAILURES: z.coerce
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(5)
      .describe(
        'Failed sign-ins per username and client (a known device of the user, else the address) before 429; per username alone x10, per address x6.',
      ),
    SIGNIN_WINDOW_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .max(24 * 3600_000)
      .default(15 * 60_000)
      .describe('The window of those counts, in milliseconds.'),
    STORE_MAX_COUNTERS: z.coerce
      .number()
      .int()
      .min(10)
      .max(10_000_000)
      .default(100_000)
      .describe(
        'Without Redis: sign-in counters kept exactly in memory; beyond them new counters are kept approximately (never lower) in a fixed 8 MB table.',
      ),
    VEHICLE_DATA_URL: url('VEHICLE_DATA_URL')
      .default(`${EMBEDDED_HOST}/ADAG/`)
      .describe("The vehicle-data service (car lookup by VIN, ADAS components); the default is the reference host's stand-in."),
    VEHICLE_DATA_CLIENT_ID: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .default(EMBEDDED_VEHICLE_DATA_CLIENT.id)
      .describe('Its OAuth client id (client-credentials grant).'),
    VEHICLE_DATA_CLIENT_SECRET: z
      .string()
      .min(8, 'VEHICLE_DATA_CLIENT_SECRET must be at least 8 characters')
      .max(500)
      .default(EMBEDDED_VEHICLE_DATA_CLIENT.secret)
      .describe('Its OAuth client secret.'),
    PAYMENT_URL: url('PAYMENT_URL')
      .default(`${EMBEDDED_HOST}/pay/`)
      .describe("The payment provider's hosted card form, framed by the onboarding wizard (CSP frame-src)."),
    ALLDATA_URL: url('ALLDATA_URL')
      .default(`${EMBEDDED_HOST}/alldata/`)
      .describe("ALLDATA's OAuth 2.0 authorization server (oauth/authorize, oauth/token)."),
    ALLDATA_CLIENT_ID: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .default(EMBEDDED_ALLDATA_CLIENT.id)
      .describe("The app's OAuth client at ALLDATA (register {NEXTAUTH_URL}/alldataApproval as its redirect URI)."),
    ALLDATA_CLIENT_SECRET: z
      .string()
      .min(8, 'ALLDATA_CLIENT_SECRET must be at least 8 characters')
      .max(500)
      .default(EMBEDDED_ALLDATA_CLIENT.secret)
      .describe('Its client secret.'),
    NEXTAUTH_URL: url('NEXTAUTH_URL')
      .default('http://localhost:3000')
      .describe("The app's public origin (next-auth's own setting); behind a balancer, the address users open."),
    REDIS_URL: z
      .url({ error: 'REDIS_URL must be a redis:// or rediss:// URL' })
      .refine((v) => /^rediss?:\/\//.test(v), 'REDIS_URL must be a redis:// or rediss:// URL')
      .optional()
      .describe(
        "redis:// or rediss://: the store every instance shares (sign-in throttling, ended sessions). Unset (and no REDIS_SENTINELS): this process's memory.",
      ),
    REDIS_SENTINELS: z
      .string()
      .transform((v, ctx) => {
        const nodes = sentinelNodes(v);
        if (!nodes) ctx.addIssue({ code: 'custom', message: 'REDIS_SENTINELS must be a comma-separated list of host:port' });
        return nodes ?? [];
      })
      .optional()
      .describe(
        'Instead of REDIS_URL: Redis Sentinel nodes (host:port,host:port,…) that name the current primary; the store follows a failover.',
      ),
    REDIS_SENTINEL_MASTER: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .default('mymaster')
      .describe("The primary's name at the sentinels (sentinel monitor <name> …)."),
    REDIS_PASSWORD: z
      .string()
      .min(1)
      .max(500)
      .optional()
      .describe('With REDIS_SENTINELS: the password of the primary and its replicas (with REDIS_URL it goes in the URL).'),
    REDIS_SENTINEL_PASSWORD: z
      .string()
      .min(1)
      .max(500)
      .optional()
      .describe("With REDIS_SENTINELS: the sentinels' own password, when they have one."),
    APP_INSTANCES: z.coerce
      .number({ error: 'APP_INSTANCES must be a whole number' })
      .int('APP_INSTANCES must be a whole number')
      .min(1)
      .max(10_000)
      .default(1)
      .describe(
        'How many app instances serve these users (npm run start:cluster sets it). More than one with APP_ENV=prod needs REDIS_URL or REDIS_SENTINELS: each instance would otherwise count sign-in failures and ended sessions on its own.',
      ),
  })
  .superRefine((c, ctx) => {
    if (c.APP_ENV === 'prod' && !c.AUTH_SECRET)
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'AUTH_SECRET is required when APP_ENV=prod' });
    if (c.REDIS_URL && c.REDIS_SENTINELS)
      ctx.addIssue({ code: 'custom', path: ['REDIS_SENTINELS'], message: 'set either REDIS_URL or REDIS_SENTINELS, not both' });
    if (c.APP_ENV === 'prod' && c.APP_INSTANCES > 1 && !c.REDIS_URL && !c.REDIS_SENTINELS)
      ctx.addIssue({
        code: 'custom',
        path: ['REDIS_URL'],
        message: `REDIS_URL or REDIS_SENTINELS is required when APP_ENV=prod and APP_INSTANCES=${c.APP_INSTANCES}: the instances must share sign-in throttling and ended sessions`,
      });
  });
const schema = CONFIG_SCHEMA;

export type AppConfig = Omit<z.infer<typeof schema>, 'APP_VERSION' | 'AUTH_SECRET'> & {
  APP_VERSION: string;
  AUTH_SECRET: string;
};

export class ConfigError extends Error {}

function packageVersion(): string {
  try {
    return JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Parses an environment; throws ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  // Empty strings count as unset, so `FOO= npm start` falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([k, v]) => v !== '' || k === 'PUSH_URL'));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(config)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = result.data;
  const secret = c.AUTH_SECRET ?? env.NEXTAUTH_SECRET;
  if (!secret) throw new ConfigError('Invalid configuration:\n  AUTH_SECRET: missing (npm start generates one for the embedded default)');
  return { ...c, APP_VERSION: c.APP_VERSION ?? packageVersion(), AUTH_SECRET: secret };
}

let cached: AppConfig | undefined;

/** The process configuration, parsed once. */
export function config(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}
