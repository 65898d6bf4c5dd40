'use client';
/**
 * The dialogs of a contact's items: Address and Phone (administration §2) and Email (operations §2, §5),
 * with the frame every item dialog shares (the contacts screen's Related Contact dialog uses it too). Each
 * checks its fields with the specification's texts, shows the server's 400 field errors beside the fields,
 * and stays open with everything typed when saving fails.
 */
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Dialog, SaveCancel } from '@/components/ui/dialog';
import { TextArea, TextField } from '@/components/ui/field';
import { PhoneField } from '@/components/ui/phone-field';
import type { Lookups } from '@/components/lookups/use-lookups';
import type { ContactAddress, ContactEmail, ContactPhone } from '@/lib/contract/contact';
import { NEW_ID } from './rules';
import { serverFieldErrors, type FieldErrors, withoutError } from '@/lib/validation/field-errors';
import { validateAddress, validateEmail, validatePhone } from './validation';
import { LookupSelect } from '@/components/lookups/lookup-select';

export interface ContactSummaryData {
  name: string;
  phone: string | null;
  email: string | null;
}

export function ContactSummary({ contact }: { contact: ContactSummaryData }) {
  return (
    <div className="mb-4 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800" data-testid="contact-summary">
      <p className="font-medium">{contact.name}</p>
      <p className="text-slate-600">{[contact.phone, contact.email].filter(Boolean).join(' · ') || 'No primary phone or email yet'}</p>
    </div>
  );
}

export interface ItemDialogProps<T> {
  record: T;
  contact: ContactSummaryData;
  lookups: Lookups;
  onCancel: () => void;
  /** Saves (call and list update); throws a BffError when the server refuses. */
  onSave: (record: T) => Promise<void>;
}

