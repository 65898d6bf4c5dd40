'use client';
/**
 * The configuration's record editors: a form described as data (fields of a few kinds) in the one editor
 * frame, on the one form hook (components/ui/use-form.ts). Client checks (required, years, prices,
 * addresses, keyword lists) run before saving; the server's 400 field errors show beside the same fields;
 * a failed save keeps the dialog open with everything typed and a clear message. A saved record's editor
 * carries its History button (components/history), given by the section as `history`.
 */
import { HistoryButton, type HistoryButtonProps } from '@/components/history';
import { CheckboxField, SelectField, TextArea, TextField, type SelectOption } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { useForm, type Form } from '@/components/ui/use-form';
import { MODEL_YEAR_MIN, modelYearMax } from '@/lib/configuration/constants';
import { keywordProblem } from '@/lib/configuration/keywords';
import { readPrice } from '@/lib/configuration/money';
import { collect, type FieldErrors } from '@/lib/validation/field-errors';
import { MESSAGES } from '@/lib/validation/messages';
import { Chips } from './keyword-chips';

export type Draft = Record<string, unknown>;
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
    } else if (f.kind === 'url' && !(/^https?:\/\/\S+$/i.test(text) && URL.canParse(text)))
      errors[f.key] = 'An http(s) address, such as https://example.com/procedure';
  }
  return errors;
}

/** A configuration form's checks for useForm: its fields' own (checkFields), then the form's (`validate`). */
export function editorCheck(fields: readonly FieldDef[], validate?: Validate): (draft: Draft) => FieldErrors {
  return (draft) => ({ ...checkFields(fields, draft), ...collect(validate?.(draft) ?? {}) });
}

/** The fields of a form in a two-column grid (one column on phones). */
export function FormFields({ fields, form }: { fields: readonly FieldDef[]; form: Pick<Form<Draft>, 'draft' | 'set' | 'errors'> }) {
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
            control = (
              <TextArea
                label={f.label}
                required={f.required}
                hint={f.hint}
                maxLength={f.max ?? 2000}
                rows={3}
                value={str(value)}
                onChange={(e) => set(f.key, e.target.value)}
                error={error}
              />
            );
            break;
          case 'checkbox':
            control = <CheckboxField label={f.label} checked={value === true} onChange={(e) => set(f.key, e.target.checked)} />;
            break;
          case 'select':
            control = (
              <SelectField
                label={f.label}
                required={f.required}
                hint={f.hint}
                options={f.options}
                placeholder={f.placeholder}
                value={str(value)}
                onChange={(e) => set(f.key, e.target.value)}
                error={error}
              />
            );
            break;
          case 'chips':
            control = (
              <Chips
                label={f.label}
                hint={f.hint}
                noun={f.noun}
                suggestions={f.suggestions}
                value={list(value) as string[]}
                onChange={(v) => set(f.key, v)}
                error={error}
              />
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
                  maxLength={
                    f.kind === 'year'
                      ? 4
                      : f.kind === 'number'
                        ? 4
                        : f.kind === 'money'
                          ? 12
                          : 'max' in f && f.max
                            ? f.max
                            : f.kind === 'url'
                              ? 2000
                              : 200
                  }
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
  /** The saved record's history (its History button in the footer); none for a record being added. */
  history?: Omit<HistoryButtonProps, 'className'> | null;
}

/** A record's editor: the fields in the one editor frame (components/ui/form-dialog.tsx). */
export function EditorDialog({
  title,
  fields,
  initial,
  validate,
  change,
  save,
  onClose,
  onSaved,
  size = 'lg',
  intro,
  note,
  history,
}: EditorDialogProps) {
  const form = useForm<Draft>({ initial, check: editorCheck(fields, validate), save, change });
  return (
    <FormDialog
      form={form}
      title={title}
      size={size}
      onClose={onClose}
      onSaved={onSaved}
      intro={intro}
      note={note}
      markUnsaved
      actions={history && <HistoryButton {...history} />}
    >
      <FormFields fields={fields} form={form} />
    </FormDialog>
  );
}
