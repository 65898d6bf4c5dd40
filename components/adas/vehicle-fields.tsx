'use client';
/**
 * The vehicle part of a form (docs/adas.md#fields "Vehicle"): VIN first (decoding fills the rest), then year,
 * make, model and body style. Makes and models come from the decoder's table (vehicle/makes) as
 * suggestions; any make or model may be typed. Shared by the job editor, the vehicle editor and the
 * ADAS Systems Overview.
 */
import { useEffect, useId, useState } from 'react';
import { TextField } from '@/components/ui/field';
import type { VinDecode } from '@/lib/contract/decode';
import type { MakeModels } from '@/lib/contract/vehicles';
import { MESSAGES } from '@/lib/validation/messages';
import { yearProblem } from '@/lib/vehicle/year';
import { vehicleApi } from './api';
import { VinField, vinSubmitProblem } from './vin-field';

export interface VehicleForm {
  vehicle: number;
  contact: number | null;
  year: string;
  make: string;
  makeId: number | null;
  model: string;
  bodystyle: string;
  vin: string;
}

/** A new vehicle's form; `year` null leaves the year empty for the VIN's decode to fill (a new job). */
export const newVehicleForm = (year: number | null): VehicleForm => ({
  vehicle: -1,
  contact: null,
  year: year == null ? '' : String(year),
  make: '',
  makeId: null,
  model: '',
  bodystyle: '',
  vin: '',
});

export type VehicleErrors = Partial<Record<'year' | 'make' | 'model' | 'bodystyle' | 'vin' | 'contact', string>>;

/** Problems the form can tell before sending anything. */
export function vehicleProblems(v: VehicleForm): VehicleErrors {
  const out: VehicleErrors = {};
  const vin = vinSubmitProblem(v.vin);
  if (vin) out.vin = vin;
  out.year = yearProblem(Number(v.year)) ?? undefined;
  if (!v.make.trim()) out.make = MESSAGES.required;
  if (!v.model.trim()) out.model = MESSAGES.required;
  return Object.fromEntries(Object.entries(out).filter(([, m]) => m)) as VehicleErrors;
}

/** The vehicle as the contract takes it. */
export const vehicleBody = (v: VehicleForm) => ({
  vehicle: v.vehicle,
  contact: v.contact,
  year: Number(v.year),
  make: v.make.trim(),
  makeId: v.makeId,
  model: v.model.trim(),
  bodystyle: v.bodystyle.trim(),
  vin: v.vin,
});

/** A decode applied to the form: only what it knows. */
export function applyDecode(v: VehicleForm, d: VinDecode): VehicleForm {
  return {
    ...v,
    year: d.year ? String(d.year) : v.year,
    make: d.make || v.make,
    makeId: d.makeId ?? v.makeId,
    model: d.model || v.model,
    bodystyle: d.bodystyle || v.bodystyle,
  };
}

let makesOnce: Promise<MakeModels[]> | null = null;
function useMakes(): MakeModels[] {
  const [makes, setMakes] = useState<MakeModels[]>([]);
  useEffect(() => {
    makesOnce ??= vehicleApi.makes().catch(() => {
      makesOnce = null;
      return [];
    });
    let live = true;
    void makesOnce.then((m) => live && setMakes(m));
    return () => {
      live = false;
    };
  }, []);
  return makes;
}

export function VehicleFields({
  value,
  onChange,
  errors = {},
  vinRequired,
  autoFocusVin,
}: {
  value: VehicleForm;
  onChange: (v: VehicleForm) => void;
  errors?: VehicleErrors;
  vinRequired?: boolean;
  autoFocusVin?: boolean;
}) {
  const makes = useMakes();
  const makeList = useId();
  const modelList = useId();
  const models = makes.find((m) => m.make.toLowerCase() === value.make.trim().toLowerCase())?.models ?? [];
  const set = (change: Partial<VehicleForm>) => onChange({ ...value, ...change });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <VinField
          value={value.vin}
          onChange={(vin) => set({ vin })}
          onDecoded={(d) => onChange(applyDecode({ ...value, vin: d.vin }, d))}
          error={errors.vin}
          required={vinRequired}
          autoFocus={autoFocusVin}
        />
      </div>
      <TextField
        label="Year"
        inputMode="numeric"
        required
        value={value.year}
        maxLength={4}
        onChange={(e) => set({ year: e.target.value.replace(/\D/g, '') })}
        error={errors.year}
        hint={value.year ? undefined : 'Filled in from the VIN; type it when there is no VIN.'}
      />
      <TextField
        label="Make"
        required
        list={makeList}
        value={value.make}
        maxLength={60}
        onChange={(e) => set({ make: e.target.value, makeId: makes.find((m) => m.make === e.target.value)?.makeId ?? null })}
        error={errors.make}
      />
      <datalist id={makeList}>
        {makes.map((m) => (
          <option key={m.makeId} value={m.make} />
        ))}
      </datalist>
      <TextField
        label="Model"
        required
        list={modelList}
        value={value.model}
        maxLength={80}
        onChange={(e) => set({ model: e.target.value })}
        error={errors.model}
      />
      <datalist id={modelList}>
        {models.map((m) => (
          <option key={m.model} value={m.model} />
        ))}
      </datalist>
      <TextField
        label="Body style"
        value={value.bodystyle}
        maxLength={60}
        onChange={(e) => set({ bodystyle: e.target.value })}
        error={errors.bodystyle}
      />
    </div>
  );
}
