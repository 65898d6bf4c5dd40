'use client';
/**
 * The Location add form (administration §3): every field, with the lookups (state, country, time zone,
 * language), the phone mask and the parent chosen with firm/firmSearch/. Saved with firm/saveFirm; the
 * server's 400 field errors show beside the fields and what was typed stays.
 */
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { CheckboxField, SelectField, TextField } from '@/components/ui/field';
import { PhoneField } from '@/components/ui/phone-field';
import { Typeahead } from '@/components/ui/typeahead';
import type { Lookups } from '@/components/lookups/use-lookups';
import type { FirmForm } from '@/lib/contract/firm';
import { EDITABLE_FIRM_TYPES, FIRM_TYPE_LABELS, type FirmType } from '@/lib/contract/firm-constants';
import { serverFieldErrors, withoutError, type FieldErrors } from '@/lib/validation/field-errors';
import { firmApi } from './api';
import { NEW_FIRM, validateFirm } from './rules';
import { LookupSelect, ZoneAndLanguage } from '@/components/lookups/lookup-select';

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
  draft: FirmDraft;
  onChange: (draft: FirmDraft) => void;
  lookups: Lookups;
  readOnly: boolean;
  /** Called with the saved id; throws are shown in the form. */
  onSaved: (id: number, draft: FirmDraft) => void;
  onBusy: (busy: boolean) => void;
}

export function FirmDetails({ formId, draft, onChange, lookups, readOnly, onSaved, onBusy }: FirmDetailsProps) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const set = <K extends keyof FirmDraft>(k: K, v: FirmDraft[K]) => {
    onChange({ ...draft, [k]: v });
    setErrors((e) => withoutError(e, k as string));
  };
  const isPlatform = draft.firmType === 'platform';
  const countryCode = lookups.item('Country', draft.country)?.code ?? null;

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (readOnly) return;
    const found = validateFirm(draft);
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length) {
      setMessage('Please correct the highlighted fields.');
      return;
    }
    onBusy(true);
    try {
      const { id } = await firmApi.save({ ...draft, firmType: draft.firmType!, timezoneId: draft.timezoneId!, languageId: draft.languageId! });
      onSaved(id, { ...draft, firm: id });
    } catch (err) {
      setErrors(serverFieldErrors((err as { fieldErrors?: Record<string, string[]> }).fieldErrors));
      setMessage((err as Error).message);
    } finally {
      onBusy(false);
    }
  };

  return (
    <form id={formId} noValidate onSubmit={save}>
      {message && (
        <div className="mb-3">
          <Alert>{message}</Alert>
        </div>
      )}
      <fieldset disabled={readOnly} className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField label="Company" required autoComplete="organization" value={draft.company} onChange={(e) => set('company', e.target.value)} error={errors.company} />
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
              onSelect={(p) => {
                onChange({ ...draft, companyId: p.firm, parentName: p.firmName });
                setErrors((e) => withoutError(e, 'companyId'));
              }}
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
        <TextField label="First Name" autoComplete="given-name" value={draft.firstName} onChange={(e) => set('firstName', e.target.value)} error={errors.firstName} />
        <TextField label="Last Name" autoComplete="family-name" value={draft.lastName} onChange={(e) => set('lastName', e.target.value)} error={errors.lastName} />
        <div className="sm:col-span-2">
          <TextField label="Street Address" autoComplete="street-address" value={draft.addressLines} onChange={(e) => set('addressLines', e.target.value)} error={errors.addressLines} />
        </div>
        <TextField label="City" autoComplete="address-level2" maxLength={100} value={draft.city} onChange={(e) => set('city', e.target.value)} error={errors.city} />
        <LookupSelect
          label="State"
          lookups={lookups}
          group="StateProvince"
          where={(i) => !countryCode || i.type3 === countryCode}
          value={draft.stateProvince}
          onChange={(v) => set('stateProvince', v)}
          error={errors.stateProvince}
        />
        <TextField label="Postal Code" autoComplete="postal-code" maxLength={10} value={draft.postalCode} onChange={(e) => set('postalCode', e.target.value)} error={errors.postalCode} />
        <LookupSelect
          label="Country"
          lookups={lookups}
          group="Country"
          value={draft.country}
          onChange={(country) => onChange({ ...draft, country, stateProvince: null })}
          error={errors.country}
        />
        <PhoneField label="Phone #" value={draft.phoneNo} onChange={(v) => set('phoneNo', v)} error={errors.phoneNo} />
        <TextField label="Email" type="email" autoComplete="email" value={draft.email} onChange={(e) => set('email', e.target.value)} error={errors.email} />
        <ZoneAndLanguage
          lookups={lookups}
          timezone={{ value: draft.timezoneId, onChange: (v) => set('timezoneId', v), error: errors.timezoneId }}
          language={{ value: draft.languageId, onChange: (v) => set('languageId', v), error: errors.languageId }}
        />
        <TextField label="CCC Id" maxLength={50} value={draft.cccId} onChange={(e) => set('cccId', e.target.value)} error={errors.cccId} />
        <TextField label="Location #" maxLength={50} value={draft.firmNumber} onChange={(e) => set('firmNumber', e.target.value)} error={errors.firmNumber} />
        <CheckboxField className="sm:col-span-2" label="CCC diagnostics" checked={draft.cccDiag} onChange={(e) => set('cccDiag', e.target.checked)} />
      </fieldset>
    </form>
  );
}
