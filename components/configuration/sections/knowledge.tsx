'use client';
/**
 * The knowledge base's smaller lists (docs/configuration.md#calls): make exceptions, exclusions, info lookups and
 * the no-scrub list, each a list with the one record editor.
 */
import { Icon } from '@/components/ui/icon';
import { useState } from 'react';
import { FilterSelect, type DataColumn } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import type { AdasExclusion, InfoLookup, MakeException, MakeMatrixCategories, NoScrubItem } from '@/lib/contract/admin';
import type { Paged } from '@/lib/contract/list';
import { INFO_LOOKUP_TYPES } from '@/lib/configuration/constants';
import { joinKeywords, splitKeywords } from '@/lib/configuration/keywords';
import type { ListStateOf } from '@/lib/list-state';
import type { Draft, FieldDef } from '../editor';
import { EditorDialog, call } from '../lazy';
import { checkYearRange } from '../rules';
import { Clip, YesNo, dash, downloadCsv, openColumn, systemColumn, yesNo, years } from '../kit';
import type { SectionLists } from '../list-specs';
import { sectionQuery } from '../queries';
import { RecordSection } from '../record-section';
import { useMakeKeywords } from '../use-keywords';

type State<K extends keyof SectionLists> = ListStateOf<SectionLists[K]>;
const num = (v: unknown) => (v === '' || v == null ? null : Number(v));
const systemOptions = (c: MakeMatrixCategories) => c.systems.map((s) => ({ value: s.adasChecklistMatrix, label: s.matrixItem }));
const makeOptions = (c: MakeMatrixCategories, all = 'All makes') => [
  { value: '', label: all },
  ...c.makes.map((m) => ({ value: m, label: m })),
];

// ── make exceptions ─────────────────────────────────────────────────────────────────────────────────
function ExceptionEditor({
  target,
  categories,
  close,
  saved,
}: {
  target: MakeException | 'new';
  categories: MakeMatrixCategories;
  close: () => void;
  saved: (m: string) => void;
}) {
  const r = target === 'new' ? null : target;
  const [make, setMake] = useState(r?.vehicleMake ?? '');
  const [system, setSystem] = useState<number | null>(r?.adasChecklistMatrix ?? null);
  const suggestions = useMakeKeywords(make, system);
  const fields: FieldDef[] = [
    { kind: 'text', key: 'vehicleMake', label: 'Make', required: true, max: 60, suggestions: categories.makes },
    { kind: 'select', key: 'adasChecklistMatrix', label: 'System', placeholder: 'Every system', options: systemOptions(categories) },
    {
      kind: 'chips',
      key: 'keywords',
      label: 'Keywords that do not trigger',
      noun: 'keywords',
      suggestions,
      hint: 'Choose from the keywords the make’s matrices use, or type new ones.',
    },
    { kind: 'textarea', key: 'reason', label: 'Reason', max: 500 },
    { kind: 'checkbox', key: 'isInactive', label: 'Inactive' },
  ];
  return (
    <EditorDialog
      title={r ? `Make exception: ${r.vehicleMake}` : 'Adding make exception'}
      history={r && { kind: 'makeException', id: r.adasMakeExclusion, label: `make exception ${r.vehicleMake}` }}
      fields={fields}
      initial={{
        vehicleMake: make,
        adasChecklistMatrix: r?.adasChecklistMatrix ? String(r.adasChecklistMatrix) : '',
        keywords: splitKeywords(r?.keywords ?? ''),
        reason: r?.reason ?? '',
        isInactive: r?.isInactive ?? false,
      }}
      validate={(d) => ((d.keywords as string[]).length ? {} : { keywords: 'At least one keyword' })}
      change={(d, key, value) => {
        if (key === 'vehicleMake') setMake(String(value));
        if (key === 'adasChecklistMatrix') setSystem(num(value));
        return { ...d, [key]: value };
      }}
      save={async (d) => {
        await call('saveMakeException', {
          adasMakeExclusion: r?.adasMakeExclusion ?? -1,
          vehicleMake: String(d.vehicleMake),
          adasChecklistMatrix: num(d.adasChecklistMatrix),
          keywords: joinKeywords(d.keywords as string[]),
          reason: String(d.reason),
          isInactive: d.isInactive === true,
        });
      }}
      onClose={close}
      onSaved={() => {
        saved(`Make exception for ${make} saved.`);
        close();
      }}
    />
  );
}

