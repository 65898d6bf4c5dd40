'use client';
/**
 * The import wizard's steps (import-wizard.tsx holds their state): one component each, drawn from the
 * wizard's state and telling the wizard what the user did. None of them keeps state of its own but the
 * drop zone's.
 */
import { useDropzone } from 'react-dropzone';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextField } from '@/components/ui/field';
import { SimpleTable } from '@/components/ui/simple-table';
import type { Column } from '@/components/ui/table';
import type { ImportRow, ImportTemplate, SchemaDetail, SchemaSummary } from '@/lib/contract/data';
import { DELIMITERS, type Delimiter } from '@/lib/contract/data-constants';
import { DEFAULT_MARK, defaultValueOf, isDefaultValue, missingRequired, timeLeft, type FileEncoding } from '@/lib/data/file-rows';
import { formatCount } from '@/lib/format';
import { failure } from '@/lib/validation/field-errors';
import { dataApi } from './api';
import type { Refusal } from './worker-protocol';
import {
  emptyTemplate,
  isLineChecked,
  type CheckResult,
  type FileFacts,
  type Progress,
  type Totals,
  type WizardState,
} from './wizard-state';

const ConfirmDialog = dynamic(() => import('@/components/ui/confirm-dialog').then((m) => m.ConfirmDialog));

export function ChooseStep({
  schemas,
  chosen,
  busy,
  onChoose,
}: {
  schemas: SchemaSummary[];
  chosen: string | null;
  busy: boolean;
  onChoose: (name: SchemaSummary['name']) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-700">What do you want to import?</p>
      <div className="flex flex-wrap gap-2">
        {schemas.map((s) => (
          <Button key={s.name} variant={chosen === s.name ? 'primary' : 'secondary'} disabled={busy} onClick={() => onChoose(s.name)}>
            {s.displayName}
          </Button>
        ))}
      </div>
    </div>
  );
}

export function TemplateStep({
  schema,
  templates,
  template,
  onChange,
  onNext,
}: {
  schema: SchemaDetail;
  templates: ImportTemplate[];
  template: ImportTemplate;
  onChange: (t: ImportTemplate) => void;
  onNext: () => void;
}) {
  const set = (patch: Partial<ImportTemplate>) => onChange({ ...template, ...patch });
  return (
    <div className="flex max-w-xl flex-col gap-3">
      <SelectField
        label="Saved template"
        placeholder="New template"
        value={template.id > 0 ? String(template.id) : ''}
        options={templates.map((t) => ({ value: t.id, label: t.templateName }))}
        onChange={(e) => onChange(templates.find((t) => t.id === Number(e.target.value)) ?? emptyTemplate(schema.name))}
      />
      <TextField
        label="Template name"
        hint="Leave empty to import without saving a template."
        value={template.templateName}
        maxLength={100}
        onChange={(e) => set({ templateName: e.target.value })}
      />
      <SelectField
        label="Delimiter"
        placeholder={null}
        value={template.delimiter}
        options={DELIMITERS.map((d) => ({ value: d, label: d }))}
        onChange={(e) => set({ delimiter: e.target.value as Delimiter })}
      />
      <CheckboxField
        label="Skip rows before the header"
        checked={template.isSkipChecked}
        onChange={(e) => set({ isSkipChecked: e.target.checked })}
      />
      {template.isSkipChecked && (
        <TextField
          label="Rows to skip"
          type="number"
          min={0}
          max={1000}
          value={String(template.rowsToSkip)}
          onChange={(e) => set({ rowsToSkip: Math.max(0, Math.min(1000, Number(e.target.value) || 0)) })}
        />
      )}
      <CheckboxField
        label="Every valid row starts checked"
        checked={template.isSelectedData}
        onChange={(e) => set({ isSelectedData: e.target.checked })}
      />
      <div>
        <Button onClick={onNext}>Next</Button>
      </div>
    </div>
  );
}

/** The file's drop zone. With `again`, the file chosen before a reload: the browser could not keep it. */
export function FileDrop({ file, again = false, onFile }: { file: FileFacts | null; again?: boolean; onFile: (f: File) => void }) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({ multiple: false, onDropAccepted: ([f]) => f && onFile(f) });
  return (
    <div
      {...getRootProps({
        className: `rounded-lg border-2 border-dashed p-6 text-center text-sm ${isDragActive ? 'border-brand-600 bg-brand-50' : 'border-slate-300'}`,
      })}
    >
      <input {...getInputProps({ 'aria-label': 'Choose the file to import' })} />
      {again && file ? (
        <p>
          The browser does not keep a file across a reload: drop <strong>{file.name}</strong> here again, or click to choose it.
        </p>
      ) : (
        <p>Drop a CSV or tab-delimited file here, or click to choose one.</p>
      )}
      {file && !again && <p className="mt-1 font-medium">{file.name}</p>}
    </div>
  );
}

