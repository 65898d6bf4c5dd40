'use client';
/** The no-scrub list (docs/configuration.md#calls): makes, models and years the scrub leaves alone. */
import { type DataColumn } from '@/components/data-table';
import type { NoScrubItem } from '@/lib/contract/admin';
import type { FieldDef } from '../editor';
import { EditorDialog, call } from '../lazy';
import { checkYearRange } from '../rules';
import { Clip, openColumn, years, yearsColumn } from '../kit';
import { sectionQuery } from '../queries';
import { RecordSection } from '../record-section';
import { type SectionProps } from '../section-setup';

export function NoScrubSection({ spec, state, data, categories }: SectionProps<'noscrub', NoScrubItem>) {
  const fields: FieldDef[] = [
    { kind: 'text', key: 'vehicleMake', label: 'Make', required: true, max: 60, suggestions: categories.makes },
    { kind: 'text', key: 'vehicleModel', label: 'Model', max: 80, hint: 'Leave empty for every model of the make.' },
    { kind: 'year', key: 'yearStart', label: 'Year start', required: true },
    { kind: 'year', key: 'yearEnd', label: 'Year end', required: true },
    { kind: 'textarea', key: 'reason', label: 'Reason', required: true, max: 500 },
    { kind: 'checkbox', key: 'isInactive', label: 'Inactive' },
  ];
  const columns = (open: (r: NoScrubItem) => void): DataColumn<NoScrubItem>[] => [
    openColumn('make', 'Make', (r) => r.vehicleMake, open),
    {
      id: 'model',
      header: 'Model',
      csv: (r) => r.vehicleModel || 'All models',
      cell: (r) => r.vehicleModel || <span className="text-slate-600">All models</span>,
    },
    yearsColumn(),
    { id: 'reason', header: 'Reason', csv: (r) => r.reason, cell: (r) => <Clip text={r.reason} max={90} /> },
  ];
  return (
    <RecordSection
      title="No-scrub list"
      noun="no-scrub items"
      tag="no-scrub item"
      spec={spec}
      state={state}
      data={data}
      query={sectionQuery.noscrub(state)}
      fetchPage={(q) => call('noScrub', q)}
      columns={columns}
      rowId={(r) => r.adasNoScrubList}
      rowLabel={(r) => `${r.vehicleMake} ${r.vehicleModel} ${years(r.yearStart, r.yearEnd)}`}
      search={{ label: 'Search the no-scrub list', placeholder: 'Make, model or reason' }}
      filtered={state.searchTerm !== ''}
      addLabel="Add no-scrub item"
      editor={({ target, close, done }) => {
        const r = target === 'new' ? null : target;
        return (
          <EditorDialog
            title={r ? `No-scrub item: ${r.vehicleMake} ${r.vehicleModel}`.trim() : 'Adding no-scrub item'}
            history={r && { kind: 'noScrub', id: r.adasNoScrubList, label: `no-scrub item ${r.vehicleMake} ${r.vehicleModel}`.trim() }}
            fields={fields}
            initial={{
              vehicleMake: r?.vehicleMake ?? '',
              vehicleModel: r?.vehicleModel ?? '',
              yearStart: r ? String(r.yearStart) : '',
              yearEnd: r ? String(r.yearEnd) : '',
              reason: r?.reason ?? '',
              isInactive: r?.isInactive ?? false,
            }}
            validate={checkYearRange}
            save={(d) =>
              call('saveNoScrub', {
                adasNoScrubList: r?.adasNoScrubList ?? -1,
                vehicleMake: String(d.vehicleMake),
                vehicleModel: String(d.vehicleModel),
                yearStart: Number(d.yearStart),
                yearEnd: Number(d.yearEnd),
                reason: String(d.reason),
                isInactive: d.isInactive === true,
              })
            }
            onClose={close}
            onSaved={() => done('No-scrub item saved.')}
          />
        );
      }}
      remove={(r) => call('deleteNoScrub', r.adasNoScrubList)}
    />
  );
}
