'use client';
/**
 * The one dialog (Radix): focus stays inside while open and returns to the opener on close, Escape
 * closes, the title labels it. Sizes follow the specification's modals (extra-large for user profiles).
 *
 * The opener is the element that had the focus when the dialog opened (docs/shell.md#screens): Radix gives the focus
 * back only to its own Trigger (its modal content's close handler focuses the Trigger's ref and prevents
 * its focus scope's own return), and most dialogs here are opened by state (a row's button, a menu item,
 * the palette's shortcut, the menu drawer's button), so without this the focus fell to the page's start on
 * every close. useOpenerFocus serves every Radix dialog of the app: this one and the menu drawer.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { Icon } from '@/components/ui/icon';
import { useState } from 'react';
import { Button } from './button';

const SIZES = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  size?: keyof typeof SIZES;
  footer?: React.ReactNode;
  children?: React.ReactNode;
  /** Optional trigger; without one the caller controls `open`. */
  trigger?: React.ReactNode;
  /** Where focus goes on close when the opener no longer exists (e.g. an item of a closed menu). */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}

/** Focuses the first of the elements that is still on the page and takes the focus; whether one did. */
function focusFirstOf(...candidates: (Element | null | undefined)[]): boolean {
  for (const el of candidates) {
    if (!(el instanceof HTMLElement) || !el.isConnected || el === document.body) continue;
    el.focus();
    if (document.activeElement === el) return true;
  }
  return false;
}

/**
 * The handler for a Radix dialog's `onCloseAutoFocus` that gives the focus back to the element focused
 * when `open` became true (else to `fallback`, else Radix's default). The opener is read while rendering
 * the opening, before anything inside takes the focus (a field's autoFocus does so before any effect runs,
 * so Radix's own record of it is that field); a dialog mounted already open (rendered only while wanted,
 * or loaded on first opening) reads it on its first render.
 */
export function useOpenerFocus(open: boolean, fallback?: React.RefObject<HTMLElement | null>): (e: Event) => void {
  const focused = () => (typeof document === 'undefined' ? null : document.activeElement);
  const [wasOpen, setWasOpen] = useState(open);
  const [opener, setOpener] = useState<Element | null>(() => (open ? focused() : null));
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(focused());
  }
  return (e) => {
    if (focusFirstOf(opener, fallback?.current)) e.preventDefault();
  };
}

const FOCUSABLE =
  'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex="0"]';

/**
 * Where a dialog opens its focus (unless a field took it already, autoFocus): the element marked
 * data-autofocus (a confirmation's Cancel), else the first control of its body, else of its footer — never
 * the × in its title bar, which a keyboard user would press by reflex, closing what they opened.
 */
function focusFirstInside(e: Event) {
  const content = e.currentTarget as HTMLElement | null;
  if (!content) return;
  const target =
    content.querySelector<HTMLElement>('[data-autofocus]') ??
    content.querySelector<HTMLElement>(`[data-dialog-body] :is(${FOCUSABLE})`) ??
    content.querySelector<HTMLElement>(`[data-dialog-footer] :is(${FOCUSABLE})`);
  if (!target) return;
  e.preventDefault();
  target.focus();
}

export function Dialog({ open, onOpenChange, title, description, size = 'md', footer, children, trigger, returnFocusTo }: DialogProps) {
  const onCloseAutoFocus = useOpenerFocus(open, returnFocusTo);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          className={`fixed top-[5dvh] left-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-1.5rem)] ${SIZES[size]} -translate-x-1/2 flex-col rounded-lg bg-white shadow-xl focus:outline-none`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={focusFirstInside}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-3">
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
            <RadixDialog.Close className="rounded p-1 text-slate-600 hover:bg-slate-100" aria-label="Close">
              <Icon name="x" className="size-5" />
            </RadixDialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4" data-dialog-body>
            {description && <RadixDialog.Description className="mb-3 text-sm text-slate-700">{description}</RadixDialog.Description>}
            {children}
          </div>
          {footer && (
            <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 px-5 py-3" data-dialog-footer>
              {footer}
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface SaveCancelProps {
  /** The form the Save button submits; without one there is no Save (a read-only view). */
  formId?: string;
  busy: boolean;
  onCancel: () => void;
  /** "Close" or "Done" once there is nothing left to cancel. */
  cancelLabel?: string;
  /** Save stays disabled (nothing loaded yet). */
  saveDisabled?: boolean;
  /** Unsaved changes: Save stands out. */
  unsaved?: boolean;
  /** Shown at the footer's start (the record's id). */
  note?: React.ReactNode;
}

/** The footer of a dialog that edits a form: Cancel and Save ("Saving…" while the call runs). */
export function SaveCancel({
  formId,
  busy,
  onCancel,
  cancelLabel = 'Cancel',
  saveDisabled = false,
  unsaved = false,
  note,
}: SaveCancelProps) {
  return (
    <>
      {note && <span className="mr-auto text-xs text-slate-600">{note}</span>}
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      {formId && (
        <Button type="submit" form={formId} variant={unsaved ? 'danger' : 'primary'} disabled={busy || saveDisabled}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
      )}
    </>
  );
}
