'use client';
/**
 * The typeahead of a list screen's toolbar, loaded on first use: until the box is focused or pointed at it
 * is a plain labelled text box that looks the same, so the combobox (typeahead.tsx) stays out of the
 * page's first-load JS. Whatever is typed while it loads is handed over, with the focus.
 */
import { Search } from 'lucide-react';
import { useId, useState, type ComponentType } from 'react';
import type { TypeaheadProps } from './typeahead';

const load = () => import('./typeahead').then((m) => m.Typeahead);

export function LazyTypeahead<T>(props: TypeaheadProps<T>) {
  const id = useId();
  const [Box, setBox] = useState<ComponentType<TypeaheadProps<T>> | null>(null);
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const wake = () =>
    void load()
      .then((component) => setBox(() => component as ComponentType<TypeaheadProps<T>>))
      .catch(() => undefined);

  if (Box) return <Box {...props} initialText={text} autoFocus={focused} />;
  const { label, hideLabel, placeholder, className = '' } = props;
  return (
    <div className={`relative flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-slate-800'}>
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500" />
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={false}
          aria-controls={`${id}-list`}
          value={text}
          placeholder={placeholder}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          onFocus={() => {
            setFocused(true);
            wake();
          }}
          onBlur={() => setFocused(false)}
          onPointerEnter={wake}
          className="w-full rounded-md border border-slate-300 bg-white py-2 pr-8 pl-8 text-base text-slate-900 shadow-sm sm:text-sm"
        />
      </div>
      <ul id={`${id}-list`} role="listbox" aria-label={label} hidden />
    </div>
  );
}
