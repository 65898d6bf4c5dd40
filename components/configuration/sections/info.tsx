'use client';
/**
 * Info lookups (docs/configuration.md#calls): what the report and the technician are told about a make's
 * systems and years, with their own CSV download.
 */
import { Icon } from '@/components/ui/icon';
import { useCallback } from 'react';
import { FilterSelect, type DataColumn } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import type { InfoLookup } from '@/lib/contract/admin';
import { INFO_LOOKUP_TYPES } from '@/lib/configuration/constants';
import { joinKeywords, splitKeywords } from '@/lib/configuration/keywords';
import type { Draft, FieldDef } from '../editor';
import { EditorDialog, call } from '../lazy';
import { checkYearRange } from '../rules';
import { Clip, SectionMessage, YesNo, dash, openColumn, useCsvDownload, yesNo, yearsColumn } from '../kit';
import { sectionQuery } from '../queries';
import { RecordSection } from '../record-section';
import { MakeFilter, optionalNumber, systemOptions, type SectionProps } from '../section-setup';

export function InfoSection({ spec, state, data, categories }: SectionProps<'info', InfoLookup>) {
  const info = useCsvDownload(
    useCallback(() => call('infoExport', { source: state.source, vehicleMake: state.vehicleMake }), [state.source, state.vehicleMake]),
  );
  const fields: FieldDef[] = [
    { kind: 'text', key: 'vehicleMake', label: 'Make', required: true, max: 60, suggestions: categories.makes },
    { kind: 'select', key: 'adasChecklistMatrix', label: 'System', placeholder: 'Every system', options: systemOptions(categories) },
    { kind: 'year', key: 'yearStart', label: 'Year start', required: true },
    { kind: 'year', key: 'yearEnd', label: 'Year end', required: true },
    { kind: 'select', key: 'lookupType', label: 'Type', required: true, options: INFO_LOOKUP_TYPES.map((t) => ({ value: t, label: t })) },
    { kind: 'number', key: 'sort', label: 'Order' },
    { kind: 'textarea', key: 'description', label: 'Description', required: true, max: 2000 },
    { kind: 'url', key: 'url', label: 'URL', wide: true },
    { kind: 'text', key: 'source', label: 'Source', max: 200 },
    { kind: 'chips', key: 'keywords', label: 'Keywords', noun: 'keywords' },
    { kind: 'checkbox', key: 'isReportAdd', label: 'Add to the calibration report' },
    { kind: 'checkbox', key: 'isInactive', label: 'Inactive' },
  ];
  const columns = (open: (r: InfoLookup) => void): DataColumn<InfoLookup>[] => [
    openColumn('make', 'Make', (r) => r.vehicleMake, open),
    yearsColumn(),
    { id: 'type', header: 'Type', sortable: true, csv: (r) => r.lookupType, cell: (r) => r.lookupType },
    { id: 'description', header: 'Description', csv: (r) => r.description, cell: (r) => <Clip text={r.description} max={70} /> },
    {
      id: 'system',
      header: 'System',
      csv: (r) => r.matrixItem,
      cell: (r) => r.matrixItem || <span className="text-slate-600">Every system</span>,
    },
    { id: 'report', header: 'On report', csv: (r) => yesNo(r.isReportAdd), cell: (r) => <YesNo value={r.isReportAdd} /> },
    { id: 'source', header: 'Source', hidden: true, csv: (r) => r.source, cell: (r) => r.source || dash },
    { id: 'sort', header: 'Order', sortable: true, hidden: true, csv: (r) => r.sort, cell: (r) => r.sort },
  ];
  const initial = (r: InfoLookup | null): Draft => ({
    vehicleMake: r?.vehicleMake ?? state.vehicleMake,
    adasChecklistMatrix: r?.adasChecklistMatrix ? String(r.adasChecklistMatrix) : '',
    yearStart: r ? String(r.yearStart) : '',
    yearEnd: r ? String(r.yearEnd) : '',
    lookupType: r?.lookupType ?? state.lookupType,
    sort: String(r?.sort ?? 0),
    description: r?.description ?? '',
    url: r?.url ?? '',
    source: r?.source ?? '',
    keywords: splitKeywords(r?.keywords ?? ''),
    isReportAdd: r?.isReportAdd ?? false,
    isInactive: r?.isInactive ?? false,
  });
  return (
    <RecordSection
      title="Info lookups"
      noun="info lookups"
      tag="info lookup"
      spec={spec}
      state={state}
      data={data}
      query={sectionQuery.info(state)}
      fetchPage={(q) => call('infoLookups', q)}
      columns={columns}
      rowId={(r) => r.adasChecklistMatrixInfoLookup}
      rowLabel={(r) => `${r.vehicleMake} ${r.description}`}
      search={{ label: 'Search info lookups', placeholder: 'Make, description, keyword' }}
      filters={(list) => (
        <>
          <MakeFilter categories={categories} value={state.vehicleMake} go={(vehicleMake) => list.go({ vehicleMake })} />
          <FilterSelect
            label="Type"
            value={state.lookupType}
            options={[{ value: '', label: 'All types' }, ...INFO_LOOKUP_TYPES.map((t) => ({ value: t, label: t }))]}
            onChange={(v) => list.go({ lookupType: v as typeof state.lookupType })}
          />
        </>
      )}
      filtered={state.searchTerm !== '' || state.vehicleMake !== '' || state.lookupType !== '' || state.source !== ''}
      addLabel="Add info lookup"
      actions={
        <Button variant="secondary" onClick={info.start} disabled={info.busy}>
          <Icon name="download" className="size-4" />
          ADAS info CSV
        </Button>
      }
      editor={({ target, close, done }) => {
        const r = target === 'new' ? null : target;
        return (
          <EditorDialog
            title={r ? `Info lookup: ${r.vehicleMake}` : 'Adding info lookup'}
            history={r && { kind: 'infoLookup', id: r.adasChecklistMatrixInfoLookup, label: `info lookup ${r.vehicleMake}` }}
            fields={fields}
            initial={initial(r)}
            validate={checkYearRange}
            save={(d) =>
              call('saveInfoLookup', {
                adasChecklistMatrixInfoLookup: r?.adasChecklistMatrixInfoLookup ?? -1,
                adasChecklistMatrix: optionalNumber(d.adasChecklistMatrix),
                vehicleMake: String(d.vehicleMake),
                yearStart: Number(d.yearStart),
                yearEnd: Number(d.yearEnd),
                lookupType: d.lookupType as InfoLookup['lookupType'],
                sort: Number(d.sort || 0),
                description: String(d.description),
                url: String(d.url),
                source: String(d.source),
                keywords: joinKeywords(d.keywords as string[]),
                isReportAdd: d.isReportAdd === true,
                isInactive: d.isInactive === true,
              })
            }
            onClose={close}
            onSaved={() => done('Info lookup saved.')}
          />
        );
      }}
      remove={(r) => call('deleteInfoLookup', r.adasChecklistMatrixInfoLookup)}
    >
      <SectionMessage message={info.message} />
    </RecordSection>
  );
}
