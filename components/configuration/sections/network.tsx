'use client';
/**
 * Test-drive recommendations and result types (per firm; the platform firm holds the network's),
 * translations, and report recommendations (docs/configuration.md#calls; docs/configuration.md#validation, #calls).
 */
import dynamic from 'next/dynamic';
import { FilterSelect, type DataColumn } from '@/components/data-table';
import type { MakeMatrixCategories } from '@/lib/contract/admin';
import type { Translation } from '@/lib/contract/language';
import type { Paged } from '@/lib/contract/list';
import type { TestdriveResultTypeRow } from '@/lib/contract/lookups';
import type { ReportRecommendation } from '@/lib/contract/report';
import type { TestDriveRecommendation } from '@/lib/contract/testdrive';
import { DRIVE_TYPES, TRANSLATION_LANGUAGES, TRANSLATION_TYPES, type TranslationType } from '@/lib/configuration/constants';
import type { ListStateOf } from '@/lib/list-state';
import type { FieldDef } from '../editor';
import { EditorDialog, call } from '../lazy';
import { Clip, OpenCell, dash, openColumn, years } from '../kit';
import type { SectionLists } from '../list-specs';
import { sectionQuery } from '../queries';
import { RecordSection } from '../record-section';

const ReportRecommendationEditor = dynamic(
  () => import('../editors/report-recommendation-editor').then((m) => m.ReportRecommendationEditor),
  { ssr: false },
);

type State<K extends keyof SectionLists> = ListStateOf<SectionLists[K]>;
const driveTypes = DRIVE_TYPES.map((d) => ({ value: d.id, label: d.name }));
const firmOptions = (c: MakeMatrixCategories) =>
  c.firms.map((f) => ({ value: f.firm, label: f.firm === 1 ? `${f.name} (network)` : f.name }));
const makeLabel = (make: string) => make || <span className="text-slate-600">Every make</span>;

// ── test-drive recommendations ──────────────────────────────────────────────────────────────────────
export function TestDrivesSection({
  spec,
  state,
  data,
  categories,
}: {
  spec: SectionLists['testdrives'];
  state: State<'testdrives'>;
  data: Paged<TestDriveRecommendation>;
  categories: MakeMatrixCategories;
}) {
  const fields: FieldDef[] = [
    { kind: 'text', key: 'recommendation', label: 'Recommendation', required: true, max: 200, wide: true },
    { kind: 'select', key: 'driveType', label: 'Drive type', required: true, options: driveTypes },
    { kind: 'text', key: 'vehicleMake', label: 'Make', max: 60, suggestions: categories.makes, hint: 'Leave empty for every make.' },
    { kind: 'textarea', key: 'recommendationText', label: 'What the technician should do', required: true, max: 4000 },
  ];
  const columns = (open: (r: TestDriveRecommendation) => void): DataColumn<TestDriveRecommendation>[] => [
    {
      id: 'recommendation',
      header: 'Recommendation',
      sortable: true,
      rowHeader: true,
      canHide: false,
      csv: (r) => r.recommendation,
      cell: (r) => <OpenCell label={r.recommendation} onOpen={() => open(r)} />,
    },
    { id: 'driveType', header: 'Drive type', sortable: true, csv: (r) => r.driveTypeName, cell: (r) => r.driveTypeName },
    { id: 'make', header: 'Make', sortable: true, csv: (r) => r.vehicleMake || 'Every make', cell: (r) => makeLabel(r.vehicleMake) },
    { id: 'text', header: 'Text', csv: (r) => r.recommendationText, cell: (r) => <Clip text={r.recommendationText} max={90} /> },
  ];
  const firmName = categories.firms.find((f) => f.firm === state.firm)?.name ?? `firm ${state.firm}`;
  return (
    <RecordSection
      title="Test-drive recommendations"
      noun="recommendations"
      tag="recommendation"
      spec={spec}
      state={state}
      data={data}
      query={sectionQuery.testdrives(state)}
      fetchPage={(q) => call('testDrives', q)}
      columns={columns}
      rowId={(r) => r.testDriveRecommendation}
      rowLabel={(r) => r.recommendation}
      search={{ label: 'Search recommendations', placeholder: 'Title, make or text' }}
      filters={(list) => (
        <FilterSelect
          label="Location"
          value={state.firm}
          options={firmOptions(categories)}
          onChange={(v) => list.go({ firm: Number(v) })}
        />
      )}
      filtered={state.searchTerm !== ''}
      addLabel="Add recommendation"
      editor={({ target, close, saved }) => {
        const r = target === 'new' ? null : target;
        return (
          <EditorDialog
            title={r ? `Recommendation: ${r.recommendation}` : `Adding recommendation for ${firmName}`}
            history={r && { kind: 'testdriveRecommendation', id: r.testDriveRecommendation, label: `recommendation ${r.recommendation}` }}
            fields={fields}
            initial={{
              recommendation: r?.recommendation ?? '',
              driveType: r ? String(r.driveType) : '',
              vehicleMake: r?.vehicleMake ?? '',
              recommendationText: r?.recommendationText ?? '',
            }}
            save={(d) =>
              call('saveTestDrive', {
                firm: r?.firm ?? state.firm,
                testDriveRecommendation: r?.testDriveRecommendation ?? -1,
                recommendation: String(d.recommendation),
                driveType: Number(d.driveType) as 1 | 2,
                vehicleMake: String(d.vehicleMake),
                recommendationText: String(d.recommendationText),
              })
            }
            onClose={close}
            onSaved={() => {
              saved('Recommendation saved.');
              close();
            }}
          />
        );
      }}
      remove={(r) => call('deleteTestDrive', r.testDriveRecommendation)}
    />
  );
}

