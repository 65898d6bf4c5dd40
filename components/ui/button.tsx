/**
 * The one button. `disabled` is rendered as aria-disabled, not the HTML attribute: a button that becomes
 * unavailable while its call runs (Save, Complete, a dialog's confirm) keeps the keyboard focus, and a
 * screen reader still finds it and hears that it is unavailable; a press on it does nothing (click and the
 * form submission it would start are cancelled). Every busy button of the app goes through here. An
 * available button gets only the caller's own handler, so a Server Component can render one (a form's submit
 * button with a Server Function as the form's action).
 */
import type { ButtonHTMLAttributes, MouseEvent } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-slate-400 aria-disabled:bg-slate-400',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-400 aria-disabled:text-slate-500 aria-disabled:hover:bg-white',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400 aria-disabled:bg-slate-500',
  ghost: 'text-slate-700 hover:bg-slate-100 aria-disabled:text-slate-500',
};

export function buttonClass(variant: Variant = 'primary', extra = ''): string {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed aria-disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`;
}

const cancelPress = (e: MouseEvent<HTMLButtonElement>) => e.preventDefault();

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  disabled,
  onClick,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  const unavailable = !!disabled || props['aria-disabled'] === true || props['aria-disabled'] === 'true';
  return (
    <button
      type={type}
      className={buttonClass(variant, className)}
      {...props}
      aria-disabled={unavailable || undefined}
      onClick={unavailable ? cancelPress : onClick}
    />
  );
}
