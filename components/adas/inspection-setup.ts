/**
 * What every part of the inspection screen starts from: the props the server page hands the screen, and
 * what each part reads before it draws a button or a field (whether the inspection can still change,
 * whether the shop's own user has it open, whether a call is running).
 */
import { STATUS } from '@/lib/adas/rules';
import type { InspectionFields, InspectionJob, InspectionSystem } from './inspection-props';
import type { AdasSystem } from '@/lib/contract/decode';
import type { EvidenceItem } from '@/lib/contract/evidence';
import type { Choice } from './errors';

/** Opened by a calibration provider's user through its dispatch: for which shop, and whether handed back. */
export interface DispatchedInspection {
  shopName: string;
  readOnly: boolean;
}

export interface InspectionScreenProps {
  inspection: InspectionFields;
  items: InspectionSystem[];
  notInstalled: AdasSystem[];
  job: InspectionJob;
  insurers: readonly Choice[];
  timezone: number;
  /** Photos and files on the systems (docs/adas.md#evidence). */
  evidence: EvidenceItem[];
  /** The signed-in user: whose changes kept on this device the screen shows (docs/adas.md#offline). */
  user: number;
  /** The status of the inspection's calibration request, if it has one (completing may complete it). */
  requestStatus?: string | null;
  /**
   * Opened by a calibration provider's user through its dispatch (docs/dispatch.md#screens): the results,
   * evidence and completion are theirs (read-only once handed back); the inspection's own fields, its
   * systems' list, its job, history and deletion stay the shop's.
   */
  dispatched?: DispatchedInspection;
}

export interface InspectionAccess {
  /** Complete, or handed back to the shop by its provider (read as a Complete inspection is): nothing changes. */
  complete: boolean;
  /** The shop's own user, not a provider's: the inspection's fields, its systems' list and deleting it are the shop's. */
  shopOnly: boolean;
  /** A call of the screen is running: its buttons wait (aria-disabled, keeping the focus). */
  busy: boolean;
}

export const inspectionAccess = (status: number, dispatched: DispatchedInspection | undefined, busy: boolean): InspectionAccess => ({
  complete: status === STATUS.complete || !!dispatched?.readOnly,
  shopOnly: !dispatched,
  busy,
});
