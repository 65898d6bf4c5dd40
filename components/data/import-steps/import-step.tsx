'use client';
/**
 * The import step: the rows stored or refused so far; an import interrupted (a reload, a lost connection)
 * can be resumed once the file is here again.
 */
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';
import type { Progress, Totals } from '../wizard-state';
import { ProgressBar } from './progress-bar';

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
