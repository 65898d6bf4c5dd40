'use client';
/**
 * How a provider takes calibration work (docs/dispatch.md#fields "Offering"): on site, in its bay or both,
 * and how many vehicles a day; what shops see when they choose a provider. Its managers change it.
 */
import { useRouter } from 'next/navigation';
import { SelectField, TextField } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { useForm } from '@/components/ui/use-form';
import { CAPACITY_MAX, OFFERINGS, OFFERING_LABELS, type Offering } from '@/lib/dispatch/rules';
import { dispatchApi } from './api';

export interface OfferingValue {
  firm: number;
  name: string;
  offering: Offering;
  capacity: number;
}

export function OfferingForm({ value, onClose }: { value: OfferingValue; onClose: () => void }) {
  const router = useRouter();
  const form = useForm({
    initial: { offering: value.offering, capacity: String(value.capacity) },
    check: (d) => ({
      capacity:
        /^\d+$/.test(d.capacity.trim()) && Number(d.capacity) >= 1 && Number(d.capacity) <= CAPACITY_MAX
          ? null
          : `A number of vehicles from 1 to ${CAPACITY_MAX}`,
    }),
    save: async (d) => {
      await dispatchApi.saveOffering({ firm: value.firm, offering: d.offering, capacity: Number(d.capacity) });
      router.refresh();
      onClose();
    },
  });
  return (
    <FormDialog form={form} title={`How ${value.name} takes calibration work`} onClose={onClose}>
      <SelectField
        label="Where it calibrates"
        placeholder={null}
        options={OFFERINGS.map((o) => ({ value: o, label: OFFERING_LABELS[o] }))}
        value={form.draft.offering}
        error={form.errors.offering}
        onChange={(e) => form.set('offering', e.target.value as Offering)}
      />
      <TextField
        label="Vehicles a day"
        inputMode="numeric"
        required
        value={form.draft.capacity}
        error={form.errors.capacity}
        onChange={(e) => form.set('capacity', e.target.value)}
      />
    </FormDialog>
  );
}
