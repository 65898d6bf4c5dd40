'use client';
/** Sign-in with username (an email address) and password; the auth host's reason text on failure. */
import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { signInWith } from '@/lib/auth/client';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useForm } from '@/components/ui/use-form';
import { collect, withoutError } from '@/lib/validation/field-errors';
import { email, required, validate } from '@/lib/validation/fields';

const usernameProblem = (username: string) => validate(username, [required, email]);

export function LoginForm({ callbackUrl, notice }: { callbackUrl: string; notice?: string }) {
  const form = useForm({
    initial: { username: '', password: '' },
    check: (d) => ({ username: usernameProblem(d.username), password: validate(d.password, [required]) }),
    invalid: null,
    save: async (d) => {
      let res: Awaited<ReturnType<typeof signInWith>>;
      try {
        res = await signInWith('credentials', { username: d.username.trim(), password: d.password });
      } catch {
        throw new Error("The sign-in service can't be reached right now. Please try again in a moment.");
      }
      if (!res.ok) throw new Error(res.error && res.error !== 'CredentialsSignin' ? res.error : 'Sign-in failed. Please try again.');
      window.location.assign(callbackUrl);
      // Signed in: the form stays busy while the browser leaves the page.
      await new Promise<never>(() => {});
    },
  });
  const { draft, set, errors, busy } = form;

  return (
    <section aria-labelledby="login-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 id="login-heading" className="mb-4 text-2xl font-semibold">
        Sign in
      </h1>
      {notice && (
        <div className="mb-4">
          <Alert kind="info">{notice}</Alert>
        </div>
      )}
      {/* method="post": a submit before hydration (or without JavaScript) must never put the password in the URL. */}
      <form method="post" onSubmit={(e) => void form.submit(e)} noValidate className="flex flex-col gap-4">
        <TextField
          label="Email address"
          name="username"
          type="email"
          autoComplete="username"
          required
          value={draft.username}
          error={errors.username}
          onChange={(e) => set('username', e.target.value)}
          onBlur={() =>
            draft.username &&
            form.setErrors((x) => ({ ...withoutError(x, 'username'), ...collect({ username: usernameProblem(draft.username) }) }))
          }
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={draft.password}
          error={errors.password}
          onChange={(e) => set('password', e.target.value)}
        />
        {form.message && <Alert kind={form.message.kind}>{form.message.text}</Alert>}
        <Button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
        <Link href="/reset" className="text-sm text-brand-700 underline">
          Forgot your password?
        </Link>
      </form>
    </section>
  );
}