export function FileStep({
  state,
  hasFile,
  fitting,
  onFile,
  onEncoding,
  onUseTemplate,
  onNext,
}: {
  state: Pick<WizardState, 'file' | 'busy' | 'progress'>;
  /** The file is here (not only its facts, from before a reload). */
  hasFile: boolean;
  fitting: ImportTemplate[];
  onFile: (f: File) => void;
  onEncoding: (e: FileEncoding) => void;
  onUseTemplate: (t: ImportTemplate) => void;
  onNext: () => void;
}) {
  const { file, busy, progress } = state;
  return (
    <div className="flex flex-col gap-3">
      <FileDrop file={file} again={!!file && !hasFile} onFile={onFile} />
      {file && hasFile && (
        <SelectField
          label="Character encoding"
          placeholder={null}
          value={file.encoding}
          options={[
            { value: 'utf-8', label: 'UTF-8' },
            { value: 'windows-1252', label: 'Windows-1252' },
          ]}
          onChange={(e) => onEncoding(e.target.value as FileEncoding)}
        />
      )}
      {busy && progress && (
        <ProgressBar
          label="Reading the file"
          value={progress.bytes}
          max={progress.total}
          text={`${formatCount(progress.rows)} rows read, ${timeLeft(progress.bytes, progress.total, progress.elapsedMs)}`}
        />
      )}
      {!busy && file && file.header.length > 0 && (
        <p className="text-sm">
          {formatCount(file.rows)} rows, {file.header.length} columns.
        </p>
      )}
      {!busy && fitting.length > 0 && (
        <div className="rounded-md bg-brand-50 p-3 text-sm" role="note">
          This file matches the saved template{fitting.length > 1 ? 's' : ''}{' '}
          {fitting.map((t) => (
            <Button key={t.id} variant="secondary" className="ml-1" onClick={() => onUseTemplate(t)}>
              Use {t.templateName}
            </Button>
          ))}
        </div>
      )}
      <div>
        <Button disabled={busy || !file?.header.length} onClick={onNext}>
          Next
        </Button>
      </div>
    </div>
  );
}

export function MappingStep({
  schema,
  template,
  header,
  busy,
  progress,
  fileAgain,
  onChange,
  onNext,
}: {
  schema: SchemaDetail;
  template: ImportTemplate;
  header: string[];
  busy: boolean;
  progress: Progress | null;
  /** The drop zone for the file when a reload lost it (the preview needs it); null when it is here. */
  fileAgain: React.ReactNode;
  onChange: (t: ImportTemplate) => void;
  onNext: () => void;
}) {
  const mapping = template.mappedData;
  const missing = missingRequired(mapping, schema.columns);
  const set = (column: string, value: string) => onChange({ ...template, mappedData: { ...mapping, [column]: value } });
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">
        Choose the file column that holds each field. Fields marked * must be mapped. A field the file does not have can take one value for
        every row.
      </p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {schema.columns.map((c) => {
          const mapped = mapping[c.ColumnName] ?? '';
          const given = isDefaultValue(mapped);
          return (
            <div key={c.ColumnName} className="flex flex-col gap-1">
              <SelectField
                label={c.DisplayName}
                required={c.IsRequired}
                showRequiredMark
                placeholder="Not imported"
                value={given ? DEFAULT_MARK : mapped}
                options={[...header.map((h) => ({ value: h, label: h })), { value: DEFAULT_MARK, label: 'One value for every row…' }]}
                onChange={(e) => set(c.ColumnName, e.target.value)}
              />
              {given && c.lookup && schema.lookups[c.lookup]?.length ? (
                // A lookup field's value for every row is one of the values it accepts, chosen rather than typed.
                <SelectField
                  label={`${c.DisplayName}: value for every row`}
                  required={c.IsRequired}
                  value={defaultValueOf(mapped)}
                  options={(schema.lookups[c.lookup] ?? []).map((v) => ({ value: v.value, label: v.value }))}
                  onChange={(e) => set(c.ColumnName, DEFAULT_MARK + e.target.value)}
                />
              ) : (
                given && (
                  <TextField
                    label={`${c.DisplayName}: value for every row`}
                    hint={c.lookup ? 'A name or code the field accepts.' : undefined}
                    required={c.IsRequired}
                    maxLength={199}
                    value={defaultValueOf(mapped)}
                    onChange={(e) => set(c.ColumnName, DEFAULT_MARK + e.target.value)}
                  />
                )
              )}
            </div>
          );
        })}
      </div>
      {missing.length > 0 && (
        <p className="text-sm text-red-700">Map {missing.join(', ')} or give a value for every row before going on.</p>
      )}
      {fileAgain}
      <div>
        <Button disabled={busy || missing.length > 0 || !!fileAgain} onClick={onNext}>
          Next
        </Button>
      </div>
      {busy && progress && (
        <ProgressBar
          label="Checking the rows"
          value={progress.bytes}
          max={progress.total}
          text={`${formatCount(progress.rows)} rows checked`}
        />
      )}
    </div>
  );
}

