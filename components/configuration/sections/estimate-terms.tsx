'use client';
/**
 * Estimate terms (docs/configuration.md#screens; lib/contract/estimateterms.ts): the abbreviations, other names
 * and operation codes a location's estimates use that the scrub's built-in vocabulary does not know, per
 * location (its terms apply to it and the locations below it). The built-in vocabulary is listed read-only
 * beside them, and "Try a line" shows how the scrub reads a line with the location's terms.
 */
import { useId, useState } from 'react';
import { FilterSelect, type DataColumn } from '@/components/data-table';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useForm } from '@/components/ui/use-form';
import { TextField } from '@/components/ui/field';
import type { EstimateTerm, LineReadingOut } from '@/lib/contract/estimateterms';
import { ESTIMATE_TERM_KINDS, MEANING_MAX, WRITTEN_MAX } from '@/lib/contract/estimateterms-constants';
import { OPERATIONS, OPERATION_NAMES } from '@/lib/calibrations/operations';
import type { FieldDef } from '../editor';
import { EditorDialog, call } from '../lazy';
import { OpenCell, Tag, dash } from '../kit';
import { sectionQuery } from '../queries';
import { RecordSection } from '../record-section';
import { LocationFilter, firmName, type SectionProps } from '../section-setup';

const KIND_NAMES = { term: 'Term', operation: 'Operation code' } as const;
const meaningOf = (r: Pick<EstimateTerm, 'kind' | 'meaning'>) =>
  r.kind === 'operation' && r.meaning in OPERATION_NAMES ? OPERATION_NAMES[r.meaning as keyof typeof OPERATION_NAMES] : r.meaning;

function TryALine({ firm, locationName }: { firm: number; locationName: string }) {
  const id = useId();
  const [answer, setAnswer] = useState<LineReadingOut | null>(null);
  const form = useForm({
    initial: { operation: '', description: '', section: '' },
    save: async (line) => {
      try {
        setAnswer(await call('readEstimateLine', { firm, ...line }));
      } catch (x) {
        setAnswer(null);
        throw x;
      }
    },
  });
  const { draft: line, set } = form;
  return (
    <form
      aria-labelledby={`${id}-h`}
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={form.submit}
    >
      <h3 id={`${id}-h`} className="text-base font-semibold text-slate-900">
        Try a line
      </h3>
      <p className="text-sm text-slate-700">How the scrub reads an estimate line of {locationName}, with its terms.</p>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-[8rem_1fr_12rem]">
        <TextField
          label="Operation"
          maxLength={30}
          value={line.operation}
          error={form.errors.operation}
          onChange={(e) => set('operation', e.target.value)}
        />
        <TextField
          label="Description"
          required
          maxLength={300}
          value={line.description}
          error={form.errors.description}
          onChange={(e) => set('description', e.target.value)}
        />
        <TextField
          label="Section"
          maxLength={100}
          value={line.section}
          error={form.errors.section}
          onChange={(e) => set('section', e.target.value)}
        />
      </div>
      <div>
        <Button type="submit" variant="secondary" disabled={form.busy || !line.description.trim()}>
          Read the line
        </Button>
      </div>
      <div aria-live="polite">
        {form.message && <Alert kind={form.message.kind}>{form.message.text}</Alert>}
        {answer && (
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]" data-testid="line-reading">
            <dt className="font-medium text-slate-700">Operation</dt>
            <dd>{answer.operationRead ? OPERATION_NAMES[answer.operationRead] : 'none read'}</dd>
            <dt className="font-medium text-slate-700">Parts named</dt>
            <dd>{answer.unread ?? (answer.read.join(' · ') || dash)}</dd>
            <dt className="font-medium text-slate-700">Section</dt>
            <dd>{answer.section.join(' · ') || dash}</dd>
            {answer.notes.length > 0 && (
              <>
                <dt className="font-medium text-slate-700">Notes</dt>
                <dd>
                  <ul>
                    {answer.notes.map((n) => (
                      <li key={n}>{n}</li>
                    ))}
                  </ul>
                </dd>
              </>
            )}
          </dl>
        )}
      </div>
    </form>
  );
}

