'use client';
/**
 * The inspection's questions: completing with systems Failed or not calibrated (saying what the report
 * will show of them) and deleting it. Their code loads with the page while it is online (`preloadDialogs`):
 * asked for later at the car, offline, it would fail and take the page down.
 */
import dynamic from 'next/dynamic';
import { RESULTS, nameOf } from '@/lib/adas/rules';
import { completesWithInspection } from '@/lib/calibrations/rules';

const ConfirmDialog = dynamic(() => import('@/components/ui/confirm-dialog').then((m) => m.ConfirmDialog), { ssr: false });
/** Deleting asks the one delete question (components/ui/delete-confirm). */
export const DeleteDialog = dynamic(() => import('@/components/ui/delete-confirm').then((m) => m.DeleteConfirm), { ssr: false });
export const preloadDialogs = () =>
  void Promise.all([import('@/components/ui/confirm-dialog'), import('@/components/ui/delete-confirm')]).catch(() => undefined);

/** A system whose result the report marks as needing attention. */
export interface FlaggedSystem {
  system: string;
  result: number | null;
}

export function CompleteDialog({
  flagged,
  requestStatus,
  onCancel,
  onConfirm,
}: {
  flagged: FlaggedSystem[];
  /** The status of the inspection's calibration request, if it has one (completing may complete it). */
  requestStatus: string | null;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(o) => !o && onCancel()}
      title="Complete with systems not calibrated?"
      confirmLabel="Complete inspection"
      message={
        <>
          {flagged.map((o) => `${o.system}: ${nameOf(RESULTS, o.result)}`).join('; ')}. The report will show{' '}
          {flagged.length === 1 ? 'this system' : `these ${flagged.length} systems`} as recorded, marked as needing attention, and they are
          not counted as calibrations sold.
          {requestStatus != null && completesWithInspection(requestStatus) && ' Its calibration request becomes Completed.'}
        </>
      }
      onConfirm={onConfirm}
    />
  );
}
