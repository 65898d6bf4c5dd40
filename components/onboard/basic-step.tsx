'use client';
/** The first step: who is setting the location up; the email becomes their username (and resumes the wizard elsewhere). */
import { CheckboxField, TextField } from '@/components/ui/field';
import type { StepProps } from './wizard-forms';

export function BasicStep({ values, errors, onChange }: StepProps<'basic'>) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="First name"
          required
          autoComplete="given-name"
          value={values.firstName}
          error={errors.firstName}
          maxLength={100}
          onChange={(e) => onChange({ firstName: e.target.value })}
        />
        <TextField
          label="Last name"
          required
          autoComplete="family-name"
          value={values.lastName}
          error={errors.lastName}
          maxLength={100}
          onChange={(e) => onChange({ lastName: e.target.value })}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        required
        autoComplete="email"
        hint="This will be your username."
        value={values.emailAddress}
        error={errors.emailAddress}
        onChange={(e) => onChange({ emailAddress: e.target.value })}
      />
      <CheckboxField
        label="Send me product news and offers"
        checked={values.consent}
        onChange={(e) => onChange({ consent: e.target.checked })}
      />
    </>
  );
}
