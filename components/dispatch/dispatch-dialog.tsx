'use client';
/** One dispatch of the queue in the one dialog: loaded when opened, read again after each step. */
import { useCallback, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { DispatchDetail } from '@/lib/contract/dispatch';
import { dispatchApi } from './api';
import { DispatchDetailView } from './dispatch-detail';

export interface DispatchDialogProps {
  dispatch: number;
  role: number | null;
  timezone: number;
  /** After a step: the list shows the new status. */
  onChanged: () => void;
  onClose: () => void;
}

export function DispatchDialog({ dispatch, role, timezone, onChanged, onClose }: DispatchDialogProps) {
  const [detail, setDetail] = useState<DispatchDetail | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      dispatchApi
        .one(dispatch, signal)
        .then((d) => {
          setDetail(d);
          setFailed(null);
        })
        .catch((e: Error) => !signal?.aborted && setFailed(e.message)),
    [dispatch],
  );
  useEffect(() => {
    const ctrl = new AbortController();
    void load(ctrl.signal);
    return () => ctrl.abort();
  }, [load]);

  return (
    <Dialog
      open
      size="lg"
      onOpenChange={(o) => !o && onClose()}
      title={`Dispatch #${dispatch}`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div aria-live="polite">{said && <Alert kind="success">{said}</Alert>}</div>
      {failed && (
        <Alert>
          {failed}{' '}
          <Button variant="ghost" onClick={() => void load()}>
            Try again
          </Button>
        </Alert>
      )}
      {!detail && !failed && <p className="text-sm text-slate-600">Loading…</p>}
      {detail && (
        <DispatchDetailView
          key={`${detail.dispatch}-${detail.version}`}
          detail={detail}
          role={role}
          timezone={timezone}
          onChanged={(_answer, text) => {
            setSaid(text);
            void load();
            onChanged();
          }}
        />
      )}
    </Dialog>
  );
}
