'use client';
/** The one confirmation before destruction: "Are you sure you wish to Delete this {tag}?" with Cancel / Delete. */
import { Button } from './button';
import { Dialog } from './dialog';
import { useForm } from './use-form';

// Defined with the other texts of the specification, so lists can word a question without loading the dialog.
export { deleteQuestion, deleteTag } from '@/lib/validation/messages';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
  message: React.ReactNode;
  confirmLabel?: string;
  /** May be async; the dialog stays open (buttons disabled) until it settles, and closes on success. */
  onConfirm: () => void | Promise<void>;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title = 'Please confirm',
  message,
  confirmLabel = 'Delete',
  onConfirm,
}: ConfirmDialogProps) {
  const { busy, message: failed, run } = useForm();
  const confirm = async () => {
    if (await run(onConfirm)) onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !busy && onOpenChange(o)}
      title={title}
      // The question is the dialog's description: a screen reader reads it with the title on opening.
      description={message}
      size="sm"
      footer={
        <>
          {/* The focus opens on Cancel: the safe answer, and never the × by reflex. */}
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failed.text}
        </p>
      )}
    </Dialog>
  );
}
