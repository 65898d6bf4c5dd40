'use client';
/**
 * The configuration's record editors: a form described as data (fields of a few kinds) inside the one
 * dialog. Client checks (required, years, prices, addresses, keyword lists) run before saving; the
 * server's 400 field errors show beside the same fields; a failed save keeps the dialog open with
 * everything typed and a clear message.
 */
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Dialog, SaveCancel } from '@/components/ui/dialog';
import { CheckboxField, SelectField, TextArea, TextField, type SelectOption } from '@/components/ui/field';
import { MODEL_YEAR_MIN, modelYearMax } from '@/lib/configuration/constants';
import { keywordProblem } from '@/lib/configuration/keywords';
import { readPrice } from '@/lib/configuration/money';
import { MESSAGES } from '@/lib/validation/messages';
import { Chips } from './keyword-chips';

export type Draft = Record<string, unknown>;
export type FieldErrors = Record<string, string>;
/** A form's own checks: field → message (undefined = fine). */
export type Validate = (draft: Draft) => { [field: string]: string | undefined };

interface Base {
  key: string;
  label: string;
  /** Spans both columns. */
  wide?: boolean;
  hint?: string;
}
export type FieldDef =
  | (Base & { kind: 'text' | 'url' | 'textarea'; required?: boolean; max?: number; suggestions?: readonly string[]; placeholder?: string })
  | (Base & { kind: 'year' | 'number' | 'money'; required?: boolean })
  | (Base & { kind: 'checkbox' })
  | (Base & { kind: 'select'; options: readonly SelectOption[]; required?: boolean; placeholder?: string | null })
  | (Base & { kind: 'chips'; suggestions?: readonly string[]; noun?: string; keywords?: boolean })
  | (Base & { kind: 'checks'; options: readonly SelectOption[] });

const str = (v: unknown) => (v == null ? '' : String(v));
const list = (v: unknown) => (Array.isArray(v) ? (v as unknown[]) : []);

/** The client checks of the fields (the server checks the same again). */
export function checkFields(fields: readonly FieldDef[], draft: Draft): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of fields) {
    const v = draft[f.key];
    const text = str(v).trim();
    const required = 'required' in f && f.required;
    if (f.kind === 'chips') {
      const problem = f.keywords === false ? null : keywordProblem(list(v) as string[]);
      if (problem) errors[f.key] = problem;
      continue;
    }
    if (f.kind === 'checkbox' || f.kind === 'checks') continue;
    if (!text) {
      if (required) errors[f.key] = MESSAGES.required;
      continue;
    }
    if (f.kind === 'year') {
      const y = Number(text);
      if (!/^\d{4}$/.test(text)) errors[f.key] = 'A year such as 2021';
      else if (y < MODEL_YEAR_MIN) errors[f.key] = `A year from ${MODEL_YEAR_MIN}`;
      else if (y > modelYearMax()) errors[f.key] = 'A year no later than two years from now';
    } else if (f.kind === 'number' && !/^\d{1,4}$/.test(text)) errors[f.key] = 'A whole number from 0 to 9999';
    else if (f.kind === 'money') {
      const p = readPrice(text);
      if (!p.ok) errors[f.key] = p.message;
    } else if (f.kind === 'url' && !(/^https?:\/\/\S+$/i.test(text) && URL.canParse(text))) errors[f.key] = 'An http(s) address, such as https://example.com/procedure';
  }
  return errors;
}

/** The server's 400 field errors as one message per field ("links.0.url" → "links"). */
export function serverErrors(fieldErrors: Record<string, string[]> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(fieldErrors ?? {})) if (v?.[0]) out[k.split('.')[0]] ??= v[0];
  return out;
}

export interface FormState {
  draft: Draft;
  set: (key: string, value: unknown) => void;
  errors: FieldErrors;
  message: string | null;
  busy: boolean;
  /** The draft differs from what was loaded (the specification's isChanged). */
  changed: boolean;
  /** Checks (the given fields, else the form's) and saves; answers true when saved. */
  submit: (fields?: readonly FieldDef[]) => Promise<boolean>;
}

/**
 * The state of one form: the draft, its errors, the form-level message and the busy flag. `change` may
 * rewrite the draft after a field changes (e.g. the year clamp).
 */
