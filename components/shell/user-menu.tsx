'use client';
/**
 * The top bar's user actions: the profile (the user profile dialog of components/users for the signed-in
 * user, source 0), password change and logout.
 */
import { ChevronDown, UserRound } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useEffect, useId, useRef, useState } from 'react';
import { OWN_PROFILE } from '@/components/users/source';
import { afterIdle } from '@/lib/after-idle';
import type { RoleId } from '@/lib/roles';

// The dialogs (and Radix) load after the page, not with it: they are fetched when the browser is idle.
const loadProfile = () => import('@/components/users/user-dialog');
const loadPassword = () => import('@/components/users/password-dialog');
const UserDialog = dynamic(() => loadProfile().then((m) => m.UserDialog), { ssr: false });
const PasswordDialog = dynamic(() => loadPassword().then((m) => m.PasswordDialog), { ssr: false });
// Logout, too, loads when chosen: the shell is part of every signed-in page's first-load JS.
const logout = () => import('@/lib/auth/client').then((m) => m.logout());

export interface UserMenuProps {
  user: number;
  role: RoleId | null;
  firm: number;
  firstName: string;
  lastName: string;
  username: string;
}

export function UserMenu({ user, role, firm, firstName, lastName, username }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'profile' | 'password' | null>(null);
  // Each opening of the profile starts afresh (the user is read again); the dialog stays mounted while closed.
  const [profileKey, setProfileKey] = useState(0);
  // Mounted from their first opening on, so closing animations and the delayed field clearing still run.
  const [mounted, setMounted] = useState({ profile: false, password: false });
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    return afterIdle(() => void Promise.all([loadProfile(), loadPassword()]).catch(() => undefined));
  }, []);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !wrapRef.current?.contains(e.target as Node)) {
        setOpen(false);
        if (e instanceof KeyboardEvent) buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const show = (which: 'profile' | 'password') => {
    setMounted((m) => ({ ...m, [which]: true }));
    if (which === 'profile') setProfileKey((k) => k + 1);
    setDialog(which);
  };
  const choose = (which: 'profile' | 'password') => {
    setOpen(false);
    show(which);
  };

  const item = 'block w-full px-4 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100';
  return (
    <div ref={wrapRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-1 rounded-md px-2 py-2 text-sm text-slate-800 hover:bg-slate-100"
      >
        <UserRound aria-hidden="true" className="size-5" />
        <span className="hidden max-w-40 truncate sm:inline">
          {firstName} {lastName}
        </span>
        <span className="sr-only sm:hidden">Account menu for {firstName} {lastName}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      {open && (
        <ul id={menuId} className="absolute right-0 z-30 mt-1 w-52 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          <li>
            <button type="button" className={item} onClick={() => choose('profile')}>
              Profile
            </button>
          </li>
          <li>
            <button type="button" className={item} onClick={() => choose('password')}>
              Change password
            </button>
          </li>
          <li>
            <button type="button" className={item} onClick={() => void logout()}>
              Log out
            </button>
          </li>
        </ul>
      )}
      {mounted.profile && (
        <UserDialog
          key={profileKey}
          open={dialog === 'profile'}
          onOpenChange={(o) => setDialog(o ? 'profile' : null)}
          target={{ mode: 'editing', username }}
          source={OWN_PROFILE}
          viewer={{ user, role, firm }}
          returnFocusTo={buttonRef}
        />
      )}
      {mounted.password && (
        <PasswordDialog
          open={dialog === 'password'}
          onOpenChange={(o) => setDialog(o ? 'password' : null)}
          firstName={firstName}
          lastName={lastName}
          username={username}
          returnFocusTo={buttonRef}
        />
      )}
    </div>
  );
}
