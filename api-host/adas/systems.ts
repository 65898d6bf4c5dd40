/**
 * The configuration's knowledge base (api-host/configuration/rules.ts) seen from an ADAS job: which ADAS
 * systems a vehicle has (its make matrices; one entry per system, the first applying make matrix of each,
 * in checklist order) and its OEM links.
 */
import type { AdasSystem } from '../../lib/contract/decode';
import type { LinkType } from '../../lib/configuration/constants';
import { linksFor, systemsFor, type Vehicle } from '../configuration/service';
import type { Db } from '../core/db';

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

/** The OEM links of a vehicle of one type (ADAS procedures or general information). */
export function vehicleLinks(db: Db, v: Vehicle, type: LinkType): { id: number; title: string; url: string; type: string }[] {
  return linksFor(db, v, type).map((l) => ({ id: l.id, title: l.title, url: l.url, type: l.type }));
}
