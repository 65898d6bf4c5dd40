'use client';
/**
 * Change Password (docs/users.md#screens, #validation): two fields, the specification's three messages shown in an
 * alert region on leaving the password fields, saved with user/saveCredentials; cleared 400 ms after close.
 * Opened from the shell's account menu (one's own password) and from the user profile dialog (a user's).
 * For one's own password it also asks for the current one (the host checks it); an administrator setting
 * another user's password does not need theirs.
 */
import { useEffect, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { CURRENT_PASSWORD_MESSAGES, passwordPairError } from '@/lib/validation/password';
import { userApi } from './api';
import { PasswordFields } from './password-fields';

export const CLEAR_DELAY_MS = 400;

export function PasswordDialog({
  open,
  onOpenChange,
  returnFocusTo,
  firstName,
  lastName,
  username,
  own = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: React.RefObject<HTMLElement | null>;
  firstName: string;
  lastName: string;
  username: string;
  /** The signed-in user's own password: asks for the current one, and the confirmation says "Your password". */
  own?: boolean;
}) {
  const problemId = useId();
  const [current, setCurrent] = useState('');
  const [currentError, setCurrentError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  // The fields are cleared 400 ms after the dialog closes (after its closing animation), or at once if it
  // opens again sooner: a password typed before must never show in the next opening.
  useEffect(() => {
    if (open) return;
    let done = false;
    const clear = () => {
      if (done) return;
      done = true;
      setCurrent('');
      setCurrentError(null);
      setPassword('');
      setAgain('');
      setMessage(null);
      setSaved(false);
    };
    const t = setTimeout(clear, CLEAR_DELAY_MS);
    return () => {
      clearTimeout(t);
      clear();
    };
  }, [open]);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const missing = own && !current ? CURRENT_PASSWORD_MESSAGES.required : null;
    const problem = passwordPairError(password, again);
    setCurrentError(missing);
    setMessage(problem);
    if (missing || problem) return;
    setSaving(true);
    try {
      await userApi.saveCredentials({ username, password, ...(own && { currentPassword: current }) });
      setSaved(true);
      setTimeout(() => onOpenChange(false), 800);
    } catch (err) {
      const fe = (err as { fieldErrors?: Record<string, string[]> }).fieldErrors;
      // A wrong current password is said beside its field; anything else in the alert below the buttons.
      if (fe?.currentPassword) setCurrentError(fe.currentPassword[0] ?? null);
      else setMessage(fe?.password?.[0] ?? (err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      title="Change Password"
      size="md"
      description={`Please supply a new password for ${firstName} ${lastName} (${username}):`}
    >
      <form onSubmit={save} noValidate className="flex flex-col gap-3">
        {own && (
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={current}
            error={currentError}
            onChange={(e) => {
              setCurrent(e.target.value);
              setCurrentError(null);
            }}
          />
        )}
        <PasswordFields
          password={password}
          again={again}
          onPassword={setPassword}
          onAgain={setAgain}
          onChecked={setMessage}
          problemId={message ? problemId : null}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving || saved}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
        {/* Below the buttons: a message appearing or going on blur must not move them under the pointer. */}
        {message && <Alert id={problemId}>{message}</Alert>}
        {saved && (
          <Alert kind="success">
            {own ? 'Your password has been changed.' : `The password of ${firstName} ${lastName} has been changed.`}
          </Alert>
        )}
      </form>
    </Dialog>
  );
}
