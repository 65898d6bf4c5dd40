'use client';
/**
 * The contact editor: every contact field of docs/contacts.md#fields with its lookups, saved with contact/saveContact
 * (contact/saveVendor in the vendor view). Tabs: Details; Contact Info (addresses, phones, emails); Related
 * Contacts. A new contact gets its tabs once saved (like the user profile dialog, docs/users.md#states).
 * Field errors from the client checks and from the server's 400 show beside the fields; the dialog stays
 * open and keeps what was typed.
 */
import { useEffect, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Dialog, SaveCancel } from '@/components/ui/dialog';
import { CheckboxField, TextArea, TextField } from '@/components/ui/field';
import { Tabs } from '@/components/ui/tabs';
import { useForm } from '@/components/ui/use-form';
import type { ContactRecord } from '@/lib/contract/contacts';
import { LOOKUP_GROUPS } from '@/lib/contract/lookups-groups';
import { contactApi, type ContactBody, type View } from './api';
import { ContactInfo, type PrimaryChange } from '@/components/contact-info';
import { NEW_ID } from '@/lib/contract/contacts-constants';
import { useLookups, LookupSelect, ZoneAndLanguage } from '@/components/lookups';
import { RelatedContacts } from './related-contacts';
import { fileAsOf } from './rules';
import { validateContact } from './validation';

export interface EditorTarget {
  /** The contact, or NEW_ID to add one. */
  id: number;
  view: View;
}

export interface NewContactDefaults {
  contactType: number | null;
  language: number | null;
  timezone: number | null;
}

type Draft = Omit<ContactBody, 'contactType' | 'language' | 'timezone'> & {
  contact: number;
  contactType: number | null;
  language: number | null;
  timezone: number | null;
  isCompany: boolean;
  companyName: string;
  firstName: string;
  lastName: string;
  notes: string;
  insuranceNumber: string;
  isFirm: boolean;
  isVendor: boolean;
  isInactive: boolean;
};

function blank(view: View, d: NewContactDefaults): Draft {
  return {
    contact: NEW_ID,
    contactType: d.contactType,
    isCompany: view === 'vendors',
    companyName: '',
    salutation: null,
    insuranceId: null,
    insuranceNumber: '',
    firstName: '',
    lastName: '',
    notes: '',
    language: d.language,
    timezone: d.timezone,
    servicetype: null,
    isFirm: false,
    isVendor: view === 'vendors',
    isInactive: false,
  };
}

const fromRecord = (r: ContactRecord): Draft => ({
  contact: r.contact,
  contactType: r.contactType,
  isCompany: r.isCompany,
  companyName: r.companyName,
  salutation: r.salutation,
  insuranceId: r.insuranceId,
  insuranceNumber: r.insuranceNumber,
  firstName: r.firstName,
  lastName: r.lastName,
  notes: r.notes,
  language: r.language,
  timezone: r.timezone,
  servicetype: r.servicetype,
  isFirm: r.isFirm,
  isVendor: r.isVendor,
  isInactive: r.isInactive,
});

export interface ContactEditorProps {
  target: EditorTarget;
  defaults: NewContactDefaults;
  onClose: () => void;
  /** After a successful save (the list re-renders). */
  onSaved: (id: number) => void;
  /** The primary phone or email changed: update the list row. */
  onPrimaryChange: (contact: number, change: PrimaryChange) => void;
}

