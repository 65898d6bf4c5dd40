'use client';
/**
 * "Choose Vehicle" (/choose): year, make and model from the decoder's table, for a vehicle without a VIN
 * at hand; the choice opens the ADAS Systems Overview of that vehicle. A plain GET form: it works as a
 * link would, and the models follow the make.
 */
import { useState } from 'react';
import { SelectField } from '@/components/ui/field';
import { buttonClass } from '@/components/ui/button';
import type { MakeModels } from '@/lib/contract/vehicles';

export function ChooseVehicle({
  makes,
  years,
  initial,
}: {
  makes: MakeModels[];
  years: number[];
  initial: { year: number; make: string; model: string };
}) {
  const [year, setYear] = useState(initial.year);
  const [make, setMake] = useState(initial.make);
  const [model, setModel] = useState(initial.model);
  const models = (makes.find((m) => m.make === make)?.models ?? []).filter((m) => m.yearStart <= year && m.yearEnd >= year);
  return (
    <form
      action="/add-inspection"
      method="get"
      className="grid max-w-3xl gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3"
    >
      <SelectField
        label="Year"
        name="year"
        required
        placeholder={null}
        options={years.map((y) => ({ value: y, label: String(y) }))}
        value={year}
        onChange={(e) => setYear(Number(e.target.value))}
      />
      <SelectField
        label="Make"
        name="make"
        required
        options={makes.map((m) => ({ value: m.make, label: m.make }))}
        value={make}
        onChange={(e) => {
          setMake(e.target.value);
          setModel('');
        }}
      />
      <SelectField
        label="Model"
        name="model"
        required
        disabled={!make}
        hint={make && models.length === 0 ? `No ${make} models of ${year} in the vehicle table.` : undefined}
        options={models.map((m) => ({ value: m.model, label: m.model }))}
        value={model}
        onChange={(e) => setModel(e.target.value)}
      />
      <div className="sm:col-span-3">
        <button type="submit" className={buttonClass('primary')} disabled={!year || !make || !model}>
          Show ADAS systems
        </button>
      </div>
    </form>
  );
}
