'use client';
/**
 * New or edited ADAS job (docs/adas.md#screens, #fields "Adas"): location, RO number, ADAS type, insurance,
 * notes and the vehicle — a new one (vehicle -1) or an existing vehicle of the chosen customer
 * (vehicle/ownerVehicles?contact). A new vehicle's year starts empty, for the VIN's decode to fill
 * (the contract's default year 2010 shown there looked like a fact); without a VIN it is typed.
 * Started from the ADAS Systems Overview it also starts the first inspection (createAdas with `inspection`). A failed save keeps everything typed and
 * says why, next to the field at fault.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { CheckboxField, SelectField, TextArea, TextField } from '@/components/ui/field';
import { Typeahead } from '@/components/ui/typeahead';
import { useForm } from '@/components/ui/use-form';
import { ADAS_TYPES, DEFAULT_ADAS_TYPE, DEFAULT_INSPECTION_TYPE, INSPECTION_TYPES, NEW_ID, vehicleLabel } from '@/lib/adas/rules';
import type { AdasRecord } from '@/lib/contract/adas';
import type { Owner, VehicleRecord } from '@/lib/contract/vehicles';
import { MESSAGES } from '@/lib/validation/messages';
import { adasApi, vehicleApi } from './api';
import type { Choice } from './errors';
import { insurerChoicesOf } from './insurer-choices';
import { InsurerField } from './insurer-field';
import { VehicleFields, newVehicleForm, vehicleBody, vehicleProblems, type VehicleForm } from './vehicle-fields';

export interface JobEditorProps {
  /** The job to edit; none for a new one. */
  job?: AdasRecord;
  /** A vehicle to start from (the ADAS Systems Overview's decoded VIN). */
  vehicle?: Partial<VehicleForm>;
  /** Start the first inspection with the job (ADAS Systems Overview). */
  withInspection?: boolean;
  locations: readonly Choice[];
  defaultFirm: number;
  /** The insurers the job's location (or `defaultFirm` for a new job) works with; reloaded when the location changes. */
  insurers: readonly Choice[];
  onClose: () => void;
  onSaved: (result: { adas: number; adasInspection: number | null }) => void;
}

const options = (names: Readonly<Record<number, string>>) =>
  Object.entries(names).map(([value, label]) => ({ value: Number(value), label }));

