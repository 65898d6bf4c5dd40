'use client';
/**
 * The system (checklist matrix) editor: name, notice, hints, keywords (chips; comma text on the server),
 * highlight, inactive, order, and its checklist items — an item removed here is sent with isRemove.
 */
import { Icon } from '@/components/ui/icon';
import { useId } from 'react';
import { HistoryButton } from '@/components/history';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { useForm } from '@/components/ui/use-form';
import type { ChecklistMatrix } from '@/lib/contract/admin';
import { joinKeywords, splitKeywords } from '@/lib/configuration/keywords';
import { configApi } from '../api';
import { FormFields, editorCheck, type Draft, type FieldDef } from '../editor';

interface ItemDraft {
  adasChecklistMatrixItem: number;
  item: string;
  isRemove: boolean;
  /** Client key of a new item. */
  key: string;
}

const FIELDS: FieldDef[] = [
  { kind: 'text', key: 'matrixItem', label: 'System', required: true, max: 100 },
  { kind: 'number', key: 'sort', label: 'Order', hint: 'Systems are listed by this number.' },
  { kind: 'chips', key: 'keywords', label: 'Keywords', noun: 'keywords' },
  { kind: 'textarea', key: 'notice', label: 'Notice', max: 2000 },
  { kind: 'textarea', key: 'hints', label: 'Hints', max: 2000 },
  { kind: 'checkbox', key: 'isHighlight', label: 'Highlight' },
  { kind: 'checkbox', key: 'isInactive', label: 'Inactive' },
];

let keys = 0;
const draftOf = (s: ChecklistMatrix | null): Draft => ({
  matrixItem: s?.matrixItem ?? '',
  sort: String(s?.sort ?? 0),
  keywords: splitKeywords(s?.keywords ?? ''),
  notice: s?.notice ?? '',
  hints: s?.hints ?? '',
  isHighlight: s?.isHighlight ?? false,
  isInactive: s?.isInactive ?? false,
  items: (s?.items ?? []).map((i): ItemDraft => ({ ...i, key: `i${i.adasChecklistMatrixItem}` })),
});

export function SystemEditor({
  system,
  onClose,
  onSaved,
}: {
  system: ChecklistMatrix | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const formId = useId();
  const form = useForm<Draft>({
    initial: draftOf(system),
    check: editorCheck(FIELDS, (d) =>
      (d.items as ItemDraft[]).some((i) => !i.isRemove && !i.item.trim()) ? { items: 'An item needs its text (or remove it)' } : {},
    ),
    save: async (d) => {
      const name = String(d.matrixItem).trim();
      await configApi.saveSystem({
        adasChecklistMatrix: system?.adasChecklistMatrix ?? -1,
        matrixItem: name,
        sort: Number(d.sort || 0),
        keywords: joinKeywords(d.keywords as string[]),
        notice: String(d.notice),
        hints: String(d.hints),
        isHighlight: d.isHighlight === true,
        isInactive: d.isInactive === true,
        items: (d.items as ItemDraft[])
          .filter((i) => i.adasChecklistMatrixItem > 0 || !i.isRemove)
          .map((i) => ({ adasChecklistMatrixItem: i.adasChecklistMatrixItem, item: i.item.trim() || '(removed)', isRemove: i.isRemove })),
      });
      onSaved(system ? `System ${name} saved.` : `System ${name} added.`);
    },
  });
  const items = form.draft.items as ItemDraft[];
  const setItems = (next: ItemDraft[]) => form.set('items', next);
  const shown = items.filter((i) => !i.isRemove);

  return (
    <FormDialog
      form={form}
      title={system ? `System: ${system.matrixItem}` : 'Adding system'}
      size="lg"
      onClose={onClose}
      onSaved={onClose}
      note={system && `System ${system.adasChecklistMatrix}`}
      actions={system && <HistoryButton kind="system" id={system.adasChecklistMatrix} label={`system ${system.matrixItem}`} />}
    >
      <FormFields fields={FIELDS} form={form} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Checklist items</legend>
        {shown.length === 0 && <p className="text-sm text-slate-600">No items yet.</p>}
        <ol className="flex flex-col gap-2">
          {shown.map((item, n) => (
            <li key={item.key} className="flex items-center gap-2">
              <label className="sr-only" htmlFor={`${formId}-${item.key}`}>
                {`Item ${n + 1}`}
              </label>
              <input
                id={`${formId}-${item.key}`}
                value={item.item}
                maxLength={200}
                onChange={(e) => setItems(items.map((i) => (i.key === item.key ? { ...i, item: e.target.value } : i)))}
                className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm"
              />
              <button
                type="button"
                aria-label={`Remove item ${n + 1}${item.item ? `: ${item.item}` : ''}`}
                className="rounded p-2 text-slate-700 hover:bg-slate-100"
                onClick={() =>
                  setItems(
                    item.adasChecklistMatrixItem > 0
                      ? items.map((i) => (i.key === item.key ? { ...i, isRemove: true } : i))
                      : items.filter((i) => i.key !== item.key),
                  )
                }
              >
                <Icon name="trash-2" className="size-4" />
              </button>
            </li>
          ))}
        </ol>
        {form.errors.items && (
          <p role="alert" className="text-sm text-red-700">
            {form.errors.items}
          </p>
        )}
        <div>
          <Button
            variant="secondary"
            onClick={() => setItems([...items, { adasChecklistMatrixItem: -1, item: '', isRemove: false, key: `n${++keys}` }])}
          >
            <Icon name="plus" className="size-4" />
            Add item
          </Button>
        </div>
      </fieldset>
    </FormDialog>
  );
}
