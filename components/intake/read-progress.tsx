'use client';
/** How far a read has come: a progress bar and a sentence, announced to screen readers as it changes. */
import type { IntakeRead } from '@/lib/contract/intake';

export function progressText(p: IntakeRead['progress']): string {
  if (!p || p.stage === 'queued' || !p.pages) return 'Reading the estimate…';
  return p.stage === 'ocr'
    ? `Reading page ${p.page} of ${p.pages} from its image (OCR): a scanned page takes a few seconds…`
    : `Reading page ${p.page} of ${p.pages}…`;
}

export function ReadProgress({ progress }: { progress: IntakeRead['progress'] }) {
  const text = progressText(progress);
  return (
    <div className="flex flex-col gap-1">
      <progress
        aria-label="Reading the estimate"
        className="h-2 w-full"
        value={progress?.pages ? progress.page : undefined}
        max={progress?.pages || undefined}
      />
      <p role="status" aria-live="polite" className="text-sm text-slate-800">
        {text}
      </p>
    </div>
  );
}
