'use client';
/**
 * Address lines, city, country, state/province and postal code: the additional and shipping steps. A country
 * with states or provinces in the lookups asks for one of its own (the host refuses the address without it).
 */
import { SelectField, TextField, type SelectOption } from '@/components/ui/field';
import type { LookupItem } from '@/lib/contract/lookups';

export interface AddressValues {
  addressLines: string;
  city: string;
  stateProvince: string;
  postalCode: string;
  country: string;
}

export function AddressFields({
  values,
  errors,
  onChange,
  lookups: { countries, stateProvinces },
  disabled,
}: {
  values: AddressValues;
  errors: Record<string, string>;
  onChange: (patch: Partial<AddressValues>) => void;
  lookups: { countries: readonly LookupItem[]; stateProvinces: readonly LookupItem[] };
  disabled?: boolean;
}) {
  // The form holds the country's id; a state names its country by code (type3).
  const countryCode = countries.find((c) => String(c.id) === values.country)?.code;
  const states = stateProvinces.filter((s) => countryCode != null && s.type3 === countryCode).map((s) => ({ value: s.id, label: s.value }));
  const countryOptions: SelectOption[] = countries.map((c) => ({ value: c.id, label: c.value }));
  return (
    <>
      <TextField
        label="Address"
        required
        value={values.addressLines}
        error={errors.addressLines}
        disabled={disabled}
        maxLength={300}
        autoComplete="street-address"
        onChange={(e) => onChange({ addressLines: e.target.value })}
      />
      <TextField
        label="City"
        required
        value={values.city}
        error={errors.city}
        disabled={disabled}
        maxLength={100}
        autoComplete="address-level2"
        onChange={(e) => onChange({ city: e.target.value })}
      />
      <SelectField
        label="Country"
        required
        options={countryOptions}
        value={values.country}
        error={errors.country}
        disabled={disabled}
        onChange={(e) => onChange({ country: e.target.value, stateProvince: '' })}
      />
      {states.length > 0 && (
        <SelectField
          label="State or province"
          required
          options={states}
          value={values.stateProvince}
          error={errors.stateProvince}
          disabled={disabled}
          onChange={(e) => onChange({ stateProvince: e.target.value })}
        />
      )}
      <TextField
        label="Postal code"
        required
        value={values.postalCode}
        error={errors.postalCode}
        disabled={disabled}
        maxLength={10}
        autoComplete="postal-code"
        onChange={(e) => onChange({ postalCode: e.target.value })}
      />
    </>
  );
}

/** Form text to the contract's numbers ('' = none). */
export const idOrNull = (v: string) => (v === '' ? null : Number(v));
export const addressBody = (a: AddressValues) => ({ ...a, stateProvince: idOrNull(a.stateProvince), country: idOrNull(a.country) });
