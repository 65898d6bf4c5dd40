'use client';
/**
 * The typeahead of a list screen's toolbar, loaded on first use: until the box is focused or pointed at it
 * is a plain labelled text box that looks the same, so the combobox (typeahead.tsx) stays out of the
 * page's first-load JS. Whatever is typed while it loads is handed over, with the focus.
 */
import { useId, useState, type ComponentType } from 'react';
import type { TypeaheadProps } from './typeahead';
import { TypeaheadInput } from './typeahead-input';

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
      <TypeaheadInput
        id={id}
        label={label}
        hideLabel={hideLabel}
        listId={`${id}-list`}
        expanded={false}
        value={text}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        onFocus={() => {
          setFocused(true);
          wake();
        }}
        onBlur={() => setFocused(false)}
        onPointerEnter={wake}
      />
      <ul id={`${id}-list`} role="listbox" aria-label={label} hidden />
    </div>
  );
}
