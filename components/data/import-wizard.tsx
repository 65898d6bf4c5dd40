'use client';
/**
 * The import wizard (operations §4; issue 17): choose what to import → template → file → mapping →
 * preview → import → result. The step lives in the URL (?step=); the highest visited step is kept, so the
 * user may go back and forward to any visited step without losing anything; a step beyond it (an old link,
 * a reload that lost the file) shows the highest one instead. The file is read, checked and chunked in a
 * worker (import.worker.ts); chunks go to data/uploadData one at a time under one import id, kept in
 * localStorage per file, so an interrupted import resumes from the last stored chunk.
 */
import { useDropzone } from 'react-dropzone';
import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextField } from '@/components/ui/field';
import { BffError, bff } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import { DELIMITERS, type ChunkResult, type Delimiter, type ImportRow, type ImportTemplate, type SchemaDetail } from '@/lib/contract/data';
import { guessMapping, missingRequired, sniff, templateFits, timeLeft, type FileEncoding } from '@/lib/data/file-rows';
import { formatCount } from '@/lib/format';
import type { FileJob, FromWorker, Refusal, ToWorker } from './worker-protocol';

const ConfirmDialog = dynamic(() => import('@/components/ui/confirm-dialog').then((m) => m.ConfirmDialog));
import { useImportWorker } from './use-import-worker';

type C = typeof contract.data;
export const STEPS = ['Choose', 'Template', 'File', 'Mapping', 'Preview', 'Import', 'Result'] as const;

interface Progress {
  rows: number;
  bytes: number;
  total: number;
  elapsedMs: number;
}
interface Totals {
  added: number;
  updated: number;
  unchanged: number;
  refused: number;
}
const NO_TOTALS: Totals = { added: 0, updated: 0, unchanged: 0, refused: 0 };
const emptyTemplate = (schemaName: SchemaDetail['name']): ImportTemplate => ({
  id: -1,
  schemaName,
  templateName: '',
  delimiter: 'Comma',
  rowsToSkip: 0,
  mappedData: {},
  isSkipChecked: false,
  isSelectedData: true,
});
const resumeKey = (schema: string, f: File) => `adas-import:${schema}:${f.name}:${f.size}:${f.lastModified}`;
const message = (e: unknown) => (e instanceof BffError ? e.message : (e as Error).message);

