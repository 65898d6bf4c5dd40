'use client';
/** The lookup value editor and the group rename dialog: a failed save keeps what was typed and says why. */
import { Alert } from '@/components/ui/alert';
import { CheckboxField, TextField } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { useForm } from '@/components/ui/use-form';
import { LOOKUP_GROUP_TEXT_MAX, LOOKUP_VALUE_MAX } from '@/lib/contract/lookups-groups';
import type { LookupGroupRecord, LookupItem } from '@/lib/contract/lookups';
import { MESSAGES } from '@/lib/validation/messages';
import { lookupApi } from '@/components/admin';
import { groupUpsertOutcome } from './rules';

export function ValueDialog({
  group,
  item,
  onClose,
  onSaved,
}: {
  group: LookupGroupRecord;
  item: LookupItem | null;
  onClose: () => void;
  onSaved: (value: string) => void;
}) {
  const form = useForm({
    initial: { value: item?.value ?? '', code: item?.code ?? '', type3: item?.type3 ?? '', isInactive: item?.isInactive ?? false },
    check: (d) => ({ value: d.value.trim() ? null : MESSAGES.required }),
    save: async (d) => {
      await lookupApi.upsert({
        key: group.key,
        id: item?.id ?? -1,
        value: d.value,
        code: d.code || null,
        type3: d.type3 || null,
        isInactive: d.isInactive,
      });
      onSaved(d.value.trim());
    },
  });
  const { draft, set, errors } = form;

  return (
    <FormDialog form={form} title={item ? `Edit ${item.value}` : `Add a value to ${group.text}`} onClose={onClose}>
      <TextField
        label="Value"
        required
        value={draft.value}
        maxLength={LOOKUP_VALUE_MAX + 400}
        onChange={(e) => set('value', e.target.value)}
        error={errors.value}
        hint={`At most ${LOOKUP_VALUE_MAX} characters`}
      />
      <TextField label="Code" value={draft.code} maxLength={20} onChange={(e) => set('code', e.target.value)} error={errors.code} />
      <TextField label="Type 3" value={draft.type3} maxLength={20} onChange={(e) => set('type3', e.target.value)} error={errors.type3} />
      {item && <CheckboxField label="Inactive" checked={draft.isInactive} onChange={(e) => set('isInactive', e.target.checked)} />}
      {errors.isInactive && <Alert>{errors.isInactive}</Alert>}
    </FormDialog>
  );
}

export function RenameGroupDialog({
  group,
  onClose,
  onSaved,
}: {
  group: LookupGroupRecord;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  // The group's one field carries every error, the server's text too (a refused rename names no field).
  const form = useForm({
    initial: { text: group.text },
    check: (d) => ({ text: d.text.trim() ? null : MESSAGES.required }),
    invalid: null,
    save: async (d) => {
      const outcome = groupUpsertOutcome(group.id, await lookupApi.upsertGroup({ id: group.id, text: d.text }));
      if (!outcome.applied) throw new Error(outcome.reason);
      onSaved(d.text.trim());
    },
  });
  const error = form.errors.text ?? (form.message?.kind === 'error' ? form.message.text : null);
  return (
    <FormDialog form={{ ...form, message: null }} title={`Rename ${group.text}`} onClose={onClose}>
      <TextField
        label="Group name"
        required
        value={form.draft.text}
        maxLength={LOOKUP_GROUP_TEXT_MAX}
        onChange={(e) => form.set('text', e.target.value)}
        error={error}
      />
    </FormDialog>
  );
}
