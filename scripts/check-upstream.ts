/**
 * `npm run check-upstream -- --api-url URL --auth-url URL --username NAME --password PASSWORD [--timeout-ms 10000]`
 * Checks an API against the contract with read-only calls (scripts/lib/check-upstream.ts) and prints one line
 * per call. Exit 0: every call made answered as the contract says; 1: some mismatched, are missing or failed;
 * 2: the input is wrong (a flag, the password, a host that cannot be reached or is not the API), in one line.
 */
import { parseArgs } from 'node:util';
import { CheckInputError, checkUpstream, formatReport } from './lib/check-upstream';

const USAGE = 'usage: npm run check-upstream -- --api-url URL --auth-url URL --username NAME --password PASSWORD [--timeout-ms 10000]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        'api-url': { type: 'string' },
        'auth-url': { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        'timeout-ms': { type: 'string' },
      },
      strict: true,
    }));
  } catch (e) {
    throw new CheckInputError(`${(e as Error).message}. ${USAGE}`);
  }
  const missing = ['api-url', 'auth-url', 'username', 'password'].filter((k) => !values[k as keyof typeof values]);
  if (missing.length) throw new CheckInputError(`missing ${missing.map((m) => `--${m}`).join(', ')}. ${USAGE}`);
  const timeoutMs = values['timeout-ms'] === undefined ? undefined : Number(values['timeout-ms']);
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0))
    throw new CheckInputError('--timeout-ms must be a positive whole number of milliseconds.');
  const { rows, profile, writesSkipped } = await checkUpstream({
    apiUrl: values['api-url']!,
    authUrl: values['auth-url']!,
    username: values.username!,
    password: values.password!,
    timeoutMs,
  });
  console.log(
    `Signed in as ${profile.username} (role ${profile.roles ?? 'none'}, firm ${profile.firm}). Read-only calls, answers checked against the contract:\n`,
  );
  console.log(formatReport(rows, writesSkipped));
  return rows.some((r) => r.outcome === 'mismatched' || r.outcome === 'missing' || r.outcome === 'failed') ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    if (e instanceof CheckInputError) {
      console.error(`check-upstream: ${e.message}`);
      process.exit(2);
    }
    console.error(e);
    process.exit(2);
  },
);
