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
import { CALIBRATION_MODES, CALIBRATION_MODE_LABELS, type CalibrationMode } from '@/lib/configuration/constants';
import type { FieldDef } from '../editor';
import { EditorDialog, call } from '../lazy';
import { OpenCell, SectionMessage, Tag, money, useCsvDownload } from '../kit';
import { sectionQuery } from '../queries';
import { RecordSection } from '../record-section';
import { type SectionProps } from '../section-setup';

const exportPricing = () => call('exportPricing');
const PricingImport = dynamic(() => import('../editors/pricing-import').then((m) => m.PricingImport), { ssr: false });

export function PricingSection({ spec, state, data, categories }: SectionProps<'pricing', CalibrationTypeRow>) {
  const [importOpen, setImportOpen] = useState(false);
  const prices = useCsvDownload(exportPricing);
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
          <Button variant="secondary" onClick={() => setImportOpen(true)}>
            <Icon name="upload" className="size-4" />
            Import prices
          </Button>
          <Button variant="secondary" onClick={prices.start} disabled={prices.busy}>
            <Icon name="download" className="size-4" />
            Price list CSV
          </Button>
        </>
      }
      editor={({ target, close, done }) => {
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
            onSaved={() => done('Calibration saved.')}
          />
        );
      }}
      remove={(r) => call('removeCalibration', r.systemType, r.calibrationType)}
    >
      <SectionMessage message={prices.message} />
      {importOpen && (
        <PricingImport
          onClose={() => setImportOpen(false)}
          onApplied={(n) => prices.say(`${n} price${n === 1 ? '' : 's'} imported.`, 'success')}
        />
      )}
    </RecordSection>
  );
}
