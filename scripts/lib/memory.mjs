/** Memory readings for the benchmarks (Linux /proc). */
import { existsSync, readFileSync, readdirSync } from 'node:fs';

/** Resident memory of a process and its descendants, in kB. */
export function rssKb(pid) {
  let total = 0;
  const status = `/proc/${pid}/status`;
  if (!existsSync(status)) return 0;
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(status, 'utf8'));
  total += m ? Number(m[1]) : 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const file = `/proc/${pid}/task/${task}/children`;
    if (!existsSync(file)) continue;
    for (const child of readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean)) total += rssKb(Number(child));
  }
  return total;
}
