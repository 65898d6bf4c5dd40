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

/** The look of each variant is one class in app/globals.css (`.btn`, `.btn-primary`, …): a page of buttons
 * says it once in the stylesheet, not ~300 bytes of utilities on every button. In the components layer, so a
 * caller's own utilities (`extra`, `className`) still win. */
export function buttonClass(variant: Variant = 'primary', extra = ''): string {
  return extra ? `btn btn-${variant} ${extra}` : `btn btn-${variant}`;
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
