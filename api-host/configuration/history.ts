/**
 * The ADAS configuration's records as their history sees them (docs/history.md#what-is-recorded): a
 * system (name, notice, hints, keywords, highlight, active, order, checklist items) and a make matrix (every
 * field of its editor: make, years, models, system, location, types, calibration, links, keywords, name
 * lists, active). The knowledge base is the network's: its history is scoped to the platform firm.
 */
import { NETWORK_FIRM } from '../../lib/configuration/constants';
import type { Db } from '../core/db';
import { prepared } from '../core/sql';
import { shown, withHistory, type Fields, type HistoryKind, type Snapshot } from '../history/service';
import { readMakeMatrix } from './make-matrices';

interface SystemRow {
  matrix_item: string;
  notice: string;
  hints: string;
  keywords: string;
  is_highlight: number;
  is_inactive: number;
  sort: number;
  items: string | null;
}

export function systemSnapshot(db: Db, id: number): Snapshot | null {
  const s = prepared(
    db,
    `SELECT matrix_item, notice, hints, keywords, is_highlight, is_inactive, sort,
            (SELECT group_concat(item, ', ') FROM (SELECT item FROM adas_checklist_matrix_item WHERE adas_checklist_matrix = c.adas_checklist_matrix ORDER BY adas_checklist_matrix_item)) AS items
     FROM adas_checklist_matrix c WHERE adas_checklist_matrix = ?`,
  ).get(id) as SystemRow | undefined;
  if (!s) return null;
  return {
    firm: NETWORK_FIRM,
    fields: {
      System: s.matrix_item,
      Notice: shown(s.notice),
      Hints: shown(s.hints),
      Keywords: shown(s.keywords),
      Highlight: s.is_highlight ? 'Yes' : 'No',
      Active: s.is_inactive ? 'No' : 'Yes',
      Order: String(s.sort),
      'Checklist items': shown(s.items),
    },
  };
}

const list = (v: readonly unknown[]) => shown(v.map(String).join(', '));

export function makeMatrixSnapshot(db: Db, id: number): Snapshot | null {
  if (!prepared(db, 'SELECT 1 FROM adas_make_matrix WHERE make_matrix = ?').get(id)) return null;
  const m = readMakeMatrix(db, id);
  const fields: Fields = {
    System: shown(m.matrixItem),
    Make: m.vehicleMake,
    Models: shown(m.vehicleModel),
    'Year from': shown(m.yearStart),
    'Year to': shown(m.yearEnd),
    'OEM system name': shown(m.system),
    Location: shown(m.location),
    'R&R': shown(m.isRR),
    'R&I': shown(m.isRI),
    'System type': shown(m.systemTypeName),
    'Location type': shown(m.locationTypeName),
    Calibration: shown(m.calibrationTypeName),
    URL: shown(m.url),
    Source: shown(m.source),
    'Trigger notice': shown(m.triggerNotice),
    'Trigger notice text': shown(m.triggerNoticeText),
    'CCC location keywords': shown(m.cccLocationKeywords),
    'CCC line keywords': shown(m.cccLineKeywords),
    'CCC sublet keywords': shown(m.cccSubletKeywords),
    Active: m.isInactive ? 'No' : 'Yes',
    'System names': list(m.systems),
    'Location names': list(m.locations),
    'Static names': list(m.static),
    'Dynamic names': list(m.dynamic),
  };
  return { firm: NETWORK_FIRM, fields };
}

const SNAPSHOTS = { system: systemSnapshot, makeMatrix: makeMatrixSnapshot } satisfies Partial<
  Record<HistoryKind, (db: Db, id: number) => Snapshot | null>
>;

/**
 * Runs a write of a configuration record in its own transaction (a savepoint in a caller's) and records
 * what it changed. `id` null: the write creates the record and answers its id.
 */
export function withConfigurationHistory<T>(
  db: Db,
  by: number,
  kind: keyof typeof SNAPSHOTS,
  id: number | null,
  write: () => T,
  created?: (result: T) => number,
): T {
  return db.transaction(() => withHistory(db, { kind, by }, id != null && id > 0 ? id : null, SNAPSHOTS[kind], write, created))();
}
