'use client';
/**
 * A contact's addresses, phones and emails (docs/contacts.md#screens "Contact Info tab", stacked with titles): the
 * contacts editor's tab and the user profile's. Each list is maintained on its own. A change of the
 * primary phone or email is reported, so the contacts list can update that contact's row without a
 * reload (docs/contacts.md#states).
 */
import { useEffect, useRef, useState } from 'react';
import type { Lookups } from '@/components/lookups';
import type { ContactAddress, ContactEmail, ContactPhone } from '@/lib/contract/contacts';
import { contactInfoApi as api } from './api';
import { AddressDialog, EmailDialog, PhoneDialog, type ContactSummaryData } from './item-dialogs';
import { NEW_ID } from '@/lib/contract/contacts-constants';
import { primaryOf } from './rules';
import { SubList, useItems, type ItemKind } from './sub-list';

const ADDRESSES: ItemKind<ContactAddress> = {
  key: 'contactAddress',
  kind: 'address',
  load: (c, s) => api.addresses(c, s),
  save: api.saveAddress,
  remove: api.deleteAddress,
  setPrimary: api.setPrimaryAddress,
};
const PHONES: ItemKind<ContactPhone> = {
  key: 'contactPhone',
  kind: 'phone',
  load: (c, s) => api.phones(c, s),
  save: api.savePhone,
  remove: api.deletePhone,
  setPrimary: api.setPrimaryPhone,
};
const EMAILS: ItemKind<ContactEmail> = {
  key: 'contactEmail',
  kind: 'email',
  load: (c, s) => api.emails(c, s),
  save: api.saveEmail,
  remove: api.deleteEmail,
  setPrimary: api.setPrimaryEmail,
};

const blankAddress = (contact: number): ContactAddress => ({
  contactAddress: NEW_ID,
  contact,
  address: NEW_ID,
  addressType: 0,
  addressTypeName: '',
  addressLines: '',
  city: '',
  stateProvince: 0,
  stateProvinceName: '',
  postalCode: '',
  country: 0,
  countryName: '',
  addressNote: '',
  primary: '',
  isPrimary: false,
  isShared: '',
});
const blankPhone = (contact: number): ContactPhone => ({
  contactPhone: NEW_ID,
  contact,
  phone: NEW_ID,
  phoneNo: '',
  extension: '',
  phoneType: 0,
  phoneTypeName: '',
  phoneNote: '',
  primary: '',
  isPrimary: false,
  isShared: '',
});
const blankEmail = (contact: number): ContactEmail => ({
  contactEmail: NEW_ID,
  contact,
  emailAddress: '',
  emailType: 0,
  emailTypeName: '',
  primary: '',
  isPrimary: false,
});

/** Calls `report` whenever the value changes (including the first load). */
function useReport<V>(value: V | undefined, report: (v: V) => void) {
  const last = useRef<V | undefined>(undefined);
  const reportRef = useRef(report);
  useEffect(() => {
    reportRef.current = report;
  });
  useEffect(() => {
    if (value === undefined || value === last.current) return;
    last.current = value;
    reportRef.current(value);
  }, [value]);
}

type Editing =
  { kind: 'address'; record: ContactAddress } | { kind: 'phone'; record: ContactPhone } | { kind: 'email'; record: ContactEmail } | null;

export interface PrimaryChange {
  phoneNo?: string | null;
  emailAddress?: string | null;
}

