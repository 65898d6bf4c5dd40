'use client';
/** /sso?token=…: redeems the single-use temp token and signs in; a bad or used token lands on /login. */
import { signInWith } from '@/lib/auth/client';
import { useEffect, useRef } from 'react';

export function SsoSignIn({ token }: { token: string }) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // a temp token is single-use: never redeem it twice
    started.current = true;
    if (!token) {
      window.location.replace('/login?sso=failed');
      return;
    }
    signInWith('sso', { token })
      .then((res) => window.location.replace(res.ok ? '/' : '/login?sso=failed'))
      .catch(() => window.location.replace('/login?sso=failed'));
  }, [token]);
  return (
    <p role="status" className="text-slate-700">
      Signing you in…
    </p>
  );
}
