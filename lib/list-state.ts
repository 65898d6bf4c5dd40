/**
 * List state in the URL (docs/architecture.md#screens): page, page size, sort, direction, search term, the
 * columns shown and a list's own filters live in the query string; values equal to their default are left
 * out, junk falls back to the default. Remembered preferences (docs/shell.md#limits: "kept in the session") are a
 * session cookie per list that fills in the URL only when the bare path is opened.
 *
 * A list is described by plain data (`defineList`), so a server page can build the description (with
 * values from the contract) and hand it to client components as a prop. No zod here: client-safe.
 */

export type SortDirection = 'asc' | 'desc';

interface FieldBase {
  /** Remembered in the list's preference cookie (restored when the bare path is opened). */
  remember?: boolean;
}
export interface IntField extends FieldBase {
  kind: 'int';
  default: number;
  min?: number;
  max?: number;
  /** When given, only these values are accepted (e.g. page sizes). */
  values?: readonly number[];
}
export interface EnumField<V extends string = string> extends FieldBase {
  kind: 'enum';
  default: V;
  values: readonly V[];
}
export interface TextField extends FieldBase {
  kind: 'text';
  default: string;
  max: number;
}
export type FieldSpec = IntField | EnumField | TextField;
export type Fields = Record<string, FieldSpec>;

export type FieldValue<F> = F extends EnumField<infer V> ? V : F extends IntField ? number : string;

export const field = {
  int: (def: number, o: Omit<IntField, 'kind' | 'default'> = {}): IntField => ({ kind: 'int', default: def, ...o }),
  enum: <const V extends string>(values: readonly V[], def: NoInfer<V>, o: FieldBase = {}): EnumField<V> => ({
    kind: 'enum',
    values,
    default: def,
    ...o,
  }),
  text: (max = 100, o: FieldBase = {}): TextField => ({ kind: 'text', default: '', max, ...o }),
};

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** The fields every list has. */
export interface BaseFields<S extends string = string> extends Fields {
  page: IntField;
  pageSize: IntField;
  orderBy: EnumField<S>;
  direction: EnumField<SortDirection>;
  searchTerm: TextField;
  /** The columns the user showed or hid (readColumns); remembered like the sort, so a reload keeps them. */
  columns: TextField;
}

export interface ListSpec<F extends Fields = BaseFields> {
  /** Names the preference cookie: `list-{key}`. */
  key: string;
  /** The screen's path (the cookie is scoped to it). */
  path: string;
  /** Query values naming the part of the screen the list belongs to (`section=blog` on /admin): in every URL of the list. */
  fixed?: Readonly<Record<string, string>>;
  /** Seconds the preferences are kept on the device (a persistent cookie); absent: for the session. */
  rememberFor?: number;
  fields: F;
}

export type ListState<F extends Fields = BaseFields> = { [K in keyof F]: FieldValue<F[K]> };
export type ListStateOf<S extends ListSpec<Fields>> = ListState<S['fields']>;

/**
 * Describes a list. Page size, sort, direction, search and the list's filters are remembered by default;
 * the page number is not (it is a position, not a preference).
 */
export function defineList<const S extends string, X extends Fields = Record<never, FieldSpec>>(o: {
  key: string;
  path: string;
  sorts: readonly S[];
  orderBy: NoInfer<S>;
  direction?: SortDirection;
  pageSize?: number;
  pageSizes?: readonly number[];
  searchMax?: number;
  fixed?: Readonly<Record<string, string>>;
  rememberFor?: number;
  fields?: X;
}): ListSpec<BaseFields<S> & X> {
  const pageSize = o.pageSize ?? 10;
  const sizes = [...new Set([...(o.pageSizes ?? PAGE_SIZES), pageSize])].sort((a, b) => a - b);
  const fields = {
    page: field.int(1, { min: 1, max: 1_000_000 }),
    pageSize: field.int(pageSize, { values: sizes, remember: true }),
    orderBy: field.enum(o.sorts, o.orderBy, { remember: true }),
    direction: field.enum(['asc', 'desc'] as const, o.direction ?? 'asc', { remember: true }),
    searchTerm: field.text(o.searchMax ?? 100, { remember: true }),
    columns: field.text(COLUMNS_MAX, { remember: true }),
    ...(Object.fromEntries(Object.entries(o.fields ?? {}).map(([k, f]) => [k, { remember: true, ...f }])) as X),
  } as BaseFields<S> & X;
  return { key: o.key, path: o.path, ...(o.fixed && { fixed: o.fixed }), ...(o.rememberFor && { rememberFor: o.rememberFor }), fields };
}

