'use client';
/**
 * The one labelled form field: label, control, error beside it (announced, and tied to the control with
 * aria-describedby). Textareas follow docs/shell.md#validation: an asterisk when required, max length 500, 2 rows.
 */
import { useId, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

export const TEXT_MAX_LENGTH = 200;
export const TEXTAREA_MAX_LENGTH = 500;

interface FieldShellProps {
  id: string;
  label: string;
  error?: string | null;
  required?: boolean;
  showRequiredMark?: boolean;
  hint?: string;
  /** The label for screen readers only (a field in a table, whose headers show what it is). */
  hideLabel?: boolean;
  children: React.ReactNode;
}

function FieldShell({ id, label, error, required, showRequiredMark, hint, hideLabel, children }: FieldShellProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-slate-800'}>
        {label}
        {required && showRequiredMark && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
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

const CONTROL =
  'w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm aria-[invalid=true]:border-red-600 border-slate-300';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string | null;
  hint?: string;
  hideLabel?: boolean;
};

export function TextField({ label, error, hint, hideLabel, required, maxLength = TEXT_MAX_LENGTH, className = '', ...props }: InputProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} required={required} hint={hint} hideLabel={hideLabel}>
      <input
        id={id}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={`${CONTROL} ${className}`}
        {...props}
      />
    </FieldShell>
  );
}

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  error?: string | null;
  hint?: string;
  hideLabel?: boolean;
};

export function TextArea({
  label,
  error,
  hint,
  hideLabel,
  required,
  maxLength = TEXTAREA_MAX_LENGTH,
  rows = 2,
  className = '',
  ...props
}: TextareaProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} required={required} hint={hint} hideLabel={hideLabel} showRequiredMark>
      <textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={`${CONTROL} ${className}`}
        {...props}
      />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string | number;
  label: string;
}

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> & {
  label: string;
  error?: string | null;
  hint?: string;
  options: readonly SelectOption[];
  /** The empty first option ("Choose…"); its value is "". Pass null for none. */
  placeholder?: string | null;
  /** Shows the asterisk after the label of a required select (where a screen says "marked *"). */
  showRequiredMark?: boolean;
};

/** A labelled native select (keyboard and mobile friendly), with the same error and required handling. */
export function SelectField({
  label,
  error,
  hint,
  required,
  showRequiredMark,
  options,
  placeholder = 'Choose…',
  className = '',
  ...props
}: SelectProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} required={required} showRequiredMark={showRequiredMark} hint={hint}>
      <select
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={`${CONTROL} ${className}`}
        {...props}
      >
        {placeholder !== null && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/**
 * A labelled checkbox (label after the box). `hideLabel`: the label for screen readers only (a checkbox in a
 * table, whose headers show what it is).
 */
export function CheckboxField({
  label,
  hideLabel,
  className = '',
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & { label: string; hideLabel?: boolean }) {
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      {/* 24 × 24 px: the WCAG 2.2 target size. */}
      <input id={id} type="checkbox" className="size-6 shrink-0 accent-brand-600" {...props} />
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm text-slate-800'}>
        {label}
      </label>
    </div>
  );
}
