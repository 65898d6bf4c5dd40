'use client';
/**
 * The dialogs of a contact's items: Address and Phone (docs/contacts.md#screens) and Email (docs/contacts.md#screens, #validation),
 * each the one form hook in the one editor frame with the contact's summary above (the contacts screen's
 * Related Contact dialog too). Each checks its fields with the specification's texts (field errors only, no
 * form message), shows the server's 400 field errors beside the fields, and stays open with everything
 * typed when saving fails.
 */
import { TextArea, TextField } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { useForm, type Form } from '@/components/ui/use-form';
import { PhoneField } from '@/components/ui/phone-field';
import { type Lookups, LookupSelect } from '@/components/lookups';
import type { ContactAddress, ContactEmail, ContactPhone } from '@/lib/contract/contacts';
import type { LookupGroup, LookupItem } from '@/lib/contract/lookups';
import { NEW_ID } from '@/lib/contract/contacts-constants';
import { validateAddress, validateEmail, validatePhone } from './validation';

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

/** An item's required lookup (its type, a relationship), bound to the item's form: none is 0. */
export function ItemLookup<T, K extends keyof T & string>({
  form,
  name,
  label,
  group,
  lookups,
  where,
}: {
  form: Pick<Form<T>, 'draft' | 'set' | 'errors'>;
  name: K;
  label: string;
  group: LookupGroup;
  lookups: Lookups;
  where?: (item: LookupItem) => boolean;
}) {
  return (
    <LookupSelect
      label={label}
      required
      lookups={lookups}
      group={group}
      where={where}
      value={form.draft[name] as number}
      onChange={(v) => form.set(name, (v ?? 0) as T[K])}
      error={form.errors[name]}
    />
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

export function AddressDialog({ record, contact, lookups, onCancel, onSave }: ItemDialogProps<ContactAddress>) {
  const f = useForm({ initial: record, check: validateAddress, save: onSave, invalid: null });
  const d = f.draft;
  const countryCode = lookups.item('Country', d.country)?.code ?? null;
  return (
    <FormDialog
      title={record.contactAddress === NEW_ID ? 'Adding Address' : 'Editing Address'}
      intro={<ContactSummary contact={contact} />}
      form={f}
      onClose={onCancel}
      size="lg"
      grid
    >
      <ItemLookup form={f} name="addressType" label="Address Type" group="AddressType" lookups={lookups} />
      <div className="sm:col-span-2">
        <TextField
          label="Street Address"
          required
          autoComplete="street-address"
          value={d.addressLines}
          onChange={(e) => f.set('addressLines', e.target.value)}
          error={f.errors.addressLines}
        />
      </div>
      <TextField
        label="City"
        required
        autoComplete="address-level2"
        maxLength={100}
        value={d.city}
        onChange={(e) => f.set('city', e.target.value)}
        error={f.errors.city}
      />
      <ItemLookup
        form={f}
        name="stateProvince"
        label="State"
        group="StateProvince"
        lookups={lookups}
        where={(st) => !countryCode || st.type3 === countryCode}
      />
      <TextField
        label="Postal Code"
        required
        autoComplete="postal-code"
        maxLength={20}
        value={d.postalCode}
        onChange={(e) => f.set('postalCode', e.target.value)}
        error={f.errors.postalCode}
      />
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
    </FormDialog>
  );
}

export function PhoneDialog({ record, contact, lookups, onCancel, onSave }: ItemDialogProps<ContactPhone>) {
  const f = useForm({ initial: record, check: validatePhone, save: onSave, invalid: null });
  const d = f.draft;
  return (
    <FormDialog
      title={record.contactPhone === NEW_ID ? 'Adding Phone' : 'Editing Phone'}
      intro={<ContactSummary contact={contact} />}
      form={f}
      onClose={onCancel}
      grid
    >
      <div className="sm:col-span-2">
        <ItemLookup form={f} name="phoneType" label="Phone Type" group="PhoneType" lookups={lookups} />
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
    </FormDialog>
  );
}

export function EmailDialog({ record, contact, lookups, onCancel, onSave }: ItemDialogProps<ContactEmail>) {
  const f = useForm({ initial: record, check: validateEmail, save: onSave, invalid: null });
  const d = f.draft;
  return (
    <FormDialog
      title={record.contactEmail === NEW_ID ? 'Adding Email' : 'Editing Email'}
      intro={<ContactSummary contact={contact} />}
      form={f}
      onClose={onCancel}
    >
      <ItemLookup form={f} name="emailType" label="Email Type" group="EmailType" lookups={lookups} />
      <TextField
        label="Email Address"
        type="email"
        required
        autoComplete="email"
        value={d.emailAddress}
        onChange={(e) => f.set('emailAddress', e.target.value)}
        error={f.errors.emailAddress}
      />
    </FormDialog>
  );
}