// ── shown columns ──────────────────────────────────────────────────────────────────────────────────
/** Column id → shown. */
export type ColumnVisibility = Record<string, boolean>;

const COLUMNS_MAX = 500;

/**
 * The columns shown, from the list's `columns` value: its defaults, changed by the value's entries, each a
 * column id (shown) or "-" and an id (hidden), comma-separated. Only differences from the defaults are
 * written, so a list whose columns the user never changed has no `columns` in its URL; an entry for a
 * column the list does not have (renamed, or junk) is ignored.
 */
export function readColumns(value: string, defaults: ColumnVisibility): ColumnVisibility {
  const shown = { ...defaults };
  for (const entry of value.split(',')) {
    const hidden = entry.startsWith('-');
    const id = hidden ? entry.slice(1) : entry;
    if (Object.hasOwn(defaults, id)) shown[id] = !hidden;
  }
  return shown;
}

/** The `columns` value of the shown columns: the ones that differ from their default, in the defaults' order. */
export function columnsValue(shown: ColumnVisibility, defaults: ColumnVisibility): string {
  return Object.keys(defaults)
    .filter((id) => Object.hasOwn(shown, id) && shown[id] !== defaults[id])
    .map((id) => (shown[id] ? id : `-${id}`))
    .join(',');
}

// ── parsing ────────────────────────────────────────────────────────────────────────────────────────
export type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;

function rawValue(params: RawParams, key: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(key) ?? undefined;
  const v = params[key];
  return Array.isArray(v) ? v[0] : v;
}

/** One field's value from its text, or undefined when the text is not a valid value. */
export function parseField(f: FieldSpec, raw: string | undefined): string | number | undefined {
  if (raw === undefined) return undefined;
  switch (f.kind) {
    case 'int': {
      const s = raw.trim();
      if (!/^-?\d{1,9}$/.test(s)) return undefined;
      const n = Number(s);
      if (f.min !== undefined && n < f.min) return undefined;
      if (f.max !== undefined && n > f.max) return undefined;
      if (f.values && !f.values.includes(n)) return undefined;
      return n;
    }
    case 'enum':
      return f.values.includes(raw) ? raw : undefined;
    case 'text': {
      const s = raw.trim().replace(/\s+/g, ' ');
      return s.length > f.max ? s.slice(0, f.max) : s;
    }
  }
}

/** The list state from a query string: missing or invalid values become their defaults. */
export function parseList<F extends Fields>(spec: ListSpec<F>, params: RawParams): ListState<F> {
  const out: Record<string, string | number> = {};
  for (const [key, f] of Object.entries(spec.fields)) out[key] = parseField(f, rawValue(params, key)) ?? f.default;
  return out as ListState<F>;
}

/** The defaults of every field. */
export function listDefaults<F extends Fields>(spec: ListSpec<F>): ListState<F> {
  return parseList(spec, {});
}

// ── serializing ────────────────────────────────────────────────────────────────────────────────────
/** The query string of a state: fields in spec order, defaults (and invalid values) left out. */
export function listSearch<F extends Fields>(
  spec: ListSpec<F>,
  state: Partial<ListState<F>>,
  only?: (f: FieldSpec) => boolean,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, f] of Object.entries(spec.fields)) {
    if (only && !only(f)) continue;
    const v = (state as Record<string, unknown>)[key];
    if (v === undefined || v === null) continue;
    const parsed = parseField(f, String(v));
    if (parsed === undefined || parsed === f.default) continue;
    params.set(key, String(parsed));
  }
  return params;
}

