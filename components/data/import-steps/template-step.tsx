'use client';
/**
 * The template step: a saved template or a new one, its delimiter and the rows before the header. Every
 * change goes back to the wizard at once, which keeps the template for the later steps.
 */
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextField } from '@/components/ui/field';
import type { ImportTemplate, SchemaDetail } from '@/lib/contract/data';
import { DELIMITERS, type Delimiter } from '@/lib/contract/data-constants';
import { emptyTemplate } from '../wizard-state';

export function TemplateStep({
  schema,
  templates,
  template,
  onChange,
  onNext,
}: {
  schema: SchemaDetail;
  templates: ImportTemplate[];
  template: ImportTemplate;
  onChange: (t: ImportTemplate) => void;
  onNext: () => void;
}) {
  const set = (patch: Partial<ImportTemplate>) => onChange({ ...template, ...patch });
  return (
    <div className="flex max-w-xl flex-col gap-3">
      <SelectField
        label="Saved template"
        placeholder="New template"
        value={template.id > 0 ? String(template.id) : ''}
        options={templates.map((t) => ({ value: t.id, label: t.templateName }))}
        onChange={(e) => onChange(templates.find((t) => t.id === Number(e.target.value)) ?? emptyTemplate(schema.name))}
      />
      <TextField
        label="Template name"
        hint="Leave empty to import without saving a template."
        value={template.templateName}
        maxLength={100}
        onChange={(e) => set({ templateName: e.target.value })}
      />
      <SelectField
        label="Delimiter"
        placeholder={null}
        value={template.delimiter}
        options={DELIMITERS.map((d) => ({ value: d, label: d }))}
        onChange={(e) => set({ delimiter: e.target.value as Delimiter })}
      />
      <CheckboxField
        label="Skip rows before the header"
        checked={template.isSkipChecked}
        onChange={(e) => set({ isSkipChecked: e.target.checked })}
      />
      {template.isSkipChecked && (
        <TextField
          label="Rows to skip"
          type="number"
          min={0}
          max={1000}
          value={String(template.rowsToSkip)}
          onChange={(e) => set({ rowsToSkip: Math.max(0, Math.min(1000, Number(e.target.value) || 0)) })}
        />
      )}
      <CheckboxField
        label="Every valid row starts checked"
        checked={template.isSelectedData}
        onChange={(e) => set({ isSelectedData: e.target.checked })}
      />
      <div>
        <Button onClick={onNext}>Next</Button>
      </div>
    </div>
  );
}
