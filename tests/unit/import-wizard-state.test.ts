/** The import wizard's reducer and what a reload keeps of it (components/data/wizard-state.ts). */
import { describe, expect, it } from 'vitest';
import type { SchemaDetail } from '@/lib/contract/data';
import {
  START,
  emptyTemplate,
  keep,
  keptKey,
  linkDiffers,
  linkOf,
  readLink,
  restore,
  shownStep,
  wizardReducer,
  type CheckResult,
  type WizardState,
} from '@/components/data/wizard-state';

const schema = { name: 'contacts', displayName: 'Contacts', columns: [] } as unknown as SchemaDetail;
const facts = { name: 'a.csv', size: 10, lastModified: 1, encoding: 'utf-8' as const };
const check: CheckResult = { type: 'check-done', preview: [], refused: [], refusedCount: 1, valid: 2, rows: 3 };

type Action = Parameters<typeof wizardReducer>[1];
const after = (s: WizardState, ...actions: Action[]) => actions.reduce(wizardReducer, s);
const run = (...actions: Action[]) => after(START, ...actions);
const atPreview = (): WizardState =>
  run(
    { type: 'schema', schema, templates: [] },
    { type: 'visit', step: 3 },
    { type: 'file', file: facts },
    { type: 'read', header: ['First', 'Last'], rows: 3 },
    { type: 'visit', step: 4 },
    { type: 'template', template: { ...emptyTemplate('contacts'), mappedData: { LastName: 'Last' } } },
    { type: 'checked', check },
    { type: 'visit', step: 5 },
    { type: 'toggle', line: 3 },
  );

describe('the import wizard: highest visited step', () => {
  it('keeps the highest step visited; a new choice of what to import starts again at 2', () => {
    const s = atPreview();
    expect(s.maxStep).toBe(5);
    expect(wizardReducer(s, { type: 'visit', step: 2 }).maxStep).toBe(5);
    const again = wizardReducer(s, { type: 'schema', schema, templates: [] });
    expect(again.maxStep).toBe(2);
    expect(again.file).toBeNull();
    expect(again.check).toBeNull();
  });

  it('shows the highest visited step for a step beyond it, and step 1 for junk', () => {
    expect(shownStep(7, 5)).toBe(5);
    expect(shownStep(4, 5)).toBe(4);
    expect(shownStep(0, 5)).toBe(1);
    expect(shownStep(2.5, 5)).toBe(1);
  });

  it('another file makes the mapping and preview steps unvisited; the same file chosen again keeps them', () => {
    const s = atPreview();
    // Chosen again after a reload: the same name and size (its date may differ), the same columns.
    const same = after(s, { type: 'file', file: { ...facts, lastModified: 2 } }, { type: 'read', header: ['First', 'Last'], rows: 3 });
    expect(same.maxStep).toBe(5);
    expect(same.check).toBe(check);
    expect(same.file).toEqual({ ...facts, header: ['First', 'Last'], rows: 3 });
    // Same name and size, other columns: another file after all.
    const changed = after(s, { type: 'file', file: facts }, { type: 'read', header: ['Given', 'Family'], rows: 3 });
    expect(changed.maxStep).toBe(3);
    expect(changed.check).toBeNull();
    const other = wizardReducer(s, { type: 'file', file: { ...facts, name: 'b.csv' } });
    expect(other.maxStep).toBe(3);
    expect(other.check).toBeNull();
    expect(other.toggled).toEqual([]);
  });
});

describe('the import wizard: what a reload keeps', () => {
  it('keeps the choices, the file’s columns, the preview and the unchecked lines; not what was under way', () => {
    const s = { ...atPreview(), busy: true, error: 'x', progress: { rows: 1, bytes: 1, total: 2, elapsedMs: 1 } };
    const back = restore(JSON.stringify(keep(s)));
    expect(back.maxStep).toBe(5);
    expect(back.schema?.name).toBe('contacts');
    expect(back.template?.mappedData).toEqual({ LastName: 'Last' });
    expect(back.file).toEqual({ ...facts, header: ['First', 'Last'], rows: 3 });
    expect(back.check).toEqual(check);
    expect(back.toggled).toEqual([3]);
    expect(back.busy).toBe(false);
    expect(back.error).toBe('');
    expect(back.progress).toBeNull();
  });

  it('an import the reload cut short is interrupted: it resumes with the file again', () => {
    const running = wizardReducer(atPreview(), { type: 'import', totals: { added: 1, updated: 0, unchanged: 0, refused: 0 } });
    const back = restore(JSON.stringify(keep(running)));
    expect(back.importState).toBe('interrupted');
    expect(back.totals.added).toBe(1);
  });

  it('starts afresh from nothing, junk, or a wizard that never chose what to import', () => {
    expect(restore(null)).toEqual(START);
    expect(restore('{not json')).toEqual(START);
    expect(restore(JSON.stringify({ maxStep: 4 }))).toEqual(START);
    expect(restore(JSON.stringify({ ...keep(atPreview()), maxStep: 99 })).maxStep).toBe(7);
  });

  it('is kept per user', () => {
    expect(keptKey(7)).not.toBe(keptKey(8));
  });
});

describe('the import wizard: a link to a visited step', () => {
  const saved = { ...emptyTemplate('contacts'), id: 7, templateName: 'Shop list', mappedData: { LastName: 'Surname' } };
  const params = (query: string) => new URLSearchParams(query);

  it('the address names the schema and only a saved template', () => {
    const s = run({ type: 'schema', schema, templates: [saved] });
    expect(linkOf(s)).toEqual({ schema: 'contacts', template: null });
    expect(linkOf(wizardReducer(s, { type: 'template', template: saved }))).toEqual({ schema: 'contacts', template: 7 });
    expect(readLink(params('step=3&schema=contacts&template=7'))).toEqual({ schema: 'contacts', template: 7 });
    expect(readLink(params('step=3&template=-1'))).toEqual({ schema: null, template: null });
  });

  it('opens the link’s choices when they are not the tab’s', () => {
    const kept = { schema: 'contacts', template: 7 };
    expect(linkDiffers({ schema: 'contacts', template: 7 }, kept)).toBe(false);
    expect(linkDiffers({ schema: 'contacts', template: null }, kept)).toBe(false);
    expect(linkDiffers({ schema: null, template: null }, kept)).toBe(false);
    expect(linkDiffers({ schema: 'vehicles', template: null }, kept)).toBe(true);
    expect(linkDiffers({ schema: 'contacts', template: 8 }, kept)).toBe(true);
    expect(linkDiffers({ schema: 'contacts', template: null }, { schema: null, template: null })).toBe(true);
  });

  it('reaches the File step at most (the file is asked for there), with the saved template and its mapping', () => {
    const linked = (template: number, step: number) => after(atPreview(), { type: 'linked', schema, templates: [saved], template, step });
    const s = linked(7, 5);
    expect([s.maxStep, s.template, s.file, s.check]).toEqual([3, saved, null, null]);
    expect(linked(7, 1).maxStep).toBe(2);
    // A template the link names but the location does not have (deleted, or another location's): a new one, at the Template step.
    const unknown = linked(99, 5);
    expect([unknown.maxStep, unknown.template]).toEqual([2, emptyTemplate('contacts')]);
  });
});