export function ExceptionsSection({
  spec,
  state,
  data,
  categories,
}: {
  spec: SectionLists['exceptions'];
  state: State<'exceptions'>;
  data: Paged<MakeException>;
  categories: MakeMatrixCategories;
}) {
  const columns = (open: (r: MakeException) => void): DataColumn<MakeException>[] => [
    openColumn('make', 'Make', (r) => r.vehicleMake, open),
    systemColumn(),
    { id: 'keywords', header: 'Keywords', csv: (r) => r.keywords, cell: (r) => <Clip text={r.keywords} /> },
    { id: 'reason', header: 'Reason', csv: (r) => r.reason, cell: (r) => <Clip text={r.reason} max={80} /> },
  ];
  return (
    <RecordSection
      title="Make exceptions"
      noun="make exceptions"
      tag="make exception"
      spec={spec}
      state={state}
      data={data}
      query={sectionQuery.exceptions(state)}
      fetchPage={(q) => call('makeExceptions', q)}
      columns={columns}
      rowId={(r) => r.adasMakeExclusion}
      rowLabel={(r) => `${r.vehicleMake} ${r.matrixItem || 'every system'}`}
      search={{ label: 'Search make exceptions', placeholder: 'Make, keyword or reason' }}
      filters={(list) => (
        <>
          <FilterSelect
            label="Make"
            value={state.vehicleMake}
            options={makeOptions(categories)}
            onChange={(v) => list.go({ vehicleMake: v })}
          />
          <FilterSelect
            label="System"
            value={state.id}
            options={[{ value: 0, label: 'All systems' }, ...systemOptions(categories)]}
            onChange={(v) => list.go({ id: Number(v) })}
          />
        </>
      )}
      filtered={state.searchTerm !== '' || state.vehicleMake !== '' || state.id !== 0}
      addLabel="Add make exception"
      editor={(slot) => <ExceptionEditor {...slot} categories={categories} />}
      remove={(r) => call('deleteMakeException', r.adasMakeExclusion)}
    />
  );
}

// ── exclusions ──────────────────────────────────────────────────────────────────────────────────────
export function ExclusionsSection({
  spec,
  state,
  data,
  categories,
}: {
  spec: SectionLists['exclusions'];
  state: State<'exclusions'>;
  data: Paged<AdasExclusion>;
  categories: MakeMatrixCategories;
}) {
  const fields: FieldDef[] = [
    {
      kind: 'text',
      key: 'keyword',
      label: 'Phrase',
      required: true,
      max: 60,
      hint: 'A repair line holding this phrase never triggers a calibration.',
    },
    { kind: 'select', key: 'adasChecklistMatrix', label: 'System', placeholder: 'Every system', options: systemOptions(categories) },
    { kind: 'textarea', key: 'reason', label: 'Reason', max: 500 },
    { kind: 'checkbox', key: 'isInactive', label: 'Inactive' },
  ];
  const columns = (open: (r: AdasExclusion) => void): DataColumn<AdasExclusion>[] => [
    openColumn('keyword', 'Phrase', (r) => r.keyword, open),
    systemColumn(),
    { id: 'reason', header: 'Reason', csv: (r) => r.reason, cell: (r) => <Clip text={r.reason} max={80} /> },
  ];
  return (
    <RecordSection
      title="Exclusions"
      noun="exclusions"
      tag="exclusion"
      spec={spec}
      state={state}
      data={data}
      query={sectionQuery.exclusions(state)}
      fetchPage={(q) => call('exclusions', q)}
      columns={columns}
      rowId={(r) => r.adasExclusion}
      rowLabel={(r) => r.keyword}
      search={{ label: 'Search exclusions', placeholder: 'Phrase or reason' }}
      filtered={state.searchTerm !== ''}
      addLabel="Add exclusion"
      editor={({ target, close, saved }) => {
        const r = target === 'new' ? null : target;
        return (
          <EditorDialog
            title={r ? `Exclusion: ${r.keyword}` : 'Adding exclusion'}
            history={r && { kind: 'exclusion', id: r.adasExclusion, label: `exclusion ${r.keyword}` }}
            fields={fields}
            initial={{
              keyword: r?.keyword ?? '',
              adasChecklistMatrix: r?.adasChecklistMatrix ? String(r.adasChecklistMatrix) : '',
              reason: r?.reason ?? '',
              isInactive: r?.isInactive ?? false,
            }}
            validate={(d) => (String(d.keyword).includes(',') ? { keyword: 'One phrase, without commas' } : {})}
            save={(d) =>
              call('saveExclusion', {
                adasExclusion: r?.adasExclusion ?? -1,
                keyword: String(d.keyword),
                adasChecklistMatrix: num(d.adasChecklistMatrix),
                reason: String(d.reason),
                isInactive: d.isInactive === true,
              })
            }
            onClose={close}
            onSaved={() => {
              saved('Exclusion saved.');
              close();
            }}
          />
        );
      }}
      remove={(r) => call('deleteExclusion', r.adasExclusion)}
    />
  );
}

