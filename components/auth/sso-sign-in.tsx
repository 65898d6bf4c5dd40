'use client';
/**
 * /sso?token=…: redeems the single-use temp token and signs in; a bad or used token lands on /login.
 * When someone is already signed in as another user, it asks first (`confirm`): a link must not silently
 * replace a session with another account.
 */
import { signInWith } from '@/lib/auth/client';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

export interface SsoConfirm {
  /** Who is signed in now, and whose link this is: "First Last (username)". */
  current: string;
  next: string;
}

function redeem(token: string) {
  signInWith('sso', { token })
    .then((res) => window.location.replace(res.ok ? '/' : '/login?sso=failed'))
    .catch(() => window.location.replace('/login?sso=failed'));
}

export function SsoSignIn({ token, confirm }: { token: string; confirm?: SsoConfirm }) {
  const started = useRef(false);
  // Chosen to continue: the page shows the sign-in under way until the browser leaves it (not the form hook's
  // busy: the call ends in a navigation either way, and nothing of its outcome is shown here).
  const [switching, setSwitching] = useState(false);
  useEffect(() => {
    if (confirm || started.current) return; // a temp token is single-use: never redeem it twice
    started.current = true;
    if (!token) {
      window.location.replace('/login?sso=failed');
      return;
    }
    redeem(token);
  }, [token, confirm]);

  if (!confirm || switching) {
    return (
      <p role="status" className="text-slate-700">
        Signing you in…
      </p>
    );
  }
  return (
    <section aria-labelledby="sso-heading" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 id="sso-heading" className="mb-4 text-xl font-semibold">
        Switch account?
      </h1>
      <p className="mb-6 text-slate-800">
        You are signed in as {confirm.current}. Continue as {confirm.next}?
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => {
            setSwitching(true);
            redeem(token);
          }}
        >
          Continue as {confirm.next}
        </Button>
        <Button variant="secondary" onClick={() => window.location.replace('/')}>
          Stay signed in as {confirm.current}
        </Button>
      </div>
    </section>
  );
}
