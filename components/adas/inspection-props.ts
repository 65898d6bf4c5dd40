/**
 * What the inspection screen (inspection-screen.tsx, a client component) is given of its inspection, job and
 * systems: the fields it draws and sends, not the whole records. Whatever a client component is given is
 * serialised into the page a second time (its flight data); the systems' calibration names, modes and hints,
 * the results' authorship of other changes and the job's notes were half of /view's client props, and the
 * screen uses none of them.
 */
import 'server-only';
import { oemHref } from '@/lib/alldata/documents';
import type { AdasRecord, InspectionItem, InspectionRecord, InspectionResult } from '@/lib/contract/adas';

/** A system's saved result: what the screen shows and the version its next change is based on. */
export type InspectionSavedResult = Pick<
  InspectionResult,
  'adasChecklistMatrix' | 'result' | 'isNotEquipped' | 'notes' | 'version' | 'resultAt' | 'resultByName'
>;

export type InspectionFields = Pick<
  InspectionRecord,
  | 'adas'
  | 'adasInspection'
  | 'adasInspectionType'
  | 'inspector'
  | 'insurance'
  | 'insuranceName'
  | 'ronumber'
  | 'notes'
  | 'status'
  | 'inspectionDate'
> & { results: InspectionSavedResult[] };

export type InspectionSystem = Pick<
  InspectionItem,
  'adasChecklistMatrix' | 'adasInspectionResult' | 'system' | 'oemName' | 'location' | 'notice' | 'calibrationType' | 'url'
>;

export type InspectionJob = Pick<AdasRecord, 'firm' | 'firmName' | 'ronumber' | 'inspectors'> & {
  vehicle: Pick<AdasRecord['vehicle'], 'year' | 'make' | 'model' | 'vin'>;
};

/** The systems as the screen shows them; the OEM procedure's link goes through the ALLDATA document route. */
export const inspectionSystems = (items: readonly InspectionItem[]): InspectionSystem[] =>
  items.map((s) => ({
    adasChecklistMatrix: s.adasChecklistMatrix,
    adasInspectionResult: s.adasInspectionResult,
    system: s.system,
    oemName: s.oemName,
    location: s.location,
    notice: s.notice,
    calibrationType: s.calibrationType,
    url: s.url ? oemHref(s.url) : '',
  }));

export const inspectionJob = ({ firm, firmName, ronumber, inspectors, vehicle }: AdasRecord): InspectionJob => ({
  firm,
  firmName,
  ronumber,
  inspectors,
  vehicle: { year: vehicle.year, make: vehicle.make, model: vehicle.model, vin: vehicle.vin },
});

export const inspectionFields = (i: InspectionRecord): InspectionFields => ({
  adas: i.adas,
  adasInspection: i.adasInspection,
  adasInspectionType: i.adasInspectionType,
  inspector: i.inspector,
  insurance: i.insurance,
  insuranceName: i.insuranceName,
  ronumber: i.ronumber,
  notes: i.notes,
  status: i.status,
  inspectionDate: i.inspectionDate,
  results: i.results.map((r) => ({
    adasChecklistMatrix: r.adasChecklistMatrix,
    result: r.result,
    isNotEquipped: r.isNotEquipped,
    notes: r.notes,
    version: r.version,
    resultAt: r.resultAt,
    resultByName: r.resultByName,
  })),
});
