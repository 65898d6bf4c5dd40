'use client';
/** The first step: who is setting the location up; the email becomes their username (and resumes the wizard elsewhere). */
import { CheckboxField, TextField } from '@/components/ui/field';
import { textFields, type StepProps } from './wizard-forms';

export function BasicStep(step: StepProps<'basic'>) {
  const { values, onChange } = step;
  const field = textFields<'basic'>(step);
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="First name" required autoComplete="given-name" maxLength={100} {...field('firstName')} />
        <TextField label="Last name" required autoComplete="family-name" maxLength={100} {...field('lastName')} />
      </div>
      <TextField label="Email" type="email" required autoComplete="email" hint="This will be your username." {...field('emailAddress')} />
      <CheckboxField
        label="Send me product news and offers"
        checked={values.consent}
        onChange={(e) => onChange({ consent: e.target.checked })}
      />
    </>
  );
}
