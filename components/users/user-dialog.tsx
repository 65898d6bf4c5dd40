'use client';
/**
 * The user profile dialog (administration §2, §4–§6, §8): extra-large, opened from the users list, from
 * "Add user" and from the shell's profile entry. Which fields and tabs show follows components/users/
 * rules.ts (by source, mode and role). Adding: the username is checked (user/verifyUsername); once free,
 * Add New User saves the user, reloads them and shows the tabs. Editing: the username is saved on its own
 * (its save icon, user/saveUserEmail); Save stores the rest (user/saveUser) and turns to the danger style
 * while there are unsaved changes, and closing with unsaved changes asks first. A failed save keeps
 * everything typed and says why: the save alert's lines, field errors beside the fields, the server's text.
 */
import { Check, LoaderCircle, UserRound } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { ContactInfo } from '@/components/contact-info/contact-info';
import { serverFieldErrors } from '@/lib/validation/field-errors';
import { useLookups } from '@/components/lookups/use-lookups';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { CheckboxField, SelectField, TextField } from '@/components/ui/field';
import { Tabs } from '@/components/ui/tabs';
import { logout } from '@/lib/auth/client';
import type { BffError } from '@/lib/bff/client';
import type { RoleItem, UserProfile } from '@/lib/contract/user';
import { LOOKUP_GROUPS } from '@/lib/contract/lookup-groups';
import { fileSrc } from '@/lib/files';
import { email } from '@/lib/validation/fields';
import { USER_MESSAGES } from '@/lib/validation/messages';
import { passwordPairError } from '@/lib/validation/password';
import { userApi } from './api';
import { LocationsTab } from './locations-tab';
import { PasswordDialog } from './password-dialog';
import { PasswordFields } from './password-fields';
import {
  NEW_USER_DEFAULTS,
  chooseRole,
  dialogTitle,
  fieldErrors,
  isDirty,
  parseLaborRate,
  saveAlert,
  visibility,
  type Person,
  type UserDraft,
} from './rules';
import type { UserSource } from './source';
import { LookupSelect, ZoneAndLanguage } from '@/components/lookups/lookup-select';

// The drop zone (react-dropzone) loads when the form first shows it.
const ImageUploader = dynamic(() => import('@/components/ui/image-uploader').then((m) => m.ImageUploader), { ssr: false });

export type UserDialogTarget = { mode: 'editing'; username: string } | { mode: 'adding'; location?: { firm: number; name: string } | null };

export interface UserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: UserDialogTarget;
  source: UserSource;
  /** The signed-in user. */
  viewer: Person & { firm: number };
  returnFocusTo?: React.RefObject<HTMLElement | null>;
  /** After a change a list may show (saved, added, renamed, locations). */
  onSaved?: () => void;
}

type UsernameCheck = 'unverified' | 'checking' | 'taken' | 'available';

const BLANK: UserDraft = {
  firstName: '',
  lastName: '',
  username: '',
  contactType: NEW_USER_DEFAULTS.contactType,
  timezone: NEW_USER_DEFAULTS.timezone,
  language: NEW_USER_DEFAULTS.language,
  role: null,
  laborRate: '',
  isInactive: false,
  receivesReport: false,
  receivesInvoice: false,
  imagePhotoPath: null,
};

const draftOf = (p: UserProfile): UserDraft => ({
  firstName: p.firstName,
  lastName: p.lastName,
  username: p.username,
  contactType: p.contactType || null,
  timezone: p.timezone || null,
  language: p.language || null,
  role: p.role,
  laborRate: p.laborRate == null ? '' : p.laborRate.toFixed(2),
  isInactive: p.isInactive,
  receivesReport: p.receivesReport,
  receivesInvoice: p.receivesInvoice,
  imagePhotoPath: p.imagePhotoPath,
});

const sel = (v: number | null | undefined) => (v && v > 0 ? String(v) : '');

