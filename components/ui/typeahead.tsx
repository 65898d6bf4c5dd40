'use client';
/**
 * A search-as-you-type combobox (WAI-ARIA 1.2 combobox with a listbox popup). It searches only for a
 * non-empty trimmed term (docs/shell.md#validation), debounced, and aborts the request of a term that is no longer
 * current. Arrow keys move through the results (aria-activedescendant), Enter picks, Escape closes.
 */
import { Icon } from '@/components/ui/icon';
import { useEffect, useId, useRef, useState } from 'react';
import { TypeaheadInput } from './typeahead-input';

export const TYPEAHEAD_DEBOUNCE_MS = 300;

export interface TypeaheadProps<T> {
  label: string;
  /** Hide the label visually (it still names the box). */
  hideLabel?: boolean;
  placeholder?: string;
  search: (term: string, signal: AbortSignal) => Promise<readonly T[]>;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => React.ReactNode;
  onSelect: (item: T) => void;
  /** Clear the box after a pick (default true). */
  clearOnSelect?: boolean;
  error?: string | null;
  className?: string;
  /** What the box holds at first (lazy-typeahead.tsx hands over what was typed while this loaded). */
  initialText?: string;
  autoFocus?: boolean;
}

type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'done' } | { kind: 'failed'; message: string };

export function Typeahead<T>({
  label,
  hideLabel,
  placeholder,
  search,
  itemKey,
  renderItem,
  onSelect,
  clearOnSelect = true,
  error,
  className = '',
  initialText = '',
  autoFocus,
}: TypeaheadProps<T>) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(initialText);
  const [items, setItems] = useState<readonly T[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const wrap = useRef<HTMLDivElement>(null);
  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  });

  const term = text.trim();
  useEffect(() => {
    if (!term) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      setStatus({ kind: 'loading' });
      searchRef
        .current(term, ctrl.signal)
        .then((found) => {
          if (ctrl.signal.aborted) return;
          setItems(found);
          setActive(-1);
          setStatus({ kind: 'done' });
        })
        .catch((e: Error) => {
          if (ctrl.signal.aborted || e.name === 'AbortError') return;
          setItems([]);
          setStatus({ kind: 'failed', message: e.message });
        });
    }, TYPEAHEAD_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [term]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const shown = term !== '' && open;
  const expanded = shown && status.kind !== 'idle';

  // Escape closes the list first. Listening on window in the capture phase runs before a surrounding
  // dialog's Escape handler (Radix listens on document), so the dialog stays open.
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!expanded) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || document.activeElement !== inputRef.current) return;
      e.stopPropagation();
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [expanded]);

  const pick = (item: T) => {
    onSelect(item);
    setOpen(false);
    setActive(-1);
    if (clearOnSelect) {
      setText('');
      setItems([]);
      setStatus({ kind: 'idle' });
    }
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      if (items.length) setActive((a) => (a + 1) % items.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (items.length) setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
    } else if (e.key === 'Enter') {
      if (expanded && active >= 0 && items[active]) {
        e.preventDefault();
        pick(items[active]);
      }
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  const optionId = (i: number) => `${id}-opt-${i}`;
  const statusText = !shown
    ? ''
    : status.kind === 'loading'
      ? 'Searching…'
      : status.kind === 'failed'
        ? status.message
        : status.kind === 'done'
          ? items.length === 0
            ? 'No matches'
            : `${items.length} ${items.length === 1 ? 'match' : 'matches'}`
          : '';

  return (
    <div ref={wrap} className={`relative flex flex-col gap-1 ${className}`}>
      <TypeaheadInput
        ref={inputRef}
        id={id}
        label={label}
        hideLabel={hideLabel}
        listId={listId}
        autoFocus={autoFocus}
        expanded={expanded}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={text}
        placeholder={placeholder}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          if (!e.target.value.trim()) {
            setItems([]);
            setStatus({ kind: 'idle' });
          }
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        adornment={
          status.kind === 'loading' &&
          shown && <Icon name="loader-circle" className="absolute top-1/2 right-2.5 size-4 -translate-y-1/2 animate-spin text-slate-500" />
        }
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <span role="status" className="sr-only">
        {statusText}
      </span>
      <div
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-40 mt-1 max-h-80 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {status.kind === 'done' && items.length === 0 && <p className="px-3 py-2 text-sm text-slate-600">No matches</p>}
        {status.kind === 'loading' && items.length === 0 && <p className="px-3 py-2 text-sm text-slate-600">Searching…</p>}
        {status.kind === 'failed' && <p className="px-3 py-2 text-sm text-red-700">{status.message}</p>}
        <ul id={listId} role="listbox" aria-label={label}>
          {items.map((item, i) => (
            <li
              key={itemKey(item)}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(item)}
              onMouseEnter={() => setActive(i)}
              className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-brand-50' : ''}`}
            >
              {renderItem(item)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
