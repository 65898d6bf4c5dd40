'use client';
/**
 * Entering a job's estimate (docs/intake.md#screens): drop the shop's file — a PDF printout (text or
 * scanned), an EMS export (a zip, or its loose .ENV/.AD1/.VEH/.LIN/.TTL files together), a BMS XML file or
 * a CSV — or paste its lines; see the lines as read beside what the scrub makes of them, the vehicle and
 * header found and what could not be read; choose what the job takes from the file; confirm. Nothing is
 * stored before the confirmation (asked again when it replaces the job's lines). A scanned PDF is read by
 * OCR in the background: the progress is shown and announced. Load it with next/dynamic.
 */
import { useEffect, useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DropZone } from '@/components/ui/drop-zone';
import { TextArea } from '@/components/ui/field';
import { Tabs } from '@/components/ui/tabs';
import { useForm } from '@/components/ui/use-form';
import { ESTIMATE_MAX_BYTES, ESTIMATE_MAX_PASTE } from '@/lib/contract/calibrations-constants';
import type { IntakeRead, JobField } from '@/lib/contract/intake';
import { intakeApi } from './api';
import { ReadProgress } from './read-progress';
import { JobFields, ReadPreview } from './read-preview';

const MB = ESTIMATE_MAX_BYTES / 1024 / 1024;
const EMS_EXTENSIONS = ['.env', '.ad1', '.ad2', '.veh', '.lin', '.ttl', '.pfh', '.pfl', '.pft', '.pfm', '.pfo', '.pfp', '.stl', '.dbf'];
const ACCEPT = {
  'application/pdf': ['.pdf'],
  'application/zip': ['.zip'],
  'application/x-zip-compressed': ['.zip'],
  'text/xml': ['.xml', '.bms'],
  'application/xml': ['.xml'],
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'application/octet-stream': EMS_EXTENSIONS,
};
const MAX_FILES = 12;
const EXAMPLE =
  'FRONT BUMPER & GRILLE\n1 Repl Bumper cover 52119-0R903 1 389.00 2.5\n2 R&I Grille assy 0.4\nrepl w/s glass\nSubl Four wheel alignment';
const POLL_MS = 1000;

