'use client';
/**
 * The import screen's knowledge-base tools (roles 1 and 2 of the platform; lib/contract/data.ts): a links
 * file imported in the background (admin/importMakeMatrixLinks; a push notice says when it is done), CCC
 * keywords imported onto every make matrix of a make (admin/importMakeMatrixKeywords) and the links of one
 * vehicle exported in the links import's layout (alldata/exportLinksByVehicle), which imports back. What the user typed stays
 * on a failed call, with the host's message by the field it concerns.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextArea, TextField } from '@/components/ui/field';
import { BffError, bff } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import { CCC_KEYWORD_KINDS, LINKS_FILE_MAX_CHARS, LINK_TYPES, MAKE_MATRIX_LINK_COLUMNS } from '@/lib/configuration/constants';
import { formatCount } from '@/lib/format';
import { serverFieldErrors, type FieldErrors } from '@/lib/validation/field-errors';

type C = typeof contract.data;
const KIND_LABELS: Record<(typeof CCC_KEYWORD_KINDS)[number], string> = { line: 'CCC line keywords', location: 'CCC location keywords', sublet: 'CCC sublet keywords' };

/** Runs a call; answers its field errors and message on a 400 (or any failure), nothing on success. */
async function attempt(run: () => Promise<void>): Promise<{ errors: FieldErrors; message: string }> {
  try {
    await run();
    return { errors: {}, message: '' };
  } catch (e) {
    return { errors: e instanceof BffError ? serverFieldErrors(e.fieldErrors) : {}, message: (e as Error).message };
  }
}

/**
 * One tool's form: its heading, the fields, a submit button that stays disabled while the call runs (no
 * double imports), and the status line. `action` validates, calls, and answers the status text.
 */
function ToolForm({ id, title, submitLabel, action, children }: { id: string; title: string; submitLabel: string; action: () => Promise<string>; children: React.ReactNode }) {
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setStatus('');
    try {
      setStatus(await action());
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-labelledby={`${id}-heading`} noValidate>
      <h3 id={`${id}-heading`} className="font-medium">
        {title}
      </h3>
      {children}
      <div>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
      <p role="status" className="text-sm text-slate-700">
        {status}
      </p>
    </form>
  );
}

function LinksImportForm() {
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = async () => {
    // The file goes as text in one call: at most LINKS_FILE_MAX_CHARS characters (the contract's bound).
    const invalid = !file ? 'Choose a links file' : file.size > LINKS_FILE_MAX_CHARS * 4 ? `The file is larger than ${LINKS_FILE_MAX_CHARS / 1000} kB` : '';
    if (invalid || !file) {
      setErrors({ content: invalid });
      return '';
    }
    const r = await attempt(async () => {
      await bff<typeof contract.admin.importMakeMatrixLinks>('POST', 'admin/importMakeMatrixLinks', { body: { fileName: file.name, content: await file.text() } });
    });
    setErrors(r.errors);
    return r.message ? `The file was not imported: ${r.message}` : `${file.name} is being imported; a notice tells you when it is done.`;
  };
  return (
    <ToolForm id="links-import" title="Make-matrix links" submitLabel="Import links" action={action}>
      <div className="flex flex-col gap-1">
        <label htmlFor="links-file" className="text-sm font-medium text-slate-800">
          Links file (CSV: {MAKE_MATRIX_LINK_COLUMNS.join(', ')})
        </label>
        <input
          id="links-file"
          type="file"
          accept=".csv,text/csv"
          aria-invalid={errors.content || errors.fileName ? true : undefined}
          aria-describedby={errors.content || errors.fileName ? 'links-file-error' : undefined}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setErrors({});
          }}
          className="text-sm"
        />
        {(errors.content || errors.fileName) && (
          <p id="links-file-error" className="text-sm text-red-700">
            {errors.content || errors.fileName}
          </p>
        )}
      </div>
    </ToolForm>
  );
}

function KeywordsForm() {
  const [draft, setDraft] = useState({ vehicleMake: '', kind: 'line' as (typeof CCC_KEYWORD_KINDS)[number], keywords: '', replace: false });
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = async () => {
    let count = 0;
    const r = await attempt(async () => {
      ({ count } = await bff<C['importMakeMatrixKeywords']>('POST', 'admin/importMakeMatrixKeywords', { body: draft }));
    });
    setErrors(r.errors);
    return r.message ? `Nothing was imported: ${r.message}` : `Keywords imported onto ${formatCount(count)} make matrices.`;
  };
  return (
    <ToolForm id="keywords" title="Make-matrix keywords" submitLabel="Import keywords" action={action}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Make" required value={draft.vehicleMake} error={errors.vehicleMake} onChange={(e) => setDraft({ ...draft, vehicleMake: e.target.value })} maxLength={60} />
        <SelectField
          label="Keyword list"
          placeholder={null}
          value={draft.kind}
          error={errors.kind}
          options={CCC_KEYWORD_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          onChange={(e) => setDraft({ ...draft, kind: e.target.value as typeof draft.kind })}
        />
      </div>
      <TextArea label="Keywords (comma-separated)" required rows={3} value={draft.keywords} error={errors.keywords} onChange={(e) => setDraft({ ...draft, keywords: e.target.value })} />
      <CheckboxField label="Replace the list instead of adding to it" checked={draft.replace} onChange={(e) => setDraft({ ...draft, replace: e.target.checked })} />
    </ToolForm>
  );
}

function LinksForm() {
  const [draft, setDraft] = useState({ make: '', model: '', year: '', type: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = async () => {
    const year = /^\d{4}$/.test(draft.year.trim()) ? Number(draft.year) : NaN;
    if (Number.isNaN(year)) {
      setErrors({ year: 'A year such as 2021' });
      return '';
    }
    let rows = 0;
    const r = await attempt(async () => {
      const file = await bff<C['exportLinksByVehicle']>('POST', 'alldata/exportLinksByVehicle', {
        body: { make: draft.make, model: draft.model, year, type: (draft.type || undefined) as (typeof LINK_TYPES)[number] | undefined },
      });
      rows = file.rows;
      const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = file.fileName;
      a.click();
      URL.revokeObjectURL(url);
    });
    setErrors(r.errors);
    return r.message ? `Nothing was exported: ${r.message}` : `${formatCount(rows)} links exported.`;
  };
  return (
    <ToolForm id="links" title="Links of a vehicle" submitLabel="Export links" action={action}>
      <div className="grid gap-3 sm:grid-cols-4">
        <TextField label="Make" required value={draft.make} error={errors.make} onChange={(e) => setDraft({ ...draft, make: e.target.value })} maxLength={60} />
        <TextField label="Model" value={draft.model} error={errors.model} onChange={(e) => setDraft({ ...draft, model: e.target.value })} maxLength={80} />
        <TextField label="Year" required inputMode="numeric" value={draft.year} error={errors.year} onChange={(e) => setDraft({ ...draft, year: e.target.value })} maxLength={4} />
        <SelectField
          label="Links"
          placeholder={null}
          value={draft.type}
          options={[{ value: '', label: 'ADAS and general' }, ...LINK_TYPES.map((t) => ({ value: t, label: t === 'adas' ? 'ADAS procedures' : 'General information' }))]}
          onChange={(e) => setDraft({ ...draft, type: e.target.value })}
        />
      </div>
    </ToolForm>
  );
}

export function KnowledgeTools() {
  return (
    <section aria-labelledby="knowledge-heading" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="knowledge-heading" className="text-lg font-semibold">
        ADAS knowledge base
      </h2>
      <LinksImportForm />
      <KeywordsForm />
      <LinksForm />
    </section>
  );
}
