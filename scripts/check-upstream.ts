/**
 * `npm run check-upstream -- --api-url URL --auth-url URL --username NAME [--password-stdin] [--timeout-ms 10000]`
 * Checks an API against the contract with read-only calls (scripts/lib/check-upstream.ts) and prints one line
 * per call. Exit 0: every call made answered as the contract says; 1: some mismatched, are missing or failed;
 * 2: the input is wrong (a flag, the password, a host that cannot be reached or is not the API), in one line.
 *
 * The password, first found of: CHECK_UPSTREAM_PASSWORD; the first line of standard input with
 * --password-stdin (`secret-tool lookup … | npm run check-upstream -- … --password-stdin`); a prompt that does
 * not echo it, on a terminal. `--password` still works but shows the password to anyone who lists the
 * processes and keeps it in the shell's history.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { CheckInputError, checkUpstream, formatReport } from './lib/check-upstream';

const USAGE =
  'usage: [CHECK_UPSTREAM_PASSWORD=…] npm run check-upstream -- --api-url URL --auth-url URL --username NAME [--password-stdin] [--timeout-ms 10000]';

/** The first line of standard input (a pipe or a file). */
async function firstLine(): Promise<string> {
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

/** Asks on the terminal without echoing what is typed (the typed keys go to a stream that writes nothing). */
async function askHidden(question: string): Promise<string> {
  process.stderr.write(question);
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: silent, terminal: true });
  try {
    return await rl.question('');
  } finally {
    rl.close();
    process.stderr.write('\n');
  }
}

async function passwordOf(values: { password?: string; 'password-stdin'?: boolean; username?: string }): Promise<string> {
  if (values.password) return values.password;
  if (process.env.CHECK_UPSTREAM_PASSWORD) return process.env.CHECK_UPSTREAM_PASSWORD;
  if (values['password-stdin']) return firstLine();
  if (process.stdin.isTTY) return askHidden(`Password for ${values.username}: `);
  throw new CheckInputError(
    `no password: set CHECK_UPSTREAM_PASSWORD, pipe it with --password-stdin, or run on a terminal to be asked. ${USAGE}`,
  );
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        'api-url': { type: 'string' },
        'auth-url': { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        'timeout-ms': { type: 'string' },
      },
      strict: true,
    }));
  } catch (e) {
    throw new CheckInputError(`${(e as Error).message}. ${USAGE}`);
  }
  const missing = ['api-url', 'auth-url', 'username'].filter((k) => !values[k as keyof typeof values]);
  if (missing.length) throw new CheckInputError(`missing ${missing.map((m) => `--${m}`).join(', ')}. ${USAGE}`);
  const timeoutMs = values['timeout-ms'] === undefined ? undefined : Number(values['timeout-ms']);
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0))
    throw new CheckInputError('--timeout-ms must be a positive whole number of milliseconds.');
  const password = await passwordOf(values);
  if (!password) throw new CheckInputError('the password is empty.');
  const { rows, profile, writesSkipped } = await checkUpstream({
    apiUrl: values['api-url']!,
    authUrl: values['auth-url']!,
    username: values.username!,
    password,
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
