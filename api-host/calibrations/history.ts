/**
 * A calibration request as its history sees it (docs/history.md#what-is-recorded): the request's fields
 * (status, when it was approved — what lets its lines price a sale —, reason, vehicle, total, technicians,
 * files), each line ("Line · Front Camera": calibration type, mode, price, agreed price) and each note
 * ("Note 12 · Ana Ruiz": its text; added, changed by its author, or deleted).
 */
import type { Db } from '../core/db';
import { prepared } from '../core/sql';
import { shown, withHistory, type Fields, type Snapshot } from '../history/service';

const dollars = (cents: number | null) => (cents == null ? null : `$${(cents / 100).toFixed(2)}`);

interface RequestRow {
  firm: number;
  firm_name: string;
  status_name: string;
  approved_at: string | null;
  reason: string;
  reason_source: string | null;
  notes: string;
  vehicle: string;
  vin: string | null;
  total_cents: number;
  technicians: string | null;
  files: string | null;
}
interface LineRow {
  system: string;
  calibration_type: string;
  calibration_mode: string | null;
  price_cents: number | null;
  agreed_cents: number | null;
}

/** The request as its history compares it; null when there is no such request. */
export function requestSnapshot(db: Db, id: number): Snapshot | null {
  const r = prepared<RequestRow>(
    db,
    `SELECT r.firm, f.name AS firm_name, r.status_name, r.approved_at, r.reason, r.reason_source, r.notes,
            r.year || ' ' || r.make || ' ' || r.model AS vehicle, r.vin, r.total_cents,
            (SELECT group_concat(n, ', ') FROM (SELECT trim(c.first_name || ' ' || c.last_name) AS n FROM calibrate_request_technician t
               JOIN user u ON u.user = t.user JOIN contact c ON c.contact = u.contact WHERE t.calibrate_request = r.calibrate_request ORDER BY n)) AS technicians,
            (SELECT group_concat(name, ', ') FROM (SELECT name FROM calibrate_request_file WHERE calibrate_request = r.calibrate_request ORDER BY calibrate_request_file)) AS files
     FROM calibrate_request r JOIN firm f ON f.firm = r.firm WHERE r.calibrate_request = ?`,
  ).get(id);
  if (!r) return null;
  const parts: Record<string, Fields> = {};
  const lines = prepared<LineRow>(
    db,
    'SELECT system, calibration_type, calibration_mode, price_cents, agreed_cents FROM calibrate_request_line WHERE calibrate_request = ? ORDER BY calibrate_request_line',
  ).all(id);
  for (const l of lines)
    parts[`Line · ${l.system}${l.calibration_type ? ` (${l.calibration_type})` : ''}`] = {
      'Calibration type': shown(l.calibration_type),
      Mode: shown(l.calibration_mode),
      Price: dollars(l.price_cents),
      'Agreed price': dollars(l.agreed_cents),
    };
  // Each note is a part of the request (its author is part of its label: a note keeps its author).
  for (const n of prepared<{ calibrate_request_note: number; author: string; note: string }>(
    db,
    `SELECT n.calibrate_request_note, coalesce(nullif(trim(c.first_name || ' ' || c.last_name), ''), u.username) AS author, n.note
     FROM calibrate_request_note n JOIN user u ON u.user = n.user JOIN contact c ON c.contact = u.contact
     WHERE n.calibrate_request = ? ORDER BY n.calibrate_request_note`,
  ).all(id))
    parts[`Note ${n.calibrate_request_note} · ${n.author}`] = { Note: n.note };
  return {
    firm: r.firm,
    fields: {
      Location: r.firm_name,
      Status: r.status_name,
      Approved: shown(r.approved_at),
      Reason: shown(r.reason),
      'Reason source': shown(r.reason_source),
      Notes: shown(r.notes),
      Vehicle: shown([r.vehicle, r.vin].filter(Boolean).join(' · ')),
      Total: dollars(r.total_cents),
      Technicians: shown(r.technicians),
      Files: shown(r.files),
    },
    parts,
  };
}

/** Runs a write of request `id` (null: the write creates it, `created` names it) and records what it changed, in the caller's transaction. */
export function withRequestHistory<T>(db: Db, by: number, id: number | null, write: () => T, created?: (result: T) => number): T {
  return withHistory(db, { kind: 'calibrateRequest', by: by }, id, requestSnapshot, write, created);
}
