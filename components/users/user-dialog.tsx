'use client';
/**
 * The user profile dialog (docs/users.md, docs/roles.md#users): extra-large, opened from the users list, from
 * "Add user" and from the shell's profile entry. Which fields and tabs show follows components/users/
 * rules.ts (by source, mode and role). Its parts: the username (username-field.tsx: checked when adding,
 * saved on its own when editing), the profile's fields (info-fields.tsx) and, once the user exists, the
 * tabs (user-tabs.tsx). Adding: once the username is free, Add New User saves the user, reloads them and
 * shows the tabs. Editing: Save stores the rest (user/saveUser) and turns to the danger style while there
 * are unsaved changes, and closing with unsaved changes asks first. A failed save keeps everything typed
 * and says why: the save alert's lines, field errors beside the fields, the server's text. The form state
 * is the one form hook (components/ui/use-form.ts).
 */
import { Icon } from '@/components/ui/icon';
import { useEffect, useId, useMemo, useState } from 'react';
import { useLookups } from '@/components/lookups';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { useForm } from '@/components/ui/use-form';
import type { RoleItem, UserProfile } from '@/lib/contract/users';
import { LOOKUP_GROUPS } from '@/lib/contract/lookups-groups';
import { failure } from '@/lib/validation/field-errors';
import { USER_MESSAGES } from '@/lib/validation/messages';
import { passwordPairError } from '@/lib/validation/password';
import { userApi } from './api';
import { InfoFields, type UserForm } from './info-fields';
import { PasswordDialog } from './password-dialog';
import {
  NEW_USER_DEFAULTS,
  dialogTitle,
  fieldErrors,
  isDirty,
  mayReadUserHistory,
  parseLaborRate,
  saveAlert,
  visibility,
  type Person,
  type UserDraft,
} from './rules';
import type { UserSource } from './source';
import { NewUsernameField, UsernameField, useUsernameCheck } from './username-field';
import { UserTabs } from './user-tabs';
import { HistoryButton } from '@/components/history';

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

const BLANK: UserForm = {
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
  password: '',
  again: '',
};

const draftOf = (p: UserProfile): UserForm => ({
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
  password: '',
  again: '',
});

