'use client';
/**
 * A system's evidence on the inspection (docs/adas.md#evidence; lib/contract/evidence.ts): its photos as thumbnails
 * that open full size, its files (scan-tool PDFs) by name, and, while the inspection is open, taking photos
 * with the device's camera (several at once) or attaching files, with an optional caption. Photos are
 * prepared in the browser first (lib/evidence/resize.ts). Each file's outcome shows on the row: a file the
 * host refuses says why and is not sent again. Removing asks first; only who added it or a manager may.
 */
import dynamic from 'next/dynamic';
import { Icon, type IconName } from '@/components/ui/icon';
import { useEffect, useMemo, useState } from 'react';
import { TextField } from '@/components/ui/field';
import { BffError } from '@/lib/bff/client';
import { BFF_PREFIX } from '@/lib/bff/protocol';
import type { EvidenceItem } from '@/lib/contract/evidence';
import { EVIDENCE_CAPTION_MAX } from '@/lib/evidence/limits';
import { isPhoto, preparePhoto } from '@/lib/evidence/resize';
import { evidenceApi, type EvidenceUpload } from './api';

// Both on first use: the dialog's code (Radix) is not part of /view's first load (≤ 175 kB, AREA-DONE).
const Dialog = dynamic(() => import('@/components/ui/dialog').then((m) => m.Dialog), { ssr: false });
const ConfirmDialog = dynamic(() => import('@/components/ui/confirm-dialog').then((m) => m.ConfirmDialog), { ssr: false });

export const evidenceSrc = (adasEvidence: number, size: 'full' | 'thumb') =>
  `${BFF_PREFIX}adas/evidenceFile?adasEvidence=${adasEvidence}&size=${size}`;

/** The file as it is sent: a photo prepared on the device (lib/evidence/resize.ts), anything else as chosen. */
export async function prepareEvidence(file: File): Promise<File> {
  if (!isPhoto(file)) return file;
  try {
    return await preparePhoto(file);
  } catch {
    throw new BffError(400, `${file.name} could not be read as a photo on this device.`);
  }
}

export interface EvidenceToSend extends EvidenceUpload {
  /** Already prepared (a file kept in the offline queue). */
  prepared?: boolean;
}

/** Sends one file (a photo prepared first) as evidence of a system; answers the stored items. */
export async function sendEvidence({ file, prepared, ...upload }: EvidenceToSend): Promise<EvidenceItem[]> {
  const ready = prepared ? file : await prepareEvidence(file);
  return evidenceApi.upload({ ...upload, file: ready });
}

/** A file's outcome on its row: being sent, or why it was not added. */
interface Outcome {
  key: string;
  name: string;
  state: 'sending' | 'failed';
  message?: string;
}

export interface SystemEvidenceProps {
  system: string;
  adasInspectionResult: number;
  firm: number;
  items: readonly EvidenceItem[];
  readOnly: boolean;
  onAdded: (items: EvidenceItem[]) => void;
  onRemoved: (adasEvidence: number) => void;
  /** Sends a file; the default goes to the host now (the inspection's offline queue may stand in). */
  send?: (e: EvidenceToSend) => Promise<EvidenceItem[]>;
  /** Photos and files kept on this device, not sent yet: shown on the system, marked with their state. */
  pending?: readonly PendingEvidence[];
  /** Evidence sent from this device since the page opened: marked "Sent". */
  sentIds?: readonly number[];
  /** Where the caption being typed is kept on this device (it survives a reload); none: not kept. */
  captionKey?: string;
}

export interface PendingEvidence {
  key: number;
  fileName: string;
  caption: string;
  file: Blob;
  state: 'waiting' | 'conflict' | 'refused';
  message?: string;
}