export function EstimateTermsSection({ spec, state, data, categories }: SectionProps<'terms', EstimateTerm>) {
  const own = state.source === 'firm';
  const locationName = firmName(categories, state.firm);
  const fields: FieldDef[] = [
    {
      kind: 'text',
      key: 'written',
      label: 'Written',
      required: true,
      max: WRITTEN_MAX,
      hint: 'As the estimates write it, e.g. FBC or RMV/INST (case does not matter).',
    },
    {
      kind: 'select',
      key: 'kind',
      label: 'Kind',
      required: true,
      placeholder: null,
      options: ESTIMATE_TERM_KINDS.map((k) => ({ value: k, label: KIND_NAMES[k] })),
    },
    {
      kind: 'text',
      key: 'meaning',
      label: 'Meaning',
      required: true,
      max: MEANING_MAX,
      wide: true,
      hint: `A term: the words it means, e.g. front bumper cover. An operation code: one of ${OPERATIONS.join(', ')}.`,
    },
    { kind: 'checkbox', key: 'isInactive', label: 'Inactive' },
  ];
  const columns = (open: (r: EstimateTerm) => void): DataColumn<EstimateTerm>[] => [
    {
      id: 'written',
      header: 'Written',
      sortable: true,
      rowHeader: true,
      canHide: false,
      csv: (r) => r.written,
      cell: (r) =>
        r.builtIn ? (
          <span className="font-medium">{r.written}</span>
        ) : (
          <OpenCell label={r.written} onOpen={() => open(r)}>
            {r.isInactive && <Tag tone="red">Inactive</Tag>}
          </OpenCell>
        ),
    },
    { id: 'meaning', header: 'Meaning', sortable: true, csv: (r) => meaningOf(r), cell: (r) => meaningOf(r) },
    { id: 'kind', header: 'Kind', sortable: true, csv: (r) => KIND_NAMES[r.kind], cell: (r) => KIND_NAMES[r.kind] },
    { id: 'updated', header: 'Updated by', sortable: own, hidden: !own, csv: (r) => r.updatedByName, cell: (r) => r.updatedByName || dash },
  ];
  return (
    <RecordSection
      title="Estimate terms"
      noun="terms"
      tag="term"
      spec={spec}
      state={state}
      data={data}
      query={sectionQuery.terms(state)}
      fetchPage={(q) => call('estimateTerms', q)}
      columns={columns}
      rowId={(r) => r.estimateTerm}
      rowLabel={(r) => r.written}
      search={{ label: 'Search terms', placeholder: 'Written or meaning' }}
      filters={(list) => (
        <>
          <LocationFilter categories={categories} firm={state.firm} go={(firm) => list.go({ firm })} />
          <FilterSelect
            label="Terms"
            value={state.source}
            options={[
              { value: 'firm', label: 'This location’s' },
              { value: 'built-in', label: 'Built in' },
            ]}
            onChange={(v) => list.go({ source: v as typeof state.source })}
          />
          <FilterSelect
            label="Kind"
            value={state.kind}
            options={[{ value: '', label: 'Every kind' }, ...ESTIMATE_TERM_KINDS.map((k) => ({ value: k, label: KIND_NAMES[k] }))]}
            onChange={(v) => list.go({ kind: v as typeof state.kind })}
          />
        </>
      )}
      filtered={state.searchTerm !== '' || state.kind !== ''}
      addLabel={own ? 'Add term' : undefined}
      editor={({ target, close, done }) => {
        const r = target === 'new' ? null : target;
        return (
          <EditorDialog
            title={r ? `Term: ${r.written}` : `Adding a term for ${locationName}`}
            history={r && r.estimateTerm > 0 ? { kind: 'estimateTerm', id: r.estimateTerm, label: `term ${r.written}` } : null}
            fields={fields}
            initial={{ written: r?.written ?? '', kind: r?.kind ?? 'term', meaning: r?.meaning ?? '', isInactive: r?.isInactive ?? false }}
            validate={(d) =>
              d.kind === 'operation' && !(OPERATIONS as readonly string[]).includes(String(d.meaning).trim())
                ? { meaning: `One of ${OPERATIONS.join(', ')}` }
                : {}
            }
            save={(d) =>
              call('saveEstimateTerm', {
                estimateTerm: r?.estimateTerm ?? -1,
                firm: r?.firm ?? state.firm,
                written: String(d.written),
                kind: d.kind as EstimateTerm['kind'],
                meaning: String(d.meaning).trim(),
                isInactive: d.isInactive === true,
              })
            }
            onClose={close}
            onSaved={() => done(r ? `Term “${r.written}” saved.` : 'Term added.')}
          />
        );
      }}
      remove={own ? (r) => call('deleteEstimateTerm', r.estimateTerm) : undefined}
    >
      <p className="text-sm text-slate-700">
        {own
          ? `Words the estimates of ${locationName} (and the locations below it) use that the scrub does not know. A term here wins over a built-in one. Rescrub an inspection to apply a change: the scrub says what changed.`
          : 'The scrub’s own vocabulary: read-only. Add a term at a location to read a word differently there.'}
      </p>
      <TryALine firm={state.firm} locationName={locationName} />
    </RecordSection>
  );
}
