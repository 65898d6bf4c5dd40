'use client';
/**
 * The preview step: the first rows as they will be stored, each with its own Import checkbox, and the rows
 * the check refused with their reasons; importing (or resuming an interrupted import) starts from here.
 */
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/field';
import { SimpleTable } from '@/components/ui/simple-table';
import type { Column } from '@/components/ui/table';
import type { ImportRow, ImportTemplate, SchemaDetail } from '@/lib/contract/data';
import { formatCount } from '@/lib/format';
import type { Refusal } from '../worker-protocol';
import { isLineChecked, type CheckResult } from '../wizard-state';

export function PreviewStep({
  schema,
  template,
  check,
  toggled,
  busy,
  resumable,
  fileAgain,
  onToggle,
  onImport,
}: {
  schema: SchemaDetail;
  template: ImportTemplate;
  check: CheckResult;
  toggled: number[];
  busy: boolean;
  resumable: boolean;
  fileAgain: React.ReactNode;
  onToggle: (line: number) => void;
  onImport: (resume: boolean) => void;
}) {
  const mapped = schema.columns.filter((c) => template.mappedData[c.ColumnName]);
  const columns: Column<ImportRow>[] = [
    {
      id: 'import',
      header: 'Import',
      cell: (r) => (
        <CheckboxField
          label={`Import line ${r.line}`}
          hideLabel
          checked={isLineChecked(template, toggled, r.line)}
          onChange={() => onToggle(r.line)}
        />
      ),
    },
    { id: 'line', header: 'Line', rowHeader: true, cell: (r) => r.line },
    ...mapped.map((c) => ({
      id: `col-${c.ColumnName}`,
      header: c.DisplayName,
      className: 'whitespace-nowrap',
      cell: (r: ImportRow) => r.cells[c.ColumnName],
    })),
  ];
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <p className="text-sm">
        {formatCount(check.valid)} rows will be imported, {formatCount(check.refusedCount)} refused.
      </p>
      <h3 className="font-medium">First rows as they will be stored</h3>
      <SimpleTable
        caption="First rows as they will be stored"
        columns={columns}
        rows={check.preview}
        rowKey={(r) => r.line}
        boxClassName="max-h-96"
      />
      {check.refused.length > 0 && <RefusedList refused={check.refused} count={check.refusedCount} />}
      {fileAgain}
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy || check.valid === 0 || !!fileAgain} onClick={() => onImport(false)}>
          Import
        </Button>
        {resumable && (
          <Button variant="secondary" disabled={busy} onClick={() => onImport(true)}>
            Resume the interrupted import
          </Button>
        )}
      </div>
    </div>
  );
}

function RefusedList({ refused, count }: { refused: Refusal[]; count: number }) {
  return (
    <div>
      <h3 className="font-medium">Refused rows</h3>
      <ul className="max-h-60 overflow-auto text-sm" aria-label="Refused rows">
        {refused.map((r) => (
          <li key={r.line}>
            Line {r.line}: {r.reason}
          </li>
        ))}
      </ul>
      {count > refused.length && (
        <p className="text-sm">… and {formatCount(count - refused.length)} more (in the download after the import).</p>
      )}
    </div>
  );
}
