'use client';
/** Translations of the report's words (docs/configuration.md#validation, #calls). */
import { FilterSelect, type DataColumn } from '@/components/data-table';
import type { Translation } from '@/lib/contract/language';
import { TRANSLATION_LANGUAGES, TRANSLATION_TYPES, type TranslationType } from '@/lib/configuration/constants';
import type { FieldDef } from '../editor';
import { EditorDialog, call } from '../lazy';
import { OpenCell } from '../kit';
import { sectionQuery } from '../queries';
import { RecordSection } from '../record-section';
import { type SectionProps } from '../section-setup';

export function TranslationsSection({ spec, state, data }: Omit<SectionProps<'translations', Translation>, 'categories'>) {
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
      editor={({ target, close, done }) => {
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
            onSaved={() => done('Translation saved.')}
          />
        );
      }}
      remove={(r) => call('deleteTranslation', r.translation)}
    />
  );
}
