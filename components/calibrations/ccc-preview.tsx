'use client';
/**
 * The push to CCC, shown before it is sent (docs/calibrations.md#screens "Report"): the lines that go, the
 * quoted calibrations left out with why (the one billing rule, docs/dashboard.md#what-a-request-bills), the
 * total that goes, what CCC is expected to refuse, and a confirmation. What is sent is what was shown: the
 * push names the preview's digest, and lines changed meanwhile are refused (409) and shown again.
 */
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SimpleTable } from '@/components/ui/simple-table';
import { useForm } from '@/components/ui/use-form';
import { BffError } from '@/lib/bff/client';
import type { CccAnswer, CccPreview } from '@/lib/contract/calibrations';
import { formatMoney } from '@/lib/format';
import { calibrationApi } from './api';

const BASIS: Record<CccPreview['billing']['basis'], string> = {
  performed: 'The inspection is Complete: only the calibrations done are sent, at the prices the billing rule gives them.',
  quoted: 'The inspection is not Complete yet: the calibrations are sent as quoted.',
  refused: 'The request was refused: nothing of it is sent.',
};

const price = (p: number | null) => (p == null ? 'Unpriced' : formatMoney(p));

export function CccPreviewDialog({
  adasInspection,
  onClose,
  onSent,
}: {
  adasInspection: number;
  onClose: () => void;
  onSent: (answer: CccAnswer) => void;
}) {
  const [preview, setPreview] = useState<CccPreview | null>(null);
  const { busy, message, run, say } = useForm();
  const load = () => calibrationApi.previewCcc(adasInspection).then(setPreview, (e: Error) => say(e.message));
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [adasInspection]);

  const lines = preview?.billing.lines ?? [];
  const send = () =>
    void run(async () => {
      if (!preview) return;
      try {
        const answer = await calibrationApi.pushToCcc(adasInspection, preview.digest);
        onSent(answer);
      } catch (e) {
        // Changed meanwhile: show what would go now, and say so.
        if (e instanceof BffError && e.status === 409) await load();
        throw e;
      }
    });

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title="Push to CCC"
      description={preview ? `RO ${preview.roNumber} · ${BASIS[preview.billing.basis]}` : 'Reading what would be sent…'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={send} disabled={busy || !preview || lines.length === 0}>
            {busy ? 'Sending…' : `Send ${lines.length} line${lines.length === 1 ? '' : 's'} (${formatMoney(preview?.billing.total ?? 0)})`}
          </Button>
        </>
      }
    >
      {preview && (
        <div className="flex flex-col gap-3 text-sm" data-testid="ccc-preview">
          <h3 className="font-semibold text-slate-900">Sent to CCC</h3>
          {lines.length === 0 ? (
            <p className="text-slate-700">No line is billed, so nothing would be sent.</p>
          ) : (
            <SimpleTable
              caption="Lines sent to CCC"
              columns={[
                { id: 'system', header: 'System', rowHeader: true, cell: (l) => l.system },
                { id: 'type', header: 'Calibration', cell: (l) => l.calibrationType || '—' },
                { id: 'price', header: 'Price', cell: (l) => price(l.price), className: 'text-right' },
              ]}
              rows={lines}
              rowKey={(l) => l.adasChecklistMatrix}
              rowAttributes={() => ({ 'data-testid': 'ccc-line' })}
            />
          )}
          <p>
            Total sent: <strong data-testid="ccc-total">{formatMoney(preview.billing.total)}</strong>
          </p>
          {preview.billing.leftOut.length > 0 && (
            <>
              <h3 className="font-semibold text-slate-900">Left out</h3>
              <ul className="flex flex-col gap-1" aria-label="Calibrations left out">
                {preview.billing.leftOut.map((l, i) => (
                  <li key={`${l.adasChecklistMatrix}-${i}`} data-testid="ccc-left-out">
                    <span className="font-medium">{l.system}</span> ({l.calibrationType || 'calibration'}, {price(l.price)}): {l.why}
                  </li>
                ))}
              </ul>
            </>
          )}
          {preview.problems.length > 0 && (
            <ul className="flex flex-col gap-1 rounded border border-amber-300 bg-amber-50 p-2 text-amber-950" aria-label="CCC will refuse">
              {preview.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {message && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {message.text}
        </p>
      )}
    </Dialog>
  );
}
