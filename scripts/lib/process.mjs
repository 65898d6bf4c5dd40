/** The repository's root and the one way the scripts start a child process. */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts a child process. Its output goes to this terminal (unless `quiet`), and its tail is kept either way
 * for error reports (`output()`): a program that stops at once names its own problem.
 */
export function startProcess(name, command, args, env = {}, { quiet = false, cwd = ROOT } = {}) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = [];
  const keep = (to) => (d) => {
    tail.push(String(d));
    if (tail.length > 200) tail.shift();
    if (!quiet) to.write(d);
  };
  child.stdout.on('data', keep(process.stdout));
  child.stderr.on('data', keep(process.stderr));
  child.output = () => tail.join('');
  child.stopped = new Promise((r) => child.once('exit', r));
  child.stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await child.stopped;
    clearTimeout(timer);
  };
  return child;
}
