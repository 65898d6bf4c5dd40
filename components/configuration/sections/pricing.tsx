'use client';
/**
 * Calibration pricing (docs/configuration.md#calls): each calibration type of a system type with its mode and the
 * network-default price firms pay unless they have their own; import (with a preview) and export as CSV.
 */
import dynamic from 'next/dynamic';
import { Icon } from '@/components/ui/icon';
import { useState } from 'react';
import { FilterSelect, type DataColumn } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import type { CalibrationTypeRow } from '@/lib/contract/adasmatrix';
import type { MakeMatrixCategories } from '@/lib/contract/admin';
import type { Paged } from '@/lib/contract/list';
import { CALIBRATION_MODES, CALIBRATION_MODE_LABELS, type CalibrationMode } from '@/lib/configuration/constants';
import type { ListStateOf } from '@/lib/list-state';
import type { FieldDef } from '../editor';
import { EditorDialog, call } from '../lazy';
import { OpenCell, Tag, downloadCsv, money } from '../kit';
import type { SectionLists } from '../list-specs';
import { sectionQuery } from '../queries';
import { RecordSection } from '../record-section';

const PricingImport = dynamic(() => import('../editors/pricing-import').then((m) => m.PricingImport), { ssr: false });
type Spec = SectionLists['pricing'];

export function PricingSection({
  spec,
  state,
  data,
  categories,
}: {
  spec: Spec;
  state: ListStateOf<Spec>;
  data: Paged<CalibrationTypeRow>;
  categories: MakeMatrixCategories;
}) {
  const [importing, setImporting] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const types = categories.systemTypes.map((t) => ({ value: t.id, label: t.name }));
  const fields: FieldDef[] = [
    { kind: 'select', key: 'systemType', label: 'System type', required: true, options: types },
    { kind: 'text', key: 'name', label: 'Calibration', required: true, max: 100 },
    {
      kind: 'select',
      key: 'mode',
      label: 'Mode',
      required: true,
      options: CALIBRATION_MODES.map((m) => ({ value: m, label: CALIBRATION_MODE_LABELS[m] })),
    },
    { kind: 'money', key: 'price', label: 'Network price (USD)', hint: 'Leave empty when the calibration is not priced.' },
  ];
  const columns = (open: (r: CalibrationTypeRow) => void): DataColumn<CalibrationTypeRow>[] => [
    {
      id: 'name',
      header: 'Calibration',
      sortable: true,
      rowHeader: true,
      canHide: false,
      csv: (r) => r.name,
      cell: (r) => <OpenCell label={r.name} onOpen={() => open(r)} />,
    },
    { id: 'system', header: 'System type', sortable: true, csv: (r) => r.systemTypeName, cell: (r) => r.systemTypeName },
    {
      id: 'mode',
      header: 'Mode',
      csv: (r) => CALIBRATION_MODE_LABELS[r.mode],
      cell: (r) => <Tag tone={r.mode === 'static' ? 'amber' : 'brand'}>{CALIBRATION_MODE_LABELS[r.mode]}</Tag>,
    },
    {
      id: 'price',
      header: 'Network price',
      sortable: true,
      className: 'text-right tabular-nums whitespace-nowrap',
      csv: (r) => (r.price == null ? '' : r.price.toFixed(2)),
      cell: (r) => (r.price == null ? <span className="text-slate-600">Not priced</span> : money(r.price)),
    },
    { id: 'used', header: 'Make matrices', className: 'text-right tabular-nums', csv: (r) => r.makeMatrices, cell: (r) => r.makeMatrices },
  ];
  const exportPrices = async () => {
    setMessage(null);
    try {
      downloadCsv(await call('exportPricing'));
    } catch (e) {
      setMessage({ kind: 'error', text: `The export failed: ${(e as Error).message}` });
    }
  };

  return (
    <RecordSection
      title="Calibration pricing"
      noun="calibrations"
      tag="calibration"
      spec={spec}
      state={state}
      data={data}
      query={sectionQuery.pricing(state)}
      fetchPage={(q) => call('calibrations', q)}
      columns={columns}
      rowId={(r) => r.calibrationType}
      rowLabel={(r) => r.name}
      search={{ label: 'Search calibrations', placeholder: 'Calibration or system type' }}
      filters={(list) => (
        <FilterSelect
          label="System type"
          value={state.systemType}
          options={[{ value: 0, label: 'All system types' }, ...types]}
          onChange={(v) => list.go({ systemType: Number(v) })}
        />
      )}
      filtered={state.searchTerm !== '' || state.systemType !== 0}
      addLabel="Add calibration"
      actions={
        <>
          <Button variant="secondary" onClick={() => setImporting(true)}>
            <Icon name="upload" className="size-4" />
            Import prices
          </Button>
          <Button variant="secondary" onClick={exportPrices}>
            <Icon name="download" className="size-4" />
            Price list CSV
          </Button>
        </>
      }
      editor={({ target, close, saved }) => {
        const r = target === 'new' ? null : target;
        return (
          <EditorDialog
            title={r ? `Calibration: ${r.name}` : 'Adding calibration'}
            history={r && { kind: 'calibrationType', id: r.calibrationType, label: `calibration ${r.name}` }}
            fields={fields}
            initial={{
              systemType: r ? String(r.systemType) : state.systemType ? String(state.systemType) : '',
              name: r?.name ?? '',
              mode: r?.mode ?? '',
              price: r?.price == null ? '' : r.price.toFixed(2),
            }}
            save={(d) =>
              call('savePricing', {
                calibrationType: r?.calibrationType ?? -1,
                systemType: Number(d.systemType),
                name: String(d.name),
                mode: d.mode as CalibrationMode,
                price: String(d.price).trim() === '' ? null : String(d.price),
              })
            }
            onClose={close}
            onSaved={() => {
              saved('Calibration saved.');
              close();
            }}
          />
        );
      }}
      remove={(r) => call('removeCalibration', r.systemType, r.calibrationType)}
    >
      {message && (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={`text-sm ${message.kind === 'error' ? 'text-red-700' : 'text-green-800'}`}
        >
          {message.text}
        </p>
      )}
      {importing && (
        <PricingImport
          onClose={() => setImporting(false)}
          onApplied={(n) => {
            setMessage({ kind: 'success', text: `${n} price${n === 1 ? '' : 's'} imported.` });
          }}
        />
      )}
    </RecordSection>
  );
}
