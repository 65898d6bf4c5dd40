/**
 * The labelled search box of a typeahead: label, search icon and the combobox input. Shared by the
 * typeahead itself and its lazy stand-in (lazy-typeahead.tsx), so the box looks and reads the same before
 * and after the combobox code has loaded.
 */
import { Icon } from '@/components/ui/icon';

export interface TypeaheadInputProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type' | 'role' | 'id'> {
  id: string;
  label: string;
  hideLabel?: boolean;
  /** The id of the listbox the box controls. */
  listId: string;
  /** Whether that listbox is shown. */
  expanded: boolean;
  ref?: React.Ref<HTMLInputElement>;
  /** Drawn inside the box on the right (a spinner). */
  adornment?: React.ReactNode;
}

export function TypeaheadInput({ id, label, hideLabel, listId, expanded, adornment, className = '', ...input }: TypeaheadInputProps) {
  return (
    <>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-slate-800'}>
        {label}
      </label>
      <div className="relative">
        <Icon name="search" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500" />
        <input
          {...input}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-controls={listId}
          aria-expanded={expanded}
          maxLength={100}
          className={`w-full rounded-md border border-slate-300 bg-white py-2 pr-8 pl-8 text-base text-slate-900 shadow-sm aria-[invalid=true]:border-red-600 sm:text-sm ${className}`}
        />
        {adornment}
      </div>
    </>
  );
}