export function ContactInfo({
  contact,
  name,
  lookups,
  onPrimaryChange,
}: {
  contact: number;
  name: string;
  lookups: Lookups;
  onPrimaryChange?: (change: PrimaryChange) => void;
}) {
  const addresses = useItems(ADDRESSES, contact);
  const phones = useItems(PHONES, contact);
  const emails = useItems(EMAILS, contact);
  const [editing, setEditing] = useState<Editing>(null);

  const primaryPhone = phones.items ? (primaryOf(phones.items)?.phoneNo ?? null) : undefined;
  const primaryEmail = emails.items ? (primaryOf(emails.items)?.emailAddress ?? null) : undefined;
  useReport(primaryPhone, (phoneNo) => onPrimaryChange?.({ phoneNo }));
  useReport(primaryEmail, (emailAddress) => onPrimaryChange?.({ emailAddress }));

  const summary: ContactSummaryData = { name, phone: primaryPhone ?? null, email: primaryEmail ?? null };
  const close = () => setEditing(null);
  const cancel = (list: { cancel: () => void }) => () => {
    list.cancel();
    close();
  };

  return (
    <div className="flex flex-col gap-6">
      <SubList<ContactAddress>
        title="Addresses"
        tag="Address"
        idKey="contactAddress"
        list={addresses}
        isPrimary={(r) => r.isPrimary}
        rowName={(r) => `address ${r.addressLines}`}
        describe={(r) => (
          <>
            {r.addressTypeName && <span className="text-slate-600">{r.addressTypeName}: </span>}
            {[r.addressLines, r.city, [r.stateProvinceName, r.postalCode].filter(Boolean).join(' '), r.countryName]
              .filter(Boolean)
              .join(', ')}
            {r.addressNote && <span className="block text-xs text-slate-600">{r.addressNote}</span>}
          </>
        )}
        onAdd={() => {
          const blank = blankAddress(contact);
          addresses.add(blank);
          setEditing({ kind: 'address', record: blank });
        }}
        onEdit={(record) => setEditing({ kind: 'address', record })}
      />
      <SubList<ContactPhone>
        title="Phones"
        tag="Phone"
        idKey="contactPhone"
        list={phones}
        isPrimary={(r) => r.isPrimary}
        rowName={(r) => `phone ${r.phoneNo}`}
        describe={(r) => (
          <>
            {r.phoneTypeName && <span className="text-slate-600">{r.phoneTypeName}: </span>}
            <span className="whitespace-nowrap">
              {r.phoneNo}
              {r.extension && ` ext. ${r.extension}`}
            </span>
            {r.phoneNote && <span className="block text-xs text-slate-600">{r.phoneNote}</span>}
          </>
        )}
        onAdd={() => {
          const blank = blankPhone(contact);
          phones.add(blank);
          setEditing({ kind: 'phone', record: blank });
        }}
        onEdit={(record) => setEditing({ kind: 'phone', record })}
      />
      <SubList<ContactEmail>
        title="Emails"
        tag="Email"
        idKey="contactEmail"
        list={emails}
        isPrimary={(r) => r.isPrimary}
        rowName={(r) => `email ${r.emailAddress}`}
        describe={(r) => (
          <>
            {r.emailTypeName && <span className="text-slate-600">{r.emailTypeName}: </span>}
            {r.emailAddress}
          </>
        )}
        onAdd={() => {
          const blank = blankEmail(contact);
          emails.add(blank);
          setEditing({ kind: 'email', record: blank });
        }}
        onEdit={(record) => setEditing({ kind: 'email', record })}
      />

      {editing?.kind === 'address' && (
        <AddressDialog
          key={editing.record.contactAddress}
          record={editing.record}
          contact={summary}
          lookups={lookups}
          onCancel={editing.record.contactAddress === NEW_ID ? cancel(addresses) : close}
          onSave={async (r) => {
            await addresses.save({
              ...r,
              addressTypeName: lookups.label('AddressType', r.addressType),
              stateProvinceName: lookups.label('StateProvince', r.stateProvince),
              countryName: lookups.label('Country', r.country),
            });
            close();
          }}
        />
      )}
      {editing?.kind === 'phone' && (
        <PhoneDialog
          key={editing.record.contactPhone}
          record={editing.record}
          contact={summary}
          lookups={lookups}
          onCancel={editing.record.contactPhone === NEW_ID ? cancel(phones) : close}
          onSave={async (r) => {
            await phones.save({ ...r, phoneTypeName: lookups.label('PhoneType', r.phoneType) });
            close();
          }}
        />
      )}
      {editing?.kind === 'email' && (
        <EmailDialog
          key={editing.record.contactEmail}
          record={editing.record}
          contact={summary}
          lookups={lookups}
          onCancel={editing.record.contactEmail === NEW_ID ? cancel(emails) : close}
          onSave={async (r) => {
            await emails.save({ ...r, emailAddress: r.emailAddress.trim(), emailTypeName: lookups.label('EmailType', r.emailType) });
            close();
          }}
        />
      )}
    </div>
  );
}
