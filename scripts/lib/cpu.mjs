/**
 * Where a machine's processor time went over a stretch of a benchmark (issue 29: what limits capacity on a
 * machine the load generator, nginx, Redis, the host and the app instances share): the processor time of
 * every process, grouped by what it is (read from /proc, Linux only), and the machine's idle time.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const HZ = 100;

const GROUPS = [
  // Next renames its server process (process.title), which rewrites /proc's cmdline.
  ['app instances', (cmd) => cmd.startsWith('next-server')],
  ['reference host', (cmd) => cmd.includes('api-host/main.ts')],
  ['nginx', (cmd) => cmd.startsWith('nginx')],
  ['redis', (cmd) => /redis-(server|sentinel)/.test(cmd)],
];

function ticksOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime, all threads
  } catch {
    return 0; // gone meanwhile
  }
}

/** Processor ticks per group now, the load generator (this process) included, and the machine's idle ticks. */
export function cpuSnapshot() {
  const groups = Object.fromEntries([...GROUPS.map(([name]) => [name, 0]), ['load generator', 0]]);
  if (!existsSync('/proc/stat')) return { groups, idle: 0, at: performance.now() };
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    if (Number(pid) === process.pid) {
      groups['load generator'] += ticksOf(pid);
      continue;
    }
    let cmd;
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      continue;
    }
    const group = GROUPS.find(([, match]) => match(cmd));
    if (group) groups[group[0]] += ticksOf(pid);
  }
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { groups, idle: (cpu[3] ?? 0) + (cpu[4] ?? 0), at: performance.now() };
}

/** Cores each group kept busy between two snapshots (2.0 = both cores of a 2-core machine), and idle. */
export function coresBetween(before, after) {
  const seconds = (after.at - before.at) / 1000;
  const cores = (ticks) => Math.round((ticks / HZ / seconds) * 100) / 100;
  return {
    ...Object.fromEntries(Object.keys(after.groups).map((g) => [g, cores(after.groups[g] - before.groups[g])])),
    idle: cores(after.idle - before.idle),
  };
}