export function ImportWizard({ schemas }: { schemas: { name: string; displayName: string }[] }) {
  const params = useSearchParams();
  const [maxStep, setMaxStep] = useState(1);
  const asked = Number(params.get('step')) || 1;
  const step = Math.min(Math.max(asked, 1), maxStep);

  const go = (n: number, opts: { reset?: boolean } = {}) => {
    setMaxStep((m) => (opts.reset ? n : Math.max(m, n)));
    const url = new URL(window.location.href);
    url.searchParams.set('step', String(n));
    window.history.pushState(null, '', url);
  };
  // A step beyond the highest visited one is not offered: the URL shows where the user is.
  useEffect(() => {
    if (asked !== step) {
      const url = new URL(window.location.href);
      url.searchParams.set('step', String(step));
      window.history.replaceState(null, '', url);
    }
  }, [asked, step]);

  const [error, setError] = useState('');
  const [schema, setSchema] = useState<SchemaDetail | null>(null);
  const [templates, setTemplates] = useState<ImportTemplate[]>([]);
  const [template, setTemplate] = useState<ImportTemplate | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [encoding, setEncoding] = useState<FileEncoding>('utf-8');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [header, setHeader] = useState<string[]>([]);
  const [rowCount, setRowCount] = useState(0);
  const [check, setCheck] = useState<Extract<FromWorker, { type: 'check-done' }> | null>(null);
  const [toggled, setToggled] = useState<Set<number>>(new Set());
  const [totals, setTotals] = useState<Totals>(NO_TOTALS);
  const [importState, setImportState] = useState<'idle' | 'running' | 'interrupted' | 'done'>('idle');
  const [busy, setBusy] = useState(false);
  const importId = useRef('');
  const mapping = template?.mappedData ?? {};

  const job = (): FileJob => ({ file: file!, delimiter: template!.delimiter, rowsToSkip: template!.isSkipChecked ? template!.rowsToSkip : 0, encoding });

  const sendRef = useRef<(m: ToWorker) => void>(() => {});
  async function uploadChunk(index: number, rows: ImportRow[]) {
    try {
      const body = { templateName: template?.templateName ?? '', mappedFields: mapping, importId: importId.current, chunk: index, csvData: rows };
      // The vehicle matrix has its own upload (its additions are recorded, to be removed again).
      const r: ChunkResult =
        schema!.name === 'vehicleMatrix'
          ? await bff<C['uploadVehicleMatrix']>('POST', 'data/uploadVehicleMatrix', { body })
          : await bff<C['uploadData']>('POST', 'data/uploadData', { body: { ...body, schemaName: schema!.name } });
      setTotals((t) => ({ added: t.added + r.added, updated: t.updated + r.updated, unchanged: t.unchanged + r.unchanged, refused: t.refused + r.refused.length }));
      setProgress((p) => ({ rows: (p?.rows ?? 0) + rows.length, bytes: 0, total: 0, elapsedMs: 0 }));
      sendRef.current({ type: 'ack', refused: r.refused });
    } catch (e) {
      // The worker waits; Resume starts again from the chunks the host has stored.
      setBusy(false);
      setImportState('interrupted');
      setError(`The import stopped: ${message(e)} Rows stored so far stay stored; Resume goes on from there without duplicating any.`);
    }
  }

  function download(csv: string) {
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${schema?.name ?? 'import'}-refused-rows.csv`;
    a.click();
    URL.revokeObjectURL(url);
  }

  const onMessage = (m: FromWorker) => {
    switch (m.type) {
      case 'progress':
        return setProgress(m);
      case 'read-done':
        setBusy(false);
        setProgress(null);
        setHeader(m.header);
        setRowCount(m.rows);
        return;
      case 'check-done':
        setBusy(false);
        setProgress(null);
        setCheck(m);
        setToggled(new Set());
        return go(5);
      case 'chunk':
        return void uploadChunk(m.index, m.rows);
      case 'import-done':
        setBusy(false);
        setImportState('done');
        localStorage.removeItem(resumeKey(schema!.name, file!));
        return go(7);
      case 'refusedCsv':
        return download(m.csv);
      case 'error':
        setBusy(false);
        setProgress(null);
        return setError(m.message);
    }
  };
  const send = useImportWorker(onMessage);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  // ── step actions ──────────────────────────────────────────────────────────────────────────────
  async function chooseSchema(name: string) {
    setError('');
    setBusy(true);
    try {
      const [detail, list] = await Promise.all([
        bff<C['schemaNameCall']>('GET', 'data/schemaName', { query: { name } }),
        bff<C['schemaTemplates']>('GET', 'data/schemaTemplates', { query: { schemaName: name } }),
      ]);
      setSchema(detail);
      setTemplates(list);
      setTemplate(emptyTemplate(detail.name));
      setFile(null);
      setCheck(null);
      go(2, { reset: true });
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  }

  async function saveTemplate(t: ImportTemplate): Promise<ImportTemplate | null> {
    if (!t.templateName.trim()) return t;
    try {
      const saved = await bff<C['saveSchema']>('POST', 'data/saveSchema', { body: t });
      // A new template is created first; its settings are saved with its id.
      const full = t.id > 0 ? saved : await bff<C['saveSchema']>('POST', 'data/saveSchema', { body: { ...t, id: saved.id } });
      setTemplates((list) => [...list.filter((x) => x.id !== full.id), full]);
      setTemplate(full);
      return full;
    } catch (e) {
      setError(e instanceof BffError && Object.keys(e.fieldErrors).length ? Object.values(e.fieldErrors).flat().join(' ') : message(e));
      return null;
    }
  }

  async function chooseFile(f: File) {
    setError('');
    setCheck(null);
    setHeader([]);
    const verdict = sniff(new Uint8Array(await f.slice(0, 64 * 1024).arrayBuffer()), f.size);
    if (!verdict.ok) return setError(verdict.message);
    setFile(f);
    setEncoding(verdict.encoding);
    setMaxStep(3);
    setBusy(true);
    send({ type: 'read', job: { file: f, delimiter: template!.delimiter, rowsToSkip: template!.isSkipChecked ? template!.rowsToSkip : 0, encoding: verdict.encoding } });
  }

  const fitting = useMemo(() => templates.filter((t) => t.id !== template?.id && header.length && templateFits(t.mappedData, header)), [templates, template, header]);

  function toMapping() {
    if (!Object.keys(mapping).length) setTemplate({ ...template!, mappedData: guessMapping(header, schema!.columns) });
    go(4);
  }

  async function toPreview() {
    setError('');
    const saved = await saveTemplate(template!);
    if (!saved) return;
    setBusy(true);
    send({ type: 'check', job: job(), mapping: saved.mappedData, schema: schema! });
  }

  async function startImport(resume: boolean) {
    setError('');
    const key = resumeKey(schema!.name, file!);
    let skipChunks: number[] = [];
    let start = NO_TOTALS;
    const stored = localStorage.getItem(key);
    if (resume && stored) {
      importId.current = stored;
      try {
        const p = await bff<C['importProgress']>('GET', 'data/importProgress', { query: { importId: stored } });
        skipChunks = p.chunks;
        start = { added: p.added, updated: p.updated, unchanged: p.unchanged, refused: p.refused };
      } catch (e) {
        return setError(message(e));
      }
    } else {
      importId.current = crypto.randomUUID();
      localStorage.setItem(key, importId.current);
    }
    setTotals(start);
    setProgress(null);
    setImportState('running');
    setBusy(true);
    go(6);
    // Lines toggled away from the template's default: unchecked ones, or (isSelectedData false) the checked ones.
    const selection = { mode: template!.isSelectedData ? ('all-except' as const) : ('only' as const), lines: [...toggled] };
    send({ type: 'import', job: job(), mapping, selection, skipChunks });
  }

  const resumable = file && schema && typeof window !== 'undefined' && !!localStorage.getItem(resumeKey(schema.name, file));

  // ── render ────────────────────────────────────────────────────────────────────────────────────
  const { getRootProps, getInputProps, isDragActive } = useDropzone({ multiple: false, onDropAccepted: (files) => void chooseFile(files[0]) });
  const setT = (patch: Partial<ImportTemplate>) => setTemplate((t) => ({ ...t!, ...patch }));
  const missing = schema ? missingRequired(mapping, schema.columns) : [];

  return (
    <section aria-labelledby="import-heading" className="flex min-w-0 flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="import-heading" className="text-lg font-semibold">
        Import
      </h2>
      <nav aria-label="Import steps">
        <ol className="flex flex-wrap gap-2 text-sm">
          {STEPS.map((name, i) => {
            const n = i + 1;
            const current = n === step;
            return (
              <li key={name}>
                <button
                  type="button"
                  className={`rounded-full px-3 py-1 ${current ? 'bg-brand-600 text-white' : n <= maxStep ? 'bg-slate-100 text-slate-800 hover:bg-slate-200' : 'text-slate-400'}`}
                  aria-current={current ? 'step' : undefined}
                  disabled={n > maxStep || busy}
                  onClick={() => go(n)}
                >
                  {n}. {name}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>

      <div role="status" aria-live="polite" className="min-h-5 text-sm">
        {error && <p className="text-red-700">{error}</p>}
      </div>

      {step === 1 && (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-slate-700">What do you want to import?</p>
          <div className="flex flex-wrap gap-2">
            {schemas.map((s) => (
              <Button key={s.name} variant={schema?.name === s.name ? 'primary' : 'secondary'} disabled={busy} onClick={() => void chooseSchema(s.name)}>
                {s.displayName}
              </Button>
            ))}
          </div>
        </div>
      )}

      {step === 2 && schema && template && (
        <div className="flex max-w-xl flex-col gap-3">
          <SelectField
            label="Saved template"
            placeholder="New template"
            value={template.id > 0 ? String(template.id) : ''}
            options={templates.map((t) => ({ value: t.id, label: t.templateName }))}
            onChange={(e) => setTemplate(templates.find((t) => t.id === Number(e.target.value)) ?? emptyTemplate(schema.name))}
          />
          <TextField label="Template name" hint="Leave empty to import without saving a template." value={template.templateName} maxLength={100} onChange={(e) => setT({ templateName: e.target.value })} />
          <SelectField label="Delimiter" placeholder={null} value={template.delimiter} options={DELIMITERS.map((d) => ({ value: d, label: d }))} onChange={(e) => setT({ delimiter: e.target.value as Delimiter })} />
          <CheckboxField label="Skip rows before the header" checked={template.isSkipChecked} onChange={(e) => setT({ isSkipChecked: e.target.checked })} />
          {template.isSkipChecked && (
            <TextField label="Rows to skip" type="number" min={0} max={1000} value={String(template.rowsToSkip)} onChange={(e) => setT({ rowsToSkip: Math.max(0, Math.min(1000, Number(e.target.value) || 0)) })} />
          )}
          <CheckboxField label="Every valid row starts checked" checked={template.isSelectedData} onChange={(e) => setT({ isSelectedData: e.target.checked })} />
          <div>
            <Button onClick={() => void saveTemplate(template).then((t) => t && go(3))}>Next</Button>
          </div>
        </div>
      )}

      {step === 3 && schema && template && (
        <div className="flex flex-col gap-3">
          <div {...getRootProps({ className: `rounded-lg border-2 border-dashed p-6 text-center text-sm ${isDragActive ? 'border-brand-600 bg-brand-50' : 'border-slate-300'}` })}>
            <input {...getInputProps({ 'aria-label': 'Choose the file to import' })} />
            <p>Drop a CSV or tab-delimited file here, or click to choose one.</p>
            {file && <p className="mt-1 font-medium">{file.name}</p>}
          </div>
          {file && (
            <SelectField
              label="Character encoding"
              placeholder={null}
              value={encoding}
              options={[{ value: 'utf-8', label: 'UTF-8' }, { value: 'windows-1252', label: 'Windows-1252' }]}
              onChange={(e) => {
                setEncoding(e.target.value as FileEncoding);
                setBusy(true);
                send({ type: 'read', job: { ...job(), encoding: e.target.value as FileEncoding } });
              }}
            />
          )}
          {busy && progress && <ProgressBar label="Reading the file" value={progress.bytes} max={progress.total} text={`${formatCount(progress.rows)} rows read, ${timeLeft(progress.bytes, progress.total, progress.elapsedMs)}`} />}
          {!busy && header.length > 0 && (
            <p className="text-sm">
              {formatCount(rowCount)} rows, {header.length} columns.
            </p>
          )}
          {!busy && fitting.length > 0 && (
            <div className="rounded-md bg-brand-50 p-3 text-sm" role="note">
              This file matches the saved template{fitting.length > 1 ? 's' : ''}{' '}
              {fitting.map((t) => (
                <Button key={t.id} variant="secondary" className="ml-1" onClick={() => setTemplate(t)}>
                  Use {t.templateName}
                </Button>
              ))}
            </div>
          )}
          <div>
            <Button disabled={busy || !header.length} onClick={toMapping}>
              Next
            </Button>
          </div>
        </div>
      )}

      {step === 4 && schema && template && (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">Choose the file column that holds each field. Fields marked * must be mapped.</p>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {schema.columns.map((c) => (
              <SelectField
                key={c.ColumnName}
                label={c.DisplayName}
                required={c.IsRequired}
                placeholder="Not imported"
                value={mapping[c.ColumnName] ?? ''}
                options={header.map((h) => ({ value: h, label: h }))}
                onChange={(e) => setT({ mappedData: { ...mapping, [c.ColumnName]: e.target.value } })}
              />
            ))}
          </div>
          {missing.length > 0 && <p className="text-sm text-red-700">Map {missing.join(', ')} before going on.</p>}
          <div>
            <Button disabled={busy || missing.length > 0} onClick={() => void toPreview()}>
              Next
            </Button>
          </div>
          {busy && progress && <ProgressBar label="Checking the rows" value={progress.bytes} max={progress.total} text={`${formatCount(progress.rows)} rows checked`} />}
        </div>
      )}

      {step === 5 && schema && check && (
        <div className="flex min-w-0 flex-col gap-3">
          <p className="text-sm">
            {formatCount(check.valid)} rows will be imported, {formatCount(check.refusedCount)} refused.
          </p>
          <h3 className="font-medium">First rows as they will be stored</h3>
          <div className="max-h-96 overflow-auto rounded border border-slate-200">
            <table className="min-w-full text-sm">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-2 py-1 text-left">
                    Import
                  </th>
                  <th scope="col" className="px-2 py-1 text-left">
                    Line
                  </th>
                  {schema.columns.filter((c) => mapping[c.ColumnName]).map((c) => (
                    <th key={c.ColumnName} scope="col" className="px-2 py-1 text-left whitespace-nowrap">
                      {c.DisplayName}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {check.preview.map((r) => (
                  <tr key={r.line} className="border-t border-slate-100">
                    <td className="px-2 py-1">
                      <input
                        type="checkbox"
                        aria-label={`Import line ${r.line}`}
                        checked={template!.isSelectedData !== toggled.has(r.line)}
                        onChange={() =>
                          setToggled((s) => {
                            const next = new Set(s);
                            if (!next.delete(r.line)) next.add(r.line);
                            return next;
                          })
                        }
                      />
                    </td>
                    <td className="px-2 py-1">{r.line}</td>
                    {schema.columns.filter((c) => mapping[c.ColumnName]).map((c) => (
                      <td key={c.ColumnName} className="px-2 py-1 whitespace-nowrap">
                        {r.cells[c.ColumnName]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {check.refused.length > 0 && <RefusedList refused={check.refused} count={check.refusedCount} />}
          <div className="flex flex-wrap gap-2">
            <Button disabled={busy || check.valid === 0} onClick={() => void startImport(false)}>
              Import
            </Button>
            {resumable && (
              <Button variant="secondary" disabled={busy} onClick={() => void startImport(true)}>
                Resume the interrupted import
              </Button>
            )}
          </div>
        </div>
      )}

      {step === 6 && (
        <div className="flex flex-col gap-3">
          <ProgressBar
            label="Importing"
            value={progress?.rows ?? 0}
            max={Math.max(check?.valid ?? 1, 1)}
            text={`${formatCount(totals.added + totals.updated + totals.unchanged + totals.refused)} of ${formatCount(check?.valid ?? 0)} rows stored or refused`}
          />
          {importState === 'interrupted' && (
            <div>
              <Button onClick={() => void startImport(true)}>Resume</Button>
            </div>
          )}
        </div>
      )}

      {step === 7 && (
        <div className="flex flex-col gap-3" aria-live="polite">
          <p className="font-medium">Import done.</p>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:w-80">
            <dt>Added</dt>
            <dd data-testid="import-added">{formatCount(totals.added)}</dd>
            <dt>Updated</dt>
            <dd data-testid="import-updated">{formatCount(totals.updated)}</dd>
            <dt>Unchanged</dt>
            <dd data-testid="import-unchanged">{formatCount(totals.unchanged)}</dd>
            <dt>Refused</dt>
            <dd data-testid="import-refused">{formatCount(totals.refused + (check?.refusedCount ?? 0))}</dd>
          </dl>
          {totals.refused + (check?.refusedCount ?? 0) > 0 && (
            <div>
              <Button variant="secondary" onClick={() => send({ type: 'refusedCsv' })}>
                Download the refused rows
              </Button>
            </div>
          )}
          {schema?.name === 'vehicleMatrix' && totals.added > 0 && <RemoveUpload importId={() => importId.current} added={totals.added} />}
        </div>
      )}
    </section>
  );
}

/** Takes away the make matrices a vehicle-matrix upload added, after a confirmation. */
function RemoveUpload({ importId, added }: { importId: () => string; added: number }) {
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState('');
  if (outcome) return <p role="status">{outcome}</p>;
  return (
    <div>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        Remove the make matrices this upload added
      </Button>
      {asking && (
        <ConfirmDialog
          open
          onOpenChange={setAsking}
          title="Remove this upload"
          message={`Are you sure you wish to remove the ${formatCount(added)} make matrices this upload added? Rows it updated keep their new values.`}
          confirmLabel="Remove"
          onConfirm={async () => {
            try {
              const { count } = await bff<C['removeVehicleMatrix']>('POST', 'data/removeVehicleMatrix', { body: { importId: importId() } });
              setOutcome(`Removed ${formatCount(count)} make matrices.`);
            } catch (e) {
              setOutcome(`Nothing was removed: ${message(e)}`);
            }
            setAsking(false);
          }}
        />
      )}
    </div>
  );
}

function ProgressBar({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
  return (
    <div className="flex flex-col gap-1">
      <progress aria-label={label} className="h-3 w-full" value={value} max={max || 1} />
      <p className="text-sm text-slate-700">{text}</p>
    </div>
  );
}

function RefusedList({ refused, count }: { refused: Refusal[]; count: number }) {
  return (
    <div>
      <h3 className="font-medium">Refused rows</h3>
      <ul className="max-h-60 overflow-auto text-sm" aria-label="Refused rows">
        {refused.map((r) => (
          <li key={r.line}>
            Line {r.line}: {r.reason}
          </li>
        ))}
      </ul>
      {count > refused.length && <p className="text-sm">… and {formatCount(count - refused.length)} more (in the download after the import).</p>}
    </div>
  );
}
