'use client';
/**
 * The import screen's knowledge-base tools (roles 1 and 2 of the platform; lib/contract/data.ts): a links
 * file imported in the background (admin/importMakeMatrixLinks; a push notice says when it is done), CCC
 * keywords imported onto every make matrix of a make (admin/importMakeMatrixKeywords) and the links of one
 * vehicle exported in the links import's layout (alldata/exportLinksByVehicle), which imports back. What the user typed stays
 * on a failed call, with the host's message by the field it concerns.
 */
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextArea, TextField } from '@/components/ui/field';
import { useForm, type Form } from '@/components/ui/use-form';
import { CCC_KEYWORD_KINDS, LINKS_FILE_MAX_CHARS, LINK_TYPES, MAKE_MATRIX_LINK_COLUMNS } from '@/lib/configuration/constants';
import { formatCount } from '@/lib/format';
import { dataApi } from './api';

const KIND_LABELS: Record<(typeof CCC_KEYWORD_KINDS)[number], string> = {
  line: 'CCC line keywords',
  location: 'CCC location keywords',
  sublet: 'CCC sublet keywords',
};

/**
 * One tool's form (the one form hook): its heading, the fields, a submit button that stays disabled while
 * the call runs (no double imports), and the status line with what happened, the host's refusal too.
 */
function ToolForm({
  id,
  title,
  submitLabel,
  form,
  children,
}: {
  id: string;
  title: string;
  submitLabel: string;
  form: Pick<Form<object>, 'submit' | 'busy' | 'message'>;
  children: React.ReactNode;
}) {
  return (
    <form onSubmit={(e) => void form.submit(e)} className="flex flex-col gap-3" aria-labelledby={`${id}-heading`} noValidate>
      <h3 id={`${id}-heading`} className="font-medium">
        {title}
      </h3>
      {children}
      <div>
        <Button type="submit" disabled={form.busy}>
          {submitLabel}
        </Button>
      </div>
      <p role="status" className="text-sm text-slate-700">
        {form.message?.text}
      </p>
    </form>
  );
}

function LinksImportForm() {
  const form = useForm({
    initial: { file: null as File | null },
    // The file goes as text in one call: at most LINKS_FILE_MAX_CHARS characters (the contract's bound).
    check: ({ file }) => ({
      content: !file
        ? 'Choose a links file'
        : file.size > LINKS_FILE_MAX_CHARS * 4
          ? `The file is larger than ${LINKS_FILE_MAX_CHARS / 1000} kB`
          : null,
    }),
    invalid: null,
    failed: (m) => `The file was not imported: ${m}`,
    save: async ({ file }) => {
      await dataApi.importLinks(file!.name, await file!.text());
      return `${file!.name} is being imported; a notice tells you when it is done.`;
    },
  });
  const fileError = form.errors.content || form.errors.fileName;
  return (
    <ToolForm id="links-import" title="Make-matrix links" submitLabel="Import links" form={form}>
      <div className="flex flex-col gap-1">
        <label htmlFor="links-file" className="text-sm font-medium text-slate-800">
          Links file (CSV: {MAKE_MATRIX_LINK_COLUMNS.join(', ')})
        </label>
        <input
          id="links-file"
          type="file"
          accept=".csv,text/csv"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? 'links-file-error' : undefined}
          onChange={(e) => {
            form.set('file', e.target.files?.[0] ?? null);
            form.setErrors({});
          }}
          className="max-w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
        />
        {fileError && (
          <p id="links-file-error" className="text-sm text-red-700">
            {fileError}
          </p>
        )}
      </div>
    </ToolForm>
  );
}

function KeywordsForm() {
  const form = useForm({
    initial: { vehicleMake: '', kind: 'line' as (typeof CCC_KEYWORD_KINDS)[number], keywords: '', replace: false },
    failed: (m) => `Nothing was imported: ${m}`,
    save: async (draft) => {
      const { count } = await dataApi.importKeywords(draft);
      return `Keywords imported onto ${formatCount(count)} make matrices.`;
    },
  });
  const { draft, set, errors } = form;
  return (
    <ToolForm id="keywords" title="Make-matrix keywords" submitLabel="Import keywords" form={form}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Make"
          required
          value={draft.vehicleMake}
          error={errors.vehicleMake}
          onChange={(e) => set('vehicleMake', e.target.value)}
          maxLength={60}
        />
        <SelectField
          label="Keyword list"
          placeholder={null}
          value={draft.kind}
          error={errors.kind}
          options={CCC_KEYWORD_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          onChange={(e) => set('kind', e.target.value as typeof draft.kind)}
        />
      </div>
      <TextArea
        label="Keywords (comma-separated)"
        required
        rows={3}
        value={draft.keywords}
        error={errors.keywords}
        onChange={(e) => set('keywords', e.target.value)}
      />
      <CheckboxField
        label="Replace the list instead of adding to it"
        checked={draft.replace}
        onChange={(e) => set('replace', e.target.checked)}
      />
    </ToolForm>
  );
}

function LinksForm() {
  const form = useForm({
    initial: { make: '', model: '', year: '', type: '' },
    check: (d) => ({ year: /^\d{4}$/.test(d.year.trim()) ? null : 'A year such as 2021' }),
    invalid: null,
    failed: (m) => `Nothing was exported: ${m}`,
    save: async (d) => {
      const file = await dataApi.exportLinks({
        make: d.make,
        model: d.model,
        year: Number(d.year),
        type: (d.type || undefined) as (typeof LINK_TYPES)[number] | undefined,
      });
      const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = file.fileName;
      a.click();
      URL.revokeObjectURL(url);
      return `${formatCount(file.rows)} links exported.`;
    },
  });
  const { draft, set, errors } = form;
  return (
    <ToolForm id="links" title="Links of a vehicle" submitLabel="Export links" form={form}>
      <div className="grid gap-3 sm:grid-cols-4">
        <TextField
          label="Make"
          required
          value={draft.make}
          error={errors.make}
          onChange={(e) => set('make', e.target.value)}
          maxLength={60}
        />
        <TextField label="Model" value={draft.model} error={errors.model} onChange={(e) => set('model', e.target.value)} maxLength={80} />
        <TextField
          label="Year"
          required
          inputMode="numeric"
          value={draft.year}
          error={errors.year}
          onChange={(e) => set('year', e.target.value)}
          maxLength={4}
        />
        <SelectField
          label="Links"
          placeholder={null}
          value={draft.type}
          options={[
            { value: '', label: 'ADAS and general' },
            ...LINK_TYPES.map((t) => ({ value: t, label: t === 'adas' ? 'ADAS procedures' : 'General information' })),
          ]}
          onChange={(e) => set('type', e.target.value)}
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
