'use client';
/**
 * The import wizard (docs/data.md#states): choose what to import → template → file → mapping →
 * preview → import → result, one component per step (import-steps/) over one reducer (wizard-state.ts).
 * The step lives in the URL (?step=); the highest visited step is kept, so the user may go back and
 * forward to any visited step without losing anything; a step beyond it (an old link) shows the highest one
 * instead. A reload keeps the step and what was chosen (wizard-state.ts says what, where and why) and asks
 * only for the file again, where a step needs it. The file is read, checked and chunked in a worker
 * (import.worker.ts); chunks go to data/uploadData one at a time under one import id, kept in localStorage
 * per file, so an interrupted import resumes from the last stored chunk.
 */
import { useStepFocus } from '@/components/ui/use-step-focus';
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { ImportRow, ImportTemplate, SchemaSummary } from '@/lib/contract/data';
import { guessMapping, sniff, templateFits, type FileEncoding } from '@/lib/data/file-rows';
import { failure } from '@/lib/validation/field-errors';
import { dataApi } from './api';
import { ChooseStep, FileDrop, FileStep, ImportStep, MappingStep, PreviewStep, ResultStep, TemplateStep } from './import-steps';
import { useImportWorker } from './use-import-worker';
import {
  NO_TOTALS,
  STEPS,
  keep,
  keptKey,
  linkDiffers,
  linkOf,
  readLink,
  restore,
  shownStep,
  wizardReducer,
  type Totals,
} from './wizard-state';
import type { FileJob, FromWorker, ToWorker } from './worker-protocol';

const resumeKey = (schema: string, f: { name: string; size: number; lastModified: number }) =>
  `adas-import:${schema}:${f.name}:${f.size}:${f.lastModified}`;
const message = (e: unknown) => failure(e).message;
/** A schema's columns and its templates of the user's location. */
const loadSchema = (name: SchemaSummary['name']) => Promise.all([dataApi.schema(name), dataApi.templates(name)]);