export function ContactEditor({ target, defaults, onClose, onSaved, onPrimaryChange }: ContactEditorProps) {
  const lookups = useLookups(LOOKUP_GROUPS);
  const formId = useId();
  const [contactId, setContactId] = useState(target.id);
  const [loaded, setLoaded] = useState(target.id === NEW_ID);
  const [savedName, setSavedName] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [tab, setTab] = useState('details');
  const [primary, setPrimary] = useState<{ phone: string | null; email: string | null }>({ phone: null, email: null });
  const form = useForm<Draft>({
    initial: blank(target.view, defaults),
    check: validateContact,
    invalid: null,
    save: async (d) => {
      const body = { ...d, contact: contactId, contactType: d.contactType!, language: d.language!, timezone: d.timezone! };
      const { id } = await contactApi.save(target.view, body);
      const wasNew = contactId === NEW_ID;
      setContactId(id);
      form.reset({ ...d, contact: id });
      setSavedName(fileAsOf(d));
      onSaved(id);
      if (!wasNew) return onClose();
      setTab('info');
      return 'Saved. You can now add addresses, phones, emails and related contacts.';
    },
  });
  const { draft, set, errors, message, busy, reset } = form;

  useEffect(() => {
    if (target.id === NEW_ID) return;
    const ctrl = new AbortController();
    contactApi
      .get(target.view, target.id, ctrl.signal)
      .then((r) => {
        reset(fromRecord(r));
        setSavedName(fileAsOf(r));
        setLoaded(true);
      })
      .catch((e: Error) => e.name !== 'AbortError' && setLoadError(e.message));
    return () => ctrl.abort();
  }, [target.id, target.view, reset]);

  // A refused save (the form's checks or the server's) shows the details, where the fields are.
  const save = async (e: React.FormEvent) => {
    if (!(await form.submit(e))) setTab('details');
  };

  const noun = target.view === 'vendors' ? 'Vendor' : 'Contact';
  const title = contactId === NEW_ID ? `Adding ${noun}` : `Editing ${noun}: ${savedName || '…'}`;
  const saved = contactId !== NEW_ID;

  const details = loaded && (
    <form id={formId} noValidate onSubmit={save} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <LookupSelect
        label="Contact Type"
        required
        lookups={lookups}
        group="ContactType"
        value={draft.contactType}
        onChange={(v) => set('contactType', v)}
        error={errors.contactType}
      />
      <LookupSelect
        label="Salutation"
        lookups={lookups}
        group="Salutation"
        value={draft.salutation}
        onChange={(v) => set('salutation', v)}
        error={errors.salutation}
      />
      <CheckboxField
        className="sm:col-span-2"
        label="This contact is a company"
        checked={draft.isCompany}
        onChange={(e) => set('isCompany', e.target.checked)}
      />
      {draft.isCompany && (
        <div className="sm:col-span-2">
          <TextField
            label="Company Name"
            required
            autoComplete="organization"
            value={draft.companyName}
            onChange={(e) => set('companyName', e.target.value)}
            error={errors.companyName}
          />
        </div>
      )}
      <TextField
        label="First Name"
        autoComplete="given-name"
        value={draft.firstName}
        onChange={(e) => set('firstName', e.target.value)}
        error={errors.firstName}
      />
      <TextField
        label="Last Name"
        required={!draft.isCompany}
        autoComplete="family-name"
        value={draft.lastName}
        onChange={(e) => set('lastName', e.target.value)}
        error={errors.lastName}
      />
      <ZoneAndLanguage
        languageFirst
        lookups={lookups}
        language={{ value: draft.language, onChange: (v) => set('language', v), error: errors.language }}
        timezone={{ value: draft.timezone, onChange: (v) => set('timezone', v), error: errors.timezone }}
      />
      <TextField
        label="Insurance #"
        maxLength={50}
        value={draft.insuranceNumber}
        onChange={(e) => set('insuranceNumber', e.target.value)}
        error={errors.insuranceNumber}
      />
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Flags</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <CheckboxField label="Vendor" checked={draft.isVendor} onChange={(e) => set('isVendor', e.target.checked)} />
          <CheckboxField label="Location (firm) contact" checked={draft.isFirm} onChange={(e) => set('isFirm', e.target.checked)} />
          <CheckboxField label="Inactive" checked={draft.isInactive} onChange={(e) => set('isInactive', e.target.checked)} />
        </div>
      </fieldset>
      <div className="sm:col-span-2">
        <TextArea label="Notes" value={draft.notes} onChange={(e) => set('notes', e.target.value)} error={errors.notes} />
      </div>
    </form>
  );

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title={title}
      size="xl"
      footer={
        <SaveCancel
          formId={formId}
          busy={busy}
          onCancel={onClose}
          cancelLabel={saved && message?.kind === 'success' ? 'Close' : 'Cancel'}
          saveDisabled={!loaded}
          note={saved && `${noun} ${contactId}`}
        />
      }
    >
      {loadError && <Alert>{loadError}</Alert>}
      {lookups.error && <Alert>{`The choices could not be loaded: ${lookups.error}`}</Alert>}
      {message && (
        <div className="mb-3">
          <Alert kind={message.kind}>{message.text}</Alert>
        </div>
      )}
      {!loaded && !loadError && (
        <p role="status" className="text-sm text-slate-600">
          Loading…
        </p>
      )}
      {loaded && (
        <Tabs
          label={`${noun} sections`}
          value={tab}
          onChange={setTab}
          tabs={[
            { id: 'details', label: 'Details', content: details },
            {
              id: 'info',
              label: 'Contact Info',
              disabled: !saved,
              content: saved && (
                <ContactInfo
                  contact={contactId}
                  name={savedName}
                  lookups={lookups}
                  onPrimaryChange={(change) => {
                    setPrimary((p) => ({
                      phone: change.phoneNo !== undefined ? change.phoneNo : p.phone,
                      email: change.emailAddress !== undefined ? change.emailAddress : p.email,
                    }));
                    onPrimaryChange(contactId, change);
                  }}
                />
              ),
            },
            {
              id: 'related',
              label: 'Related Contacts',
              disabled: !saved,
              content: saved && (
                <RelatedContacts contact={contactId} name={savedName} phone={primary.phone} email={primary.email} lookups={lookups} />
              ),
            },
          ]}
        />
      )}
    </Dialog>
  );
}
