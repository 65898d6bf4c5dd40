'use client';
/**
 * The top bar's user actions: the profile (the user profile dialog of components/users for the signed-in
 * user, source 0), password change and logout.
 *
 * Logout is a form post (app/api/session/logout), and the menu is in the page from the server on: before
 * hydration (or without JavaScript) focusing the menu button shows it (CSS :focus-within), so a slow phone
 * can log out before the page is interactive. Once hydrated, the button toggles it.
 */
import { Icon } from '@/components/ui/icon';
import dynamic from 'next/dynamic';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { OWN_PROFILE, loadPasswordDialog as loadPassword, loadUserDialog as loadProfile } from '@/components/users';
import { afterIdle } from '@/lib/after-idle';
import { announceSignOut } from '@/lib/auth/sign-out-notice';
import { forgetKeptPages } from '@/lib/offline/pages';
import type { RoleId } from '@/lib/roles';

// The dialogs (and Radix) load after the page, not with it: they are fetched when the browser is idle.
const UserDialog = dynamic(() => loadProfile().then((m) => m.UserDialog), { ssr: false });
const PasswordDialog = dynamic(() => loadPassword().then((m) => m.PasswordDialog), { ssr: false });
/** Where the logout form posts. */
export const LOGOUT_PATH = '/api/session/logout';

/** The logout post, once the pages kept for working offline are forgotten (the worker does it too, where it controls the page). */
function logOut(e: React.FormEvent<HTMLFormElement>) {
  announceSignOut();
  e.preventDefault();
  const form = e.currentTarget;
  void forgetKeptPages().finally(() => form.submit());
}

const noSubscription = () => () => undefined;
/** False in the server render and during hydration, true once React runs the page. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

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
  const hydrated = useHydrated();

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

  return (
    <div ref={wrapRef} className="relative" data-hydrated={hydrated || undefined}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        // One name at every width (the visible text is the name alone, and only from 640 px).
        aria-label={`Account menu for ${firstName} ${lastName}`}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-1 rounded-md px-2 py-2 text-sm text-slate-800 hover:bg-slate-100"
      >
        <Icon name="user-round" className="size-5" />
        <span aria-hidden="true" className="hidden max-w-40 truncate sm:inline">
          {`${firstName} ${lastName}`}
        </span>
        <Icon name="chevron-down" className="size-4" />
      </button>
      {(open || !hydrated) && (
        <ul
          id={menuId}
          className={`absolute right-0 z-30 mt-1 w-52 rounded-md border border-slate-200 bg-white py-1 shadow-lg ${
            open ? '' : 'hidden [div:not([data-hydrated]):focus-within>&]:block'
          }`}
        >
          <li>
            <button type="button" className="menu-item" onClick={() => choose('profile')}>
              Profile
            </button>
          </li>
          <li>
            <button type="button" className="menu-item" onClick={() => choose('password')}>
              Change password
            </button>
          </li>
          <li>
            <form method="post" action={LOGOUT_PATH} onSubmit={logOut}>
              <button type="submit" className="menu-item">
                Log out
              </button>
            </form>
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