export function useEditorForm(o: {
  initial: Draft;
  fields: readonly FieldDef[];
  validate?: Validate;
  save: (draft: Draft) => Promise<unknown>;
  change?: (draft: Draft, key: string, value: unknown) => Draft;
}): FormState {
  const [initial] = useState(o.initial);
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: string, value: unknown) => {
    setDraft((d) => (o.change ? o.change(d, key, value) : { ...d, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const next = { ...e };
      delete next[key];
      return next;
    });
  };
  const submit = async (fields = o.fields) => {
    const own = Object.entries(o.validate?.(draft) ?? {}).filter((e): e is [string, string] => !!e[1]);
    const found = { ...checkFields(fields, draft), ...Object.fromEntries(own) };
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length) {
      setMessage('Please correct the highlighted fields.');
      return false;
    }
    setBusy(true);
    try {
      await o.save(draft);
      return true;
    } catch (err) {
      setErrors(serverErrors((err as { fieldErrors?: Record<string, string[]> }).fieldErrors));
      setMessage((err as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const changed = JSON.stringify(draft) !== JSON.stringify(initial);
  return { draft, set, errors, message, busy, changed, submit };
}

/** The fields of a form in a two-column grid (one column on phones). */
export function FormFields({ fields, form }: { fields: readonly FieldDef[]; form: FormState }) {
  const { draft, set, errors } = form;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {fields.map((f) => {
        const wide = f.wide || f.kind === 'textarea' || f.kind === 'chips' || f.kind === 'checks' ? 'sm:col-span-2' : '';
        const error = errors[f.key];
        const value = draft[f.key];
        let control: React.ReactNode;
        switch (f.kind) {
          case 'textarea':
            control = <TextArea label={f.label} required={f.required} maxLength={f.max ?? 2000} rows={3} value={str(value)} onChange={(e) => set(f.key, e.target.value)} error={error} />;
            break;
          case 'checkbox':
            control = <CheckboxField label={f.label} checked={value === true} onChange={(e) => set(f.key, e.target.checked)} />;
            break;
          case 'select':
            control = (
              <SelectField label={f.label} required={f.required} hint={f.hint} options={f.options} placeholder={f.placeholder} value={str(value)} onChange={(e) => set(f.key, e.target.value)} error={error} />
            );
            break;
          case 'chips':
            control = (
              <Chips label={f.label} hint={f.hint} noun={f.noun} suggestions={f.suggestions} value={list(value) as string[]} onChange={(v) => set(f.key, v)} error={error} />
            );
            break;
          case 'checks':
            control = (
              <fieldset className="flex flex-col gap-1">
                <legend className="mb-1 text-sm font-medium text-slate-800">{f.label}</legend>
                <div className="flex flex-wrap gap-x-5 gap-y-2">
                  {f.options.map((o) => (
                    <CheckboxField
                      key={o.value}
                      label={o.label}
                      checked={list(value).includes(o.value)}
                      onChange={(e) => set(f.key, e.target.checked ? [...list(value), o.value] : list(value).filter((x) => x !== o.value))}
                    />
                  ))}
                </div>
                {f.hint && <p className="text-xs text-slate-600">{f.hint}</p>}
              </fieldset>
            );
            break;
          default: {
            const numeric = f.kind === 'year' || f.kind === 'number';
            const suggestions = f.kind === 'text' ? f.suggestions : undefined;
            control = (
              <>
                <TextField
                  label={f.label}
                  required={f.required}
                  hint={f.hint}
                  type={f.kind === 'url' ? 'url' : 'text'}
                  inputMode={numeric ? 'numeric' : f.kind === 'money' ? 'decimal' : undefined}
                  maxLength={f.kind === 'year' ? 4 : f.kind === 'number' ? 4 : f.kind === 'money' ? 12 : 'max' in f && f.max ? f.max : f.kind === 'url' ? 2000 : 200}
                  placeholder={f.kind === 'money' ? '0.00' : f.kind === 'url' ? 'https://' : 'placeholder' in f ? f.placeholder : undefined}
                  list={suggestions?.length ? `${f.key}-choices` : undefined}
                  autoComplete="off"
                  value={str(value)}
                  onChange={(e) => set(f.key, e.target.value)}
                  error={error}
                />
                {suggestions?.length ? (
                  <datalist id={`${f.key}-choices`}>
                    {suggestions.map((s) => (
                      <option key={s} value={s} />
                    ))}
                  </datalist>
                ) : null}
              </>
            );
          }
        }
        return (
          <div key={f.key} className={wide}>
            {control}
          </div>
        );
      })}
    </div>
  );
}

export interface EditorDialogProps {
  title: string;
  fields: readonly FieldDef[];
  initial: Draft;
  validate?: Validate;
  change?: (draft: Draft, key: string, value: unknown) => Draft;
  /** Saves the draft; throws (a BffError) when the server refuses. */
  save: (draft: Draft) => Promise<unknown>;
  onClose: () => void;
  /** After a successful save (the dialog closes). */
  onSaved: () => void;
  size?: 'md' | 'lg' | 'xl';
  /** Shown above the fields (e.g. a record summary). */
  intro?: React.ReactNode;
  /** A footer note (e.g. the record's id). */
  note?: React.ReactNode;
}

/** A record's editor: the one dialog with the fields, the form message, Cancel and Save. */
export function EditorDialog({ title, fields, initial, validate, change, save, onClose, onSaved, size = 'lg', intro, note }: EditorDialogProps) {
  const formId = useId();
  const form = useEditorForm({ initial, fields, validate, save, change });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !form.busy && onClose()}
      title={title}
      size={size}
      footer={
        <SaveCancel
          formId={formId}
          busy={form.busy}
          onCancel={onClose}
          unsaved={form.changed}
          note={
            <>
              {note}
              {form.changed && <span className="ml-2 font-medium text-amber-800">Unsaved changes</span>}
            </>
          }
        />
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (await form.submit()) onSaved();
        }}
        className="flex flex-col gap-4"
      >
        {form.message && <Alert>{form.message}</Alert>}
        {intro}
        <FormFields fields={fields} form={form} />
      </form>
    </Dialog>
  );
}
