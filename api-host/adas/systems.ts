/**
 * Which ADAS systems a vehicle has: the configuration's knowledge base (api-host/configuration/rules.ts,
 * its make matrices) seen from an ADAS job. One entry per system (checklist matrix), the first applying
 * make matrix of each, in checklist order.
 */
import type { AdasSystem } from '../../lib/contract/decode';
import { systemsFor, type Vehicle } from '../configuration/rules';
import type { Db } from '../db';

export function vehicleSystems(db: Db, v: Vehicle): AdasSystem[] {
  const seen = new Set<number>();
  const out: AdasSystem[] = [];
  for (const s of systemsFor(db, v)) {
    if (seen.has(s.adasChecklistMatrix)) continue;
    seen.add(s.adasChecklistMatrix);
    out.push({
      adasChecklistMatrix: s.adasChecklistMatrix,
      system: s.matrixItem,
      oemName: s.system,
      location: s.location,
      calibrationType: s.calibrationTypeName,
      calibrationMode: s.calibrationMode,
      staticNames: s.staticNames,
      dynamicNames: s.dynamicNames,
      notice: s.triggerNotice ?? s.notice,
      hints: s.hints,
      isHighlight: s.isHighlight,
      url: s.url,
    });
  }
  return out;
}
