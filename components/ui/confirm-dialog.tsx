'use client';
/** The one confirmation before destruction: "Are you sure you wish to Delete this {tag}?" with Cancel / Delete. */
import { useState } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export const deleteQuestion = (tag: string) => `Are you sure you wish to Delete this ${tag}?`;

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
  message: React.ReactNode;
  confirmLabel?: string;
  /** May be async; the dialog stays open (buttons disabled) until it settles, and closes on success. */
  onConfirm: () => void | Promise<void>;
}

export function ConfirmDialog({ open, onOpenChange, title = 'Please confirm', message, confirmLabel = 'Delete', onConfirm }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !busy && onOpenChange(o)}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-800">{message}</p>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </Dialog>
  );
}