export function UserDialog({ open, onOpenChange, target, source, viewer, returnFocusTo, onSaved }: UserDialogProps) {
  const formId = useId();
  const lookups = useLookups(LOOKUP_GROUPS);
  const location = target.mode === 'adding' ? (target.location ?? null) : null;

  const [mode, setMode] = useState(target.mode);
  const [username, setUsername] = useState(target.mode === 'editing' ? target.username : null);
  const [reload, setReload] = useState(0);
  const [profile, setProfile] = useState<UserProfile | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [alertLines, setAlertLines] = useState<string[] | null>(null);
  const [passwordMessage, setPasswordMessage] = useState<string | null>(null);
  const [roles, setRoles] = useState<RoleItem[] | null>(null);
  const [locationsDirty, setLocationsDirty] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);

  const vis = visibility(source, mode, viewer, profile);
  const form = useForm<UserForm>({
    initial: BLANK,
    check: (d) => fieldErrors(d, vis),
    invalid: null,
    save: async (d) => {
      try {
        await userApi.save({
          user: mode === 'adding' ? -1 : profile!.user,
          contact: mode === 'adding' ? -1 : profile!.contact,
          ...(mode === 'adding' && location ? { firm: location.firm } : {}),
          contactType: d.contactType ?? 0,
          username: mode === 'adding' ? d.username.trim() : profile!.username,
          firstName: d.firstName,
          lastName: d.lastName,
          ...(mode === 'adding' ? { password: d.password } : {}),
          role: d.role,
          laborRate: parseLaborRate(d.laborRate),
          timezone: d.timezone ?? 0,
          language: d.language ?? 0,
          isInactive: d.isInactive,
          receivesReport: d.receivesReport,
          receivesInvoice: d.receivesInvoice,
          imagePhotoPath: d.imagePhotoPath,
        });
      } catch (err) {
        if (failure(err).fields.username === USER_MESSAGES.usernameTaken) usernameCheck.setCheck('taken');
        throw err;
      }
      onSaved?.();
      if (mode === 'editing') {
        setReload((n) => n + 1);
        return 'Saved.';
      }
      // Reload the new user: the tabs appear once they exist.
      setUsername(d.username.trim());
      setMode('editing');
      return 'User added. Their contact info and locations can be set below.';
    },
  });
  const { draft, reset } = form;
  const usernameCheck = useUsernameCheck(form);
  const set = <K extends keyof UserForm>(k: K, v: UserForm[K]) => {
    form.set(k, v);
    form.say(null);
  };

  // The user being edited: loaded on opening, after adding and after each save.
  useEffect(() => {
    if (!open || mode !== 'editing' || !username) return;
    const ctrl = new AbortController();
    userApi
      .profile(username, ctrl.signal)
      .then((p) => {
        setProfile(p);
        reset(draftOf(p));
        setLoadError(null);
      })
      .catch((e: Error) => e.name !== 'AbortError' && setLoadError(e.message));
    return () => ctrl.abort();
  }, [open, mode, username, reload, reset]);

  const roleFirm = profile?.firm ?? location?.firm ?? viewer.firm;
  const { say } = form;
  useEffect(() => {
    if (!open || !vis.adminFields) return;
    const ctrl = new AbortController();
    userApi
      .roles(roleFirm, ctrl.signal)
      .then(setRoles)
      .catch((e: Error) => e.name !== 'AbortError' && say(`The roles could not be loaded: ${e.message}`));
    return () => ctrl.abort();
  }, [open, vis.adminFields, roleFirm, say]);

  const userDraft: UserDraft = draft;
  const dirty =
    (mode === 'adding'
      ? isDirty(userDraft, BLANK, mode) || draft.password !== '' || draft.again !== ''
      : profile !== null && isDirty(userDraft, form.saved, mode)) || locationsDirty;

  const roleOptions = useMemo(() => {
    const list = (roles ?? []).map((r) => ({ value: r.role, label: r.roleName }));
    if (draft.role != null && !list.some((o) => o.value === draft.role))
      list.push({ value: draft.role, label: profile?.roleName || `Role ${draft.role}` });
    return list;
  }, [roles, draft.role, profile?.roleName]);

  /** The save alert's lines and the password pair go first; then the fields' checks and the save. */
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    form.say(null);
    const lines = saveAlert(draft, vis);
    const pw = mode === 'adding' ? passwordPairError(draft.password, draft.again) : null;
    const found = fieldErrors(draft, vis);
    setAlertLines(lines);
    setPasswordMessage(pw);
    if (lines || pw || Object.keys(found).length) return form.setErrors(found);
    if (mode === 'adding' && usernameCheck.check !== 'available' && !(await usernameCheck.verify(draft.username))) return;
    await form.submit();
  };

  const own = profile !== null && profile.user === viewer.user;
  const requestClose = () => (dirty ? setConfirmClose(true) : onOpenChange(false));
  const names = mode === 'adding' ? null : profile ? { firstName: profile.firstName, lastName: profile.lastName } : null;
  const title =
    mode === 'editing' && !profile ? (loadError ? 'User Profile' : 'Loading…') : dialogTitle(mode, source, names, location?.name);
  const fullName = profile ? `${profile.firstName} ${profile.lastName}`.trim() : '';
  const loading = mode === 'editing' && !profile && !loadError;
  const { busy, message } = form;

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
          {mode === 'editing' && profile && mayReadUserHistory(viewer) && (
            <HistoryButton kind="user" id={profile.user} label={fullName || profile.username} />
          )}
          {profile && (
            <span className="mr-auto text-xs text-slate-600" data-testid="user-ids">
              {/* The specification's read-only line of ids, labelled: reference numbers for support, not settings. */}
              Reference ids: firm {profile.firm} · user {profile.user} · contact {profile.contact}
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
          <Icon name="loader-circle" className="size-4 animate-spin" />
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
              <dl
                className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm sm:col-span-2 sm:grid-cols-4"
                data-testid="profile-summary"
              >
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
            <InfoFields
              form={form}
              set={set}
              vis={vis}
              lookups={lookups}
              roleOptions={roleOptions}
              photoFirm={roleFirm}
              passwordMessage={passwordMessage}
              onPasswordChecked={setPasswordMessage}
              username={
                mode === 'adding' ? (
                  <NewUsernameField
                    value={draft.username}
                    error={form.errors.username}
                    check={usernameCheck.check}
                    onChange={(v) => {
                      set('username', v);
                      usernameCheck.setCheck('unverified');
                    }}
                    onLeave={() => void usernameCheck.verify(draft.username)}
                  />
                ) : (
                  profile && (
                    <UsernameField
                      // Keyed by the user, not the name: the reload after a rename must not remount the
                      // field and drop its "Username saved." note.
                      key={profile.user}
                      profile={profile}
                      own={own}
                      onRenamed={(next) => {
                        setUsername(next);
                        setReload((n) => n + 1);
                        onSaved?.();
                      }}
                    />
                  )
                )
              }
            />
            {mode === 'adding' && usernameCheck.check === 'available' && (
              <div className="sm:col-span-2">
                <Button type="submit" disabled={busy}>
                  {busy ? 'Adding…' : 'Add New User'}
                </Button>
              </div>
            )}
          </form>

          {vis.tabs && profile && (
            <UserTabs
              profile={profile}
              name={fullName}
              lookups={lookups}
              locations={vis.locationsTab}
              onLocationsDirty={setLocationsDirty}
              onSaved={() => onSaved?.()}
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
