/**
 * An estimate's lines as the scrub reads them (issue 32): each with its operation as written and as read,
 * its section, its description and the parts read from it, with what the normaliser noted (a misspelling
 * read as a word, an operation it does not know) and the lines it could not read. Used by the job page and
 * the preview of pasted lines. `notEquipped` adds the job's "Not equipped" checkbox to each line.
 */
import type { EstimateLine } from '@/lib/contract/calibration';
import { OPERATION_NAMES } from '@/lib/calibrations/operations';
import { SimpleTable } from '@/components/ui/simple-table';

export const operationLabel = (l: Pick<EstimateLine, 'operation' | 'operationRead'>) =>
  l.operationRead ? (l.operation ? `${l.operation} (${OPERATION_NAMES[l.operationRead]})` : OPERATION_NAMES[l.operationRead]) : l.operation || '—';

export function ReadAs({ line }: { line: Pick<EstimateLine, 'read' | 'notes' | 'unread'> }) {
  return (
    <div className="flex flex-col gap-0.5">
      {line.unread ? <span className="font-medium text-red-800">Not read: {line.unread}</span> : <span className="text-slate-800">{line.read.join(' · ')}</span>}
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
  const columns = ['Line', 'Operation', 'Section', 'Description', 'Read as', ...(notEquipped ? ['Not equipped'] : [])];
  return (
    <SimpleTable caption={caption} columns={columns}>
      {lines.map((l) => (
        <tr key={`${l.lineNum}-${l.uniqueSequenceNumber}`} className="border-t border-slate-100 align-top" data-testid="estimate-line">
          <td className="px-3 py-2 tabular-nums">{l.lineNum}</td>
          <td className="px-3 py-2">{operationLabel(l)}</td>
          <td className="px-3 py-2">{l.section || '—'}</td>
          <th scope="row" className="px-3 py-2 text-left font-normal">
            {l.description}
            {l.partNumber && <span className="block font-mono text-xs text-slate-600">{l.partNumber}</span>}
          </th>
          <td className="px-3 py-2">
            <ReadAs line={l} />
          </td>
          {notEquipped && (
            <td className="px-3 py-2">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                aria-label={`Line ${l.lineNum} not equipped`}
                checked={l.isNotEquipped}
                disabled={notEquipped.busy}
                onChange={(e) => notEquipped.onChange(l, e.target.checked)}
              />
            </td>
          )}
        </tr>
      ))}
    </SimpleTable>
  );
}
