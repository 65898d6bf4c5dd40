'use client';
/**
 * The Location add form (docs/locations.md#fields): every field, with the lookups (state, country, time zone,
 * language), the phone mask and the parent chosen with firm/firmSearch/. Saved with firm/saveFirm; the
 * server's 400 field errors show beside the fields and what was typed stays.
 */
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { CheckboxField, SelectField, TextField } from '@/components/ui/field';
import { PhoneField } from '@/components/ui/phone-field';
import { Typeahead } from '@/components/ui/typeahead';
import { useForm } from '@/components/ui/use-form';
import { type Lookups, LookupSelect, ZoneAndLanguage } from '@/components/lookups';
import type { FirmForm } from '@/lib/contract/locations';
import { EDITABLE_FIRM_TYPES, FIRM_TYPE_LABELS, type FirmType } from '@/lib/contract/locations-constants';
import { firmApi } from './api';
import { NEW_FIRM, validateFirm } from './rules';

export type FirmDraft = Omit<FirmForm, 'firmType'> & { firmType: FirmType | null };

export interface NewFirmDefaults {
  parent: { firm: number; name: string; type: FirmType } | null;
  firmType: FirmType | null;
  timezoneId: number | null;
  languageId: number | null;
}

export function blankFirm(d: NewFirmDefaults): FirmDraft {
  return {
    firm: NEW_FIRM,
    company: '',
    firstName: '',
    lastName: '',
    addressLines: '',
    city: '',
    stateProvince: null,
    postalCode: '',
    country: 1,
    phoneNo: '',
    email: '',
    firmType: d.firmType,
    companyId: d.parent?.firm ?? null,
    timezoneId: d.timezoneId,
    languageId: d.languageId,
    cccId: '',
    firmNumber: '',
    cccDiag: false,
    parentName: d.parent?.name ?? '',
  };
}

export interface FirmDetailsProps {
  formId: string;
  /** The location as loaded (or a new one's defaults). */
  initial: FirmDraft;
  lookups: Lookups;
  readOnly: boolean;
  /** Called with the saved id and what was saved. */
  onSaved: (id: number, draft: FirmDraft) => void;
  onBusy: (busy: boolean) => void;
}

export function FirmDetails({ formId, initial, lookups, readOnly, onSaved, onBusy }: FirmDetailsProps) {
  const form = useForm<FirmDraft>({
    initial,
    check: validateFirm,
    save: async (d) => {
      const { id } = await firmApi.save({ ...d, firmType: d.firmType!, timezoneId: d.timezoneId!, languageId: d.languageId! });
      form.reset({ ...d, firm: id });
      onSaved(id, { ...d, firm: id });
    },
  });
  const { draft, set, patch, errors, message, busy } = form;
  // The dialog's footer holds Save: it is disabled while this form saves.
  useEffect(() => onBusy(busy), [busy, onBusy]);
  const isPlatform = draft.firmType === 'platform';
  const countryCode = lookups.item('Country', draft.country)?.code ?? null;

  const save = (e: React.FormEvent) => {
    if (readOnly) return e.preventDefault();
    void form.submit(e);
  };

  return (
    <form id={formId} noValidate onSubmit={save}>
      {message && (
        <div className="mb-3">
          <Alert kind={message.kind}>{message.text}</Alert>
        </div>
      )}
      <fieldset disabled={readOnly} className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            label="Company"
            required
            autoComplete="organization"
            value={draft.company}
            onChange={(e) => set('company', e.target.value)}
            error={errors.company}
          />
        </div>
        <SelectField
          label="Location type"
          required
          disabled={isPlatform}
          options={(isPlatform ? (['platform'] as const) : EDITABLE_FIRM_TYPES).map((t) => ({ value: t, label: FIRM_TYPE_LABELS[t] }))}
          placeholder={isPlatform ? null : 'Choose…'}
          value={draft.firmType ?? ''}
          onChange={(e) => set('firmType', (e.target.value || null) as FirmType | null)}
          error={errors.firmType}
        />
        {isPlatform ? (
          <p className="self-end text-sm text-slate-600">The platform is the top of the network.</p>
        ) : (
          <div className="flex min-w-0 flex-col gap-1">
            <Typeahead<{ firm: number; firmName: string; firmType: FirmType }>
              label="Parent location"
              placeholder={draft.parentName || 'Search by name'}
              search={(term, signal) => firmApi.parentSearch(draft.firm, term, signal)}
              itemKey={(p) => p.firm}
              renderItem={(p) => (
                <span className="flex justify-between gap-2">
                  <span>{p.firmName}</span>
                  <span className="text-xs text-slate-600">{FIRM_TYPE_LABELS[p.firmType]}</span>
                </span>
              )}
              onSelect={(p) => patch({ companyId: p.firm, parentName: p.firmName })}
              error={errors.companyId}
            />
            <p className="text-sm text-slate-700" aria-live="polite">
              {draft.companyId ? (
                <>
                  Under <strong>{draft.parentName || `location ${draft.companyId}`}</strong>
                </>
              ) : (
                'No parent chosen yet.'
              )}
            </p>
          </div>
        )}
        <TextField
          label="First Name"
          autoComplete="given-name"
          value={draft.firstName}
          onChange={(e) => set('firstName', e.target.value)}
          error={errors.firstName}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          value={draft.lastName}
          onChange={(e) => set('lastName', e.target.value)}
          error={errors.lastName}
        />
        <div className="sm:col-span-2">
          <TextField
            label="Street Address"
            autoComplete="street-address"
            value={draft.addressLines}
            onChange={(e) => set('addressLines', e.target.value)}
            error={errors.addressLines}
          />
        </div>
        <TextField
          label="City"
          autoComplete="address-level2"
          maxLength={100}
          value={draft.city}
          onChange={(e) => set('city', e.target.value)}
          error={errors.city}
        />
        <LookupSelect
          label="State"
          lookups={lookups}
          group="StateProvince"
          where={(i) => !countryCode || i.type3 === countryCode}
          value={draft.stateProvince}
          onChange={(v) => set('stateProvince', v)}
          error={errors.stateProvince}
        />
        <TextField
          label="Postal Code"
          autoComplete="postal-code"
          maxLength={10}
          value={draft.postalCode}
          onChange={(e) => set('postalCode', e.target.value)}
          error={errors.postalCode}
        />
        <LookupSelect
          label="Country"
          lookups={lookups}
          group="Country"
          value={draft.country}
          onChange={(country) => patch({ country, stateProvince: null })}
          error={errors.country}
        />
        <PhoneField label="Phone #" value={draft.phoneNo} onChange={(v) => set('phoneNo', v)} error={errors.phoneNo} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={draft.email}
          onChange={(e) => set('email', e.target.value)}
          error={errors.email}
        />
        <ZoneAndLanguage
          lookups={lookups}
          timezone={{ value: draft.timezoneId, onChange: (v) => set('timezoneId', v), error: errors.timezoneId }}
          language={{ value: draft.languageId, onChange: (v) => set('languageId', v), error: errors.languageId }}
        />
        <TextField label="CCC Id" maxLength={50} value={draft.cccId} onChange={(e) => set('cccId', e.target.value)} error={errors.cccId} />
        <TextField
          label="Location #"
          maxLength={50}
          value={draft.firmNumber}
          onChange={(e) => set('firmNumber', e.target.value)}
          error={errors.firmNumber}
        />
        <CheckboxField
          className="sm:col-span-2"
          label="CCC diagnostics"
          checked={draft.cccDiag}
          onChange={(e) => set('cccDiag', e.target.checked)}
        />
      </fieldset>
    </form>
  );
}
