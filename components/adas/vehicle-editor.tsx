'use client';
/**
 * A vehicle (issue 13 §9; operations §3 "Vehicle": model year 2007 by default): location, owner, VIN (decoded
 * as it is typed), year, make, model and body style; Delete asks first, and a vehicle an ADAS job uses
 * cannot be deleted (the host says so, the dialog shows it).
 */
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, deleteQuestion } from '@/components/ui/confirm-dialog';
import { Dialog, SaveCancel } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/field';
import { Typeahead } from '@/components/ui/typeahead';
import { vehicleLabel } from '@/lib/adas/rules';
import type { Owner, VehicleRecord } from '@/lib/contract/vehicle';
import { vehicleApi } from './api';
import { splitErrors, type Choice } from './errors';
import { VehicleFields, newVehicleForm, vehicleBody, vehicleProblems, type VehicleErrors, type VehicleForm } from './vehicle-fields';

export interface VehicleEditorProps {
  vehicle: VehicleRecord | null;
  defaultYear: number;
  locations: readonly Choice[];
  defaultFirm: number;
  onClose: () => void;
  onSaved: () => void;
}

export function VehicleEditor({ vehicle, defaultYear, locations, defaultFirm, onClose, onSaved }: VehicleEditorProps) {
  const formId = useId();
  const [firm, setFirm] = useState(vehicle?.firm ?? defaultFirm);
  const [owner, setOwner] = useState<{ contact: number; name: string } | null>(vehicle?.contact ? { contact: vehicle.contact, name: vehicle.contactName } : null);
  const [v, setV] = useState<VehicleForm>(() => (vehicle ? { ...vehicle, year: String(vehicle.year) } : newVehicleForm(defaultYear)));
  const [errors, setErrors] = useState<VehicleErrors & { firm?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problems = vehicleProblems(v);
    setErrors(problems);
    if (Object.keys(problems).length) return setMessage('Please correct the highlighted fields.');
    setBusy(true);
    setMessage(null);
    try {
      await vehicleApi.save({ ...vehicleBody(v), contact: owner?.contact ?? null, firm });
      onSaved();
    } catch (err) {
      const split = splitErrors(err);
      setMessage(split.message);
      setErrors({ ...split.job } as VehicleErrors);
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog
        open
        onOpenChange={(o) => !o && !busy && onClose()}
        title={vehicle ? `Vehicle: ${vehicleLabel(vehicle)}` : 'New vehicle'}
        size="lg"
        footer={
          <>
            {vehicle && (
              <Button variant="danger" className="mr-auto" onClick={() => setConfirming(true)} disabled={busy}>
                Delete
              </Button>
            )}
            <SaveCancel formId={formId} busy={busy} onCancel={onClose} />
          </>
        }
      >
        <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
          {message && <Alert>{message}</Alert>}
          {vehicle && vehicle.jobs > 0 && (
            <p className="text-sm text-slate-700">
              Used by {vehicle.jobs === 1 ? 'one ADAS job' : `${vehicle.jobs} ADAS jobs`}.
            </p>
          )}
          {locations.length > 1 && (
            <SelectField label="Location" placeholder={null} options={locations} value={firm} onChange={(e) => setFirm(Number(e.target.value))} error={errors.firm} />
          )}
          {owner ? (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span>
                Owner: <strong>{owner.name}</strong>
              </span>
              <Button variant="ghost" onClick={() => setOwner(null)}>
                Change owner
              </Button>
            </div>
          ) : (
            <Typeahead<Owner>
              label="Owner (optional)"
              placeholder="Search by name, phone or email"
              search={(term, signal) => vehicleApi.owners(term, signal)}
              itemKey={(o) => o.contact}
              renderItem={(o) => <span className="font-medium">{o.name}</span>}
              onSelect={(o) => setOwner({ contact: o.contact, name: o.name })}
              error={errors.contact}
            />
          )}
          <VehicleFields value={v} onChange={setV} errors={errors} autoFocusVin={!vehicle} />
        </form>
      </Dialog>
      {vehicle && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          message={deleteQuestion('Vehicle')}
          onConfirm={async () => {
            try {
              await vehicleApi.remove(vehicle.vehicle);
              onSaved();
            } catch (err) {
              setMessage((err as Error).message);
              setConfirming(false);
            }
          }}
        />
      )}
    </>
  );
}
