/**
 * An estimate's lines as the scrub reads them (docs/scrub.md#entering-an-estimate, #every-line-explained): each
 * with its operation as written and as read, its section, its description and the parts read from it, with what
 * the normaliser noted (a misspelling read as a word, an operation it does not know) and the lines it could not
 * read. Used by the job page and the preview of pasted lines. `notEquipped` adds the job's "Not equipped"
 * checkbox to each line.
 */
import type { EstimateLine } from '@/lib/contract/calibrations';
import { OPERATION_NAMES } from '@/lib/calibrations/operations';
import { CheckboxField } from '@/components/ui/field';
import { SimpleTable } from '@/components/ui/simple-table';
import type { Column } from '@/components/ui/table';

export const operationLabel = (l: Pick<EstimateLine, 'operation' | 'operationRead'>) =>
  l.operationRead
    ? l.operation
      ? `${l.operation} (${OPERATION_NAMES[l.operationRead]})`
      : OPERATION_NAMES[l.operationRead]
    : l.operation || '—';

/** The columns every table of estimate lines starts with: line, operation as written and read, section. */
export const lineColumns = <L extends Pick<EstimateLine, 'lineNum' | 'operation' | 'operationRead' | 'section'>>(): Column<L>[] => [
  { id: 'line', header: 'Line', className: 'tabular-nums', cell: (l) => l.lineNum },
  { id: 'operation', header: 'Operation', cell: operationLabel },
  { id: 'section', header: 'Section', cell: (l) => l.section || '—' },
];

export function ReadAs({ line }: { line: Pick<EstimateLine, 'read' | 'notes' | 'unread'> }) {
  return (
    <div className="flex flex-col gap-0.5">
      {line.unread ? (
        <span className="font-medium text-red-800">Not read: {line.unread}</span>
      ) : (
        <span className="text-slate-800">{line.read.join(' · ')}</span>
      )}
      {line.notes.map((n) => (
        <span key={n} className="text-xs text-amber-800">
          {n}
        </span>
      ))}
    </div>
  );
}

export function EstimateLinesTable({
  caption,
  lines,
  notEquipped,
}: {
  caption: string;
  lines: readonly EstimateLine[];
  notEquipped?: { busy: boolean; onChange: (line: EstimateLine, value: boolean) => void };
}) {
  const columns: Column<EstimateLine>[] = [
    ...lineColumns<EstimateLine>(),
    {
      id: 'description',
      header: 'Description',
      rowHeader: true,
      cell: (l) => (
        <>
          {l.description}
          {l.partNumber && <span className="block font-mono text-xs text-slate-600">{l.partNumber}</span>}
        </>
      ),
    },
    { id: 'read', header: 'Read as', cell: (l) => <ReadAs line={l} /> },
  ];
  if (notEquipped)
    columns.push({
      id: 'notEquipped',
      header: 'Not equipped',
      cell: (l) => (
        <CheckboxField
          label={`Line ${l.lineNum} not equipped`}
          hideLabel
          checked={l.isNotEquipped}
          disabled={notEquipped.busy}
          onChange={(e) => notEquipped.onChange(l, e.target.checked)}
        />
      ),
    });
  return (
    <SimpleTable
      caption={caption}
      columns={columns}
      rows={lines}
      rowKey={(l) => `${l.lineNum}-${l.uniqueSequenceNumber}`}
      rowAttributes={() => ({ className: 'align-top', 'data-testid': 'estimate-line' })}
    />
  );
}