/** A photo kept on the device, shown from the kept file itself (an object URL freed when it goes). */
function PendingThumb({ item, system }: { item: PendingEvidence; system: string }) {
  const src = useMemo(() => URL.createObjectURL(item.file), [item.file]);
  useEffect(() => () => URL.revokeObjectURL(src), [src]);
  const photo = item.file.type.startsWith('image/');
  return (
    <li className="flex w-14 flex-col gap-0.5" data-testid="pending-evidence" data-state={item.state}>
      {photo ? (
        // eslint-disable-next-line @next/next/no-img-element -- a file kept on this device, not a static asset
        <img
          src={src}
          alt={item.caption || `Photo of ${system} (not sent yet)`}
          className="size-14 rounded border border-amber-400 object-cover"
        />
      ) : (
        <span className="flex size-14 items-center justify-center rounded border border-amber-400 text-[10px] break-all">
          {item.fileName}
        </span>
      )}
      <span className={`text-[11px] font-medium ${item.state === 'waiting' ? 'text-amber-900' : 'text-red-800'}`}>
        {item.state === 'waiting' ? 'Waiting' : `Not sent: ${item.message ?? ''}`}
      </span>
    </li>
  );
}

const CAPTION_PREFIX = 'adas-desk:draft:';

export function SystemEvidence({
  system,
  adasInspectionResult,
  firm,
  items,
  readOnly,
  onAdded,
  onRemoved,
  send = sendEvidence,
  pending = [],
  sentIds = [],
  captionKey,
}: SystemEvidenceProps) {
  // The caption being typed is kept on this device at once (a reload keeps it), until the files it names are chosen.
  const [caption, setCaptionState] = useState(() => {
    if (!captionKey || typeof localStorage === 'undefined') return '';
    try {
      return localStorage.getItem(CAPTION_PREFIX + captionKey) ?? '';
    } catch {
      return '';
    }
  });
  const setCaption = (text: string) => {
    setCaptionState(text);
    if (!captionKey) return;
    try {
      if (text) localStorage.setItem(CAPTION_PREFIX + captionKey, text);
      else localStorage.removeItem(CAPTION_PREFIX + captionKey);
    } catch {
      // Storage refused: the caption stays on the screen only.
    }
  };
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [viewing, setViewing] = useState<EvidenceItem | null>(null);
  const [removing, setRemoving] = useState<EvidenceItem | null>(null);
  const photos = items.filter((e) => e.kind === 'photo');
  const files = items.filter((e) => e.kind === 'document');

  const addFiles = async (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    if (!chosen.length) return;
    const text = caption.trim();
    setCaption('');
    // One at a time, in the order chosen: each keeps its own outcome.
    for (const [i, file] of chosen.entries()) {
      const key = `${Date.now()}-${i}`;
      setOutcomes((o) => [...o, { key, name: file.name, state: 'sending' }]);
      try {
        const added = await send({ file, firm, adasInspectionResult, caption: text });
        onAdded(added);
        setOutcomes((o) => o.filter((x) => x.key !== key));
      } catch (e) {
        setOutcomes((o) => o.map((x) => (x.key === key ? { ...x, state: 'failed', message: (e as Error).message } : x)));
      }
    }
  };

  const picker = (label: string, icon: IconName, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <label className="inline-flex cursor-pointer items-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-800 focus-within:outline-2 focus-within:outline-brand-600 hover:bg-slate-50">
      <Icon name={icon} className="size-4" />
      {label}
      <span className="sr-only"> for {system}</span>
      <input
        type="file"
        multiple
        className="sr-only"
        onChange={(e) => {
          void addFiles(e.target.files);
          e.target.value = '';
        }}
        {...props}
      />
    </label>
  );

  return (
    <div className="flex min-w-40 flex-col gap-2" data-testid="system-evidence">
      {pending.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={`Photos and files of ${system} kept on this device`}>
          {pending.map((p) => (
            <PendingThumb key={p.key} item={p} system={system} />
          ))}
        </ul>
      )}
      {photos.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={`Photos of ${system}`}>
          {photos.map((p) => (
            <li key={p.adasEvidence} className="relative">
              <button
                type="button"
                onClick={() => setViewing(p)}
                className="block rounded border border-slate-200 focus:outline-2 focus:outline-brand-600"
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- a stored file through the BFF, not a static asset */}
                <img
                  src={evidenceSrc(p.adasEvidence, 'thumb')}
                  alt={p.caption || `Photo of ${system}`}
                  className="size-14 rounded object-cover"
                  loading="lazy"
                />
                <span className="sr-only">Open full size</span>
              </button>
              {sentIds.includes(p.adasEvidence) && (
                <span className="block text-[11px] font-medium text-green-800" data-testid="sent-evidence">
                  Sent
                </span>
              )}
              {p.mayRemove && !readOnly && (
                <button
                  type="button"
                  onClick={() => setRemoving(p)}
                  className="absolute -top-1.5 -right-1.5 rounded-full bg-white p-0.5 text-slate-700 shadow ring-1 ring-slate-300 hover:text-red-700"
                >
                  <Icon name="x" className="size-3.5" />
                  <span className="sr-only">Remove photo {p.caption || p.fileName}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul className="flex flex-col gap-1 text-xs" aria-label={`Files of ${system}`}>
          {files.map((f) => (
            <li key={f.adasEvidence} className="flex items-center gap-1">
              <Icon name="file-text" className="size-4 shrink-0 text-slate-500" />
              <a href={evidenceSrc(f.adasEvidence, 'full')} download={f.fileName} className="break-all text-brand-700 underline">
                {f.fileName}
              </a>
              {f.caption && <span className="text-slate-600">· {f.caption}</span>}
              {f.mayRemove && !readOnly && (
                <button type="button" onClick={() => setRemoving(f)} className="ml-1 text-slate-600 hover:text-red-700">
                  <Icon name="x" className="size-3.5" />
                  <span className="sr-only">Remove file {f.fileName}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <div className="flex flex-col gap-1.5">
          <TextField
            label={`Caption for the next photos or files of ${system}`}
            hideLabel
            placeholder="Caption (optional)"
            className="text-xs"
            value={caption}
            maxLength={EVIDENCE_CAPTION_MAX}
            onChange={(e) => setCaption(e.target.value)}
          />
          <div className="flex flex-wrap gap-1.5">
            {picker('Take photos', 'camera', { accept: 'image/*', capture: 'environment' })}
            {picker('Attach files', 'paperclip', { accept: 'application/pdf,.pdf,image/jpeg,image/png' })}
          </div>
        </div>
      )}
      {outcomes.length > 0 && (
        <ul className="flex flex-col gap-1 text-xs" aria-live="polite">
          {outcomes.map((o) => (
            <li
              key={o.key}
              className={o.state === 'failed' ? 'text-red-800' : 'text-slate-700'}
              role={o.state === 'failed' ? 'alert' : undefined}
            >
              {o.state === 'sending' ? `Sending ${o.name}…` : o.message}
              {o.state === 'failed' && (
                <button type="button" className="ml-1 underline" onClick={() => setOutcomes((x) => x.filter((y) => y.key !== o.key))}>
                  Dismiss
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {items.length === 0 && readOnly && <span className="text-xs text-slate-600">None</span>}

      {viewing && (
        <Dialog open onOpenChange={(o) => !o && setViewing(null)} title={viewing.caption || `Photo of ${system}`} size="xl">
          {/* eslint-disable-next-line @next/next/no-img-element -- a stored file through the BFF */}
          <img
            src={evidenceSrc(viewing.adasEvidence, 'full')}
            alt={viewing.caption || `Photo of ${system}`}
            className="mx-auto max-h-[70dvh] w-auto"
          />
          <p className="mt-2 text-xs text-slate-600">
            {viewing.fileName} · added by {viewing.createdByName || 'someone no longer listed'}
          </p>
        </Dialog>
      )}
      {removing && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setRemoving(null)}
          title="Remove this evidence?"
          confirmLabel="Remove"
          message={`${removing.kind === 'photo' ? 'The photo' : removing.fileName} will be removed from ${system}, and from the report.`}
          onConfirm={async () => {
            await evidenceApi.remove(removing.adasEvidence);
            onRemoved(removing.adasEvidence);
            setRemoving(null);
          }}
        />
      )}
    </div>
  );
}
