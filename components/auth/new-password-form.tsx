'use client';
/** /reset?token=…: the new password twice, with the password rule's messages; then on to sign in. */
import Link from 'next/link';
import { useActionState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { chooseNewPassword, type NewPasswordState } from './reset-actions';

export function NewPasswordForm({ token, username }: { token: string; username: string }) {
  const [state, action, pending] = useActionState<NewPasswordState, FormData>(chooseNewPassword, {});
  return (
    <section aria-labelledby="reset-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 id="reset-heading" className="mb-2 text-2xl font-semibold">
        Reset Password
      </h1>
      {state.done ? (
        <div className="flex flex-col gap-3">
          <Alert kind="success">Your password has been changed. Sign in with the new one.</Alert>
          <Link href="/login" className="text-brand-700 underline">
            Sign in
          </Link>
        </div>
      ) : (
        <form action={action} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">Choose a new password for {username}.</p>
          <input type="hidden" name="token" value={token} />
          {/* For password managers: the account this password belongs to. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <TextField label="Password" name="password" type="password" autoComplete="new-password" required />
          <TextField label="Password again" name="again" type="password" autoComplete="new-password" required />
          {state.error && <Alert>{state.error}</Alert>}
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : 'Save password'}
          </Button>
        </form>
      )}
    </section>
  );
}
