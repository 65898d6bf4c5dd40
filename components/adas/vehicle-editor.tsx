'use client';
/**
 * A vehicle (docs/adas.md#fields "Vehicle": model year 2007 by default): location, owner, VIN (decoded
 * as it is typed), year, make, model and body style; Delete asks first, and a vehicle an ADAS job uses
 * cannot be deleted (the host says so, the dialog shows it).
 */
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, deleteQuestion } from '@/components/ui/confirm-dialog';
import { SelectField } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Typeahead } from '@/components/ui/typeahead';
import { useForm } from '@/components/ui/use-form';
import { vehicleLabel } from '@/lib/adas/rules';
import type { Owner, VehicleRecord } from '@/lib/contract/vehicles';
import { vehicleApi } from './api';
import type { Choice } from './errors';
import { VehicleFields, newVehicleForm, vehicleBody, vehicleProblems, type VehicleErrors } from './vehicle-fields';

export interface VehicleEditorProps {
  vehicle: VehicleRecord | null;
  defaultYear: number;
  locations: readonly Choice[];
  defaultFirm: number;
  onClose: () => void;
  onSaved: () => void;
}

export function VehicleEditor({ vehicle, defaultYear, locations, defaultFirm, onClose, onSaved }: VehicleEditorProps) {
  const form = useForm({
    initial: {
      firm: vehicle?.firm ?? defaultFirm,
      owner: vehicle?.contact
        ? { contact: vehicle.contact, name: vehicle.contactName }
        : (null as { contact: number; name: string } | null),
      v: vehicle ? { ...vehicle, year: String(vehicle.year) } : newVehicleForm(defaultYear),
    },
    check: (d) => vehicleProblems(d.v),
    save: async (d) => {
      await vehicleApi.save({ ...vehicleBody(d.v), contact: d.owner?.contact ?? null, firm: d.firm });
      onSaved();
    },
  });
  const { draft, set, busy } = form;
  const errors: VehicleErrors & { firm?: string } = form.errors;
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <FormDialog
        form={form}
        title={vehicle ? `Vehicle: ${vehicleLabel(vehicle)}` : 'New vehicle'}
        size="lg"
        onClose={onClose}
        actions={
          vehicle && (
            <Button variant="danger" className="mr-auto" onClick={() => setConfirming(true)} disabled={busy}>
              Delete
            </Button>
          )
        }
      >
        {vehicle && vehicle.jobs > 0 && (
          <p className="text-sm text-slate-700">Used by {vehicle.jobs === 1 ? 'one ADAS job' : `${vehicle.jobs} ADAS jobs`}.</p>
        )}
        {locations.length > 1 && (
          <SelectField
            label="Location"
            placeholder={null}
            options={locations}
            value={draft.firm}
            onChange={(e) => set('firm', Number(e.target.value))}
            error={errors.firm}
          />
        )}
        {draft.owner ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span>
              Owner: <strong>{draft.owner.name}</strong>
            </span>
            <Button variant="ghost" onClick={() => set('owner', null)}>
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
            onSelect={(o) => set('owner', { contact: o.contact, name: o.name })}
            error={errors.contact}
          />
        )}
        <VehicleFields value={draft.v} onChange={(v) => set('v', v)} errors={errors} autoFocusVin={!vehicle} />
      </FormDialog>
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
              form.say((err as Error).message);
              setConfirming(false);
            }
          }}
        />
      )}
    </>
  );
}
