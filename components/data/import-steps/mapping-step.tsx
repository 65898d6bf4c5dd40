'use client';
/**
 * The mapping step: the file column (or one value for every row) of each field of the schema; the required
 * ones must be mapped before the rows are checked.
 */
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import type { ImportTemplate, SchemaDetail } from '@/lib/contract/data';
import { DEFAULT_MARK, defaultValueOf, isDefaultValue, missingRequired } from '@/lib/data/file-rows';
import { formatCount } from '@/lib/format';
import type { Progress } from '../wizard-state';
import { ProgressBar } from './progress-bar';

export function MappingStep({
  schema,
  template,
  header,
  busy,
  progress,
  fileAgain,
  onChange,
  onNext,
}: {
  schema: SchemaDetail;
  template: ImportTemplate;
  header: string[];
  busy: boolean;
  progress: Progress | null;
  /** The drop zone for the file when a reload lost it (the preview needs it); null when it is here. */
  fileAgain: React.ReactNode;
  onChange: (t: ImportTemplate) => void;
  onNext: () => void;
}) {
  const mapping = template.mappedData;
  const missing = missingRequired(mapping, schema.columns);
  const set = (column: string, value: string) => onChange({ ...template, mappedData: { ...mapping, [column]: value } });
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">
        Choose the file column that holds each field. Fields marked * must be mapped. A field the file does not have can take one value for
        every row.
      </p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {schema.columns.map((c) => {
          const mapped = mapping[c.ColumnName] ?? '';
          const given = isDefaultValue(mapped);
          return (
            <div key={c.ColumnName} className="flex flex-col gap-1">
              <SelectField
                label={c.DisplayName}
                required={c.IsRequired}
                showRequiredMark
                placeholder="Not imported"
                value={given ? DEFAULT_MARK : mapped}
                options={[...header.map((h) => ({ value: h, label: h })), { value: DEFAULT_MARK, label: 'One value for every row…' }]}
                onChange={(e) => set(c.ColumnName, e.target.value)}
              />
              {given && c.lookup && schema.lookups[c.lookup]?.length ? (
                // A lookup field's value for every row is one of the values it accepts, chosen rather than typed.
                <SelectField
                  label={`${c.DisplayName}: value for every row`}
                  required={c.IsRequired}
                  value={defaultValueOf(mapped)}
                  options={(schema.lookups[c.lookup] ?? []).map((v) => ({ value: v.value, label: v.value }))}
                  onChange={(e) => set(c.ColumnName, DEFAULT_MARK + e.target.value)}
                />
              ) : (
                given && (
                  <TextField
                    label={`${c.DisplayName}: value for every row`}
                    hint={c.lookup ? 'A name or code the field accepts.' : undefined}
                    required={c.IsRequired}
                    maxLength={199}
                    value={defaultValueOf(mapped)}
                    onChange={(e) => set(c.ColumnName, DEFAULT_MARK + e.target.value)}
                  />
                )
              )}
            </div>
          );
        })}
      </div>
      {missing.length > 0 && (
        <p className="text-sm text-red-700">Map {missing.join(', ')} or give a value for every row before going on.</p>
      )}
      {fileAgain}
      <div>
        <Button disabled={busy || missing.length > 0 || !!fileAgain} onClick={onNext}>
          Next
        </Button>
      </div>
      {busy && progress && (
        <ProgressBar
          label="Checking the rows"
          value={progress.bytes}
          max={progress.total}
          text={`${formatCount(progress.rows)} rows checked`}
        />
      )}
    </div>
  );
}
