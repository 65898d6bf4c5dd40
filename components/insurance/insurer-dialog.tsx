'use client';
/** Add or edit an insurer: name, contact, inactive; a new one belongs to the default firm (docs/insurance.md#limits). */
import { CheckboxField, TextField } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { useForm } from '@/components/ui/use-form';
import type { InsuranceRecord } from '@/lib/contract/insurance';
import { MESSAGES } from '@/lib/validation/messages';
import { insuranceApi } from '@/components/admin';

export interface NewInsurerFirm {
  firm: number;
  firmName: string;
}

export function InsurerDialog({
  insurer,
  newFirm,
  onClose,
  onSaved,
}: {
  insurer: InsuranceRecord | null;
  newFirm: NewInsurerFirm;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const firm = insurer ? { firm: insurer.firm, firmName: insurer.firmName } : newFirm;
  const form = useForm({
    initial: {
      insuranceName: insurer?.insuranceName ?? '',
      insuranceContact: insurer?.insuranceContact ?? '',
      isInactive: insurer?.isInactive ?? false,
    },
    check: (d) => ({ insuranceName: d.insuranceName.trim() ? null : MESSAGES.required }),
    save: async (d) => {
      await insuranceApi.save({ insurance: insurer?.insurance ?? -1, firm: firm.firm, ...d });
      onSaved(d.insuranceName.trim());
    },
  });
  const { draft, set, errors } = form;

  return (
    <FormDialog form={form} title={insurer ? `Edit ${insurer.insuranceName}` : 'Add insurer'} onClose={onClose}>
      <TextField
        label="Name"
        required
        maxLength={100}
        value={draft.insuranceName}
        onChange={(e) => set('insuranceName', e.target.value)}
        error={errors.insuranceName}
      />
      <TextField
        label="Contact"
        maxLength={200}
        hint="Who to call or write to: name, phone, email"
        value={draft.insuranceContact}
        onChange={(e) => set('insuranceContact', e.target.value)}
        error={errors.insuranceContact}
      />
      <p className="text-sm text-slate-700">
        <span className="font-medium">Location:</span> {firm.firmName}
      </p>
      <CheckboxField label="Inactive" checked={draft.isInactive} onChange={(e) => set('isInactive', e.target.checked)} />
    </FormDialog>
  );
}
