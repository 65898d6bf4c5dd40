'use client';
/**
 * The user profile's username (docs/users.md#states, #errors). Adding: the username is the new user's email
 * address, checked with the host (user/verifyUsername) when the field is left, and again before saving;
 * "Add New User" appears once it is free. Editing: the username is saved on its own, at once, with its
 * save icon (user/saveUserEmail); a user who renames themself is signed out everywhere and signs in again.
 */
import { Icon } from '@/components/ui/icon';
import { useCallback, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useForm, type Form } from '@/components/ui/use-form';
import { logout } from '@/lib/auth/client';
import type { UserProfile } from '@/lib/contract/users';
import { email } from '@/lib/validation/fields';
import { USER_MESSAGES } from '@/lib/validation/messages';
import { userApi } from './api';

export type UsernameCheck = 'unverified' | 'checking' | 'taken' | 'available';

/**
 * Adding: whether the typed username is free, asked of the host. A malformed one is the form's field
 * error; a failed check is the form's message.
 */
export function useUsernameCheck(form: Pick<Form<object>, 'setErrors' | 'say'>) {
  const [check, setCheck] = useState<UsernameCheck>('unverified');
  const { setErrors, say } = form;
  const verify = useCallback(
    async (name: string): Promise<boolean> => {
      const problem = email(name);
      if (problem) {
        setErrors((e) => ({ ...e, username: problem }));
        setCheck('unverified');
        return false;
      }
      setCheck('checking');
      try {
        const { exists } = await userApi.verifyUsername(name.trim());
        setCheck(exists ? 'taken' : 'available');
        return !exists;
      } catch (e) {
        setCheck('unverified');
        say((e as Error).message);
        return false;
      }
    },
    [setErrors, say],
  );
  return { check, setCheck, verify };
}

/** Adding: the new user's username, checked when the field is left. */
export function NewUsernameField({
  value,
  error,
  check,
  onChange,
  onLeave,
}: {
  value: string;
  error?: string;
  check: UsernameCheck;
  onChange: (value: string) => void;
  onLeave: () => void;
}) {
  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <TextField
        label="Username (email address)"
        type="email"
        required
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => value.trim() && onLeave()}
        error={error && error !== USER_MESSAGES.usernameTaken ? error : null}
        hint="The user signs in with it. It is checked when you leave the field."
      />
      <div aria-live="polite" className="text-sm">
        {check === 'checking' && <span className="text-slate-600">Checking the username…</span>}
        {check === 'available' && <span className="text-green-800">This username is free.</span>}
      </div>
      {check === 'taken' && <Alert>{USER_MESSAGES.usernameTaken}</Alert>}
    </div>
  );
}

/** Editing: the username, saved on its own. `onRenamed` gets the new name (not for one's own: they sign in again). */
export function UsernameField({ profile, own, onRenamed }: { profile: UserProfile; own: boolean; onRenamed: (username: string) => void }) {
  const hintId = useId();
  const [signInAgain, setSignInAgain] = useState(false);
  const form = useForm({
    initial: { username: profile.username },
    check: (d) => ({ username: email(d.username) }),
    invalid: null,
    save: async (d) => {
      const { username: next } = await userApi.saveUsername(profile.user, d.username.trim());
      if (own) {
        // Every session of the user carried the old name: theirs has ended too.
        setSignInAgain(true);
        return `Your username is now ${next}. Please sign in again with it.`;
      }
      onRenamed(next);
      return 'Username saved.';
    },
  });
  const changed = form.draft.username.trim() !== profile.username;
  // One note under the field: the check's or the host's refusal, or that it was saved.
  const note = form.errors.username ? { kind: 'error' as const, text: form.errors.username } : form.message;
  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label="Username (email address)"
            type="email"
            autoComplete="off"
            value={form.draft.username}
            onChange={(e) => {
              form.set('username', e.target.value);
              form.say(null);
            }}
            aria-describedby={hintId}
          />
        </div>
        <Button
          variant="secondary"
          aria-label="Save username"
          title="Save username"
          onClick={() => void form.submit()}
          disabled={form.busy || !changed}
        >
          <Icon name="check" className="size-4" />
        </Button>
      </div>
      <p id={hintId} className="-mt-1 text-xs text-slate-600">
        Its save button stores it at once; the user then signs in with the new one.
      </p>
      {note && (
        <div className="flex flex-wrap items-center gap-2">
          <div className="min-w-0 flex-1">
            <Alert kind={note.kind}>{note.text}</Alert>
          </div>
          {signInAgain && <Button onClick={() => void logout()}>Sign in again</Button>}
        </div>
      )}
    </div>
  );
}
