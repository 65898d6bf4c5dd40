'use client';
/** A phone number field with the (xxx) xxx-xxxx mask (docs/contacts.md#screens): digits only, formatted while typing. */
import { maskPhone } from '@/lib/validation/phone';
import { TextField } from './field';

type Props = Omit<React.ComponentProps<typeof TextField>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (value: string) => void;
};

export function PhoneField({ value, onChange, ...props }: Props) {
  return (
    <TextField
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(555) 123-4567"
      maxLength={20}
      {...props}
      value={value}
      onChange={(e) => onChange(maskPhone(e.target.value))}
    />
  );
}