export function PreviewStep({
  schema,
  template,
  check,
  toggled,
  busy,
  resumable,
  fileAgain,
  onToggle,
  onImport,
}: {
  schema: SchemaDetail;
  template: ImportTemplate;
  check: CheckResult;
  toggled: number[];
  busy: boolean;
  resumable: boolean;
  fileAgain: React.ReactNode;
  onToggle: (line: number) => void;
  onImport: (resume: boolean) => void;
}) {
  const mapped = schema.columns.filter((c) => template.mappedData[c.ColumnName]);
  const columns: Column<ImportRow>[] = [
    {
      id: 'import',
      header: 'Import',
      cell: (r) => (
        <CheckboxField
          label={`Import line ${r.line}`}
          hideLabel
          checked={isLineChecked(template, toggled, r.line)}
          onChange={() => onToggle(r.line)}
        />
      ),
    },
    { id: 'line', header: 'Line', rowHeader: true, cell: (r) => r.line },
    ...mapped.map((c) => ({
      id: `col-${c.ColumnName}`,
      header: c.DisplayName,
      className: 'whitespace-nowrap',
      cell: (r: ImportRow) => r.cells[c.ColumnName],
    })),
  ];
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <p className="text-sm">
        {formatCount(check.valid)} rows will be imported, {formatCount(check.refusedCount)} refused.
      </p>
      <h3 className="font-medium">First rows as they will be stored</h3>
      <SimpleTable
        caption="First rows as they will be stored"
        columns={columns}
        rows={check.preview}
        rowKey={(r) => r.line}
        boxClassName="max-h-96"
      />
      {check.refused.length > 0 && <RefusedList refused={check.refused} count={check.refusedCount} />}
      {fileAgain}
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy || check.valid === 0 || !!fileAgain} onClick={() => onImport(false)}>
          Import
        </Button>
        {resumable && (
          <Button variant="secondary" disabled={busy} onClick={() => onImport(true)}>
            Resume the interrupted import
          </Button>
        )}
      </div>
    </div>
  );
}

export function ImportStep({
  progress,
  totals,
  valid,
  interrupted,
  fileAgain,
  onResume,
}: {
  progress: Progress | null;
  totals: Totals;
  valid: number;
  interrupted: boolean;
  fileAgain: React.ReactNode;
  onResume: () => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <ProgressBar
        label="Importing"
        value={progress?.rows ?? 0}
        max={Math.max(valid, 1)}
        text={`${formatCount(totals.added + totals.updated + totals.unchanged + totals.refused)} of ${formatCount(valid)} rows stored or refused`}
      />
      {interrupted && (
        <>
          {fileAgain}
          <div>
            <Button disabled={!!fileAgain} onClick={onResume}>
              Resume
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

export function ResultStep({
  schemaName,
  totals,
  refusedBefore,
  canDownload,
  importId,
  onDownload,
}: {
  schemaName: string | undefined;
  totals: Totals;
  /** Rows the preview refused (never sent). */
  refusedBefore: number;
  /** The refused rows can be written again (the file is here: it is not kept across a reload). */
  canDownload: boolean;
  importId: () => string;
  onDownload: () => void;
}) {
  const refused = totals.refused + refusedBefore;
  return (
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
        <dd data-testid="import-refused">{formatCount(refused)}</dd>
      </dl>
      {refused > 0 &&
        (canDownload ? (
          <div>
            <Button variant="secondary" onClick={onDownload}>
              Download the refused rows
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-700">
            The refused rows are written from the file, which the browser does not keep across a reload.
          </p>
        ))}
      {schemaName === 'vehicleMatrix' && totals.added > 0 && <RemoveUpload importId={importId} added={totals.added} />}
    </div>
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
              const { count } = await dataApi.removeVehicleMatrix(importId());
              setOutcome(`Removed ${formatCount(count)} make matrices.`);
            } catch (e) {
              setOutcome(`Nothing was removed: ${failure(e).message}`);
            }
            setAsking(false);
          }}
        />
      )}
    </div>
  );
}

export function ProgressBar({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
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
      {count > refused.length && (
        <p className="text-sm">… and {formatCount(count - refused.length)} more (in the download after the import).</p>
      )}
    </div>
  );
}
