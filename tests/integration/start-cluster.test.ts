/**
 * `npm run start:cluster` refuses a broken configuration before it starts anything, with one message naming
 * the problem: a malformed app variable (checked by the app's own parser), an external Redis that does not
 * answer, a sentinel that knows no such primary. (nginx's and Redis's own refusals of their configuration
 * files: tests/integration/balancer.test.ts and redis-sentinel.test.ts.)
 */
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM helper shared with npm run start:cluster
import { SENTINEL_MASTER, startSentinelRedis } from '../../scripts/lib/redis.mjs';
import { APP_PORT, REDIS_PORT } from '../../testkit/env';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** start:cluster with `env`, on spare ports; answers its exit code and output. */
function startCluster(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/cluster.mjs'],
      {
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          ...process.env,
          PORT: String(APP_PORT + 56),
          API_HOST_PORT: String(APP_PORT + 59),
          REDIS_PORT: String(REDIS_PORT + 30),
          ...env,
        },
      },
      (_e, stdout, stderr) => resolve({ code: child.exitCode, output: stdout + stderr }),
    );
  });
}

describe('start:cluster with a broken configuration', () => {
  it('a malformed variable: stops at once, naming it', async () => {
    const { code, output } = await startCluster({ REDIS_SENTINELS: 'sentinel-without-port' });
    expect(code).toBe(1);
    expect(output).toMatch(
      /\[cluster\] Invalid configuration:\n\s+REDIS_SENTINELS: REDIS_SENTINELS must be a comma-separated list of host:port/,
    );
    expect(output).not.toMatch(/building|ADAS back-office, 2 instances/);
  }, 60_000);

  it('an external Redis that does not answer: stops, naming it', async () => {
    const { code, output } = await startCluster({ REDIS_URL: `redis://127.0.0.1:${REDIS_PORT + 31}` });
    expect(code).toBe(1);
    expect(output).toContain(`[cluster] REDIS_URL: nothing answers at 127.0.0.1:${REDIS_PORT + 31}`);
  }, 60_000);

  it('sentinels that know no such primary: stops, naming the setting', async () => {
    const set = await startSentinelRedis({ port: REDIS_PORT + 32, dir: mkdtempSync(join(tmpdir(), 'adas-sentinel-')), quiet: true });
    try {
      const sentinels = `127.0.0.1:${REDIS_PORT + 34}`;
      const wrong = await startCluster({ REDIS_SENTINELS: sentinels, REDIS_SENTINEL_MASTER: 'no-such-primary' });
      expect(wrong.code).toBe(1);
      expect(wrong.output).toContain(
        `[cluster] REDIS_SENTINELS: the sentinel at 127.0.0.1:${REDIS_PORT + 34} knows no primary named "no-such-primary" (REDIS_SENTINEL_MASTER)`,
      );
      expect(SENTINEL_MASTER).not.toBe('no-such-primary');
    } finally {
      await set.stop();
    }
  }, 90_000);
});
