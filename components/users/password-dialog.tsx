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
import { useForm } from '@/components/ui/use-form';
import { CURRENT_PASSWORD_MESSAGES, passwordPairError } from '@/lib/validation/password';
import { userApi } from './api';
import { PasswordFields } from './password-fields';

export const CLEAR_DELAY_MS = 400;
const BLANK = { currentPassword: '', password: '', again: '' };

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
  const form = useForm({ initial: BLANK });
  const { draft, errors, set, reset, say } = form;
  const message = form.message?.text ?? null;
  const [saved, setSaved] = useState(false);

  // The fields are cleared 400 ms after the dialog closes (after its closing animation), or at once if it
  // opens again sooner: a password typed before must never show in the next opening.
  useEffect(() => {
    if (open) return;
    let done = false;
    const clear = () => {
      if (done) return;
      done = true;
      reset(BLANK);
      say(null);
      setSaved(false);
    };
    const t = setTimeout(clear, CLEAR_DELAY_MS);
    return () => {
      clearTimeout(t);
      clear();
    };
  }, [open, reset, say]);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const missing = own && !draft.currentPassword ? CURRENT_PASSWORD_MESSAGES.required : null;
    const problem = passwordPairError(draft.password, draft.again);
    form.setErrors(missing ? { currentPassword: missing } : {});
    say(problem);
    if (missing || problem) return;
    await form.run(
      async () => {
        const { currentPassword, password } = draft;
        await userApi.saveCredentials({ username, password, ...(own && { currentPassword }) });
        setSaved(true);
        setTimeout(() => onOpenChange(false), 800);
      },
      // A wrong current password is said beside its field; anything else in the alert below the buttons.
      { failed: (text, fields) => (fields.currentPassword ? null : (fields.password ?? text)) },
    );
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
            value={draft.currentPassword}
            error={errors.currentPassword}
            onChange={(e) => set('currentPassword', e.target.value)}
          />
        )}
        <PasswordFields
          password={draft.password}
          again={draft.again}
          onPassword={(v) => set('password', v)}
          onAgain={(v) => set('again', v)}
          onChecked={say}
          problemId={message ? problemId : null}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.busy || saved}>
            {form.busy ? 'Saving…' : 'Save'}
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
