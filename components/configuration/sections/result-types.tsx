'use client';
/** Test-drive result types per location; the platform location holds the network's (docs/configuration.md#calls). */
import { type DataColumn } from '@/components/data-table';
import type { TestdriveResultTypeRow } from '@/lib/contract/lookups';
import { DRIVE_TYPES } from '@/lib/configuration/constants';
import type { FieldDef } from '../editor';
import { EditorDialog, call } from '../lazy';
import { dash, openColumn } from '../kit';
import { sectionQuery } from '../queries';
import { RecordSection } from '../record-section';
import { LocationFilter, type SectionProps } from '../section-setup';

const driveTypes = DRIVE_TYPES.map((d) => ({ value: d.id, label: d.name }));
const makeLabel = (make: string) => make || <span className="text-slate-600">Every make</span>;

export function ResultTypesSection({ spec, state, data, categories }: SectionProps<'results', TestdriveResultTypeRow>) {
  const fields: FieldDef[] = [
    { kind: 'text', key: 'testdriveResultTypeName', label: 'Result', required: true, max: 100 },
    { kind: 'text', key: 'testdriveResultCode', label: 'Code', required: true, max: 20 },
    { kind: 'select', key: 'driveType', label: 'Drive type', required: true, options: driveTypes },
    { kind: 'number', key: 'sort', label: 'Order' },
    { kind: 'text', key: 'vehicleMake', label: 'Make', max: 60, suggestions: categories.makes, hint: 'Leave empty for every make.' },
    { kind: 'year', key: 'year', label: 'Model year', hint: 'Leave empty for every year.' },
    { kind: 'checkbox', key: 'isInactive', label: 'Inactive' },
  ];
  const columns = (open: (r: TestdriveResultTypeRow) => void): DataColumn<TestdriveResultTypeRow>[] => [
    { id: 'sort', header: 'Order', sortable: true, className: 'w-16 tabular-nums', csv: (r) => r.sort, cell: (r) => r.sort },
    openColumn('name', 'Result', (r) => r.testdriveResultTypeName, open),
    {
      id: 'code',
      header: 'Code',
      sortable: true,
      csv: (r) => r.testdriveResultCode,
      cell: (r) => <code className="text-xs">{r.testdriveResultCode}</code>,
    },
    { id: 'driveType', header: 'Drive type', csv: (r) => r.driveTypeName, cell: (r) => r.driveTypeName },
    { id: 'make', header: 'Make', csv: (r) => r.vehicleMake || 'Every make', cell: (r) => makeLabel(r.vehicleMake) },
    { id: 'year', header: 'Year', csv: (r) => r.year ?? '', cell: (r) => r.year ?? dash },
  ];
  return (
    <RecordSection
      title="Test-drive result types"
      noun="result types"
      tag="result type"
      spec={spec}
      state={state}
      data={data}
      query={sectionQuery.results(state)}
      fetchPage={(q) => call('resultTypes', q)}
      columns={columns}
      rowId={(r) => r.testdriveResultType}
      rowLabel={(r) => r.testdriveResultTypeName}
      search={{ label: 'Search result types', placeholder: 'Result, code or make' }}
      filters={(list) => <LocationFilter categories={categories} firm={state.firm} go={(firm) => list.go({ firm })} />}
      filtered={state.searchTerm !== ''}
      addLabel="Add result type"
      editor={({ target, close, done }) => {
        const r = target === 'new' ? null : target;
        return (
          <EditorDialog
            title={r ? `Result type: ${r.testdriveResultTypeName}` : 'Adding result type'}
            history={r && { kind: 'testdriveResultType', id: r.testdriveResultType, label: `result type ${r.testdriveResultTypeName}` }}
            fields={fields}
            initial={{
              testdriveResultTypeName: r?.testdriveResultTypeName ?? '',
              testdriveResultCode: r?.testdriveResultCode ?? '',
              driveType: r ? String(r.driveType) : '',
              sort: String(r?.sort ?? 0),
              vehicleMake: r?.vehicleMake ?? '',
              year: r?.year == null ? '' : String(r.year),
              isInactive: r?.isInactive ?? false,
            }}
            save={(d) =>
              call('saveResultType', {
                testdriveResultType: r?.testdriveResultType ?? -1,
                // A new result type belongs to the location chosen above (firm 1, the network, by default).
                firm: r?.firm ?? state.firm,
                testdriveResultTypeName: String(d.testdriveResultTypeName),
                testdriveResultCode: String(d.testdriveResultCode),
                driveType: Number(d.driveType) as 1 | 2,
                sort: Number(d.sort || 0),
                vehicleMake: String(d.vehicleMake),
                year: d.year === '' ? null : Number(d.year),
                isInactive: d.isInactive === true,
              })
            }
            onClose={close}
            onSaved={() => done('Result type saved.')}
          />
        );
      }}
    />
  );
}