export interface EstimateIntakeProps {
  adas: number;
  firm: number;
  /** From an inspection: its systems marked not equipped are left out of the scrub's reading. */
  adasInspection?: number;
  /** How many repair lines the job has now (they are replaced). */
  lineCount?: number;
  /** After the estimate was stored: what to tell the user. */
  onSaved: (summary: string) => void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function EstimateIntake({ adas, firm, adasInspection, onSaved }: EstimateIntakeProps) {
  const [tab, setTab] = useState('upload');
  // The one busy flag and message of its calls: reading a file or lines, storing the estimate.
  const calls = useForm();
  const { busy, say, run: act } = calls;
  const error = calls.message?.text ?? null;
  const [text, setText] = useState('');
  const [read, setRead] = useState<IntakeRead | null>(null);
  const [apply, setApply] = useState<ReadonlySet<JobField>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  /** A read as the host answers it: once done, the fields the job has none of are taken by default. */
  const received = (r: IntakeRead) => {
    if (r.state === 'done' && r.preview) setApply(new Set(r.preview.fields.filter((f) => f.action === 'fill').map((f) => f.field)));
    setRead(r);
  };

  // A read in progress is polled until it is done or failed.
  useEffect(() => {
    if (read?.state !== 'reading') return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      intakeApi
        .status(read.read, ctrl.signal)
        .then(received)
        .catch((e: Error) => {
          if (!ctrl.signal.aborted) {
            say(e.message);
            setRead(null);
          }
        });
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [read, say]);

  // Focus moves to the preview's heading once a read is done.
  const doneId = read?.state === 'done' ? read.read : null;
  useEffect(() => {
    if (doneId) heading.current?.focus();
  }, [doneId]);

  const start = (files: File[]) => act(async () => received(await intakeApi.read(adas, adasInspection, files, firm)));
  const zone = useDropzone({
    accept: ACCEPT,
    maxFiles: MAX_FILES,
    multiple: true,
    maxSize: ESTIMATE_MAX_BYTES,
    disabled: busy || read?.state === 'reading',
    onDrop: (accepted: File[], refused: FileRejection[]) => {
      const [first] = refused;
      const code = first?.errors[0]?.code;
      if (first)
        return say(
          code === 'file-too-large'
            ? `${first.file.name} is larger than ${MB} MB.`
            : code === 'too-many-files'
              ? `Upload one estimate at a time (the loose files of one EMS export at most ${MAX_FILES}).`
              : `${first.file.name} is not a PDF, EMS, BMS XML or CSV file.`,
        );
      if (accepted.length) void start(accepted);
    },
  });

  const store = () =>
    act(async () => {
      if (!read) return;
      const saved = await intakeApi.confirm(read.read, [...apply]);
      const took = saved.applied.length ? ` The job took its ${saved.applied.map((f) => FIELD_WORDS[f]).join(', ')} from the file.` : '';
      setRead(null);
      setText('');
      onSaved(`${read.fileName || 'Pasted lines'}: ${plural(saved.estimate.lines.length, 'line')} stored as the job's estimate.${took}`);
    });

  const preview = read?.state === 'done' ? read.preview : null;
  const jobLines = preview?.job.lineCount ?? 0;

  const uploadTab = (
    <DropZone
      zone={zone}
      label="Estimate file (PDF, EMS, BMS XML or CSV)"
      ariaLabel="Estimate file: drag and drop it here, or press to choose"
      icon="file-up"
      hint={`Drag and drop the estimate as the shop has it: the PDF printed from CCC ONE, Mitchell or Audatex (scanned too), the EMS export (a zip, or its .ENV, .AD1, .VEH, .LIN and .TTL files together), a BMS XML file or a CSV of its lines. Or click to choose. Up to ${MB} MB. Nothing is stored before you confirm.`}
    />
  );

  const pasteTab = (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) void act(async () => received(await intakeApi.readText(adas, adasInspection, text)));
      }}
    >
      <TextArea
        label="Estimate lines"
        rows={8}
        maxLength={ESTIMATE_MAX_PASTE}
        value={text}
        placeholder={EXAMPLE}
        onChange={(e) => setText(e.target.value)}
      />
      <p className="text-xs text-slate-600">
        One line a row, as the estimate prints it or as you would type it: line number, operation, description (part numbers, prices and
        hours after it are set aside). A row in capitals with no operation, such as FRONT BUMPER, is a section.
      </p>
      <div>
        <Button type="submit" variant="secondary" aria-disabled={busy || !text.trim()}>
          Read lines
        </Button>
      </div>
    </form>
  );

  return (
    <div className="flex flex-col gap-3">
      {!preview && (
        <Tabs
          label="How to enter the estimate"
          value={tab}
          onChange={setTab}
          tabs={[
            { id: 'upload', label: 'Upload a file', content: uploadTab },
            { id: 'paste', label: 'Paste lines', content: pasteTab },
          ]}
        />
      )}
      {read?.state === 'reading' && <ReadProgress progress={read.progress} />}
      {busy && !read && (
        <p role="status" aria-live="polite" className="text-sm text-slate-800">
          Reading the estimate…
        </p>
      )}
      {read?.state === 'failed' && <Alert>{read.error ?? 'The file could not be read.'} Nothing was stored.</Alert>}
      {error && <Alert>{error}</Alert>}
      {preview && read && (
        <section aria-labelledby="intake-preview" className="flex flex-col gap-3">
          <h2 id="intake-preview" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900">
            {read.fileName || 'Pasted lines'}: {plural(preview.estimate.lines.length, 'line')} read. Check them, then store them.
          </h2>
          <ReadPreview preview={preview} />
          <JobFields
            preview={preview}
            apply={apply}
            onChange={(field, on) => {
              const next = new Set(apply);
              if (on) next.add(field);
              else next.delete(field);
              setApply(next);
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button aria-disabled={busy} onClick={() => (jobLines ? setConfirming(true) : void store())}>
              Store as the job&apos;s estimate
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setRead(null);
                say(null);
              }}
            >
              Discard
            </Button>
          </div>
        </section>
      )}
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setConfirming(false)}
          title="Replace the estimate?"
          message={`The job's ${plural(jobLines, 'repair line')} will be replaced by the ${plural(preview?.estimate.lines.length ?? 0, 'line')} read.`}
          confirmLabel="Replace"
          onConfirm={async () => {
            setConfirming(false);
            await store();
          }}
        />
      )}
    </div>
  );
}

const FIELD_WORDS: Record<JobField, string> = { vin: 'VIN', roNumber: 'RO number', claimNumber: 'claim number', insurer: 'insurer' };
