/**
 * What the inspection screen (inspection-screen.tsx, a client component) is given of its job and systems:
 * the fields it draws and sends, not the whole records. Whatever a client component is given is serialised
 * into the page a second time (its flight data); the systems' calibration names, modes and hints and the
 * job's notes and authorship were half of /view's client props and the screen uses none of them.
 */
import 'server-only';
import { oemHref } from '@/lib/alldata/documents';
import type { AdasRecord, InspectionItem } from '@/lib/contract/adas';

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
