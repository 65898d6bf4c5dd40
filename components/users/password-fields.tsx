'use client';
/**
 * The pair Password / Password again (docs/users.md#screens, #validation) of the Change Password dialog and the new-user
 * form. Leaving the pair (not moving inside it) checks it with the one password module
 * (lib/validation/password.ts) and reports the message, which the caller shows in an alert.
 */
import { useRef } from 'react';
import { TextField } from '@/components/ui/field';
import { passwordPairError } from '@/lib/validation/password';

export interface PasswordFieldsProps {
  password: string;
  again: string;
  onPassword: (v: string) => void;
  onAgain: (v: string) => void;
  /** The pair's problem on leaving it (null: none). */
  onChecked: (problem: string | null) => void;
  className?: string;
  /**
   * The id of the element that shows the pair's problem (the caller's alert) while there is one: both fields
   * are then marked invalid and described by it, so a screen reader hears why on either.
   */
  problemId?: string | null;
}

export function PasswordFields({
  password,
  again,
  onPassword,
  onAgain,
  onChecked,
  className = 'flex flex-col gap-3',
  problemId = null,
}: PasswordFieldsProps) {
  const tie = problemId ? { 'aria-invalid': true, 'aria-describedby': problemId } : {};
  const ref = useRef<HTMLDivElement>(null);
  const onBlur = (e: React.FocusEvent) => {
    if (ref.current?.contains(e.relatedTarget as Node)) return;
    if (password || again) onChecked(passwordPairError(password, again));
  };
  return (
    <div ref={ref} className={className} onBlur={onBlur}>
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        {...tie}
      />
      <TextField
        label="Password again"
        type="password"
        autoComplete="new-password"
        value={again}
        onChange={(e) => onAgain(e.target.value)}
        {...tie}
      />
    </div>
  );
}
