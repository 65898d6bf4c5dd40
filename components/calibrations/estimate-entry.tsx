'use client';
/**
 * Entering a job's estimate (issue 32 §4): upload a BMS XML export or a CSV of its lines (the one drop zone
 * of components/ui/drop-zone), or paste or type its lines and see them as the scrub reads them before they
 * are saved. Either replaces the job's repair lines (confirmed when it has some). Load it with next/dynamic:
 * react-dropzone stays out of the page's first load.
 */
import { FileUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DropZone } from '@/components/ui/drop-zone';
import { TextArea } from '@/components/ui/field';
import { Tabs } from '@/components/ui/tabs';
import type { Estimate } from '@/lib/contract/calibrations';
import { ESTIMATE_MAX_BYTES, ESTIMATE_MAX_PASTE } from '@/lib/contract/calibrations-constants';
import { calibrationApi } from './api';
import { EstimateLinesTable } from './estimate-lines-table';

const MB = ESTIMATE_MAX_BYTES / 1024 / 1024;
const ACCEPT = { 'text/xml': ['.xml', '.bms'], 'application/xml': ['.xml'], 'text/csv': ['.csv'], 'text/plain': ['.csv', '.txt'] };
const EXAMPLE =
  'FRONT BUMPER & GRILLE\n1 Repl Bumper cover 52119-0R903 1 389.00 2.5\n2 R&I Grille assy 0.4\nrepl w/s glass\nSubl Four wheel alignment';

export interface EstimateEntryProps {
  adas: number;
  firm: number;
  /** How many repair lines the job has now (they are replaced); read from the job when not given. */
  lineCount?: number;
  /** After an estimate was stored: what to tell the user. */
  onSaved: (summary: string) => void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function EstimateEntry({ adas, firm, lineCount: given, onSaved }: EstimateEntryProps) {
  const [fetched, setFetched] = useState<number | null>(null);
  const lineCount = given ?? fetched;
  useEffect(() => {
    if (given != null) return;
    const ctrl = new AbortController();
    calibrationApi
      .estimate(adas, ctrl.signal)
      .then((e) => setFetched(e.lines.length))
      .catch(() => undefined);
    return () => ctrl.abort();
  }, [adas, given]);
  const [tab, setTab] = useState('upload');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<Estimate | null>(null);
  const [confirm, setConfirm] = useState<{ what: string; run: () => Promise<void> } | null>(null);

  const act = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  /** Runs a replacement of the job's lines, after a confirmation when it has some. */
  const replacing = (what: string, run: () => Promise<void>) => (lineCount !== 0 ? setConfirm({ what, run }) : act(run));

  const upload = (file: File) =>
    replacing(file.name, async () => {
      const up = await calibrationApi.upload(adas, file, firm);
      onSaved(`${up.fileName}: ${plural(up.lines, 'line')} read.`);
    });
  const zone = useDropzone({
    accept: ACCEPT,
    maxFiles: 1,
    multiple: false,
    maxSize: ESTIMATE_MAX_BYTES,
    // Until the job's line count is known, a drop could replace lines without asking.
    disabled: busy || lineCount == null,
    onDrop: (accepted: File[], refused: FileRejection[]) => {
      const [first] = refused;
      const code = first?.errors[0]?.code;
      if (first)
        return setError(
          code === 'file-too-large'
            ? `${first.file.name} is larger than ${MB} MB.`
            : code === 'too-many-files'
              ? 'Upload one estimate file at a time.'
              : `${first.file.name} is not a BMS XML or CSV file.`,
        );
      if (accepted[0]) upload(accepted[0]);
    },
  });

  const uploadTab = (
    <div className="flex flex-col gap-2">
      <DropZone
        zone={zone}
        label="Estimate file (BMS XML or CSV)"
        ariaLabel="Estimate file (BMS XML or CSV): drag and drop it here, or press to choose"
        icon={FileUp}
        hint={`Drag and drop the estimate's BMS XML export (CCC ONE, Mitchell, Audatex) or a CSV of its lines, or click to choose. Up to ${MB} MB.${lineCount ? ` Its lines replace the job's ${plural(lineCount, 'repair line')}.` : ''}`}
      />
    </div>
  );

  const pasteTab = (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void act(async () => setPreview(await calibrationApi.readEstimate(adas, text)));
      }}
    >
      <TextArea
        label="Estimate lines"
        rows={8}
        maxLength={ESTIMATE_MAX_PASTE}
        value={text}
        placeholder={EXAMPLE}
        onChange={(e) => {
          setText(e.target.value);
          setPreview(null);
        }}
      />
      <p className="text-xs text-slate-600">
        One line a row, as the estimate prints it or as you would type it: line number, operation, description (part numbers, prices and
        hours after it are set aside). A row in capitals with no operation, such as FRONT BUMPER, is a section.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" disabled={busy || !text.trim()}>
          Read lines
        </Button>
        {preview && (
          <Button
            disabled={busy}
            onClick={() =>
              replacing(plural(preview.lines.length, 'pasted line'), async () => {
                const saved = await calibrationApi.saveEstimate(adas, text);
                setPreview(null);
                setText('');
                onSaved(`${plural(saved.lines.length, 'line')} saved as the job's estimate.`);
              })
            }
          >
            Save as the job&apos;s estimate
          </Button>
        )}
      </div>
      {preview && (
        <div className="flex flex-col gap-1">
          <p className="text-sm text-slate-800" role="status">
            {plural(preview.lines.length, 'line')} read
            {preview.lines.some((l) => l.unread)
              ? `; ${plural(preview.lines.filter((l) => l.unread).length, 'line')} could not be read`
              : ''}
            . Check them, then save.
          </p>
          <EstimateLinesTable caption="Pasted lines as read" lines={preview.lines} />
        </div>
      )}
    </form>
  );

  return (
    <div className="flex flex-col gap-3">
      <Tabs
        label="How to enter the estimate"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'upload', label: 'Upload a file', content: uploadTab },
          { id: 'paste', label: 'Paste lines', content: pasteTab },
        ]}
      />
      <div aria-live="polite">{busy && <p className="text-sm text-slate-700">Reading the estimate…</p>}</div>
      {error && <Alert>{error}</Alert>}
      {confirm && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setConfirm(null)}
          title="Replace the estimate?"
          message={`The job's ${lineCount == null ? 'repair lines' : plural(lineCount, 'repair line')} will be replaced by ${confirm.what}.`}
          confirmLabel="Replace"
          onConfirm={async () => {
            const run = confirm.run;
            setConfirm(null);
            await act(run);
          }}
        />
      )}
    </div>
  );
}
