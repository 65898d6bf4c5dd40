'use client';
/**
 * The result step: what the import added, updated, left unchanged and refused, the refused rows to download,
 * and for a vehicle-matrix upload the way to take away the make matrices it added.
 */
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';
import { useForm } from '@/components/ui/use-form';
import { dataApi } from '../api';
import type { Totals } from '../wizard-state';

const ConfirmDialog = dynamic(() => import('@/components/ui/confirm-dialog').then((m) => m.ConfirmDialog));

export function ResultStep({
  schemaName,
  totals,
  refusedBefore,
  canDownload,
  importId,
  onDownload,
}: {
  schemaName: string | undefined;
  totals: Totals;
  /** Rows the preview refused (never sent). */
  refusedBefore: number;
  /** The refused rows can be written again (the file is here: it is not kept across a reload). */
  canDownload: boolean;
  importId: () => string;
  onDownload: () => void;
}) {
  const refused = totals.refused + refusedBefore;
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      <p className="font-medium">Import done.</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:w-80">
        <dt>Added</dt>
        <dd data-testid="import-added">{formatCount(totals.added)}</dd>
        <dt>Updated</dt>
        <dd data-testid="import-updated">{formatCount(totals.updated)}</dd>
        <dt>Unchanged</dt>
        <dd data-testid="import-unchanged">{formatCount(totals.unchanged)}</dd>
        <dt>Refused</dt>
        <dd data-testid="import-refused">{formatCount(refused)}</dd>
      </dl>
      {refused > 0 &&
        (canDownload ? (
          <div>
            <Button variant="secondary" onClick={onDownload}>
              Download the refused rows
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-700">
            The refused rows are written from the file, which the browser does not keep across a reload.
          </p>
        ))}
      {schemaName === 'vehicleMatrix' && totals.added > 0 && <RemoveUpload importId={importId} added={totals.added} />}
    </div>
  );
}

/** Takes away the make matrices a vehicle-matrix upload added, after a confirmation. */
function RemoveUpload({ importId, added }: { importId: () => string; added: number }) {
  const [asking, setAsking] = useState(false);
  const calls = useForm();
  if (calls.message) return <p role="status">{calls.message.text}</p>;
  return (
    <div>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        Remove the make matrices this upload added
      </Button>
      {asking && (
        <ConfirmDialog
          open
          onOpenChange={setAsking}
          title="Remove this upload"
          message={`Are you sure you wish to remove the ${formatCount(added)} make matrices this upload added? Rows it updated keep their new values.`}
          confirmLabel="Remove"
          onConfirm={async () => {
            await calls.run(
              async () => {
                const { count } = await dataApi.removeVehicleMatrix(importId());
                return `Removed ${formatCount(count)} make matrices.`;
              },
              { failed: (m) => `Nothing was removed: ${m}` },
            );
            setAsking(false);
          }}
        />
      )}
    </div>
  );
}
