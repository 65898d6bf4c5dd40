'use client';
/** The one confirmation with the specification's question for a {tag}; loaded when first needed. */
import { ConfirmDialog, deleteQuestion } from '@/components/ui/confirm-dialog';

export function DeleteConfirm({
  tag,
  name,
  onClose,
  onConfirm,
}: {
  tag: string;
  name?: string;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={name ? `Delete ${name}` : undefined}
      message={deleteQuestion(tag)}
      onConfirm={onConfirm}
    />
  );
}