// ── result types ────────────────────────────────────────────────────────────────────────────────────
export function ResultTypesSection({
  spec,
  state,
  data,
  categories,
}: {
  spec: SectionLists['results'];
  state: State<'results'>;
  data: Paged<TestdriveResultTypeRow>;
  categories: MakeMatrixCategories;
}) {
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
      filters={(list) => (
        <FilterSelect
          label="Location"
          value={state.firm}
          options={firmOptions(categories)}
          onChange={(v) => list.go({ firm: Number(v) })}
        />
      )}
      filtered={state.searchTerm !== ''}
      addLabel="Add result type"
      editor={({ target, close, saved }) => {
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
            onSaved={() => {
              saved('Result type saved.');
              close();
            }}
          />
        );
      }}
    />
  );
}

// ── translations ────────────────────────────────────────────────────────────────────────────────────
export function TranslationsSection({
  spec,
  state,
  data,
}: {
  spec: SectionLists['translations'];
  state: State<'translations'>;
  data: Paged<Translation>;
}) {
  const language = TRANSLATION_LANGUAGES.find((l) => l.code === state.languageCode)!.name;
  const fields: FieldDef[] = [
    {
      kind: 'select',
      key: 'translationType',
      label: 'Kind',
      required: true,
      placeholder: null,
      options: TRANSLATION_TYPES.map((t) => ({ value: t, label: t })),
    },
    {
      kind: 'select',
      key: 'languageCode',
      label: 'Language',
      required: true,
      placeholder: null,
      options: TRANSLATION_LANGUAGES.map((l) => ({ value: l.code, label: l.name })),
    },
    { kind: 'textarea', key: 'source', label: 'English', required: true, max: 1000 },
    { kind: 'textarea', key: 'text', label: 'Translation', required: true, max: 1000 },
  ];
  const columns = (open: (r: Translation) => void): DataColumn<Translation>[] => [
    {
      id: 'source',
      header: 'English',
      sortable: true,
      rowHeader: true,
      canHide: false,
      csv: (r) => r.source,
      cell: (r) => <OpenCell label={r.source} onOpen={() => open(r)} />,
    },
    { id: 'text', header: language, sortable: true, csv: (r) => r.text, cell: (r) => <span lang={r.languageCode}>{r.text}</span> },
  ];
  return (
    <RecordSection
      title="Translations"
      noun="translations"
      tag="translation"
      spec={spec}
      state={state}
      data={data}
      query={sectionQuery.translations(state)}
      fetchPage={(q) => call('translations', q)}
      columns={columns}
      rowId={(r) => r.translation}
      rowLabel={(r) => r.source}
      search={{ label: 'Search translations', placeholder: 'English or translated text' }}
      filters={(list) => (
        <>
          <FilterSelect
            label="Kind"
            value={state.translationType}
            options={TRANSLATION_TYPES.map((t) => ({ value: t, label: t }))}
            onChange={(v) => list.go({ translationType: v as TranslationType })}
          />
          <FilterSelect
            label="Language"
            value={state.languageCode}
            options={TRANSLATION_LANGUAGES.map((l) => ({ value: l.code, label: l.name }))}
            onChange={(v) => list.go({ languageCode: v as 'es' | 'fr' })}
          />
        </>
      )}
      filtered={state.searchTerm !== ''}
      addLabel="Add translation"
      editor={({ target, close, saved }) => {
        const r = target === 'new' ? null : target;
        return (
          <EditorDialog
            title={r ? 'Editing translation' : 'Adding translation'}
            history={r && { kind: 'translation', id: r.translation, label: `translation ${r.source}` }}
            fields={fields}
            initial={{
              translationType: r?.translationType ?? state.translationType,
              languageCode: r?.languageCode ?? state.languageCode,
              source: r?.source ?? '',
              text: r?.text ?? '',
            }}
            save={(d) => {
              const body = {
                translationType: d.translationType as TranslationType,
                languageCode: d.languageCode as 'es' | 'fr',
                source: String(d.source),
                text: String(d.text),
              };
              return r ? call('saveTranslation', { translation: r.translation, ...body }) : call('addTranslation', body);
            }}
            onClose={close}
            onSaved={() => {
              saved('Translation saved.');
              close();
            }}
          />
        );
      }}
      remove={(r) => call('deleteTranslation', r.translation)}
    />
  );
}

