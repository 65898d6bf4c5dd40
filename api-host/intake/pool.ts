/**
 * The intake worker pool (piscina): estimate files are read in worker threads, never on the host's thread,
 * each within a deadline. A read that sends no progress for STALL_MS, or runs past TOTAL_MS, is stopped
 * (piscina ends its thread). Threads: API_HOST_INTAKE_THREADS, else one per spare core (one on two cores),
 * made when first needed and ended when idle. The queue is bounded: when it is full the host answers 503.
 */
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import Piscina from 'piscina';
import type { ReadLimits, ReadOutcome, ReadProgress, ReadTask } from './worker';

const STALL_MS = Number(process.env.API_HOST_INTAKE_STALL_MS) || 30_000;
const TOTAL_MS = Number(process.env.API_HOST_INTAKE_TOTAL_MS) || 6 * 60_000;
const QUEUE = 16;

let pool: Piscina<ReadTask, ReadOutcome> | null = null;

function intakePool(): Piscina<ReadTask, ReadOutcome> {
  pool ??= new Piscina({
    filename: new URL('./worker.ts', import.meta.url).href,
    // The worker is TypeScript, as the host is: it loads through tsx whatever started the host.
    execArgv: ['--import', 'tsx'],
    minThreads: 0,
    maxThreads: Number(process.env.API_HOST_INTAKE_THREADS) || Math.max(1, availableParallelism() - 1),
    idleTimeout: 60_000,
    maxQueue: QUEUE,
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
  });
  return pool;
}

export class PoolBusyError extends Error {}

/** Reads files in a worker; `onProgress` hears each page. A read past its deadline answers a failure. */
export async function readInWorker(
  files: { name: string; bytes: Buffer }[],
  limits: ReadLimits,
  onProgress: (p: ReadProgress) => void,
): Promise<ReadOutcome> {
  const p = intakePool();
  if (p.queueSize >= QUEUE) throw new PoolBusyError('The estimate reader is busy');
  // Copies: an upload's Buffer may share its memory with others, and the copy is handed over, not cloned.
  const copies = files.map((f) => ({ name: f.name, bytes: new Uint8Array(f.bytes) }));
  const { port1, port2 } = new MessageChannel();
  const controller = new AbortController();
  let stall = setTimeout(() => controller.abort(), STALL_MS);
  const total = setTimeout(() => controller.abort(), TOTAL_MS);
  port1.on('message', (m: ReadProgress) => {
    clearTimeout(stall);
    stall = setTimeout(() => controller.abort(), STALL_MS);
    onProgress(m);
  });
  try {
    return await p.run(
      { files: copies, limits, port: port2 },
      { transferList: [port2, ...copies.map((c) => c.bytes.buffer as ArrayBuffer)], signal: controller.signal },
    );
  } catch (e) {
    if (controller.signal.aborted)
      return {
        ok: false,
        status: 400,
        message: `Reading the file took too long (more than ${Math.round(STALL_MS / 1000)} seconds for a page): upload the estimating system's own PDF or EMS export, or fewer pages.`,
      };
    throw e;
  } finally {
    clearTimeout(stall);
    clearTimeout(total);
    port1.close();
  }
}

/** Ends the pool's threads (the host's stop, tests). */
export async function closeIntakePool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}
