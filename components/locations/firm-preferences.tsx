'use client';
/**
 * A location's preferences, grouped by category (firm/firmPreference per category), and its status
 * (Inactive, firm/updateFirmSettings). A value the location does not set itself is inherited from the
 * nearest location above it and shown as such. Save sends firm/saveFirmPreference once for each changed
 * preference (none for unchanged ones) and updateFirmSettings only when the status changed.
 */
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { CheckboxField, SelectField, TextArea, TextField } from '@/components/ui/field';
import {
  PREFERENCE_CATALOGUE,
  PREFERENCE_CATEGORIES,
  type PreferenceCategory,
  type PreferenceDef,
} from '@/lib/contract/locations-constants';
import type { FirmPreferenceRow } from '@/lib/contract/locations';
import { useForm } from '@/components/ui/use-form';
import { CORRECT_FIELDS, failure, withoutError, type FieldErrors } from '@/lib/validation/field-errors';
import { firmApi } from './api';
import { ImagePreference } from './image-preference';
import { changedPreferences, inheritedValue, ownValues, preferenceErrors, type OwnValues } from './rules';

type Values = Partial<Record<PreferenceCategory, OwnValues>>;

const CATEGORY_LABELS: Record<PreferenceCategory, string> = {
  Brand: 'Brand',
  Report: 'Reports',
  Calibration: 'Calibration',
  Notification: 'Notifications',
};

export interface FirmPreferencesProps {
  firm: number;
  formId: string;
  readOnly: boolean;
  isInactive: boolean;
  onBusy: (busy: boolean) => void;
  /** After a save that changed something: what changed. */
  onSaved: (changed: { preferences: number; status: boolean; brand: boolean }) => void;
}

export function FirmPreferences({ firm, formId, readOnly, isInactive, onBusy, onSaved }: FirmPreferencesProps) {
  const [rows, setRows] = useState<Partial<Record<PreferenceCategory, FirmPreferenceRow[]>> | null>(null);
  const [original, setOriginal] = useState<Values>({});
  const [values, setValues] = useState<Values>({});
  const [inactive, setInactive] = useState(isInactive);
  const [savedInactive, setSavedInactive] = useState(isInactive);
  const calls = useForm();
  const { errors, setErrors, message, say } = calls;
  // The dialog's footer holds Save: it is disabled while this form saves.
  useEffect(() => onBusy(calls.busy), [calls.busy, onBusy]);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    Promise.all(PREFERENCE_CATEGORIES.map((c) => firmApi.preferences(firm, c, ctrl.signal).then((r) => [c, r] as const)))
      .then((all) => {
        const byCategory = Object.fromEntries(all) as Record<PreferenceCategory, FirmPreferenceRow[]>;
        const own = Object.fromEntries(all.map(([c, r]) => [c, ownValues(firm, r)])) as Values;
        setRows(byCategory);
        setOriginal(own);
        setValues(own);
      })
      .catch((e: Error) => e.name !== 'AbortError' && setLoadError(e.message));
    return () => ctrl.abort();
  }, [firm]);

  const set = (category: PreferenceCategory, name: string, value: string) => {
    setValues((v) => ({ ...v, [category]: { ...v[category], [name]: value } }));
    setErrors((e) => withoutError(e, `${category}.${name}`));
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (readOnly || !rows) return;
    const changes = changedPreferences(original, values);
    const found = preferenceErrors(changes);
    setErrors(found);
    if (Object.keys(found).length) return say(CORRECT_FIELDS);
    const statusChanged = inactive !== savedInactive;
    if (!changes.length && !statusChanged) return say('Nothing has changed.', 'info');
    let saved = 0;
    // The refused preference's own message goes to its field ("Brand.logo"), which is named by more than its first segment.
    let refusedAt: FieldErrors = {};
    const done = await calls.run(
      async () => {
        try {
          // One call per changed preference; each one that succeeds becomes the new original.
          for (const c of changes) {
            await firmApi.savePreference({ firm, firmPreferenceCategory: c.category, firmPreferenceName: c.name, preference: c.value });
            saved++;
            setOriginal((o) => ({ ...o, [c.category]: { ...o[c.category], [c.name]: c.value } }));
          }
          if (statusChanged) {
            await firmApi.updateSettings(firm, inactive);
            setSavedInactive(inactive);
          }
        } catch (err) {
          const failed = changes[saved];
          const refused = failure(err).fields.preference;
          if (failed && refused) refusedAt = { [`${failed.category}.${failed.name}`]: refused };
          throw new Error(failure(err).message);
        }
        onSaved({ preferences: saved, status: statusChanged, brand: changes.some((c) => c.category === 'Brand') });
        return 'Preferences saved.';
      },
      { failed: (m) => `${m}${saved ? ` (${saved} of ${changes.length} saved)` : ''}` },
    );
    if (!done) setErrors(refusedAt);
  };

  if (loadError) return <Alert>{loadError}</Alert>;
  if (!rows)
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading…
      </p>
    );

  const field = (category: PreferenceCategory, def: PreferenceDef) => {
    const key = `${category}.${def.name}`;
    const value = values[category]?.[def.name] ?? '';
    const inherited = inheritedValue(firm, rows[category] ?? [], def.name);
    const hint = [
      def.hint,
      inherited && !value ? `Inherited: ${def.kind === 'boolean' ? (inherited === 'true' ? 'Yes' : 'No') : inherited}` : null,
    ]
      .filter(Boolean)
      .join(' ');
    switch (def.kind) {
      case 'boolean':
        return (
          <SelectField
            key={key}
            label={def.label}
            placeholder={inherited ? `Inherited (${inherited === 'true' ? 'Yes' : 'No'})` : 'Not set'}
            options={[
              { value: 'true', label: 'Yes' },
              { value: 'false', label: 'No' },
            ]}
            value={value}
            onChange={(e) => set(category, def.name, e.target.value)}
            error={errors[key]}
          />
        );
      case 'longText':
        return (
          <div key={key} className="sm:col-span-2">
            <TextArea
              label={def.label}
              placeholder={inherited}
              value={value}
              onChange={(e) => set(category, def.name, e.target.value)}
              error={errors[key]}
            />
          </div>
        );
      case 'image':
        return (
          <ImagePreference
            key={key}
            firm={firm}
            label={def.label}
            hint={hint}
            inherited={inherited}
            value={value}
            readOnly={readOnly}
            onChange={(v) => set(category, def.name, v)}
            error={errors[key]}
          />
        );
      default:
        return (
          <TextField
            key={key}
            label={def.label}
            type={def.kind === 'email' ? 'email' : 'text'}
            inputMode={def.kind === 'number' ? 'decimal' : undefined}
            placeholder={inherited}
            hint={hint || undefined}
            value={value}
            onChange={(e) => set(category, def.name, e.target.value)}
            error={errors[key]}
          />
        );
    }
  };

  return (
    <form id={formId} noValidate onSubmit={save} className="flex flex-col gap-5">
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-5">
        <fieldset className="rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">Status</legend>
          <CheckboxField label="Inactive" checked={inactive} onChange={(e) => setInactive(e.target.checked)} />
        </fieldset>
        {PREFERENCE_CATEGORIES.map((category) => (
          <fieldset key={category} className="rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-900">{CATEGORY_LABELS[category]}</legend>
            <div className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
              {(PREFERENCE_CATALOGUE[category] as readonly PreferenceDef[]).map((def) => field(category, def))}
            </div>
          </fieldset>
        ))}
      </fieldset>
    </form>
  );
}
