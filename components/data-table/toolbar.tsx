'use client';
/** The data-table's toolbar parts: search box, a filter select, the column visibility menu and CSV export. */
import { Icon } from '@/components/ui/icon';
import { useEffect, useId, useRef, useState } from 'react';
import { csvFilename, downloadText, toCsv, type CsvValue } from './csv';
import type { FormTarget } from './use-list';

const CONTROL = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm';
const TOOL_BUTTON =
  'inline-flex min-h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400';

export const SEARCH_DEBOUNCE_MS = 350;

/**
 * A search box that searches as the user types (debounced) and on Enter. The URL's value wins when it
 * changes from outside (back button), but not while the user's own last term is on its way. Given
 * `target`, it is also a plain GET form (`searchTerm`) that works before hydration and without JavaScript.
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
  target,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onSearch: (term: string) => void;
  target?: FormTarget;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [sent, setSent] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) {
      setText(value);
      setSent(value);
    }
  }
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  const send = (term: string) => {
    const t = term.trim().replace(/\s+/g, ' ');
    if (t === sent) return;
    setSent(t);
    onSearchRef.current(t);
  };

  useEffect(() => {
    const t = text.trim().replace(/\s+/g, ' ');
    if (t === sent) return;
    const timer = setTimeout(() => {
      setSent(t);
      onSearchRef.current(t);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, sent]);

  return (
    <form
      role="search"
      action={target?.action}
      method="get"
      className="flex min-w-0 flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        send(text);
      }}
    >
      {target?.hidden.map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <Icon name="search" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500" />
        <input
          id={id}
          type="search"
          name={target ? 'searchTerm' : undefined}
          value={text}
          placeholder={placeholder}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          className={`${CONTROL} w-64 max-w-full pr-9 pl-8 [&::-webkit-search-cancel-button]:hidden`}
        />
        {text && (
          <button
            type="button"
            aria-label="Clear search"
            className="absolute top-1/2 right-1 -translate-y-1/2 rounded p-1.5 text-slate-600 hover:bg-slate-100"
            onClick={() => {
              setText('');
              send('');
            }}
          >
            <Icon name="x" className="size-4" />
          </button>
        )}
      </div>
    </form>
  );
}

export interface FilterOption {
  value: string | number;
  label: string;
}

/** One filter of the list (a facet): a labelled select whose change goes to the URL. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  value: string | number;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    // max-w-full: a select is as wide as its longest option; in a wrapping row it must still fit the screen.
    <div className="flex max-w-full min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={String(value)}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className={`${CONTROL} max-w-full`}
      >
        {options.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Closes a popup on Escape (focus back to its button) or a click outside it. */
function useDismiss(
  open: boolean,
  close: () => void,
  wrap: React.RefObject<HTMLElement | null>,
  button: React.RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    const onDown = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open, close, wrap, button]);
}

export interface ColumnToggle {
  id: string;
  label: string;
  visible: boolean;
  toggle: (visible: boolean) => void;
}

/** "Columns": a popup of checkboxes, one per column the user may hide. */
export function ColumnsMenu({ columns }: { columns: readonly ColumnToggle[] }) {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popupId = useId();
  useDismiss(open, () => setOpen(false), wrap, button);
  if (columns.length === 0) return null;
  return (
    <div ref={wrap} className="relative">
      <button
        ref={button}
        type="button"
        className={TOOL_BUTTON}
        aria-expanded={open}
        aria-controls={popupId}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="columns-3" className="size-4" />
        Columns
      </button>
      {open && (
        <fieldset id={popupId} className="absolute right-0 z-30 mt-1 w-56 rounded-md border border-slate-200 bg-white p-2 shadow-lg">
          <legend className="sr-only">Columns shown</legend>
          {columns.map((c) => (
            <label key={c.id} className="flex items-center gap-2 rounded px-2 py-2 text-sm text-slate-800 hover:bg-slate-50">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={c.visible}
                // The last visible column stays: a table without columns tells nothing.
                disabled={c.visible && columns.filter((x) => x.visible).length === 1}
                onChange={(e) => c.toggle(e.target.checked)}
              />
              {c.label}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}

export interface ExportColumn<T> {
  header: string;
  csv?: (row: T) => CsvValue;
}

/** "Export CSV": fetches every row matching the filter, writes the exportable columns, downloads the file. */
export function ExportButton<T>({
  columns,
  count,
  filename,
  fetchAll,
}: {
  columns: readonly ExportColumn<T>[];
  count: number;
  filename: string;
  fetchAll: (onProgress: (done: number, total: number) => void) => Promise<readonly T[]>;
}) {
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    setProgress('Exporting…');
    try {
      const rows = await fetchAll((done, total) => setProgress(`Exporting ${done} of ${total}…`));
      const exportable = columns.filter((c) => c.csv).map((c) => ({ header: c.header, value: c.csv! }));
      downloadText(csvFilename(filename), await toCsv(exportable, rows));
    } catch (e) {
      setError(`The export failed: ${(e as Error).message}`);
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className="flex items-center gap-2">
      <button type="button" className={TOOL_BUTTON} onClick={run} disabled={progress !== null || count === 0}>
        {progress ? <Icon name="loader-circle" className="size-4 animate-spin" /> : <Icon name="download" className="size-4" />}
        Export CSV
      </button>
      <span role="status" className="text-sm text-slate-700">
        {progress}
      </span>
      {error && (
        <span role="alert" className="text-sm text-red-700">
          {error}
        </span>
      )}
    </div>
  );
}
