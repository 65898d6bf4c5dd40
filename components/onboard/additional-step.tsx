'use client';
/** The second step: the company, its address and phone, language, time zone, web address and company ID. */
import { SelectField, TextField, type SelectOption } from '@/components/ui/field';
import type { LookupItem } from '@/lib/contract/lookups';
import { maskPhone } from '@/lib/validation/phone';
import { AddressFields } from './address-fields';
import { textFields, type OnboardLookups, type StepProps } from './wizard-forms';

const options = (items: readonly LookupItem[]): SelectOption[] => items.map((i) => ({ value: i.id, label: i.value }));

export function AdditionalStep({ lookups, ...step }: StepProps<'additional'> & { lookups: OnboardLookups }) {
  const { values, errors, onChange } = step;
  const field = textFields<'additional'>(step);
  return (
    <>
      <TextField label="Company" required autoComplete="organization" {...field('company')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Job title" maxLength={100} {...field('jobTitle')} />
        <TextField label="Company email" type="email" required {...field('email')} />
      </div>
      <AddressFields values={values} errors={errors} onChange={onChange} lookups={lookups} />
      <div className="grid grid-cols-[6rem_1fr] gap-3">
        <TextField label="Country code" required maxLength={4} {...field('phoneCC')} />
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
        <SelectField label="Language" required options={options(lookups.languages)} {...field('languageId')} />
        <SelectField label="Time zone" required options={options(lookups.timeZones)} {...field('timezoneId')} />
        <TextField label="Web address" type="url" placeholder="https://" {...field('webaddress')} />
        <TextField label="Company ID" hint="EIN or business number" maxLength={40} {...field('companyId')} />
      </div>
    </>
  );
}
