/**
 * Changes of an inspection kept on the device while they cannot be sent (issue 30 §2): IndexedDB (through
 * idb), one record per change, in the order made (an auto-increment key), filed under the user and the
 * inspection. Decisions:
 * - A record is kept until the host took it, or the technician dropped it (a conflict resolved for the
 *   other change, a file the host refused). Signing out or an expired session does not clear it: the same
 *   user finds it on the inspection after signing in again.
 * - Another user of the same browser never sees it: every read is by `owner` (user and inspection), and the
 *   screen reads only its signed-in user's records. The records are the browser's, as anything a page keeps
 *   is; they hold what the technician typed or photographed for that inspection, nothing of the session.
 * - A result record carries the version of the row it was made against (baseVersion), so the host refuses
 *   it when someone else changed the row meanwhile (api-host/adas/calls.ts); state 'conflict' then waits
 *   for the technician's choice. An evidence record carries the prepared file (a Blob).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

interface Base {
  seq?: number;
  owner: string;
  user: number;
  adasInspection: number;
  queuedAt: string;
  /** waiting: to send; conflict: someone else changed the row, the technician chooses; refused: the host will not take it. */
  state: 'waiting' | 'conflict' | 'refused';
  message?: string;
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
  /** The upload's own key (lib/contract/evidence.ts clientKey): a replay after a lost answer stores it once. */
  clientKey: string;
}

export type QueuedChange = QueuedResult | QueuedEvidence;

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

/** Keeps a change (Omit<…, 'seq' | 'owner' | 'queuedAt' | 'state'> plus its kind); answers its key. */
export async function enqueue(
  change: Omit<QueuedResult, 'seq' | 'owner' | 'queuedAt' | 'state'> | Omit<QueuedEvidence, 'seq' | 'owner' | 'queuedAt' | 'state'>,
): Promise<number> {
  const record = {
    ...change,
    owner: ownerKey(change.user, change.adasInspection),
    queuedAt: new Date().toISOString(),
    state: 'waiting',
  } as QueuedChange;
  return (await open()).add('changes', record);
}

export async function replace(change: QueuedChange): Promise<void> {
  await (await open()).put('changes', change);
}

export async function drop(seq: number): Promise<void> {
  await (await open()).delete('changes', seq);
}
