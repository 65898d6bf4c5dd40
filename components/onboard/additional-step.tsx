'use client';
/** The second step: the company, its address and phone, language, time zone, web address and company ID. */
import { SelectField, TextField, type SelectOption } from '@/components/ui/field';
import type { LookupItem } from '@/lib/contract/lookups';
import { maskPhone } from '@/lib/validation/phone';
import { AddressFields } from './address-fields';
import type { OnboardLookups, StepProps } from './wizard-forms';

const options = (items: readonly LookupItem[]): SelectOption[] => items.map((i) => ({ value: i.id, label: i.value }));

export function AdditionalStep({ values, errors, onChange, lookups }: StepProps<'additional'> & { lookups: OnboardLookups }) {
  return (
    <>
      <TextField
        label="Company"
        required
        autoComplete="organization"
        value={values.company}
        error={errors.company}
        onChange={(e) => onChange({ company: e.target.value })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Job title"
          value={values.jobTitle}
          error={errors.jobTitle}
          maxLength={100}
          onChange={(e) => onChange({ jobTitle: e.target.value })}
        />
        <TextField
          label="Company email"
          type="email"
          required
          value={values.email}
          error={errors.email}
          onChange={(e) => onChange({ email: e.target.value })}
        />
      </div>
      <AddressFields
        values={values}
        errors={errors}
        onChange={onChange}
        countries={lookups.countries}
        stateProvinces={lookups.stateProvinces}
      />
      <div className="grid grid-cols-[6rem_1fr] gap-3">
        <TextField
          label="Country code"
          required
          value={values.phoneCC}
          error={errors.phoneCC}
          maxLength={4}
          onChange={(e) => onChange({ phoneCC: e.target.value })}
        />
        <TextField
          label="Phone"
          type="tel"
          required
          autoComplete="tel-national"
          value={values.phoneNo}
          error={errors.phoneNo}
          onChange={(e) => onChange({ phoneNo: maskPhone(e.target.value) })}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Language"
          required
          options={options(lookups.languages)}
          value={values.languageId}
          error={errors.languageId}
          onChange={(e) => onChange({ languageId: e.target.value })}
        />
        <SelectField
          label="Time zone"
          required
          options={options(lookups.timeZones)}
          value={values.timezoneId}
          error={errors.timezoneId}
          onChange={(e) => onChange({ timezoneId: e.target.value })}
        />
        <TextField
          label="Web address"
          type="url"
          placeholder="https://"
          value={values.webaddress}
          error={errors.webaddress}
          onChange={(e) => onChange({ webaddress: e.target.value })}
        />
        <TextField
          label="Company ID"
          hint="EIN or business number"
          value={values.companyId}
          error={errors.companyId}
          maxLength={40}
          onChange={(e) => onChange({ companyId: e.target.value })}
        />
      </div>
    </>
  );
}
