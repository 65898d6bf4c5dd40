'use client';
/** The third step: where to ship, the company's address (shown, not asked again) unless another is given. */
import { CheckboxField } from '@/components/ui/field';
import { AddressFields, type AddressValues } from './address-fields';
import type { OnboardLookups, StepProps } from './wizard-forms';

export function ShippingStep({
  values,
  errors,
  onChange,
  company,
  lookups,
}: StepProps<'shipping'> & { company: AddressValues; lookups: OnboardLookups }) {
  return (
    <>
      <CheckboxField
        label="Same as company address"
        checked={values.sameAsCompany}
        onChange={(e) => onChange({ sameAsCompany: e.target.checked })}
      />
      {values.sameAsCompany ? (
        <p className="text-sm text-slate-700">{[company.addressLines, company.city, company.postalCode].filter(Boolean).join(', ')}</p>
      ) : (
        <AddressFields values={values} errors={errors} onChange={onChange} lookups={lookups} />
      )}
    </>
  );
}
