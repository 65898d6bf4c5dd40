'use client';
/** The lookup value editor and the group rename dialog: a failed save keeps what was typed and says why. */
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Dialog, SaveCancel } from '@/components/ui/dialog';
import { CheckboxField, TextField } from '@/components/ui/field';
import { LOOKUP_GROUP_TEXT_MAX, LOOKUP_VALUE_MAX } from '@/lib/contract/lookup-groups';
import type { LookupGroupRecord, LookupItem } from '@/lib/contract/lookup';
import { MESSAGES } from '@/lib/validation/messages';
import { lookupApi, saveError } from '../api';
import { groupUpsertOutcome } from './rules';

export function ValueDialog({ group, item, onClose, onSaved }: { group: LookupGroupRecord; item: LookupItem | null; onClose: () => void; onSaved: (value: string) => void }) {
  const [value, setValue] = useState(item?.value ?? '');
  const [code, setCode] = useState(item?.code ?? '');
  const [type3, setType3] = useState(item?.type3 ?? '');
  const [inactive, setInactive] = useState(item?.isInactive ?? false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return setError({ message: 'Please correct the highlighted fields.', fields: { value: MESSAGES.required } });
    setBusy(true);
    setError(null);
    try {
      await lookupApi.upsert({ key: group.key, id: item?.id ?? -1, value, code: code || null, type3: type3 || null, isInactive: inactive });
      onSaved(value.trim());
    } catch (err) {
      setError(saveError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title={item ? `Edit ${item.value}` : `Add a value to ${group.text}`}
      footer={<SaveCancel busy={busy} onCancel={onClose} formId="lookup-value-form" />}
    >
      <form id="lookup-value-form" onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextField label="Value" required value={value} maxLength={LOOKUP_VALUE_MAX + 400} onChange={(e) => setValue(e.target.value)} error={error?.fields.value} hint={`At most ${LOOKUP_VALUE_MAX} characters`} />
        <TextField label="Code" value={code} maxLength={20} onChange={(e) => setCode(e.target.value)} error={error?.fields.code} />
        <TextField label="Type 3" value={type3} maxLength={20} onChange={(e) => setType3(e.target.value)} error={error?.fields.type3} />
        {item && <CheckboxField label="Inactive" checked={inactive} onChange={(e) => setInactive(e.target.checked)} />}
        {error?.fields.isInactive && <Alert>{error.fields.isInactive}</Alert>}
        {error && !Object.keys(error.fields).length && <Alert>{error.message}</Alert>}
      </form>
    </Dialog>
  );
}

export function RenameGroupDialog({ group, onClose, onSaved }: { group: LookupGroupRecord; onClose: () => void; onSaved: (text: string) => void }) {
  const [text, setText] = useState(group.text);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError(MESSAGES.required);
    setBusy(true);
    setError(null);
    try {
      const outcome = groupUpsertOutcome(group.id, await lookupApi.upsertGroup({ id: group.id, text }));
      if (outcome.applied) onSaved(text.trim());
      else setError(outcome.reason);
    } catch (err) {
      const { message, fields } = saveError(err);
      setError(fields.text ?? message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()} title={`Rename ${group.text}`} footer={<SaveCancel busy={busy} onCancel={onClose} formId="lookup-group-form" />}>
      <form id="lookup-group-form" onSubmit={submit} noValidate>
        <TextField label="Group name" required value={text} maxLength={LOOKUP_GROUP_TEXT_MAX} onChange={(e) => setText(e.target.value)} error={error} />
      </form>
    </Dialog>
  );
}
