'use client';
/**
 * A contact's related contacts (docs/contacts.md#fields, #calls): a sub-list of the contacts editor with its dialog, built
 * from the shared item list of components/contact-info, on the one form hook and editor frame.
 */
import { useState } from 'react';
import { ContactSummary, ItemLookup, type ItemDialogProps, SubList, useItems, type ItemKind } from '@/components/contact-info';
import { NEW_ID } from '@/lib/contract/contacts-constants';
import type { Lookups } from '@/components/lookups';
import { FormDialog } from '@/components/ui/form-dialog';
import { Typeahead } from '@/components/ui/typeahead';
import { useForm } from '@/components/ui/use-form';
import type { RelatedContact, SearchResult } from '@/lib/contract/contacts';
import { contactApi } from './api';
import { SearchResultLine } from './search-result-line';
import { validateRelated } from './validation';

const RELATED: ItemKind<RelatedContact> = {
  key: 'contactRelated',
  kind: 'related',
  load: (c, s) => contactApi.related(c, s),
  save: contactApi.saveRelated,
  remove: contactApi.deleteRelated,
};

const blankRelated = (contact: number): RelatedContact => ({
  contactRelated: NEW_ID,
  contact,
  relatedContact: 0,
  relatedContactType: 0,
  relatedContactTypeName: '',
  fileAs: '',
  phoneNo: null,
  emailAddress: null,
});

export function RelatedContacts({
  contact,
  name,
  phone,
  email,
  lookups,
}: {
  contact: number;
  name: string;
  phone: string | null;
  email: string | null;
  lookups: Lookups;
}) {
  const related = useItems(RELATED, contact);
  const [editing, setEditing] = useState<RelatedContact | null>(null);
  const close = () => setEditing(null);
  return (
    <div className="flex flex-col gap-4">
      <SubList<RelatedContact>
        title="Related Contacts"
        tag="Related Contact"
        idKey="contactRelated"
        list={related}
        rowName={(r) => `related contact ${r.fileAs}`}
        describe={(r) => (
          <>
            {r.relatedContactTypeName && <span className="text-slate-600">{r.relatedContactTypeName}: </span>}
            <span className="font-medium">{r.fileAs}</span>
            {(r.phoneNo || r.emailAddress) && (
              <span className="block text-xs text-slate-600">{[r.phoneNo, r.emailAddress].filter(Boolean).join(' · ')}</span>
            )}
          </>
        )}
        onAdd={() => {
          const blank = blankRelated(contact);
          related.add(blank);
          setEditing(blank);
        }}
        onEdit={setEditing}
      />
      {editing && (
        <RelatedDialog
          key={editing.contactRelated}
          record={editing}
          contact={{ name, phone, email }}
          lookups={lookups}
          onCancel={() => {
            if (editing.contactRelated === NEW_ID) related.cancel();
            close();
          }}
          onSave={async (r) => {
            await related.save({ ...r, relatedContactTypeName: lookups.label('RelatedContactType', r.relatedContactType) });
            close();
          }}
        />
      )}
    </div>
  );
}

export function RelatedDialog({ record, contact, lookups, onCancel, onSave }: ItemDialogProps<RelatedContact>) {
  const f = useForm({
    initial: record,
    check: (r) =>
      validateRelated({ relatedContact: r.relatedContact > 0 ? r.relatedContact : null, relatedContactType: r.relatedContactType }),
    save: onSave,
    invalid: null,
  });
  const d = f.draft;
  const isNew = record.contactRelated === NEW_ID;
  return (
    <FormDialog
      title={isNew ? 'Adding Related Contact' : 'Editing Related Contact'}
      intro={<ContactSummary contact={contact} />}
      form={f}
      onClose={onCancel}
    >
      {isNew ? (
        <div className="flex flex-col gap-2">
          <Typeahead<SearchResult>
            label="Related contact"
            placeholder="Name, phone or email"
            search={async (term, signal) =>
              (await contactApi.contactSearch(term, signal)).items.filter((r) => r.contact !== record.contact)
            }
            itemKey={(r) => r.contact}
            renderItem={(r) => <SearchResultLine r={r} />}
            onSelect={(r) => f.patch({ relatedContact: r.contact, fileAs: r.fileAs || r.name, phoneNo: r.phoneNo, emailAddress: r.email })}
            error={f.errors.relatedContact}
          />
          <p className="text-sm text-slate-800" data-testid="related-choice">
            {d.relatedContact > 0 ? `Chosen: ${d.fileAs}` : 'No contact chosen yet.'}
          </p>
        </div>
      ) : (
        <p className="text-sm text-slate-800">
          Related contact: <span className="font-medium">{d.fileAs}</span>
        </p>
      )}
      <ItemLookup form={f} name="relatedContactType" label="Relationship" group="RelatedContactType" lookups={lookups} />
    </FormDialog>
  );
}
