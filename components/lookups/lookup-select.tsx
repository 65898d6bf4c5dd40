'use client';
/** A select of one lookup group's values (useLookups): the field set's SelectField, with ids in and out. */
import { SelectField, type SelectProps } from '@/components/ui/field';
import type { LookupGroup, LookupItem } from '@/lib/contract/lookups';
import type { Lookups } from './use-lookups';

type LookupSelectProps = Omit<SelectProps, 'options' | 'value' | 'onChange'> & {
  lookups: Lookups;
  group: LookupGroup;
  /** The chosen id; null, undefined or 0 for none (an inactive current value stays choosable). */
  value: number | null | undefined;
  onChange: (id: number | null) => void;
  /** Narrows the choices (e.g. the states of one country). */
  where?: (item: LookupItem) => boolean;
};

export function LookupSelect({ lookups, group, value, onChange, where, ...field }: LookupSelectProps) {
  return (
    <SelectField
      {...field}
      options={lookups.options(group, value, where)}
      value={value && value > 0 ? String(value) : ''}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
    />
  );
}

/** One required lookup choice of a form: its id, setter and field error. */
export interface LookupBinding {
  value: number | null | undefined;
  onChange: (id: number | null) => void;
  error?: string;
}

/**
 * The required Time Zone and Language pair that users, contacts and locations all carry (the user's
 * dates and texts follow them). `languageFirst` keeps the contact dialog's order.
 */
export function ZoneAndLanguage({
  lookups,
  timezone,
  language,
  languageFirst = false,
}: {
  lookups: Lookups;
  timezone: LookupBinding;
  language: LookupBinding;
  languageFirst?: boolean;
}) {
  const zone = <LookupSelect key="zone" label="Time Zone" required lookups={lookups} group="TimeZone" {...timezone} />;
  const lang = <LookupSelect key="language" label="Language" required lookups={lookups} group="Language" {...language} />;
  return <>{languageFirst ? [lang, zone] : [zone, lang]}</>;
}
