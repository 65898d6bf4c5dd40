'use client';
/**
 * Make exceptions (docs/configuration.md#calls): keywords that do not trigger a calibration for a make (and
 * a system), with the keywords the make's matrices use offered as suggestions.
 */
import { useState } from 'react';
import type { DataColumn } from '@/components/data-table';
import type { MakeException, MakeMatrixCategories } from '@/lib/contract/admin';
import { joinKeywords, splitKeywords } from '@/lib/configuration/keywords';
import type { FieldDef } from '../editor';
import { EditorDialog, call } from '../lazy';
import { Clip, openColumn, systemColumn } from '../kit';
import { sectionQuery } from '../queries';
import { RecordSection, type EditorSlot } from '../record-section';
import { useMakeKeywords } from '../use-keywords';
import { MakeFilter, SystemFilter, optionalNumber, systemOptions, type SectionProps } from '../section-setup';

function ExceptionEditor({ target, categories, close, done }: EditorSlot<MakeException> & { categories: MakeMatrixCategories }) {
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
        if (key === 'adasChecklistMatrix') setSystem(optionalNumber(value));
        return { ...d, [key]: value };
      }}
      save={async (d) => {
        await call('saveMakeException', {
          adasMakeExclusion: r?.adasMakeExclusion ?? -1,
          vehicleMake: String(d.vehicleMake),
          adasChecklistMatrix: optionalNumber(d.adasChecklistMatrix),
          keywords: joinKeywords(d.keywords as string[]),
          reason: String(d.reason),
          isInactive: d.isInactive === true,
        });
      }}
      onClose={close}
      onSaved={() => done(`Make exception for ${make} saved.`)}
    />
  );
}

export function ExceptionsSection({ spec, state, data, categories }: SectionProps<'exceptions', MakeException>) {
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
          <MakeFilter categories={categories} value={state.vehicleMake} go={(vehicleMake) => list.go({ vehicleMake })} />
          <SystemFilter categories={categories} value={state.id} go={(id) => list.go({ id })} />
        </>
      )}
      filtered={state.searchTerm !== '' || state.vehicleMake !== '' || state.id !== 0}
      addLabel="Add make exception"
      editor={(slot) => <ExceptionEditor {...slot} categories={categories} />}
      remove={(r) => call('deleteMakeException', r.adasMakeExclusion)}
    />
  );
}
