'use client';
/** Sign-in with username (an email address) and password; the auth host's reason text on failure. */
import Link from 'next/link';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { signInWith } from '@/lib/auth/client';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { email, required, validate } from '@/lib/validation/fields';

type Errors = { username?: string | null; password?: string | null };

export function LoginForm({ callbackUrl, notice }: { callbackUrl: string; notice?: string }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = (): Errors => ({
    username: validate(username, [required, email]),
    password: validate(password, [required]),
  });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found = check();
    setErrors(found);
    if (found.username || found.password) return;
    setBusy(true);
    setFailure(null);
    try {
      const res = await signInWith('credentials', { username: username.trim(), password });
      if (res.ok) {
        window.location.assign(callbackUrl);
        return;
      }
      setFailure(res.error && res.error !== 'CredentialsSignin' ? res.error : 'Sign-in failed. Please try again.');
    } catch {
      setFailure("The sign-in service can't be reached right now. Please try again in a moment.");
    }
    setBusy(false);
  };

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
      <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Email address"
          name="username"
          type="email"
          autoComplete="username"
          required
          value={username}
          error={errors.username}
          onChange={(e) => setUsername(e.target.value)}
          onBlur={() => username && setErrors((x) => ({ ...x, username: validate(username, [required, email]) }))}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {failure && <Alert>{failure}</Alert>}
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
