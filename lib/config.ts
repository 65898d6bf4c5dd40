/**
 * Configuration, read from the environment and checked with zod once, at start-up
 * (instrumentation.ts calls loadConfig so a bad value stops the server with a message naming it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const url = (name: string) =>
  z.url({ error: `${name} must be an absolute http(s) URL` }).refine((v) => /^https?:\/\//.test(v), `${name} must be an http(s) URL`);

/** Defaults point at the embedded reference host started by `npm start`. */
export const EMBEDDED_HOST = 'http://127.0.0.1:4010';
/** The client the embedded vehicle-data stand-in accepts by default (api-host/vehicle-data). */
export const EMBEDDED_VEHICLE_DATA_CLIENT = { id: 'adas-desk', secret: 'embedded-vehicle-data-secret' } as const;
/** The client the embedded ALLDATA authorization stand-in accepts by default (api-host/alldata). */
export const EMBEDDED_ALLDATA_CLIENT = { id: 'adas-desk', secret: 'embedded-alldata-secret' } as const;

const schema = z
  .object({
    API_URL: url('API_URL').default(`${EMBEDDED_HOST}/api/`),
    AUTH_URL: url('AUTH_URL').default(`${EMBEDDED_HOST}/auth/`),
    /** SignalR hub; empty means the shell runs without push. */
    PUSH_URL: z.union([z.literal(''), url('PUSH_URL')]).default(`${EMBEDDED_HOST}/hubs/push`),
    APP_ENV: z
      .string()
      .regex(/^[a-z0-9-]{1,20}$/, 'APP_ENV must be a short lower-case name such as dev, uat or prod')
      .default('uat'),
    APP_VERSION: z.string().min(1).max(40).optional(),
    PRODUCT_NAME: z.string().trim().min(1).max(60).default('ADAS Desk'),
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Upstream time-out in milliseconds. */
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    PRIVACY_POLICY_URL: url('PRIVACY_POLICY_URL').default('https://example.com/privacy'),
    TRAINING_VIDEOS_URL: url('TRAINING_VIDEOS_URL').default('https://example.com/training'),
    /** Shared with the API host: the app's server errors are written to its application log with it. */
    APP_LOG_SECRET: z.string().min(32, 'APP_LOG_SECRET must be at least 32 characters').optional(),
    /** `1` behind a reverse proxy: X-Forwarded-For names the client (sign-in throttling counts it). */
    TRUST_PROXY: z.enum(['0', '1'], { error: 'TRUST_PROXY must be 0 or 1' }).default('0').transform((v) => v === '1'),
    /** Failed sign-ins per username and client within the window (lib/auth/throttle.ts has the other limits). */
    SIGNIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
    SIGNIN_WINDOW_MS: z.coerce.number().int().min(1000).max(24 * 3600_000).default(15 * 60_000),
    /** The vehicle-data service (operations §7): its base URL (ADAG/…) and OAuth client credentials. */
    VEHICLE_DATA_URL: url('VEHICLE_DATA_URL').default(`${EMBEDDED_HOST}/ADAG/`),
    VEHICLE_DATA_CLIENT_ID: z.string().trim().min(1).max(200).default(EMBEDDED_VEHICLE_DATA_CLIENT.id),
    VEHICLE_DATA_CLIENT_SECRET: z.string().min(8, 'VEHICLE_DATA_CLIENT_SECRET must be at least 8 characters').max(500).default(EMBEDDED_VEHICLE_DATA_CLIENT.secret),
    /** The payment provider's hosted card form (the browser frames it; card numbers never reach the app). */
    PAYMENT_URL: url('PAYMENT_URL').default(`${EMBEDDED_HOST}/pay/`),
    /** ALLDATA's OAuth 2.0 authorization server (its oauth/authorize and oauth/token) and this app's client there. */
    ALLDATA_URL: url('ALLDATA_URL').default(`${EMBEDDED_HOST}/alldata/`),
    ALLDATA_CLIENT_ID: z.string().trim().min(1).max(200).default(EMBEDDED_ALLDATA_CLIENT.id),
    ALLDATA_CLIENT_SECRET: z.string().min(8, 'ALLDATA_CLIENT_SECRET must be at least 8 characters').max(500).default(EMBEDDED_ALLDATA_CLIENT.secret),
    /** The app's public origin (next-auth's own setting): ALLDATA sends the user back to {NEXTAUTH_URL}/alldataApproval. */
    NEXTAUTH_URL: url('NEXTAUTH_URL').default('http://localhost:3000'),
    /** Redis shared by every app instance (lib/store): sign-in throttling and ended sessions. Unset: this process's memory. */
    REDIS_URL: z
      .url({ error: 'REDIS_URL must be a redis:// or rediss:// URL' })
      .refine((v) => /^rediss?:\/\//.test(v), 'REDIS_URL must be a redis:// or rediss:// URL')
      .optional(),
    /**
     * How many app instances serve these users (the deployment says so; `npm run start:cluster` sets it).
     * More than one needs REDIS_URL in prod: each instance's memory would count sign-in failures and ended
     * sessions on its own.
     */
    APP_INSTANCES: z.coerce.number({ error: 'APP_INSTANCES must be a whole number' }).int('APP_INSTANCES must be a whole number').min(1).max(10_000).default(1),
  })
  .superRefine((c, ctx) => {
    if (c.APP_ENV === 'prod' && !c.AUTH_SECRET)
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'AUTH_SECRET is required when APP_ENV=prod' });
    if (c.APP_ENV === 'prod' && c.APP_INSTANCES > 1 && !c.REDIS_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['REDIS_URL'],
        message: `REDIS_URL is required when APP_ENV=prod and APP_INSTANCES=${c.APP_INSTANCES}: the instances must share sign-in throttling and ended sessions`,
      });
  });

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
