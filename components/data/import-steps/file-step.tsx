'use client';
/**
 * The file step: the drop zone (also shown again on later steps when a reload lost the file), the file's
 * encoding, the reading progress and the saved templates the header fits. The drop zone is the only state
 * a step keeps of its own.
 */
import { useDropzone } from 'react-dropzone';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import type { ImportTemplate } from '@/lib/contract/data';
import { timeLeft, type FileEncoding } from '@/lib/data/file-rows';
import { formatCount } from '@/lib/format';
import type { FileFacts, WizardState } from '../wizard-state';
import { ProgressBar } from './progress-bar';

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
