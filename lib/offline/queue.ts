/**
 * Changes of an inspection kept on the device until the host took them (docs/adas.md#offline):
 * IndexedDB (through idb), one record per change, in the order made (an auto-increment key), filed under
 * the user and the inspection. Every change the technician makes on /view is kept here at once, online or
 * not (a reload, a closed tab or a lost connection loses nothing), and sent from here. Decisions:
 * - Kinds: a system's result, "not equipped" and note (`result`); a photo or file with its caption
 *   (`evidence`); the inspection's own fields (`inspection`: inspector, notes, …); its status (`status`:
 *   completing, reopening).
 * - A record is kept until the host took it, or the technician dropped it (a conflict resolved for the
 *   other change, a refusal dismissed). Signing out or an expired session does not clear it: the same user
 *   finds it on the inspection after signing in again.
 * - Every record carries its own key (`clientKey`), sent with it: a record sent again after the host's
 *   answer was lost (a reload, a crash) is recognised by the host (api-host/adas/once.ts; evidence by its
 *   own key), so it leaves the queue exactly once and is applied once.
 * - Another user of the same browser never sees it: every read is by `owner` (user and inspection), and the
 *   screen reads only its signed-in user's records. The records are the browser's, as anything a page keeps
 *   is; they hold what the technician typed or photographed for that inspection, nothing of the session.
 * - A result record carries the version of the row it was made against (baseVersion), so the host refuses
 *   it when someone else changed the row meanwhile (api-host/adas/calls.ts); state 'conflict' then waits
 *   for the technician's choice, holding back only the later changes of that same system.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

interface Base {
  seq?: number;
  owner: string;
  user: number;
  adasInspection: number;
  queuedAt: string;
  /** waiting: to send; conflict: someone else changed the row, the technician chooses; refused: the host will not take it (why: message). */
  state: 'waiting' | 'conflict' | 'refused';
  message?: string;
  /** The change's own key: the host recognises it when it is sent again. */
  clientKey: string;
}

export interface QueuedResult extends Base {
  kind: 'result';
  adasChecklistMatrix: number;
  system: string;
  result: number | null;
  isNotEquipped: boolean;
  notes: string;
  baseVersion?: number;
  /** What the host holds now, read when it answered a conflict. */
  theirs?: { result: number | null; isNotEquipped: boolean; notes: string; version: number; by: string; at: string | null };
}

export interface QueuedEvidence extends Base {
  kind: 'evidence';
  adasInspectionResult: number;
  system: string;
  firm: number;
  caption: string;
  fileName: string;
  file: Blob;
}

/** The inspection's own fields as the technician left them (adas/saveAdasInspection's body, status aside). */
export interface QueuedInspection extends Base {
  kind: 'inspection';
  fields: {
    adas: number;
    adasInspectionType: number;
    inspector: number | null;
    insurance: number | null;
    ronumber: string;
    notes: string;
    inspectionDate: string | null;
  };
}

export interface QueuedStatus extends Base {
  kind: 'status';
  status: number;
}

export type QueuedChange = QueuedResult | QueuedEvidence | QueuedInspection | QueuedStatus;
/** A change as it is made (the queue adds its key, owner, time and state). */
export type NewChange = QueuedChange extends infer C
  ? C extends QueuedChange
    ? Omit<C, 'seq' | 'owner' | 'queuedAt' | 'state' | 'clientKey'>
    : never
  : never;

interface OfflineDb extends DBSchema {
  changes: { key: number; value: QueuedChange; indexes: { owner: string } };
}

const DB_NAME = 'adas-desk-offline';
let db: Promise<IDBPDatabase<OfflineDb>> | undefined;

function open(): Promise<IDBPDatabase<OfflineDb>> {
  db ??= openDB<OfflineDb>(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore('changes', { keyPath: 'seq', autoIncrement: true }).createIndex('owner', 'owner');
    },
  });
  return db;
}

export const ownerKey = (user: number, adasInspection: number) => `${user}:${adasInspection}`;

/** The user's changes of the inspection, in the order made. */
export async function queued(user: number, adasInspection: number): Promise<QueuedChange[]> {
  const all = await (await open()).getAllFromIndex('changes', 'owner', ownerKey(user, adasInspection));
  return all.sort((a, b) => a.seq! - b.seq!);
}

/** Keeps a change; answers its key in the queue. */
export async function enqueue(change: NewChange): Promise<number> {
  const record = {
    ...change,
    owner: ownerKey(change.user, change.adasInspection),
    queuedAt: new Date().toISOString(),
    state: 'waiting',
    clientKey: crypto.randomUUID(),
  } as QueuedChange;
  return (await open()).add('changes', record);
}

export async function replace(change: QueuedChange): Promise<void> {
  await (await open()).put('changes', change);
}

export async function drop(seq: number): Promise<void> {
  await (await open()).delete('changes', seq);
}

/** Forgets every change of every user on this device (the settings' "forget this device"). */
export async function dropAll(): Promise<void> {
  await (await open()).clear('changes');
}

/**
 * The changes to send now, in the order made: waiting ones, except a result of a system whose earlier
 * change waits for the technician (a conflict or a refusal): it was made on top of that one. Everything else
 * goes on — a conflict holds only what it conflicts with.
 */
export function sendable(all: readonly QueuedChange[]): QueuedChange[] {
  const held = new Set<number>();
  const out: QueuedChange[] = [];
  for (const c of all) {
    if (c.kind === 'result' && (c.state !== 'waiting' || held.has(c.adasChecklistMatrix))) {
      held.add(c.adasChecklistMatrix);
      continue;
    }
    if (c.state === 'waiting') out.push(c);
  }
  return out;
}

/**
 * Where a new result change of a system goes: into the last record of that system when it still waits and
 * is not being sent (typing a note makes one change, not one per key), else a new record.
 */
export function mergeTarget(all: readonly QueuedChange[], adasChecklistMatrix: number, sending: number | null): QueuedResult | null {
  const last = all.findLast((c): c is QueuedResult => c.kind === 'result' && c.adasChecklistMatrix === adasChecklistMatrix);
  return last && last.state === 'waiting' && last.seq !== sending ? last : null;
}
