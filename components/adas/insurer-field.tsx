'use client';
/**
 * The insurer of a job or inspection (docs/insurance.md#screens): the insurers the job's location works with
 * (adas/insurers?firm, insurer-choices.ts). A short list is a select; a long one (more than LONG_LIST) is searched by part of the
 * name with the shared typeahead, the chosen insurer shown above it with a way to clear it. An insurer
 * the record names but the list no longer holds (made inactive since) stays shown as the current one.
 */
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { Typeahead } from '@/components/ui/typeahead';
import type { Choice } from './errors';

/** Above this many insurers the select becomes a search. */
export const LONG_LIST = 12;

export interface InsurerFieldProps {
  insurers: readonly Choice[];
  value: number | null;
  /** The name the record holds for `value` (shown when the list does not hold it). */
  currentName?: string;
  onChange: (insurance: number | null) => void;
  disabled?: boolean;
  error?: string | null;
}

export function InsurerField({ insurers, value, currentName = '', onChange, disabled, error }: InsurerFieldProps) {
  const chosen = value == null ? null : (insurers.find((x) => x.value === value)?.label ?? (currentName || `Insurer ${value}`));
  if (insurers.length <= LONG_LIST || disabled) {
    const options = value != null && !insurers.some((x) => x.value === value) ? [{ value, label: chosen ?? '' }, ...insurers] : insurers;
    return (
      <SelectField
        label="Insurance"
        placeholder="None"
        options={options}
        value={value ?? ''}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        error={error}
      />
    );
  }
  const search = (term: string) => {
    const t = term.toLowerCase();
    return Promise.resolve(insurers.filter((x) => x.label.toLowerCase().includes(t)));
  };
  return (
    <div className="flex flex-col gap-1">
      <Typeahead<Choice>
        label="Insurance"
        placeholder={chosen ? 'Search to change the insurer' : 'Search insurers by name'}
        search={search}
        itemKey={(x) => x.value}
        renderItem={(x) => x.label}
        onSelect={(x) => onChange(Number(x.value))}
        error={error}
      />
      <p className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
        <span>
          Insurer: <strong>{chosen ?? 'None'}</strong>
        </span>
        {chosen && (
          <Button variant="ghost" onClick={() => onChange(null)}>
            Clear insurer
          </Button>
        )}
      </p>
    </div>
  );
}