export function JobEditor({ job, vehicle, withInspection = false, locations, defaultFirm, insurers, onClose, onSaved }: JobEditorProps) {
  const formId = useId();
  const form = useForm({
    initial: {
      firm: job?.firm ?? defaultFirm,
      ronumber: job?.ronumber ?? '',
      adasType: job?.adasType ?? DEFAULT_ADAS_TYPE,
      insurance: job?.insurance ?? (null as number | null),
      notes: job?.notes ?? '',
      owner: job?.vehicle.contact
        ? { contact: job.vehicle.contact, name: job.vehicle.contactName }
        : (null as { contact: number; name: string } | null),
      v: (job ? { ...job.vehicle, year: String(job.vehicle.year) } : { ...newVehicleForm(null), ...vehicle }) as VehicleForm,
      startInspection: withInspection,
      inspectionType: DEFAULT_INSPECTION_TYPE,
    },
    check: (d) => ({ ...vehicleProblems(d.v), ronumber: d.ronumber.trim() ? null : MESSAGES.required }),
    // The vehicle's fields sit among the job's: "vehicle.vin" shows at the VIN.
    inner: 'vehicle',
    save: async (d) => {
      const fields = {
        firm: d.firm,
        adasType: d.adasType,
        ronumber: d.ronumber.trim(),
        insurance: d.insurance,
        notes: d.notes,
        vehicle: { ...vehicleBody(d.v), contact: d.owner?.contact ?? null },
      };
      if (job) {
        await adasApi.save({ adas: job.adas, ...fields });
        onSaved({ adas: job.adas, adasInspection: null });
      } else {
        const created = await adasApi.create({
          ...fields,
          inspection: d.startInspection ? { adasInspectionType: d.inspectionType, inspector: null } : null,
        });
        onSaved({ adas: created.id, adasInspection: created.adasInspection });
      }
    },
  });
  const { firm, ronumber, adasType, insurance, notes, owner, v, startInspection, inspectionType } = form.draft;
  const { set, errors, busy } = form;
  const [ownerVehicles, setOwnerVehicles] = useState<VehicleRecord[]>([]);
  const [insurerChoices, setInsurerChoices] = useState({ list: insurers, loading: false });
  const insurersLoad = useRef<AbortController | null>(null);
  useEffect(() => () => insurersLoad.current?.abort(), []);

  // Another location works with other insurers (api-host/adas/insurers.ts): its list replaces the
  // field's, and an insurer chosen that it does not work with goes, saying so at the field.
  const chooseFirm = (next: number) => {
    set('firm', next);
    insurersLoad.current?.abort();
    const ctrl = new AbortController();
    insurersLoad.current = ctrl;
    setInsurerChoices((c) => ({ ...c, loading: true }));
    adasApi
      .insurers(next, ctrl.signal)
      .then((answer) => {
        if (ctrl.signal.aborted) return;
        const list = insurerChoicesOf(answer);
        setInsurerChoices({ list, loading: false });
        const kept = job && next === job.firm && insurance === job.insurance;
        if (insurance == null || kept || list.some((x) => x.value === insurance)) return;
        const name = insurerChoices.list.find((x) => x.value === insurance)?.label ?? job?.insuranceName ?? 'The insurer';
        set('insurance', null);
        form.setErrors((e) => ({ ...e, insurance: `${name} does not work with this location: choose again.` }));
      })
      .catch((err: unknown) => {
        if (ctrl.signal.aborted) return;
        setInsurerChoices({ list: [], loading: false });
        form.say(`The insurers of this location could not be loaded: ${err instanceof Error ? err.message : String(err)}`);
      });
  };

  // The customer's vehicles, to pick one instead of entering a new vehicle.
  const contact = owner?.contact ?? null;
  useEffect(() => {
    if (contact == null) return;
    const ctrl = new AbortController();
    vehicleApi
      .ofOwner(contact, ctrl.signal)
      .then((list) => !ctrl.signal.aborted && setOwnerVehicles(list))
      .catch(() => !ctrl.signal.aborted && setOwnerVehicles([]));
    return () => ctrl.abort();
  }, [contact]);

  const chooseVehicle = (id: number) => {
    if (id === NEW_ID) return set('v', { ...newVehicleForm(null), contact });
    const found = ownerVehicles.find((x) => x.vehicle === id);
    if (found) set('v', { ...found, year: String(found.year) });
  };

  const title = job ? `Editing ADAS job ${job.ronumber}` : withInspection ? 'Start an ADAS job' : 'New ADAS job';
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title={title}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {busy ? 'Saving…' : job ? 'Save' : startInspection ? 'Start job and inspection' : 'Create job'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void form.submit(e)} className="flex flex-col gap-4">
        {form.message && <Alert kind={form.message.kind}>{form.message.text}</Alert>}
        <div className="grid gap-3 sm:grid-cols-2">
          {locations.length > 1 && (
            <SelectField
              label="Location"
              required
              placeholder={null}
              options={locations}
              value={firm}
              onChange={(e) => chooseFirm(Number(e.target.value))}
              error={errors.firm}
            />
          )}
          <TextField
            label="RO number"
            required
            value={ronumber}
            maxLength={30}
            onChange={(e) => set('ronumber', e.target.value)}
            error={errors.ronumber}
            autoFocus={!withInspection}
          />
          <SelectField
            label="ADAS type"
            placeholder={null}
            options={options(ADAS_TYPES)}
            value={adasType}
            onChange={(e) => set('adasType', Number(e.target.value))}
            error={errors.adasType}
          />
          <InsurerField
            insurers={insurerChoices.list}
            value={insurance}
            currentName={job?.insuranceName}
            disabled={insurerChoices.loading}
            onChange={(x) => set('insurance', x)}
            error={errors.insurance}
          />
        </div>

        <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">Customer and vehicle</legend>
          {owner ? (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span>
                Customer: <strong>{owner.name}</strong>
              </span>
              <Button
                variant="ghost"
                onClick={() => {
                  set('owner', null);
                  setOwnerVehicles([]);
                }}
              >
                Change customer
              </Button>
            </div>
          ) : (
            <Typeahead<Owner>
              label="Customer (optional)"
              placeholder="Search by name, phone or email"
              search={(term, signal) => vehicleApi.owners(term, signal)}
              itemKey={(o) => o.contact}
              renderItem={(o) => (
                <span className="flex flex-col">
                  <span className="font-medium">{o.name}</span>
                  <span className="text-xs text-slate-600">{[o.phoneNo, o.emailAddress].filter(Boolean).join(' · ')}</span>
                </span>
              )}
              onSelect={(o) => set('owner', { contact: o.contact, name: o.name })}
              // The customer is the vehicle's contact at the host.
              error={errors.owner ?? errors.contact}
            />
          )}
          {owner && ownerVehicles.length > 0 && (
            <SelectField
              label="Vehicle"
              placeholder={null}
              options={[
                { value: NEW_ID, label: 'A new vehicle' },
                ...ownerVehicles.map((x) => ({ value: x.vehicle, label: `${vehicleLabel(x)}${x.vin ? ` · ${x.vin}` : ''}` })),
              ]}
              value={v.vehicle > 0 && ownerVehicles.some((x) => x.vehicle === v.vehicle) ? v.vehicle : NEW_ID}
              onChange={(e) => chooseVehicle(Number(e.target.value))}
            />
          )}
          <VehicleFields value={v} onChange={(next) => set('v', next)} errors={errors} autoFocusVin={withInspection} />
        </fieldset>

        <TextArea label="Notes" value={notes} maxLength={2000} onChange={(e) => set('notes', e.target.value)} error={errors.notes} />

        {!job && (
          // The checkbox stays where it was pressed (the type appears below it) and stays in view: the
          // dialog's body scrolls what appeared into sight rather than letting it slide under the footer.
          <div className="flex flex-col items-start gap-3">
            <CheckboxField
              label="Start the first inspection"
              checked={startInspection}
              onChange={(e) => {
                set('startInspection', e.target.checked);
                const box = e.target;
                requestAnimationFrame(() => box.closest('div.flex-col')?.scrollIntoView({ block: 'nearest' }));
              }}
            />
            {startInspection && (
              <SelectField
                label="Inspection type"
                placeholder={null}
                options={options(INSPECTION_TYPES)}
                value={inspectionType}
                onChange={(e) => set('inspectionType', Number(e.target.value))}
              />
            )}
          </div>
        )}
      </form>
    </Dialog>
  );
}
