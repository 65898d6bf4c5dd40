/**
 * The import wizard's state as one reducer (docs/data.md#states: "the step starts at 1 and the highest visited
 * step is tracked"), and the part of it a reload keeps.
 *
 * What a reload keeps, and where: the wizard's choices (the schema, the template with its mapping, the
 * highest visited step, the chosen file's name and columns, the preview, the lines unchecked, the totals)
 * are written to sessionStorage under the signed-in user's key after each change, and read back when the
 * wizard mounts. sessionStorage rather than the URL: the choices include an unsaved template and the file's
 * column names, which do not belong in an address that is shared, bookmarked or logged, and they are too
 * large for one. sessionStorage rather than localStorage: an import belongs to its browser tab (two tabs
 * may import two files) and nothing of it outlives the tab; keyed per user, so another user signing in in
 * the same tab starts afresh. The URL keeps the step (?step=), so a reload, the back button or the same
 * address opened again in the tab returns to that step with what was chosen, and the schema and the saved
 * template (WizardLink), so the address opens them in another tab or browser too. The file itself cannot
 * be kept by a browser: a step that needs it asks for it again (an import a reload interrupted resumes
 * from the chunks the host has stored, as after a dropped connection).
 */
import type { ImportRow, ImportTemplate, SchemaDetail } from '@/lib/contract/data';
import type { FileEncoding } from '@/lib/data/file-rows';
import type { FromWorker } from './worker-protocol';

export const STEPS = ['Choose', 'Template', 'File', 'Mapping', 'Preview', 'Import', 'Result'] as const;
export const LAST_STEP = STEPS.length;

export interface Progress {
  rows: number;
  bytes: number;
  total: number;
  elapsedMs: number;
}
export interface Totals {
  added: number;
  updated: number;
  unchanged: number;
  refused: number;
}
export const NO_TOTALS: Totals = { added: 0, updated: 0, unchanged: 0, refused: 0 };

export type CheckResult = Extract<FromWorker, { type: 'check-done' }>;

/** What the wizard knows of the chosen file (the File itself is kept apart: a browser cannot keep it). */
export interface FileFacts {
  name: string;
  size: number;
  lastModified: number;
  encoding: FileEncoding;
  header: string[];
  rows: number;
}

export type ImportState = 'idle' | 'running' | 'interrupted' | 'done';

export interface WizardState {
  /** The highest step visited. */
  maxStep: number;
  schema: SchemaDetail | null;
  templates: ImportTemplate[];
  template: ImportTemplate | null;
  file: FileFacts | null;
  check: CheckResult | null;
  /** Preview lines toggled away from the template's default (isSelectedData). */
  toggled: number[];
  totals: Totals;
  importState: ImportState;
  /** Not kept: what is under way now. */
  busy: boolean;
  progress: Progress | null;
  error: string;
}

export const START: WizardState = {
  maxStep: 1,
  schema: null,
  templates: [],
  template: null,
  file: null,
  check: null,
  toggled: [],
  totals: NO_TOTALS,
  importState: 'idle',
  busy: false,
  progress: null,
  error: '',
};

export const emptyTemplate = (schemaName: SchemaDetail['name']): ImportTemplate => ({
  id: -1,
  schemaName,
  templateName: '',
  delimiter: 'Comma',
  rowsToSkip: 0,
  mappedData: {},
  isSkipChecked: false,
  isSelectedData: true,
});

export type WizardAction =
  /** Visiting a step raises the highest visited one (`reset`: a new choice makes the later steps unvisited). */
  | { type: 'visit'; step: number; reset?: boolean }
  | { type: 'busy'; busy: boolean }
  | { type: 'error'; message: string }
  | { type: 'progress'; progress: Progress | null }
  | { type: 'schema'; schema: SchemaDetail; templates: ImportTemplate[] }
  /** A link's choices (see WizardLink): the schema, and its saved template when the link names one of them. */
  | { type: 'linked'; schema: SchemaDetail; templates: ImportTemplate[]; template: number; step: number }
  | { type: 'template'; template: ImportTemplate }
  | { type: 'template-saved'; template: ImportTemplate }
  /** A file chosen (again): its facts; its columns come with `read`. Another file makes the preview stale. */
  | { type: 'file'; file: Omit<FileFacts, 'header' | 'rows'> }
  | { type: 'read'; header: string[]; rows: number }
  | { type: 'checked'; check: CheckResult }
  | { type: 'toggle'; line: number }
  | { type: 'import'; totals: Totals }
  | { type: 'stored'; added: number; updated: number; unchanged: number; refused: number; rows: number }
  | { type: 'interrupted'; message: string }
  | { type: 'imported' };

/**
 * The file chosen again after a reload is taken for the same one when its name and size are (its date may
 * differ: a copy, a download again); what it holds is checked when it is read: other columns are another file.
 */
const sameFile = (a: FileFacts | null, b: Omit<FileFacts, 'header' | 'rows'>) => !!a && a.name === b.name && a.size === b.size;
const sameColumns = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((c, i) => c === b[i]);

