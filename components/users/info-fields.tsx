'use client';
/**
 * The user profile's fields (docs/users.md#screens, #validation): names, the username (given by the dialog, it saves
 * differently when adding and editing), contact type, time zone and language, the new user's password,
 * role, labor rate, inactive, reports, and the photo. Which of them show follows the dialog's visibility
 * (rules.ts); the values and errors are the dialog's form (components/ui/use-form.ts).
 */
import { Icon } from '@/components/ui/icon';
import { useId } from 'react';
import dynamic from 'next/dynamic';
import { fileApi } from '@/components/files';
import { LookupSelect, ZoneAndLanguage, type Lookups } from '@/components/lookups';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextField, type SelectOption } from '@/components/ui/field';
import type { Form } from '@/components/ui/use-form';
import { fileSrc } from '@/lib/files';
import { PasswordFields } from './password-fields';
import { chooseRole, type UserDraft, type Visibility } from './rules';

// The drop zone (react-dropzone) loads when the form first shows it.
const ImageUploader = dynamic(() => import('@/components/ui/image-uploader').then((m) => m.ImageUploader), { ssr: false });

/** The dialog's draft: the profile's fields and, when adding, the new password twice. */
export type UserForm = UserDraft & { password: string; again: string };

const sel = (v: number | null | undefined) => (v && v > 0 ? String(v) : '');

export interface InfoFieldsProps {
  form: Pick<Form<UserForm>, 'draft' | 'errors' | 'saved'>;
  /** Changes a field (and clears the form's message). */
  set: <K extends keyof UserForm>(key: K, value: UserForm[K]) => void;
  vis: Visibility;
  lookups: Lookups;
  roleOptions: readonly SelectOption[];
  /** The location whose folder keeps the photo. */
  photoFirm: number;
  /** The username field, right under the names. */
  username: React.ReactNode;
  /** The password pair's own message (as the fields check it). */
  passwordMessage: string | null;
  onPasswordChecked: (message: string | null) => void;
}

export function InfoFields({
  form,
  set,
  vis,
  lookups,
  roleOptions,
  photoFirm,
  username,
  passwordMessage,
  onPasswordChecked,
}: InfoFieldsProps) {
  const { draft, errors } = form;
  const passwordProblemId = useId();
  return (
    <>
      <TextField
        label="First Name"
        required
        autoComplete="off"
        value={draft.firstName}
        onChange={(e) => set('firstName', e.target.value)}
        error={errors.firstName}
      />
      <TextField
        label="Last Name"
        required
        autoComplete="off"
        value={draft.lastName}
        onChange={(e) => set('lastName', e.target.value)}
        error={errors.lastName}
      />
      {username}
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
            password={draft.password}
            again={draft.again}
            onPassword={(v) => set('password', v)}
            onAgain={(v) => set('again', v)}
            onChecked={onPasswordChecked}
            problemId={passwordMessage || errors.password ? passwordProblemId : null}
          />
          {(passwordMessage || errors.password) && <Alert id={passwordProblemId}>{passwordMessage ?? errors.password}</Alert>}
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
            <CheckboxField
              label="Receives Reports"
              checked={draft.receivesReport}
              onChange={(e) => set('receivesReport', e.target.checked)}
            />
          </div>
        </>
      )}
      <div className="flex flex-col gap-2 sm:col-span-2" data-testid="user-photo">
        <span className="text-sm font-medium text-slate-800">Photo</span>
        <div className="flex flex-wrap items-start gap-4">
          {draft.imagePhotoPath ? (
            // eslint-disable-next-line @next/next/no-img-element -- a private file through the BFF, not an optimisable asset
            <img
              src={fileSrc(draft.imagePhotoPath)}
              alt={`Photo of ${draft.firstName} ${draft.lastName}`.trim()}
              className="size-24 rounded-full border border-slate-200 object-cover"
            />
          ) : (
            <span className="flex size-24 items-center justify-center rounded-full bg-slate-100" aria-hidden="true">
              <Icon name="user-round" className="size-10 text-slate-400" />
            </span>
          )}
          <div className="flex min-w-0 flex-1 basis-56 flex-col items-start gap-2">
            <ImageUploader
              label="Photo"
              upload={(files) => fileApi.upload(photoFirm, files)}
              multiple={false}
              onUploaded={(urls) => urls[0] && set('imagePhotoPath', urls[0])}
            />
            {draft.imagePhotoPath && (
              <Button variant="ghost" onClick={() => set('imagePhotoPath', null)}>
                Remove photo
              </Button>
            )}
            {draft.imagePhotoPath !== form.saved.imagePhotoPath && (
              <p className="text-xs text-slate-600">The photo is kept when you save.</p>
            )}
          </div>
        </div>
        {errors.imagePhotoPath && (
          <p role="alert" className="text-sm text-red-700">
            {errors.imagePhotoPath}
          </p>
        )}
      </div>
    </>
  );
}
