/**
 * Timing of the seed benches (`npm run bench:seed`, `bench:scrub`): a call run a few times unmeasured,
 * then `runs` times, its milliseconds sorted. Figures are printed, never asserted (the machines are shared).
 */
export type Timing = { median: number; p95: number; max: number };

/** The median, 95th percentile and maximum of some timings (sorted in place). */
export function summary(ms: number[]): Timing {
  ms.sort((a, b) => a - b);
  const at = (fraction: number) => {
    const value = ms[Math.min(ms.length - 1, Math.floor(ms.length * fraction))];
    if (value === undefined) throw new Error('No run was timed');
    return value;
  };
  return { median: at(0.5), p95: at(0.95), max: at(1) };
}

/** `before` runs untimed before each call (to empty a cache, for a cold figure). */
export function time(fn: () => unknown, runs = 15, warmups = 1, before?: () => void): Timing {
  for (let i = 0; i < warmups; i++) fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    before?.();
    const t = performance.now();
    fn();
    ms.push(performance.now() - t);
  }
  return summary(ms);
}

export async function timeAsync(fn: () => Promise<unknown> | unknown, runs = 15): Promise<Timing> {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return summary(ms);
}

/** One row of a bench table: name, median and max in ms, then what was found. */
export const line = (name: string, t: Pick<Timing, 'median' | 'max'>, extra = '') =>
  console.log(`  ${name.padEnd(52)} ${t.median.toFixed(2).padStart(7)} ${t.max.toFixed(2).padStart(7)}   ${extra}`);
