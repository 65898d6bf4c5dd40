'use client';
/**
 * An inspection's own fields (docs/adas.md#screens): type, inspector (a user of the job's location),
 * insurance, RO number, date, status and notes, with their errors beside them. Locked once the inspection is
 * Complete; a provider's user reads them, the status included, but only the shop saves them.
 */
import { Button } from '@/components/ui/button';
import { SelectField, TextArea, TextField } from '@/components/ui/field';
import type { FieldErrors } from '@/lib/validation/field-errors';
import { INSPECTION_TYPES, STATUS_NAMES } from '@/lib/adas/rules';
import type { InspectionAccess, InspectionScreenProps } from './inspection-setup';
import { InsurerField } from './insurer-field';

export interface InspectionFieldValues {
  adasInspectionType: number;
  inspector: number | null;
  insurance: number | null;
  ronumber: string;
  notes: string;
  inspectionDate: string;
  status: number;
}

/** The choices of a select from a table of names (id → name). */
export const options = (names: Readonly<Record<number, string>>) =>
  Object.entries(names).map(([value, label]) => ({ value: Number(value), label }));

export function InspectionFields({
  id,
  form,
  errors,
  setForm,
  screen: { inspection, job, insurers },
  access: { complete, shopOnly, busy },
  onSubmit,
}: {
  id: string;
  form: InspectionFieldValues;
  errors: FieldErrors;
  setForm: (change: Partial<InspectionFieldValues>) => void;
  screen: InspectionScreenProps;
  access: InspectionAccess;
  onSubmit: (e: React.FormEvent) => void;
}) {
  // Complete, or opened by a provider's user: the fields are read only (a provider's user sees the status, too).
  const fieldsLocked = complete || !shopOnly;
  return (
    <form
      id={id}
      noValidate
      onSubmit={onSubmit}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <SelectField
        label="Inspection type"
        placeholder={null}
        options={options(INSPECTION_TYPES)}
        value={form.adasInspectionType}
        disabled={fieldsLocked}
        onChange={(e) => setForm({ adasInspectionType: Number(e.target.value) })}
      />
      <SelectField
        label="Inspector"
        placeholder="Nobody yet"
        options={job.inspectors.map((u) => ({ value: u.user, label: u.name }))}
        value={form.inspector ?? ''}
        disabled={fieldsLocked}
        onChange={(e) => setForm({ inspector: e.target.value ? Number(e.target.value) : null })}
        error={errors.inspector}
      />
      <InsurerField
        insurers={insurers}
        value={form.insurance}
        currentName={inspection.insuranceName}
        disabled={fieldsLocked}
        onChange={(insurance) => setForm({ insurance })}
        error={errors.insurance}
      />
      <TextField
        label="RO number"
        value={form.ronumber}
        maxLength={30}
        disabled={fieldsLocked}
        onChange={(e) => setForm({ ronumber: e.target.value })}
        error={errors.ronumber}
      />
      <TextField
        label="Inspection date"
        type="datetime-local"
        value={form.inspectionDate}
        disabled={fieldsLocked}
        onChange={(e) => setForm({ inspectionDate: e.target.value })}
        error={errors.inspectionDate}
      />
      <SelectField
        label="Status"
        placeholder={null}
        options={options(STATUS_NAMES)}
        value={form.status}
        disabled={!shopOnly}
        onChange={(e) => setForm({ status: Number(e.target.value) })}
        error={errors.status}
      />
      <div className="sm:col-span-2 lg:col-span-3">
        <TextArea
          label="Notes"
          value={form.notes}
          maxLength={2000}
          disabled={fieldsLocked}
          onChange={(e) => setForm({ notes: e.target.value })}
        />
      </div>
      <div className="flex justify-end sm:col-span-2 lg:col-span-3">
        {shopOnly && (
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save inspection'}
          </Button>
        )}
      </div>
    </form>
  );
}
