'use client';
/**
 * Merge (docs/contacts.md#states): the checked contacts side by side; the user picks the one that survives
 * and sees the result. contact/mergeContacts?ids takes the survivor first (lib/contract/contacts.ts).
 */
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useForm } from '@/components/ui/use-form';
import type { ContactRow } from '@/lib/contract/contacts';
import { contactApi } from './api';
import { mergeIds } from './rules';

export function MergeDialog({
  contacts,
  onClose,
  onMerged,
}: {
  contacts: readonly ContactRow[];
  onClose: () => void;
  onMerged: () => void;
}) {
  const [survivor, setSurvivor] = useState(contacts[0]?.contact ?? 0);
  const { busy, message, run } = useForm();
  const [result, setResult] = useState<string | null>(null);

  const merge = () =>
    run(async () => {
      const answer = await contactApi.merge(
        mergeIds(
          survivor,
          contacts.map((c) => c.contact),
        ),
      );
      const name = contacts.find((c) => c.contact === answer.contact)?.fileAs ?? `contact ${answer.contact}`;
      setResult(
        `Merged ${answer.merged} ${answer.merged === 1 ? 'contact' : 'contacts'} into ${name}. Its addresses, phones, emails and related contacts now include theirs.`,
      );
      onMerged();
    });

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title="Merge contacts"
      size="lg"
      footer={
        result ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" onClick={merge} disabled={busy || contacts.length < 2}>
              {busy ? 'Merging…' : 'Merge'}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <Alert kind="success">{result}</Alert>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm text-slate-800">
            Choose the contact that remains. The others are merged into it and removed.
          </legend>
          {contacts.map((c) => (
            <label
              key={c.contact}
              className={`flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2 text-sm ${survivor === c.contact ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}
            >
              <input
                type="radio"
                name="survivor"
                className="mt-1 size-4 accent-brand-600"
                checked={survivor === c.contact}
                onChange={() => setSurvivor(c.contact)}
              />
              <span className="flex min-w-0 flex-col">
                <span className="font-medium text-slate-900">{c.fileAs}</span>
                <span className="text-slate-600">
                  {[c.contactTypeName, c.phoneNo, c.emailAddress, `#${c.contact}`].filter(Boolean).join(' · ')}
                </span>
              </span>
            </label>
          ))}
          {message && <Alert kind={message.kind}>{message.text}</Alert>}
        </fieldset>
      )}
    </Dialog>
  );
}