// ── report recommendations ──────────────────────────────────────────────────────────────────────────
export function ReportsSection({
  spec,
  state,
  data,
  categories,
}: {
  spec: SectionLists['reports'];
  state: State<'reports'>;
  data: Paged<ReportRecommendation>;
  categories: MakeMatrixCategories;
}) {
  const columns = (open: (r: ReportRecommendation) => void): DataColumn<ReportRecommendation>[] => [
    {
      id: 'title',
      header: 'Title',
      sortable: true,
      rowHeader: true,
      canHide: false,
      csv: (r) => r.title,
      cell: (r) => <OpenCell label={r.title} onOpen={() => open(r)} />,
    },
    {
      id: 'years',
      header: 'Years',
      sortable: true,
      className: 'whitespace-nowrap',
      csv: (r) => years(r.yearStart, r.yearEnd),
      cell: (r) => years(r.yearStart, r.yearEnd),
    },
    {
      id: 'systems',
      header: 'Systems',
      csv: (r) => r.systemNames.join(', ') || 'Every system',
      cell: (r) => (r.systemNames.length ? r.systemNames.join(', ') : <span className="text-slate-600">Every system</span>),
    },
    {
      id: 'makes',
      header: 'Makes',
      csv: (r) => r.makes.join(', ') || 'Every make',
      cell: (r) => (r.makes.length ? r.makes.join(', ') : <span className="text-slate-600">Every make</span>),
    },
    { id: 'content', header: 'Content', csv: (r) => r.content, cell: (r) => <Clip text={r.content} max={80} /> },
  ];
  return (
    <RecordSection
      title="Report recommendations"
      noun="report recommendations"
      tag="report recommendation"
      spec={spec}
      state={state}
      data={data}
      query={sectionQuery.reports(state)}
      fetchPage={(q) => call('reportRecommendations', q)}
      columns={columns}
      rowId={(r) => r.reportRecommendation}
      rowLabel={(r) => r.title}
      search={{ label: 'Search report recommendations', placeholder: 'Title, content or make' }}
      filtered={state.searchTerm !== ''}
      addLabel="Add report recommendation"
      editor={({ target, close, saved }) => (
        <ReportRecommendationEditor
          recommendation={target === 'new' ? null : target}
          categories={categories}
          onClose={close}
          onSaved={saved}
        />
      )}
      remove={(r) => call('removeReportRecommendation', r.reportRecommendation)}
    />
  );
}