/** The state every item dialog has: the draft, its field errors, the form-level message, busy. */
export function useItemForm<T>(record: T, onSave: (r: T) => Promise<void>, check: (r: T) => FieldErrors) {
  const [draft, setDraft] = useState(record);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof T>(k: K, v: T[K]) => {
    setDraft((d) => ({ ...d, [k]: v }));
    setErrors((e) => withoutError(e, k as string));
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found = check(draft);
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await onSave(draft);
    } catch (err) {
      const fe = serverFieldErrors((err as { fieldErrors?: Record<string, string[]> }).fieldErrors);
      setErrors(fe);
      setMessage((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { draft, set, errors, message, busy, submit };
}

/** The frame every item dialog shares: title, contact summary, the form with its message, Cancel / Save. */
export function ItemDialog({
  title,
  contact,
  form: f,
  onCancel,
  size = 'md',
  grid = false,
  children,
}: {
  title: string;
  contact: ContactSummaryData;
  form: { busy: boolean; message: string | null; submit: (e: React.FormEvent) => void };
  onCancel: () => void;
  size?: 'md' | 'lg';
  /** Two columns from the small breakpoint on. */
  grid?: boolean;
  children: React.ReactNode;
}) {
  const formId = useId();
  return (
    <Dialog open onOpenChange={(o) => !o && !f.busy && onCancel()} title={title} size={size} footer={<SaveCancel onCancel={onCancel} busy={f.busy} formId={formId} />}>
      <ContactSummary contact={contact} />
      <form id={formId} noValidate onSubmit={f.submit} className={grid ? 'grid grid-cols-1 gap-4 sm:grid-cols-2' : 'flex flex-col gap-4'}>
        {f.message && (
          <div className={grid ? 'sm:col-span-2' : undefined}>
            <Alert>{f.message}</Alert>
          </div>
        )}
        {children}
      </form>
    </Dialog>
  );
}

export function AddressDialog({ record, contact, lookups, onCancel, onSave }: ItemDialogProps<ContactAddress>) {
  const f = useItemForm(record, onSave, validateAddress);
  const d = f.draft;
  const countryCode = lookups.item('Country', d.country)?.code ?? null;
  return (
    <ItemDialog title={record.contactAddress === NEW_ID ? 'Adding Address' : 'Editing Address'} contact={contact} form={f} onCancel={onCancel} size="lg" grid>
        <LookupSelect
          label="Address Type"
          required
          lookups={lookups}
          group="AddressType"
          value={d.addressType}
          onChange={(v) => f.set('addressType', v ?? 0)}
          error={f.errors.addressType}
        />
        <div className="sm:col-span-2">
          <TextField label="Street Address" required autoComplete="street-address" value={d.addressLines} onChange={(e) => f.set('addressLines', e.target.value)} error={f.errors.addressLines} />
        </div>
        <TextField label="City" required autoComplete="address-level2" maxLength={100} value={d.city} onChange={(e) => f.set('city', e.target.value)} error={f.errors.city} />
        <LookupSelect
          label="State"
          required
          lookups={lookups}
          group="StateProvince"
          where={(s) => !countryCode || s.type3 === countryCode}
          value={d.stateProvince}
          onChange={(v) => f.set('stateProvince', v ?? 0)}
          error={f.errors.stateProvince}
        />
        <TextField label="Postal Code" required autoComplete="postal-code" maxLength={20} value={d.postalCode} onChange={(e) => f.set('postalCode', e.target.value)} error={f.errors.postalCode} />
        <LookupSelect
          label="Country"
          required
          lookups={lookups}
          group="Country"
          value={d.country}
          onChange={(v) => {
            const country = v ?? 0;
            f.set('country', country);
            // A state of another country no longer fits (StateProvince.type3 holds its country's code).
            const code = lookups.item('Country', country)?.code;
            const state = lookups.item('StateProvince', d.stateProvince);
            if (code && state?.type3 && state.type3 !== code) f.set('stateProvince', 0);
          }}
          error={f.errors.country}
        />
        <div className="sm:col-span-2">
          <TextArea label="Notes" value={d.addressNote} onChange={(e) => f.set('addressNote', e.target.value)} error={f.errors.addressNote} />
        </div>
    </ItemDialog>
  );
}

export function PhoneDialog({ record, contact, lookups, onCancel, onSave }: ItemDialogProps<ContactPhone>) {
  const f = useItemForm(record, onSave, validatePhone);
  const d = f.draft;
  return (
    <ItemDialog title={record.contactPhone === NEW_ID ? 'Adding Phone' : 'Editing Phone'} contact={contact} form={f} onCancel={onCancel} grid>
        <div className="sm:col-span-2">
          <LookupSelect
            label="Phone Type"
            required
            lookups={lookups}
            group="PhoneType"
            value={d.phoneType}
            onChange={(v) => f.set('phoneType', v ?? 0)}
            error={f.errors.phoneType}
          />
        </div>
        <PhoneField label="Phone #" required value={d.phoneNo} onChange={(v) => f.set('phoneNo', v)} error={f.errors.phoneNo} />
        <TextField
          label="Extension"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={10}
          value={d.extension}
          onChange={(e) => f.set('extension', e.target.value.replace(/\D/g, ''))}
          error={f.errors.extension}
        />
        <div className="sm:col-span-2">
          <TextArea label="Notes" value={d.phoneNote} onChange={(e) => f.set('phoneNote', e.target.value)} error={f.errors.phoneNote} />
        </div>
    </ItemDialog>
  );
}

export function EmailDialog({ record, contact, lookups, onCancel, onSave }: ItemDialogProps<ContactEmail>) {
  const f = useItemForm(record, onSave, validateEmail);
  const d = f.draft;
  return (
    <ItemDialog title={record.contactEmail === NEW_ID ? 'Adding Email' : 'Editing Email'} contact={contact} form={f} onCancel={onCancel}>
        <LookupSelect
          label="Email Type"
          required
          lookups={lookups}
          group="EmailType"
          value={d.emailType}
          onChange={(v) => f.set('emailType', v ?? 0)}
          error={f.errors.emailType}
        />
        <TextField label="Email Address" type="email" required autoComplete="email" value={d.emailAddress} onChange={(e) => f.set('emailAddress', e.target.value)} error={f.errors.emailAddress} />
    </ItemDialog>
  );
}
