'use client';
/** Exclusions (docs/configuration.md#calls): phrases whose repair line never triggers a calibration. */
import { type DataColumn } from '@/components/data-table';
import type { AdasExclusion } from '@/lib/contract/admin';
import type { FieldDef } from '../editor';
import { EditorDialog, call } from '../lazy';
import { Clip, openColumn, systemColumn } from '../kit';
import { sectionQuery } from '../queries';
import { RecordSection } from '../record-section';
import { optionalNumber, systemOptions, type SectionProps } from '../section-setup';

export function ExclusionsSection({ spec, state, data, categories }: SectionProps<'exclusions', AdasExclusion>) {
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
      editor={({ target, close, done }) => {
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
                adasChecklistMatrix: optionalNumber(d.adasChecklistMatrix),
                reason: String(d.reason),
                isInactive: d.isInactive === true,
              })
            }
            onClose={close}
            onSaved={() => done('Exclusion saved.')}
          />
        );
      }}
      remove={(r) => call('deleteExclusion', r.adasExclusion)}
    />
  );
}