export function UserDialog({ open, onOpenChange, target, source, viewer, returnFocusTo, onSaved }: UserDialogProps) {
  const formId = useId();
  const lookups = useLookups(LOOKUP_GROUPS);
  const location = target.mode === 'adding' ? (target.location ?? null) : null;

  const [mode, setMode] = useState(target.mode);
  const [username, setUsername] = useState(target.mode === 'editing' ? target.username : null);
  const [reload, setReload] = useState(0);
  const [profile, setProfile] = useState<UserProfile | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, setDraft] = useState<UserDraft>(BLANK);
  const [baseline, setBaseline] = useState<UserDraft>(BLANK);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [passwordMessage, setPasswordMessage] = useState<string | null>(null);
  const [alertLines, setAlertLines] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [check, setCheck] = useState<UsernameCheck>('unverified');
  const [usernameText, setUsernameText] = useState('');
  const [usernameNote, setUsernameNote] = useState<{ kind: 'error' | 'success'; text: string; signInAgain?: boolean } | null>(null);
  const [roles, setRoles] = useState<RoleItem[] | null>(null);
  const [tab, setTab] = useState('info');
  const [locationsDirty, setLocationsDirty] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);

  // The user being edited: loaded on opening, after adding and after each save.
  useEffect(() => {
    if (!open || mode !== 'editing' || !username) return;
    const ctrl = new AbortController();
    userApi
      .profile(username, ctrl.signal)
      .then((p) => {
        setProfile(p);
        setDraft(draftOf(p));
        setBaseline(draftOf(p));
        setUsernameText(p.username);
        setLoadError(null);
      })
      .catch((e: Error) => e.name !== 'AbortError' && setLoadError(e.message));
    return () => ctrl.abort();
  }, [open, mode, username, reload]);

  const vis = visibility(source, mode, viewer, profile);
  const roleFirm = profile?.firm ?? location?.firm ?? viewer.firm;
  // The user's photo goes into their location's folder.
  const photoFirm = roleFirm;
  useEffect(() => {
    if (!open || !vis.adminFields) return;
    const ctrl = new AbortController();
    userApi
      .roles(roleFirm, ctrl.signal)
      .then(setRoles)
      .catch((e: Error) => e.name !== 'AbortError' && setMessage({ kind: 'error', text: `The roles could not be loaded: ${e.message}` }));
    return () => ctrl.abort();
  }, [open, vis.adminFields, roleFirm]);

  const dirty = (mode === 'adding' ? isDirty(draft, BLANK, mode) || password !== '' || again !== '' : profile !== null && isDirty(draft, baseline, mode)) || locationsDirty;

  const set = <K extends keyof UserDraft>(k: K, v: UserDraft[K]) => {
    setDraft((d) => ({ ...d, [k]: v }));
    setErrors((e) => {
      if (!(k in e)) return e;
      const next = { ...e };
      delete next[k];
      return next;
    });
    setMessage(null);
  };

  /** Adding: whether the username is free (administration §4), asked of the host. */
  const verify = useCallback(async (name: string): Promise<boolean> => {
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
      setMessage({ kind: 'error', text: (e as Error).message });
      return false;
    }
  }, []);

  const roleOptions = useMemo(() => {
    const list = (roles ?? []).map((r) => ({ value: r.role, label: r.roleName }));
    if (draft.role != null && !list.some((o) => o.value === draft.role)) list.push({ value: draft.role, label: profile?.roleName || `Role ${draft.role}` });
    return list;
  }, [roles, draft.role, profile?.roleName]);

  const bodyOf = () => ({
    user: mode === 'adding' ? -1 : profile!.user,
    contact: mode === 'adding' ? -1 : profile!.contact,
    ...(mode === 'adding' && location ? { firm: location.firm } : {}),
    contactType: draft.contactType ?? 0,
    username: mode === 'adding' ? draft.username.trim() : profile!.username,
    firstName: draft.firstName,
    lastName: draft.lastName,
    ...(mode === 'adding' ? { password } : {}),
    role: draft.role,
    laborRate: parseLaborRate(draft.laborRate),
    timezone: draft.timezone ?? 0,
    language: draft.language ?? 0,
    isInactive: draft.isInactive,
    receivesReport: draft.receivesReport,
    receivesInvoice: draft.receivesInvoice,
    imagePhotoPath: draft.imagePhotoPath,
  });

  const save = async (e?: React.FormEvent) => {
    e?.preventDefault();
    setMessage(null);
    const lines = saveAlert(draft, vis);
    const found = fieldErrors(draft, vis);
    const pw = mode === 'adding' ? passwordPairError(password, again) : null;
    setAlertLines(lines);
    setErrors(found);
    setPasswordMessage(pw);
    if (lines || pw || Object.keys(found).length) return;
    if (mode === 'adding' && check !== 'available' && !(await verify(draft.username))) return;
    setBusy(true);
    try {
      await userApi.save(bodyOf());
      if (mode === 'adding') {
        // Reload the new user: the tabs appear once they exist.
        setUsername(draft.username.trim());
        setMode('editing');
        setPassword('');
        setAgain('');
        setMessage({ kind: 'success', text: 'User added. Their contact info and locations can be set below.' });
      } else {
        setReload((n) => n + 1);
        setMessage({ kind: 'success', text: 'Saved.' });
      }
      onSaved?.();
    } catch (err) {
      const fe = serverFieldErrors((err as BffError).fieldErrors);
      setErrors(fe);
      if (fe.username === USER_MESSAGES.usernameTaken) setCheck('taken');
      setMessage({ kind: 'error', text: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const own = profile !== null && profile.user === viewer.user;
  const usernameChanged = profile !== null && usernameText.trim() !== profile.username;
  const saveUsername = async () => {
    if (!profile) return;
    const problem = email(usernameText);
    if (problem) return setUsernameNote({ kind: 'error', text: problem });
    setBusy(true);
    try {
      const { username: next } = await userApi.saveUsername(profile.user, usernameText.trim());
      if (own) {
        // Every session of the user carried the old name: theirs has ended too.
        setUsernameNote({ kind: 'success', text: `Your username is now ${next}. Please sign in again with it.`, signInAgain: true });
      } else {
        setUsernameNote({ kind: 'success', text: 'Username saved.' });
        setUsername(next);
        setReload((n) => n + 1);
        onSaved?.();
      }
    } catch (err) {
      const taken = serverFieldErrors((err as BffError).fieldErrors).username;
      setUsernameNote({ kind: 'error', text: taken ?? (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const requestClose = () => (dirty ? setConfirmClose(true) : onOpenChange(false));
  const names = mode === 'adding' ? null : profile ? { firstName: profile.firstName, lastName: profile.lastName } : null;
  const title = mode === 'editing' && !profile ? (loadError ? 'User Profile' : 'Loading…') : dialogTitle(mode, source, names, location?.name);
  const fullName = profile ? `${profile.firstName} ${profile.lastName}`.trim() : '';
  const loading = mode === 'editing' && !profile && !loadError;

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : requestClose())}
      title={title}
      size="xl"
      returnFocusTo={returnFocusTo}
      footer={
        <>
          {vis.changePassword && (
            <Button variant="secondary" onClick={() => setPasswordOpen(true)}>
              Change Password
            </Button>
          )}
          {profile && (
            <span className="mr-auto text-xs text-slate-600" data-testid="user-ids">
              Firm {profile.firm} · User {profile.user} · Contact {profile.contact}
            </span>
          )}
          {dirty && (
            <span role="status" className="text-xs font-medium text-red-700">
              Unsaved changes
            </span>
          )}
          <Button variant="secondary" onClick={requestClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={dirty ? 'danger' : 'primary'} disabled={busy || loading || !!loadError}>
            {busy ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      {loadError && <Alert>{loadError}</Alert>}
      {loading && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Loading…
        </p>
      )}
      {!loading && !loadError && (
        <div className="flex flex-col gap-6">
          <form id={formId} noValidate onSubmit={save} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {alertLines && (
              <div className="sm:col-span-2">
                <Alert>
                  <p className="font-medium">{alertLines[0]}</p>
                  <ul className="mt-1 list-disc pl-5">
                    {alertLines.slice(1).map((l) => (
                      <li key={l}>{l}</li>
                    ))}
                  </ul>
                </Alert>
              </div>
            )}
            {message && (
              <div className="sm:col-span-2">
                <Alert kind={message.kind}>{message.text}</Alert>
              </div>
            )}
            {source === 0 && profile && (
              <dl className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm sm:col-span-2 sm:grid-cols-4" data-testid="profile-summary">
                {[
                  ['Location', profile.firmName],
                  ['Role', profile.roleName || '—'],
                  ['Time zone', profile.timezoneName || '—'],
                  ['Language', profile.languageName || '—'],
                ].map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-xs font-medium text-slate-600 uppercase">{label}</dt>
                    <dd className="text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
            )}
            <TextField label="First Name" required autoComplete="off" value={draft.firstName} onChange={(e) => set('firstName', e.target.value)} error={errors.firstName} />
            <TextField label="Last Name" required autoComplete="off" value={draft.lastName} onChange={(e) => set('lastName', e.target.value)} error={errors.lastName} />

            {mode === 'adding' ? (
              <div className="flex flex-col gap-2 sm:col-span-2">
                <TextField
                  label="Username (email address)"
                  type="email"
                  required
                  autoComplete="off"
                  value={draft.username}
                  onChange={(e) => {
                    set('username', e.target.value);
                    setCheck('unverified');
                  }}
                  onBlur={() => draft.username.trim() && void verify(draft.username)}
                  error={errors.username && errors.username !== USER_MESSAGES.usernameTaken ? errors.username : null}
                  hint="The user signs in with it. It is checked when you leave the field."
                />
                <div aria-live="polite" className="text-sm">
                  {check === 'checking' && <span className="text-slate-600">Checking the username…</span>}
                  {check === 'available' && <span className="text-green-800">This username is free.</span>}
                </div>
                {check === 'taken' && <Alert>{USER_MESSAGES.usernameTaken}</Alert>}
              </div>
            ) : (
              <div className="flex flex-col gap-2 sm:col-span-2">
                <div className="flex items-end gap-2">
                  <div className="min-w-0 flex-1">
                    <TextField
                      label="Username (email address)"
                      type="email"
                      autoComplete="off"
                      value={usernameText}
                      onChange={(e) => {
                        setUsernameText(e.target.value);
                        setUsernameNote(null);
                      }}
                      aria-describedby={`${formId}-username-hint`}
                    />
                  </div>
                  <Button variant="secondary" aria-label="Save username" title="Save username" onClick={saveUsername} disabled={busy || !usernameChanged}>
                    <Check aria-hidden="true" className="size-4" />
                  </Button>
                </div>
                <p id={`${formId}-username-hint`} className="-mt-1 text-xs text-slate-600">
                  Its save button stores it at once; the user then signs in with the new one.
                </p>
                {usernameNote && (
                  <div className="flex flex-wrap items-center gap-2">
                    <div className="min-w-0 flex-1">
                      <Alert kind={usernameNote.kind}>{usernameNote.text}</Alert>
                    </div>
                    {usernameNote.signInAgain && (
                      <Button onClick={() => void logout()}>Sign in again</Button>
                    )}
                  </div>
                )}
              </div>
            )}

            {vis.contactType && (
              <LookupSelect
                label="Contact Type"
                required
                lookups={lookups}
                group="ContactType"
                value={draft.contactType}
                onChange={(v) => set('contactType', v)}
                error={errors.contactType}
              />
            )}
            {vis.adminFields && (
              <ZoneAndLanguage
                lookups={lookups}
                timezone={{ value: draft.timezone, onChange: (v) => set('timezone', v), error: errors.timezone }}
                language={{ value: draft.language, onChange: (v) => set('language', v), error: errors.language }}
              />
            )}
            {vis.password && (
              <div className="flex flex-col gap-2 sm:col-span-2">
                <PasswordFields
                  className="grid grid-cols-1 gap-4 sm:grid-cols-2"
                  password={password}
                  again={again}
                  onPassword={setPassword}
                  onAgain={setAgain}
                  onChecked={setPasswordMessage}
                />
                {(passwordMessage || errors.password) && <Alert>{passwordMessage ?? errors.password}</Alert>}
              </div>
            )}
            {vis.adminFields && (
              <>
                <SelectField
                  label="User Role"
                  required
                  options={roleOptions}
                  value={sel(draft.role)}
                  onChange={(e) => set('role', chooseRole(e.target.value))}
                  disabled={!vis.roleAndState}
                  hint={vis.roleAndState ? undefined : 'You cannot change your own role.'}
                  error={errors.role}
                />
                <TextField
                  label="Labor Rate per Hour"
                  required
                  inputMode="decimal"
                  maxLength={10}
                  value={draft.laborRate}
                  onChange={(e) => set('laborRate', e.target.value)}
                  error={errors.laborRate}
                  hint="Dollars, e.g. 95.50"
                />
                <div className="flex flex-wrap gap-x-6 gap-y-2 sm:col-span-2">
                  <CheckboxField
                    label="Inactive"
                    checked={draft.isInactive}
                    disabled={!vis.roleAndState}
                    title={vis.roleAndState ? undefined : 'You cannot deactivate yourself.'}
                    onChange={(e) => set('isInactive', e.target.checked)}
                  />
                  <CheckboxField label="Receives Reports" checked={draft.receivesReport} onChange={(e) => set('receivesReport', e.target.checked)} />
                </div>
              </>
            )}
            <div className="flex flex-col gap-2 sm:col-span-2" data-testid="user-photo">
              <span className="text-sm font-medium text-slate-800">Photo</span>
              <div className="flex flex-wrap items-start gap-4">
                {draft.imagePhotoPath ? (
                  // eslint-disable-next-line @next/next/no-img-element -- a private file through the BFF, not an optimisable asset
                  <img src={fileSrc(draft.imagePhotoPath)} alt={`Photo of ${draft.firstName} ${draft.lastName}`.trim()} className="size-24 rounded-full border border-slate-200 object-cover" />
                ) : (
                  <span className="flex size-24 items-center justify-center rounded-full bg-slate-100" aria-hidden="true">
                    <UserRound className="size-10 text-slate-400" />
                  </span>
                )}
                <div className="flex min-w-0 flex-1 basis-56 flex-col items-start gap-2">
                  <ImageUploader label="Photo" firm={photoFirm} multiple={false} onUploaded={(urls) => urls[0] && set('imagePhotoPath', urls[0])} />
                  {draft.imagePhotoPath && (
                    <Button variant="ghost" className="min-h-9 px-2 py-1" onClick={() => set('imagePhotoPath', null)}>
                      Remove photo
                    </Button>
                  )}
                  {draft.imagePhotoPath !== baseline.imagePhotoPath && <p className="text-xs text-slate-600">The photo is kept when you save.</p>}
                </div>
              </div>
              {errors.imagePhotoPath && (
                <p role="alert" className="text-sm text-red-700">
                  {errors.imagePhotoPath}
                </p>
              )}
            </div>
            {mode === 'adding' && check === 'available' && (
              <div className="sm:col-span-2">
                <Button type="submit" disabled={busy}>
                  {busy ? 'Adding…' : 'Add New User'}
                </Button>
              </div>
            )}
          </form>

          {vis.tabs && profile && (
            <Tabs
              label="User details"
              value={tab}
              onChange={setTab}
              tabs={[
                { id: 'info', label: 'Contact Info', content: <ContactInfo contact={profile.contact} name={fullName} lookups={lookups} /> },
                ...(vis.locationsTab
                  ? [
                      {
                        id: 'locations',
                        label: 'Locations',
                        content: <LocationsTab user={profile.user} name={fullName} onDirtyChange={setLocationsDirty} onSaved={() => onSaved?.()} />,
                      },
                    ]
                  : []),
              ]}
            />
          )}
        </div>
      )}

      <ConfirmDialog
        open={confirmClose}
        onOpenChange={setConfirmClose}
        title="Unsaved changes"
        message="You have unsaved changes. Close without saving them?"
        confirmLabel="Close without saving"
        onConfirm={() => {
          setConfirmClose(false);
          onOpenChange(false);
        }}
      />
      {profile && vis.changePassword && (
        <PasswordDialog
          open={passwordOpen}
          onOpenChange={setPasswordOpen}
          firstName={profile.firstName}
          lastName={profile.lastName}
          username={profile.username}
          own={own}
        />
      )}
    </Dialog>
  );
}
