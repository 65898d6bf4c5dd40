'use client';
/** "User Profile for {first} {last}": the signed-in user's profile from user/profile (read through the BFF). */
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { bff } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import type { UserProfile } from '@/lib/contract/user';
import { roleLabel } from '@/lib/roles';

export function ProfileDialog({
  open,
  onOpenChange,
  returnFocusTo,
  username,
  onChangePassword,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: React.RefObject<HTMLElement | null>;
  username: string;
  onChangePassword: () => void;
}) {
  const [profile, setProfile] = useState<UserProfile | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const ctrl = new AbortController();
    bff<typeof contract.user.profile>('GET', 'user/profile', { query: { username }, signal: ctrl.signal })
      .then((p) => {
        setProfile(p);
        setError(null);
      })
      .catch((e: Error) => e.name !== 'AbortError' && setError(e.message));
    return () => ctrl.abort();
  }, [open, username]);

  const title = profile ? `User Profile for ${profile.firstName} ${profile.lastName}` : 'User Profile';
  const rows: [string, string][] = profile
    ? [
        ['Name', `${profile.firstName} ${profile.lastName}`],
        ['Username', profile.username],
        ['Location', profile.firmName],
        ['Role', roleLabel(profile.role)],
        ['Time zone', profile.timezoneName || '—'],
        ['Language', profile.languageName || '—'],
      ]
    : [];

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      title={title}
      size="xl"
      footer={
        <>
          {profile && (
            <span className="mr-auto text-xs text-slate-600">
              Firm {profile.firm} · User {profile.user} · Contact {profile.contact}
            </span>
          )}
          <Button variant="secondary" onClick={onChangePassword}>
            Change Password
          </Button>
          <Button onClick={() => onOpenChange(false)}>Close</Button>
        </>
      }
    >
      {error && <Alert>{error}</Alert>}
      {!profile && !error && (
        <p role="status" className="text-sm text-slate-600">
          Loading…
        </p>
      )}
      {profile && (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-medium text-slate-600 uppercase">{label}</dt>
              <dd className="text-sm text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Dialog>
  );
}
