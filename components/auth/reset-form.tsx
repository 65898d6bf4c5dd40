'use client';
import Link from 'next/link';
import { useActionState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { requestReset, type ResetState } from './reset-actions';
import { RESET_CONFIRMATION } from './reset-messages';

export function ResetForm() {
  const [state, action, pending] = useActionState<ResetState, FormData>(requestReset, { username: '' });
  return (
    <section aria-labelledby="reset-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 id="reset-heading" className="mb-2 text-2xl font-semibold">
        Reset Password
      </h1>
      {state.done ? (
        <Alert kind="success">{RESET_CONFIRMATION}</Alert>
      ) : (
        <form action={action} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">Enter your username and we will email you a link to choose a new password.</p>
          <TextField
            label="Email address"
            name="username"
            type="email"
            autoComplete="username"
            required
            defaultValue={state.username}
            error={state.fieldError}
          />
          {state.error && <Alert>{state.error}</Alert>}
          <Button type="submit" disabled={pending}>
            {pending ? 'Sending…' : 'Send reset link'}
          </Button>
        </form>
      )}
      <p className="mt-4 text-sm">
        <Link href="/login" className="text-brand-700 underline">
          Back to sign in
        </Link>
      </p>
    </section>
  );
}