// ── info lookups ────────────────────────────────────────────────────────────────────────────────────
export function InfoSection({
  spec,
  state,
  data,
  categories,
}: {
  spec: SectionLists['info'];
  state: State<'info'>;
  data: Paged<InfoLookup>;
  categories: MakeMatrixCategories;
}) {
  const [exportError, setExportError] = useState<string | null>(null);
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
    {
      id: 'years',
      header: 'Years',
      sortable: true,
      className: 'whitespace-nowrap',
      csv: (r) => years(r.yearStart, r.yearEnd),
      cell: (r) => years(r.yearStart, r.yearEnd),
    },
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
  const exportInfo = async () => {
    setExportError(null);
    try {
      downloadCsv(await call('infoExport', { source: state.source, vehicleMake: state.vehicleMake }));
    } catch (e) {
      setExportError(`The export failed: ${(e as Error).message}`);
    }
  };
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
          <FilterSelect
            label="Make"
            value={state.vehicleMake}
            options={makeOptions(categories)}
            onChange={(v) => list.go({ vehicleMake: v })}
          />
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
        <Button variant="secondary" onClick={exportInfo}>
          <Icon name="download" className="size-4" />
          ADAS info CSV
        </Button>
      }
      editor={({ target, close, saved }) => {
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
                adasChecklistMatrix: num(d.adasChecklistMatrix),
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
            onSaved={() => {
              saved('Info lookup saved.');
              close();
            }}
          />
        );
      }}
      remove={(r) => call('deleteInfoLookup', r.adasChecklistMatrixInfoLookup)}
    >
      {exportError && (
        <p role="alert" className="text-sm text-red-700">
          {exportError}
        </p>
      )}
    </RecordSection>
  );
}

// ── no-scrub list ───────────────────────────────────────────────────────────────────────────────────
export function NoScrubSection({
  spec,
  state,
  data,
  categories,
}: {
  spec: SectionLists['noscrub'];
  state: State<'noscrub'>;
  data: Paged<NoScrubItem>;
  categories: MakeMatrixCategories;
}) {
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
    {
      id: 'years',
      header: 'Years',
      sortable: true,
      className: 'whitespace-nowrap',
      csv: (r) => years(r.yearStart, r.yearEnd),
      cell: (r) => years(r.yearStart, r.yearEnd),
    },
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
      editor={({ target, close, saved }) => {
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
            onSaved={() => {
              saved('No-scrub item saved.');
              close();
            }}
          />
        );
      }}
      remove={(r) => call('deleteNoScrub', r.adasNoScrubList)}
    />
  );
}
