'use client';
/**
 * The users list's confirmations of its bulk actions: Delete (docs/shell.md#validation: "Are you sure you wish to
 * Delete this {tag}?", here User(s)) and Deactivate (its users are signed out at once). Loaded on first use
 * with the one confirmation dialog (Radix), not with the list.
 */
import { ConfirmDialog, deleteQuestion, deleteTag } from '@/components/ui/confirm-dialog';
import type { UserRow } from '@/lib/contract/users';

export function BulkConfirm({
  action,
  rows,
  onClose,
  onConfirm,
}: {
  action: 'delete' | 'deactivate';
  rows: readonly UserRow[];
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={action === 'delete' ? 'Please confirm' : 'Deactivate users'}
      confirmLabel={action === 'delete' ? 'Delete' : 'Deactivate'}
      message={
        action === 'delete' ? (
          <>
            {deleteQuestion(deleteTag('User', rows.length))}
            <span className="mt-2 block text-slate-600">{rows.map((r) => r.fileAs).join('; ')}</span>
          </>
        ) : (
          `Deactivate ${rows.length === 1 && rows[0] ? rows[0].fileAs : `the ${rows.length} checked users`}? They are signed out at once.`
        )
      }
      onConfirm={onConfirm}
    />
  );
}
