'use client';
/**
 * An insurer's lookups (lib/contract/insurance.ts): program codes and the agreed price per calibration type,
 * which the calibrations' price check compares quotes against. Add, edit and remove in one dialog.
 */
import { useState } from 'react';
import { useLoaded } from '@/components/ui/use-loaded';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SimpleTable } from '@/components/ui/simple-table';
import { CheckboxField, SelectField, TextField } from '@/components/ui/field';
import { useForm } from '@/components/ui/use-form';
import type { InsuranceLookupRecord, InsuranceLookupType, InsuranceRecord } from '@/lib/contract/insurance';
import { insuranceApi } from '@/components/admin';
import { DeleteConfirm } from '@/components/ui/delete-confirm';
import { parsePrice } from './rules';

const TYPES = [
  { value: 'program', label: 'Program code' },
  { value: 'price', label: 'Agreed price' },
];
const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });

interface Draft {
  insuranceLookup: number;
  lookupType: InsuranceLookupType;
  code: string;
  description: string;
  calibrationType: string;
  price: string;
  isInactive: boolean;
}
const EMPTY: Draft = {
  insuranceLookup: -1,
  lookupType: 'price',
  code: '',
  description: '',
  calibrationType: '',
  price: '',
  isInactive: false,
};
const draftOf = (l: InsuranceLookupRecord): Draft => ({ ...l, price: l.price == null ? '' : l.price.toFixed(2) });

export function InsurerLookupsDialog({ insurer, onClose }: { insurer: InsuranceRecord; onClose: () => void }) {
  const {
    data: items,
    error: loadError,
    reload,
  } = useLoaded((signal) => insuranceApi.lookups(insurer.insurance, signal), insurer.insurance);
  const form = useForm({
    initial: EMPTY,
    check: (d) => ({ price: d.lookupType === 'price' && Number.isNaN(parsePrice(d.price)) ? 'A price such as 149.50' : null }),
    invalid: null,
    save: async (d) => {
      await insuranceApi.saveLookup({
        insuranceLookup: d.insuranceLookup,
        insurance: insurer.insurance,
        lookupType: d.lookupType,
        code: d.code,
        description: d.description,
        calibrationType: d.calibrationType,
        price: d.lookupType === 'price' ? parsePrice(d.price) : null,
        isInactive: d.isInactive,
      });
      form.reset(EMPTY);
      reload();
    },
  });
  const { draft, patch: set, errors, busy } = form;
  const [removing, setRemoving] = useState<InsuranceLookupRecord | null>(null);

  const describe = (l: InsuranceLookupRecord) =>
    l.lookupType === 'price'
      ? `${l.calibrationType}: ${l.price == null ? '' : money.format(l.price)}`
      : `${l.code}${l.description ? ` (${l.description})` : ''}`;

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      size="lg"
      title={`Lookups of ${insurer.insuranceName}`}
      description="Program codes and the agreed price of each calibration type."
    >
      {loadError && <Alert>{loadError}</Alert>}
      {items === null && !loadError && <p role="status">Loading…</p>}
      {items && (
        <SimpleTable
          caption={`Lookups of ${insurer.insuranceName}`}
          columns={[
            { id: 'lookup', header: 'Lookup', rowHeader: true, cell: describe },
            { id: 'kind', header: 'Kind', cell: (l) => (l.lookupType === 'price' ? 'Agreed price' : 'Program code') },
            { id: 'status', header: 'Status', cell: (l) => (l.isInactive ? 'Inactive' : 'Active') },
            {
              id: 'actions',
              header: 'Actions',
              headerHidden: true,
              className: 'text-right whitespace-nowrap',
              cell: (l) => (
                <>
                  <Button variant="ghost" aria-label={`Edit ${describe(l)}`} onClick={() => form.reset(draftOf(l))}>
                    Edit
                  </Button>
                  <Button variant="ghost" className="text-red-800" aria-label={`Remove ${describe(l)}`} onClick={() => setRemoving(l)}>
                    Remove
                  </Button>
                </>
              ),
            },
          ]}
          rows={items}
          rowKey={(l) => l.insuranceLookup}
          empty="No lookups yet."
          tableClassName="min-w-[28rem]"
        />
      )}

      <form onSubmit={(e) => void form.submit(e)} noValidate className="mt-4 flex flex-col gap-3 rounded-md border border-slate-200 p-3">
        <h3 className="font-semibold text-slate-900">{draft.insuranceLookup === -1 ? 'Add a lookup' : 'Edit the lookup'}</h3>
        <SelectField
          label="Kind"
          placeholder={null}
          options={TYPES}
          value={draft.lookupType}
          onChange={(e) => set({ lookupType: e.target.value as InsuranceLookupType })}
        />
        {draft.lookupType === 'program' ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Program code"
              required
              maxLength={40}
              value={draft.code}
              onChange={(e) => set({ code: e.target.value })}
              error={errors.code}
            />
            <TextField
              label="Description"
              maxLength={200}
              value={draft.description}
              onChange={(e) => set({ description: e.target.value })}
              error={errors.description}
            />
          </div>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Calibration type"
              required
              maxLength={100}
              value={draft.calibrationType}
              onChange={(e) => set({ calibrationType: e.target.value })}
              error={errors.calibrationType}
            />
            <TextField
              label="Agreed price (USD)"
              required
              inputMode="decimal"
              value={draft.price}
              onChange={(e) => set({ price: e.target.value })}
              error={errors.price}
            />
          </div>
        )}
        <CheckboxField label="Inactive" checked={draft.isInactive} onChange={(e) => set({ isInactive: e.target.checked })} />
        {form.message && <Alert kind={form.message.kind}>{form.message.text}</Alert>}
        <div className="flex justify-end gap-2">
          {draft.insuranceLookup !== -1 && (
            <Button variant="secondary" onClick={() => form.reset(EMPTY)} disabled={busy}>
              Cancel edit
            </Button>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : draft.insuranceLookup === -1 ? 'Add lookup' : 'Save lookup'}
          </Button>
        </div>
      </form>

      {removing && (
        <DeleteConfirm
          tag="Lookup"
          name={describe(removing)}
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await insuranceApi.removeLookup(removing.insuranceLookup);
            reload();
          }}
        />
      )}
    </Dialog>
  );
}