export function wizardReducer(s: WizardState, a: WizardAction): WizardState {
  switch (a.type) {
    case 'visit':
      return { ...s, maxStep: a.reset ? a.step : Math.max(s.maxStep, a.step) };
    case 'busy':
      return { ...s, busy: a.busy, ...(a.busy ? { error: '' } : { progress: null }) };
    case 'error':
      return { ...s, busy: false, progress: null, error: a.message };
    case 'progress':
      return { ...s, progress: a.progress };
    case 'schema':
      return { ...START, schema: a.schema, templates: a.templates, template: emptyTemplate(a.schema.name), maxStep: 2 };
    case 'linked': {
      const template = a.templates.find((t) => t.id === a.template);
      // Without the file (a browser cannot pass it on) the furthest a link reaches is the File step, which asks for it.
      const maxStep = template ? Math.min(Math.max(a.step, 2), 3) : 2;
      return { ...START, schema: a.schema, templates: a.templates, template: template ?? emptyTemplate(a.schema.name), maxStep };
    }
    case 'template':
      return { ...s, template: a.template };
    case 'template-saved':
      return { ...s, template: a.template, templates: [...s.templates.filter((t) => t.id !== a.template.id), a.template] };
    case 'file':
      return sameFile(s.file, a.file)
        ? { ...s, file: { ...s.file!, encoding: a.file.encoding }, error: '' }
        : { ...s, file: { ...a.file, header: [], rows: 0 }, check: null, toggled: [], maxStep: Math.min(s.maxStep, 3), error: '' };
    case 'read': {
      if (!s.file) return s;
      const read = { ...s, busy: false, progress: null, file: { ...s.file, header: a.header, rows: a.rows } };
      // Columns other than the ones mapped and previewed: the mapping and the preview are to be done again.
      return s.file.header.length && !sameColumns(s.file.header, a.header)
        ? { ...read, check: null, toggled: [], maxStep: Math.min(s.maxStep, 3) }
        : read;
    }
    case 'checked':
      return { ...s, busy: false, progress: null, check: a.check, toggled: [] };
    case 'toggle':
      return { ...s, toggled: s.toggled.includes(a.line) ? s.toggled.filter((l) => l !== a.line) : [...s.toggled, a.line] };
    case 'import':
      return { ...s, totals: a.totals, progress: null, importState: 'running', busy: true, error: '' };
    case 'stored': {
      const t = s.totals;
      return {
        ...s,
        totals: {
          added: t.added + a.added,
          updated: t.updated + a.updated,
          unchanged: t.unchanged + a.unchanged,
          refused: t.refused + a.refused,
        },
        progress: { rows: (s.progress?.rows ?? 0) + a.rows, bytes: 0, total: 0, elapsedMs: 0 },
      };
    }
    case 'interrupted':
      return { ...s, busy: false, importState: 'interrupted', error: a.message };
    case 'imported':
      return { ...s, busy: false, importState: 'done' };
  }
}

/** The state a reload keeps (see the module head). */
export type Kept = Pick<
  WizardState,
  'maxStep' | 'schema' | 'templates' | 'template' | 'file' | 'check' | 'toggled' | 'totals' | 'importState'
>;

const KEY_PREFIX = 'adas-import-wizard:';
export const keptKey = (user: number) => `${KEY_PREFIX}${user}`;

export function keep(s: WizardState): Kept {
  const { maxStep, schema, templates, template, file, check, toggled, totals, importState } = s;
  return { maxStep, schema, templates, template, file, check, toggled, totals, importState };
}

/**
 * The wizard as it was, from what was kept; the start when nothing (or something unreadable) was. An
 * import that was running when the page went away is interrupted now: it resumes with the file again.
 */
export function restore(text: string | null): WizardState {
  if (!text) return START;
  try {
    const k = JSON.parse(text) as Partial<Kept>;
    if (typeof k !== 'object' || k === null || !k.schema || typeof k.maxStep !== 'number') return START;
    const maxStep = Math.min(Math.max(Math.trunc(k.maxStep), 1), LAST_STEP);
    return {
      ...START,
      ...k,
      maxStep,
      templates: Array.isArray(k.templates) ? k.templates : [],
      toggled: Array.isArray(k.toggled) ? k.toggled : [],
      totals: { ...NO_TOTALS, ...k.totals },
      importState: k.importState === 'running' ? 'interrupted' : (k.importState ?? 'idle'),
    };
  } catch {
    return START;
  }
}

/**
 * What the wizard's address carries besides the step, so a link to a visited step (another tab, another
 * browser, a colleague of the same location) opens it with what was chosen: the schema's name and the
 * saved template's id. Nothing else: an unsaved mapping and the file's column names stay in the tab (see
 * the module head), and the file is asked for again at the File step. Both are checked where they are used:
 * the schema against the ones the user may import, the template among the schema's templates of the
 * user's location, which the host answers.
 */
export interface WizardLink {
  schema: string | null;
  template: number | null;
}

export const linkOf = (s: Pick<WizardState, 'schema' | 'template'>): WizardLink => ({
  schema: s.schema?.name ?? null,
  template: s.template && s.template.id > 0 ? s.template.id : null,
});

export function readLink(params: { get(name: string): string | null }): WizardLink {
  const template = Number(params.get('template'));
  return { schema: params.get('schema') || null, template: Number.isInteger(template) && template > 0 ? template : null };
}

/** Whether a link names other choices than the tab kept: then the link's are opened (it says what it shows). */
export const linkDiffers = (link: WizardLink, kept: WizardLink) =>
  !!link.schema && (link.schema !== kept.schema || (link.template !== null && link.template !== kept.template));

/** The step shown for the one asked (?step=): a step beyond the highest visited one shows that one instead. */
export const shownStep = (asked: number, maxStep: number) => Math.min(Math.max(Number.isInteger(asked) ? asked : 1, 1), maxStep);

/** The preview's rows as they will be imported or not: the template's default, flipped for the toggled lines. */
export const isLineChecked = (template: ImportTemplate, toggled: readonly number[], line: number) =>
  template.isSelectedData !== toggled.includes(line);

export type { ImportRow };
