'use client';
/**
 * The one editor frame: a form (use-form.ts) in the one dialog. The form's message above the fields,
 * Cancel and Save in the footer ("Saving…" while the call runs, Save standing out while there are unsaved
 * changes when the editor says so), and closing is refused while a call runs. A failed save keeps the
 * dialog open with everything typed; a successful one calls `onSaved`.
 */
import { useId } from 'react';
import { Alert } from './alert';
import { Dialog, SaveCancel, type DialogProps } from './dialog';
import type { Form } from './use-form';

export interface FormDialogProps extends Pick<DialogProps, 'title' | 'description' | 'size' | 'returnFocusTo'> {
  form: Pick<Form<object>, 'busy' | 'dirty' | 'message' | 'submit'>;
  onClose: () => void;
  /** After a successful save. */
  onSaved?: () => void;
  /** Shown above the fields (the record the form belongs to). */
  intro?: React.ReactNode;
  /** At the footer's start (the record's id). */
  note?: React.ReactNode;
  /** Says "Unsaved changes" and makes Save stand out while the draft differs from what was loaded. */
  markUnsaved?: boolean;
  /** The fields in two columns from the small breakpoint on. */
  grid?: boolean;
  /** Save stays disabled (nothing loaded yet). */
  saveDisabled?: boolean;
  /** Other actions of the record, at the footer's start (Delete, Change Password). */
  actions?: React.ReactNode;
  children: React.ReactNode;
}

export function FormDialog({
  form,
  onClose,
  onSaved,
  intro,
  note,
  markUnsaved = false,
  grid = false,
  saveDisabled,
  actions,
  children,
  size = 'md',
  ...dialog
}: FormDialogProps) {
  const formId = useId();
  const unsaved = markUnsaved && form.dirty;
  return (
    <Dialog
      {...dialog}
      open
      size={size}
      onOpenChange={(o) => !o && !form.busy && onClose()}
      footer={
        <>
          {actions}
          <SaveCancel
            formId={formId}
            busy={form.busy}
            onCancel={onClose}
            unsaved={unsaved}
            saveDisabled={saveDisabled}
            note={
              (note || unsaved) && (
                <>
                  {note}
                  {unsaved && <span className="ml-2 font-medium text-amber-800">Unsaved changes</span>}
                </>
              )
            }
          />
        </>
      }
    >
      {intro}
      <form
        id={formId}
        noValidate
        onSubmit={async (e) => {
          if ((await form.submit(e)) && onSaved) onSaved();
        }}
        className={grid ? 'grid grid-cols-1 gap-4 sm:grid-cols-2' : 'flex flex-col gap-4'}
      >
        {form.message && (
          <div className={grid ? 'sm:col-span-2' : undefined}>
            <Alert kind={form.message.kind}>{form.message.text}</Alert>
          </div>
        )}
        {children}
      </form>
    </Dialog>
  );
}
