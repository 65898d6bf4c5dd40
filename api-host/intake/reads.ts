/**
 * Reads in progress and read, kept in the host's memory for their reader until confirmed or for
 * READ_KEPT_MINUTES (nothing is written to the job before intake/confirm). Each user has at most
 * INTAKE_READS_AT_ONCE reads in progress and INTAKE_UPLOADS_PER_WINDOW uploads in INTAKE_WINDOW_MINUTES
 * (429 with Retry-After past either), and keeps at most KEPT_PER_USER finished reads (the oldest go first).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import {
  INTAKE_READS_AT_ONCE,
  INTAKE_UPLOADS_PER_WINDOW,
  INTAKE_WINDOW_MINUTES,
  READ_KEPT_MINUTES,
  type IntakePreview,
  type IntakeRead,
} from '../../lib/contract/intake';
import type { ReadEstimate } from '../../lib/intake/estimate';
import { WindowCounts, perHost, waitMessage } from '../auth/service';
import type { Caller } from '../core/caller';
import type { HostContext } from '../core/context';
import { HttpError, notFound } from '../core/errors';
import type { IntakeJob } from './preview';

const KEPT_PER_USER = 5;
const KEPT_MS = READ_KEPT_MINUTES * 60_000;
const WINDOW_MS = INTAKE_WINDOW_MINUTES * 60_000;

export interface PendingRead {
  id: string;
  user: number;
  job: IntakeJob;
  adasInspection: number | null;
  fileName: string;
  createdAt: number;
  state: IntakeRead['state'];
  progress: IntakeRead['progress'];
  error: string | null;
  /** The status a failed read answers when it failed before its first answer. */
  errorStatus: number;
  estimate: ReadEstimate | null;
  preview: IntakePreview | null;
  settled: Promise<void>;
}

class Reads {
  private readonly byId = new Map<string, PendingRead>();
  readonly uploads = new WindowCounts(WINDOW_MS);
  /** Reads in progress per user, whichever call started them. */
  private readonly running = new Map<number, number>();

  busy(user: number): number {
    return this.running.get(user) ?? 0;
  }

  /** Runs a read counted among the user's reads in progress. */
  async counted<T>(user: number, read: () => Promise<T>): Promise<T> {
    this.running.set(user, this.busy(user) + 1);
    try {
      return await read();
    } finally {
      const n = this.busy(user) - 1;
      if (n > 0) this.running.set(user, n);
      else this.running.delete(user);
    }
  }

  private sweep(now = Date.now()) {
    for (const [id, r] of this.byId) if (r.state !== 'reading' && now - r.createdAt > KEPT_MS) this.byId.delete(id);
  }

  ofUser(user: number): PendingRead[] {
    return [...this.byId.values()].filter((r) => r.user === user);
  }

  add(read: PendingRead): void {
    this.sweep();
    const finished = this.ofUser(read.user).filter((r) => r.state !== 'reading');
    for (const old of finished.slice(0, Math.max(0, finished.length - KEPT_PER_USER + 1))) this.byId.delete(old.id);
    this.byId.set(read.id, read);
  }

  /** The caller's read, else the same 404 as an unknown one. */
  get(id: string, caller: Pick<Caller, 'user'>): PendingRead {
    this.sweep();
    const r = this.byId.get(id);
    if (!r || r.user !== caller.user) throw notFound('Read');
    return r;
  }

  remove(id: string): void {
    this.byId.delete(id);
  }
}

export const readsOf = perHost(() => new Reads());

const tooMany = (reply: FastifyReply, what: string, waitMs: number) => {
  reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
  return new HttpError(429, waitMs >= 60_000 ? waitMessage(what, waitMs) : `${what} Please wait a few seconds and try again.`);
};

/** Counts an upload against the caller's limits, or answers 429 with Retry-After (before the body is read). */
export function admit(ctx: HostContext, caller: Caller, reply: FastifyReply): void {
  const reads = readsOf(ctx);
  const key = `user:${caller.user}`;
  const wait = reads.uploads.wait(key, INTAKE_UPLOADS_PER_WINDOW);
  if (wait > 0) throw tooMany(reply, `You uploaded ${INTAKE_UPLOADS_PER_WINDOW} estimates in ${INTAKE_WINDOW_MINUTES} minutes.`, wait);
  if (reads.busy(caller.user) >= INTAKE_READS_AT_ONCE)
    throw tooMany(reply, `You have ${INTAKE_READS_AT_ONCE} estimates being read: wait until one is read.`, 5_000);
  reads.uploads.add(key);
}

export function newRead(caller: Caller, job: IntakeJob, adasInspection: number | null, fileName: string): PendingRead {
  return {
    id: randomUUID(),
    user: caller.user,
    job,
    adasInspection,
    fileName,
    createdAt: Date.now(),
    state: 'reading',
    progress: { stage: 'queued', page: 0, pages: 0 },
    error: null,
    errorStatus: 400,
    estimate: null,
    preview: null,
    settled: Promise.resolve(),
  };
}