/** The list's path with its fixed values and a query string of its fields. */
function hrefOf(spec: ListSpec<Fields>, fieldsQuery: string): string {
  const qs = [new URLSearchParams(spec.fixed).toString(), fieldsQuery].filter(Boolean).join('&');
  return qs ? `${spec.path}?${qs}` : spec.path;
}

export function listHref<F extends Fields>(spec: ListSpec<F>, state: Partial<ListState<F>>): string {
  return hrefOf(spec, listSearch(spec, state).toString());
}

/**
 * The state after a change. Anything but a page change goes back to page 1 (a new sort, filter,
 * search or page size makes the old position meaningless).
 */
export function changeList<F extends Fields>(state: ListState<F>, change: Partial<ListState<F>>): ListState<F> {
  const next = { ...state, ...change };
  const others = Object.keys(change).filter(
    (k) => k !== 'page' && (change as Record<string, unknown>)[k] !== (state as Record<string, unknown>)[k],
  );
  if (others.length > 0 && !('page' in change)) (next as Record<string, unknown>).page = 1;
  return next;
}

/** The sort after a click on a column: the same column flips its direction, another starts ascending. */
export function nextSort(
  current: { orderBy: string; direction: SortDirection },
  column: string,
): { orderBy: string; direction: SortDirection } {
  if (current.orderBy === column) return { orderBy: column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { orderBy: column, direction: 'asc' };
}

/** The number of pages (at least 1). */
export const pageCount = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / Math.max(1, pageSize)));

// ── remembered preferences ─────────────────────────────────────────────────────────────────────────
export const prefsCookieName = (spec: ListSpec<Fields>) => `list-${spec.key}`;

const remembered = (f: FieldSpec) => f.remember === true;

/** The cookie value for a state: the remembered fields that differ from their defaults, as a query string. */
export function prefsValue<F extends Fields>(spec: ListSpec<F>, state: Partial<ListState<F>>): string {
  return listSearch(spec, state, remembered).toString();
}

/** True when the URL carries no list parameters at all (the bare path; a list's fixed values aside). */
export function isBare(params: RawParams, spec?: ListSpec<Fields>): boolean {
  const fixed = (key: string) => spec?.fixed !== undefined && key in spec.fixed;
  if (params instanceof URLSearchParams) return [...params.keys()].every(fixed);
  return Object.entries(params).every(([k, v]) => v === undefined || fixed(k));
}

/**
 * Where the bare path should go given the preference cookie: the path with the remembered values, or
 * null when nothing differs from the defaults (or the cookie is junk).
 */
export function restoreHref<F extends Fields>(spec: ListSpec<F>, cookie: string | undefined): string | null {
  if (!cookie) return null;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(cookie);
  } catch {
    return null;
  }
  const state = parseList(spec, params);
  const qs = listSearch(spec, state, remembered).toString();
  return qs ? hrefOf(spec, qs) : null;
}

/**
 * The document.cookie text for the preferences: a session cookie scoped to the list's path, the value
 * URL-encoded (Next's cookies() decodes it again); an empty value deletes it.
 */
export function prefsCookie<F extends Fields>(spec: ListSpec<F>, state: Partial<ListState<F>>, secure: boolean): string {
  const value = prefsValue(spec, state);
  const attrs = `; Path=${spec.path}; SameSite=Lax${secure ? '; Secure' : ''}`;
  const kept = spec.rememberFor ? `; Max-Age=${spec.rememberFor}` : '';
  return value ? `${prefsCookieName(spec)}=${encodeURIComponent(value)}${attrs}${kept}` : `${prefsCookieName(spec)}=${attrs}; Max-Age=0`;
}
