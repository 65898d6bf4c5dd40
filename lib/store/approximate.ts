/**
 * Counts kept in a fixed amount of memory, for the counters the in-memory store has no room to keep exactly
 * (lib/store/memory.ts): a count-min sketch. Each key adds to one cell in each of ROWS rows, chosen by a keyed
 * hash (HMAC with a key made at start, so nobody can pick names that land on another key's cells); a key's
 * count is the smallest of its cells. So a count is never lower than the key's own, and higher only when
 * every one of its cells is shared with other keys: with W cells a row, n keys in use put n/W keys on a cell,
 * and all ROWS of a key are crowded with probability about (n/W)^ROWS. It never fills up.
 *
 * Counts expire by generations: the current one takes the increments; every `windowMs` it becomes the
 * previous one and the previous one is dropped. A count lives between one and two windows: never less than
 * the window a caller asked for.
 *
 * What it cannot do: forget one key (a delete is not possible without lowering others), so a success can only
 * give back its own attempt (`add(key, -1)`), never clear the count.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Counter } from './types';

/** Rows and cells a row: 4 × 2^19 cells of 16 bits, two generations: 8 MB, allocated at the first overflow. */
const ROWS = 4;
const WIDTH = 1 << 19;
const CELL_MAX = 0xffff;

export class ApproximateCounts {
  private readonly hashKey = randomBytes(32);
  private current = new Uint16Array(ROWS * WIDTH);
  private previous = new Uint16Array(ROWS * WIDTH);
  private rotatedAt: number;

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.rotatedAt = now();
  }

  /** The cells of `key`, one a row. */
  private cells(key: string): number[] {
    const digest = createHmac('sha256', this.hashKey).update(key).digest();
    return Array.from({ length: ROWS }, (_, row) => row * WIDTH + (digest.readUInt32LE(row * 4) % WIDTH));
  }

  private rotate() {
    const passed = Math.floor((this.now() - this.rotatedAt) / this.windowMs);
    if (passed < 1) return;
    if (passed === 1) [this.previous, this.current] = [this.current, this.previous];
    else this.previous.fill(0);
    this.current.fill(0);
    this.rotatedAt += passed * this.windowMs;
  }

  private estimate(cells: readonly number[]): { value: number; inCurrent: boolean } {
    let value = Infinity;
    let inCurrent = false;
    for (const c of cells) {
      const sum = this.current[c]! + this.previous[c]!;
      if (sum < value) [value, inCurrent] = [sum, this.current[c]! > 0];
    }
    return { value, inCurrent };
  }

  /** How long a count stays: to the next rotation, and a window more while the current generation holds some of it. */
  private ttl(inCurrent: boolean): number {
    return this.rotatedAt + this.windowMs * (inCurrent ? 2 : 1) - this.now();
  }

  /** Adds `by` (a negative `by` gives back what this key added, never below nothing) and answers the count. */
  add(key: string, by: number): Counter {
    this.rotate();
    const cells = this.cells(key);
    for (const c of cells) {
      if (by >= 0) this.current[c] = Math.min(CELL_MAX, this.current[c]! + by);
      // Given back from the generation that holds it (the current one unless it has just turned).
      else if (this.current[c]! >= -by) this.current[c] = this.current[c]! + by;
      else this.previous[c] = Math.max(0, this.previous[c]! + by);
    }
    const { value, inCurrent } = this.estimate(cells);
    return { value, ttlMs: this.ttl(inCurrent) };
  }

  /** The count of `key`, or null when it has none. */
  read(key: string): Counter | null {
    this.rotate();
    const { value, inCurrent } = this.estimate(this.cells(key));
    return value > 0 ? { value, ttlMs: this.ttl(inCurrent) } : null;
  }
}
