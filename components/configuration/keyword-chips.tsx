'use client';
/**
 * A list of chips (keywords, models, names): comma text on the server, chips here (docs/configuration.md#fields).
 * Typing a comma or Enter adds what was typed (a pasted "a, b, c" adds three); leaving the box adds it
 * too, so nothing typed is lost on Save. Backspace in the empty box removes the last chip; each chip has
 * its own remove button. Suggestions (the keywords in use) come as the box's datalist.
 */
import { Icon } from '@/components/ui/icon';
import { useId, useState } from 'react';
import { splitKeywords } from '@/lib/configuration/keywords';

export interface ChipsProps {
  label: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  suggestions?: readonly string[];
  error?: string | null;
  hint?: string;
  placeholder?: string;
  /** Noun for the count read to screen readers ("keywords"). */
  noun?: string;
}

export function Chips({
  label,
  value,
  onChange,
  suggestions,
  error,
  hint,
  placeholder = 'Type and press Enter or a comma',
  noun = 'entries',
}: ChipsProps) {
  const id = useId();
  const [text, setText] = useState('');
  const add = (typed: string) => {
    const added = splitKeywords([...value, typed]);
    if (added.length !== value.length) onChange(added);
    setText('');
  };
  const remove = (i: number) => onChange(value.filter((_, j) => j !== i));
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null, `${id}-count`].filter(Boolean).join(' ');

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div
        className={`flex flex-wrap items-center gap-1.5 rounded-md border bg-white px-2 py-1.5 shadow-sm ${error ? 'border-red-600' : 'border-slate-300'}`}
      >
        {value.length > 0 && (
          <ul className="contents" aria-label={`${label} chosen`}>
            {value.map((chip, i) => (
              <li
                key={`${chip}-${i}`}
                className="inline-flex max-w-full items-center gap-1 rounded bg-brand-50 py-0.5 pr-0.5 pl-2 text-sm text-brand-800"
              >
                <span className="break-all">{chip}</span>
                <button type="button" className="rounded p-1 hover:bg-brand-100" aria-label={`Remove ${chip}`} onClick={() => remove(i)}>
                  <Icon name="x" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={id}
          type="text"
          value={text}
          list={suggestions?.length ? `${id}-list` : undefined}
          placeholder={value.length ? undefined : placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="min-w-[8rem] flex-1 border-0 bg-transparent px-1 py-1 text-base text-slate-900 outline-none sm:text-sm"
          onChange={(e) => {
            const v = e.target.value;
            if (v.includes(',')) add(v);
            else setText(v);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (text.trim()) add(text);
            } else if (e.key === 'Backspace' && text === '' && value.length) {
              remove(value.length - 1);
            }
          }}
          onBlur={() => text.trim() && add(text)}
        />
        {suggestions?.length ? (
          <datalist id={`${id}-list`}>
            {suggestions
              .filter((s) => !value.some((v) => v.toLowerCase() === s.toLowerCase()))
              .slice(0, 200)
              .map((s) => (
                <option key={s} value={s} />
              ))}
          </datalist>
        ) : null}
      </div>
      <span id={`${id}-count`} className="sr-only" aria-live="polite">
        {`${value.length} ${noun}`}
      </span>
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
