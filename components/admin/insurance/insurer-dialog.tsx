'use client';
/** Add or edit an insurer: name, contact, inactive; a new one belongs to the default firm (operations §9). */
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Dialog, SaveCancel } from '@/components/ui/dialog';
import { CheckboxField, TextField } from '@/components/ui/field';
import type { InsuranceRecord } from '@/lib/contract/insurance';
import { MESSAGES } from '@/lib/validation/messages';
import { insuranceApi, saveError } from '../api';
import type { NewInsurerFirm } from './insurance-screen';

export function InsurerDialog({ insurer, newFirm, onClose, onSaved }: { insurer: InsuranceRecord | null; newFirm: NewInsurerFirm; onClose: () => void; onSaved: (name: string) => void }) {
  const [name, setName] = useState(insurer?.insuranceName ?? '');
  const [contact, setContact] = useState(insurer?.insuranceContact ?? '');
  const [inactive, setInactive] = useState(insurer?.isInactive ?? false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const firm = insurer ? { firm: insurer.firm, firmName: insurer.firmName } : newFirm;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError({ message: 'Please correct the highlighted fields.', fields: { insuranceName: MESSAGES.required } });
    setBusy(true);
    setError(null);
    try {
      await insuranceApi.save({ insurance: insurer?.insurance ?? -1, insuranceName: name, firm: firm.firm, insuranceContact: contact, isInactive: inactive });
      onSaved(name.trim());
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
      title={insurer ? `Edit ${insurer.insuranceName}` : 'Add insurer'}
      footer={
<SaveCancel formId="insurer-form" busy={busy} onCancel={onClose} />
      }
    >
      <form id="insurer-form" onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextField label="Name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} error={error?.fields.insuranceName} />
        <TextField label="Contact" maxLength={200} hint="Who to call or write to: name, phone, email" value={contact} onChange={(e) => setContact(e.target.value)} error={error?.fields.insuranceContact} />
        <p className="text-sm text-slate-700">
          <span className="font-medium">Location:</span> {firm.firmName}
        </p>
        <CheckboxField label="Inactive" checked={inactive} onChange={(e) => setInactive(e.target.checked)} />
        {error && !Object.keys(error.fields).length && <Alert>{error.message}</Alert>}
      </form>
    </Dialog>
  );
}