export function ImportWizard({ schemas, user }: { schemas: SchemaSummary[]; user: number }) {
  const params = useSearchParams();
  const [state, dispatch] = useReducer(wizardReducer, user, (u) =>
    restore(typeof window === 'undefined' ? null : window.sessionStorage.getItem(keptKey(u))),
  );
  const { schema, template, file, check, busy } = state;
  // The file itself: a browser cannot keep it across a reload (its facts are in `state.file`).
  const [picked, setPicked] = useState<File | null>(null);
  const importId = useRef('');

  // What a reload keeps, written after each change.
  const kept = useMemo(() => JSON.stringify(keep(state)), [state]);
  useEffect(() => {
    if (state.schema) window.sessionStorage.setItem(keptKey(user), kept);
  }, [kept, user, state.schema]);

  const asked = Number(params.get('step')) || 1;
  const step = shownStep(asked, state.maxStep);

  // A link naming other choices than this tab kept (another tab or browser): its schema and saved template are opened.
  const [link] = useState(() => ({ ...readLink(params), step: asked }));
  const [linking, setLinking] = useState(() => linkDiffers(link, linkOf(state)) && schemas.some((s) => s.name === link.schema));
  useEffect(() => {
    const name = schemas.find((s) => s.name === link.schema)?.name;
    if (!linking || !name) return;
    let live = true;
    loadSchema(name).then(
      ([detail, list]) => {
        if (!live) return;
        dispatch({ type: 'linked', schema: detail, templates: list, template: link.template ?? 0, step: link.step });
        setLinking(false);
      },
      (e: unknown) => {
        if (!live) return;
        dispatch({ type: 'error', message: message(e) });
        setLinking(false);
      },
    );
    return () => {
      live = false;
    };
  }, [linking, link, schemas]);
  // The address names the schema and the saved template chosen (WizardLink), next to the step.
  const { schema: linkSchema, template: linkTemplate } = linkOf(state);
  useEffect(() => {
    if (linking) return;
    const url = new URL(window.location.href);
    for (const [key, value] of [
      ['schema', linkSchema],
      ['template', linkTemplate],
    ] as const)
      if (value === null) url.searchParams.delete(key);
      else url.searchParams.set(key, String(value));
    if (url.href !== window.location.href) window.history.replaceState(null, '', url);
  }, [linking, linkSchema, linkTemplate]);
  const go = useCallback((n: number, opts: { reset?: boolean } = {}) => {
    dispatch({ type: 'visit', step: n, reset: opts.reset });
    const url = new URL(window.location.href);
    url.searchParams.set('step', String(n));
    window.history.pushState(null, '', url);
  }, []);
  // A step beyond the highest visited one is not offered: the URL shows where the user is.
  useEffect(() => {
    if (!linking && asked !== step) {
      const url = new URL(window.location.href);
      url.searchParams.set('step', String(step));
      window.history.replaceState(null, '', url);
    }
  }, [asked, step, linking]);

  const job = (f: File, encoding: FileEncoding = state.file?.encoding ?? 'utf-8'): FileJob => ({
    file: f,
    delimiter: template!.delimiter,
    rowsToSkip: template!.isSkipChecked ? template!.rowsToSkip : 0,
    encoding,
  });

  // ── the worker ────────────────────────────────────────────────────────────────────────────────
  const sendRef = useRef<(m: ToWorker) => void>(() => {});
  /** Whether this page's worker has checked the file (a reload restores the preview, not the worker's). */
  const checkedInWorker = useRef(false);
  const afterCheck = useRef<ToWorker | null>(null);
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });

  async function uploadChunk(index: number, rows: ImportRow[]) {
    const { schema: s, template: t } = latest.current;
    try {
      const body = {
        templateName: t?.templateName ?? '',
        mappedFields: t?.mappedData ?? {},
        importId: importId.current,
        chunk: index,
        csvData: rows,
      };
      const r = await dataApi.uploadChunk(s!.name, body);
      dispatch({
        type: 'stored',
        added: r.added,
        updated: r.updated,
        unchanged: r.unchanged,
        refused: r.refused.length,
        rows: rows.length,
      });
      sendRef.current({ type: 'ack', refused: r.refused });
    } catch (e) {
      // The worker waits; Resume starts again from the chunks the host has stored.
      dispatch({
        type: 'interrupted',
        message: `The import stopped: ${message(e)} Rows stored so far stay stored; Resume goes on from there without duplicating any.`,
      });
    }
  }

  function download(csv: string) {
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${latest.current.schema?.name ?? 'import'}-refused-rows.csv`;
    a.click();
    URL.revokeObjectURL(url);
  }

  const onMessage = (m: FromWorker) => {
    switch (m.type) {
      case 'progress':
        return dispatch({ type: 'progress', progress: m });
      case 'read-done':
        return dispatch({ type: 'read', header: m.header, rows: m.rows });
      case 'check-done': {
        checkedInWorker.current = true;
        dispatch({ type: 'checked', check: m });
        // An import asked for before this worker had checked the file (a reload at the preview) goes on now.
        const next = afterCheck.current;
        afterCheck.current = null;
        return next ? sendRef.current(next) : go(5);
      }
      case 'chunk':
        return void uploadChunk(m.index, m.rows);
      case 'import-done': {
        const s = latest.current;
        dispatch({ type: 'imported' });
        if (s.schema && s.file) localStorage.removeItem(resumeKey(s.schema.name, s.file));
        return go(7);
      }
      case 'refusedCsv':
        return download(m.csv);
      case 'error':
        return dispatch({ type: 'error', message: m.message });
    }
  };
  const send = useImportWorker(onMessage);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  // ── step actions ──────────────────────────────────────────────────────────────────────────────
  async function chooseSchema(name: SchemaSummary['name']) {
    dispatch({ type: 'busy', busy: true });
    try {
      const [detail, list] = await loadSchema(name);
      dispatch({ type: 'schema', schema: detail, templates: list });
      setPicked(null);
      go(2, { reset: true });
    } catch (e) {
      dispatch({ type: 'error', message: message(e) });
    }
  }

  async function saveTemplate(t: ImportTemplate): Promise<ImportTemplate | null> {
    if (!t.templateName.trim()) return t;
    try {
      const saved = await dataApi.saveTemplate(t);
      // A new template is created first; its settings are saved with its id.
      const full = t.id > 0 ? saved : await dataApi.saveTemplate({ ...t, id: saved.id });
      dispatch({ type: 'template-saved', template: full });
      return full;
    } catch (e) {
      const refused = failure(e);
      dispatch({ type: 'error', message: Object.keys(refused.fields).length ? Object.values(refused.fields).join(' ') : refused.message });
      return null;
    }
  }

  /** A file chosen (or chosen again after a reload): sniffed, then read for its columns. */
  async function chooseFile(f: File) {
    const verdict = sniff(new Uint8Array(await f.slice(0, 64 * 1024).arrayBuffer()), f.size);
    if (!verdict.ok) return dispatch({ type: 'error', message: verdict.message });
    setPicked(f);
    dispatch({ type: 'file', file: { name: f.name, size: f.size, lastModified: f.lastModified, encoding: verdict.encoding } });
    dispatch({ type: 'busy', busy: true });
    send({ type: 'read', job: job(f, verdict.encoding) });
  }

  const header = useMemo(() => file?.header ?? [], [file]);
  const fitting = useMemo(
    () => state.templates.filter((t) => t.id !== template?.id && header.length && templateFits(t.mappedData, header)),
    [state.templates, template, header],
  );

  function toMapping() {
    if (!Object.keys(template!.mappedData).length)
      dispatch({ type: 'template', template: { ...template!, mappedData: guessMapping(header, schema!.columns) } });
    go(4);
  }

  async function toPreview() {
    const saved = await saveTemplate(template!);
    if (!saved || !picked) return;
    dispatch({ type: 'busy', busy: true });
    send({ type: 'check', job: job(picked), mapping: saved.mappedData, schema: schema! });
  }

  async function startImport(resume: boolean) {
    if (!picked || !file) return;
    // Keyed by the file as first chosen: chosen again after a reload, it resumes the same import.
    const key = resumeKey(schema!.name, file);
    let skipChunks: number[] = [];
    let start: Totals = NO_TOTALS;
    const stored = localStorage.getItem(key);
    if (resume && stored) {
      importId.current = stored;
      try {
        const p = await dataApi.progress(stored);
        skipChunks = p.chunks;
        start = { added: p.added, updated: p.updated, unchanged: p.unchanged, refused: p.refused };
      } catch (e) {
        return dispatch({ type: 'error', message: message(e) });
      }
    } else {
      importId.current = crypto.randomUUID();
      localStorage.setItem(key, importId.current);
    }
    dispatch({ type: 'import', totals: start });
    go(6);
    // Lines toggled away from the template's default: unchecked ones, or (isSelectedData false) the checked ones.
    const selection = { mode: template!.isSelectedData ? ('all-except' as const) : ('only' as const), lines: [...state.toggled] };
    const importing: ToWorker = { type: 'import', job: job(picked), mapping: template!.mappedData, selection, skipChunks };
    if (checkedInWorker.current) return send(importing);
    afterCheck.current = importing;
    send({ type: 'check', job: job(picked), mapping: template!.mappedData, schema: schema! });
  }

  const resumable = !!picked && !!file && !!schema && typeof window !== 'undefined' && !!localStorage.getItem(resumeKey(schema.name, file));
  // No step while a link's choices are being opened (the tab's kept ones are not the link's).
  const shown = linking ? 0 : step;
  const stepHeading = useStepFocus<HTMLHeadingElement>(shown);
  // Where a step needs the file and a reload lost it: the drop zone, asking for it again.
  const fileAgain = file && !picked ? <FileDrop file={file} again onFile={(f) => void chooseFile(f)} /> : null;

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
                  className={`rounded-full px-3 py-1 ${current ? 'bg-brand-600 text-white' : n <= state.maxStep ? 'bg-slate-100 text-slate-800 hover:bg-slate-200' : 'text-slate-400'}`}
                  aria-current={current ? 'step' : undefined}
                  disabled={n > state.maxStep || busy}
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
        {state.error && <p className="text-red-700">{state.error}</p>}
      </div>

      {shown > 0 && (
        <h3 ref={stepHeading} tabIndex={-1} className="font-semibold focus:outline-none" data-testid="import-step-heading">
          Step {shown}: {STEPS[shown - 1]}
        </h3>
      )}
      {linking && <p className="text-sm text-slate-600">Opening the import this address names…</p>}
      {shown === 1 && (
        <ChooseStep schemas={schemas} chosen={schema?.name ?? null} busy={busy} onChoose={(name) => void chooseSchema(name)} />
      )}
      {shown === 2 && schema && template && (
        <TemplateStep
          schema={schema}
          templates={state.templates}
          template={template}
          onChange={(t) => dispatch({ type: 'template', template: t })}
          onNext={() => void saveTemplate(template).then((t) => t && go(3))}
        />
      )}
      {shown === 3 && schema && template && (
        <FileStep
          state={state}
          hasFile={!!picked}
          fitting={fitting}
          onFile={(f) => void chooseFile(f)}
          onEncoding={(encoding) => {
            if (!picked) return;
            dispatch({ type: 'file', file: { name: picked.name, size: picked.size, lastModified: picked.lastModified, encoding } });
            dispatch({ type: 'busy', busy: true });
            send({ type: 'read', job: job(picked, encoding) });
          }}
          onUseTemplate={(t) => dispatch({ type: 'template', template: t })}
          onNext={toMapping}
        />
      )}
      {shown === 4 && schema && template && (
        <MappingStep
          schema={schema}
          template={template}
          header={header}
          busy={busy}
          progress={state.progress}
          fileAgain={fileAgain}
          onChange={(t) => dispatch({ type: 'template', template: t })}
          onNext={() => void toPreview()}
        />
      )}
      {shown === 5 && schema && template && check && (
        <PreviewStep
          schema={schema}
          template={template}
          check={check}
          toggled={state.toggled}
          busy={busy}
          resumable={resumable}
          fileAgain={fileAgain}
          onToggle={(line) => dispatch({ type: 'toggle', line })}
          onImport={(resume) => void startImport(resume)}
        />
      )}
      {shown === 6 && (
        <ImportStep
          progress={state.progress}
          totals={state.totals}
          valid={check?.valid ?? 0}
          interrupted={state.importState === 'interrupted'}
          fileAgain={fileAgain}
          onResume={() => void startImport(true)}
        />
      )}
      {shown === 7 && (
        <ResultStep
          schemaName={schema?.name}
          totals={state.totals}
          refusedBefore={check?.refusedCount ?? 0}
          canDownload={!!picked}
          importId={() => importId.current}
          onDownload={() => send({ type: 'refusedCsv' })}
        />
      )}
    </section>
  );
}
