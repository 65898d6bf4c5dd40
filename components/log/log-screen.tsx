'use client';
/**
 * Administration → Log (docs/log.md#screens Log viewer): application log records filtered by level, searched in
 * message or machine name, within an optional time range, sorted (by date-time ascending by default). A
 * record opens in full with its exception texts. Role 1 may show the records unscrubbed.
 */
import dynamic from 'next/dynamic';
import { useCallback, useMemo, useState } from 'react';
import { CELL_LINK, DataTable, FilterSelect, fetchAllPages, useList, type DataColumn } from '@/components/data-table';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LOG_LEVELS } from '@/lib/contract/log-constants';
import { type LogLevel, type LogRow } from '@/lib/contract/log';
import { formatDateTime, toLocalInput } from '@/lib/dates';
import { logApi, type LogListSpec, type LogListState } from '@/components/admin';
import { rangeOf } from './rules';

const LogRecordDialog = dynamic(() => import('./log-record').then((m) => m.LogRecordDialog), { ssr: false });

const LEVEL_STYLE: Record<LogLevel, string> = {
  Trace: 'bg-slate-100 text-slate-700',
  Debug: 'bg-slate-100 text-slate-800',
  Info: 'bg-sky-50 text-sky-900',
  Warn: 'bg-amber-50 text-amber-900',
  Error: 'bg-red-50 text-red-800',
  Fatal: 'bg-red-700 text-white',
};
const LEVEL_OPTIONS = [{ value: '', label: 'All levels' }, ...LOG_LEVELS.map((l) => ({ value: l, label: l }))];

export const LevelBadge = ({ level }: { level: LogLevel }) => (
  <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${LEVEL_STYLE[level]}`}>{level}</span>
);

interface Props {
  spec: LogListSpec;
  state: LogListState;
  data: { count: number; items: LogRow[] };
  problem: string | null;
  mayUnscrub: boolean;
  zone: string;
}

export function LogScreen({ spec, state, data, problem, mayUnscrub, zone }: Props) {
  const list = useList(spec, state);
  const [open, setOpen] = useState<LogRow | null>(null);
  const [from, setFrom] = useState(toLocalInput(state.from, zone));
  const [to, setTo] = useState(toLocalInput(state.to, zone));
  const [rangeError, setRangeError] = useState<string | null>(null);

  const columns = useMemo<DataColumn<LogRow>[]>(
    () => [
      {
        id: 'timestamp',
        header: 'Date/time',
        sortable: true,
        rowHeader: true,
        canHide: false,
        className: 'whitespace-nowrap',
        csv: (r) => r.timestamp,
        cell: (r) => (
          <button
            type="button"
            className={CELL_LINK}
            aria-label={`Open the ${r.level} record of ${formatDateTime(r.timestamp, zone)}`}
            onClick={() => setOpen(r)}
          >
            {formatDateTime(r.timestamp, zone)}
          </button>
        ),
      },
      { id: 'level', header: 'Level', sortable: true, csv: (r) => r.level, cell: (r) => <LevelBadge level={r.level} /> },
      { id: 'name', header: 'Logger', sortable: true, csv: (r) => r.name, className: 'break-all', cell: (r) => r.name },
      {
        id: 'message',
        header: 'Message',
        csv: (r) => r.message,
        className: 'min-w-64',
        cell: (r) => (
          <span className="line-clamp-2 break-words">
            {r.message}
            {r.hasException && <span className="ml-1 rounded bg-red-50 px-1 text-xs text-red-800">exception</span>}
          </span>
        ),
      },
      { id: 'machineName', header: 'Machine', sortable: true, csv: (r) => r.machineName, cell: (r) => r.machineName },
      { id: 'title', header: 'Title', hidden: true, csv: (r) => r.title ?? '', cell: (r) => r.title ?? '' },
    ],
    [zone],
  );

  const applyRange = () => {
    const range = rangeOf(from, to, zone);
    if (range && 'error' in range) return setRangeError(range.error);
    setRangeError(null);
    list.go(range ? { from: range.from, to: range.to } : { from: '', to: '' });
  };

  const exportAll = useCallback(
    (onProgress: (done: number, total: number) => void) =>
      fetchAllPages(
        (page, pageSize) => {
          const query = {
            page,
            pageSize,
            orderBy: state.orderBy,
            direction: state.direction,
            level: state.level,
            searchTerm: state.searchTerm,
          };
          return state.from && state.to
            ? logApi.range({ ...query, from: state.from, to: state.to })
            : logApi.entries(query, mayUnscrub && state.noScrub === 1);
        },
        { onProgress },
      ),
    [state, mayUnscrub],
  );

  const filtered = state.level !== '' || state.searchTerm !== '' || state.from !== '';
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <h2 className="text-xl font-semibold text-slate-900">Log</h2>
      <fieldset className="flex flex-wrap items-end gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Time range (your time zone)</legend>
        <label className="flex flex-col gap-1 text-sm text-slate-800">
          From
          <input
            type="datetime-local"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className="rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm"
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? 'log-range-error' : undefined}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-800">
          To
          <input
            type="datetime-local"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            className="rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm"
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? 'log-range-error' : undefined}
          />
        </label>
        <Button variant="secondary" onClick={applyRange}>
          Apply range
        </Button>
        {(state.from || from || to) && (
          <Button
            variant="ghost"
            onClick={() => {
              setFrom('');
              setTo('');
              setRangeError(null);
              if (state.from) list.go({ from: '', to: '' });
            }}
          >
            Clear range
          </Button>
        )}
        {rangeError && (
          <p id="log-range-error" role="alert" className="basis-full text-sm text-red-700">
            {rangeError}
          </p>
        )}
      </fieldset>
      {problem && <Alert>{problem}</Alert>}
      <DataTable<LogRow>
        caption="Application log"
        noun="records"
        columns={columns}
        rows={data.items}
        count={data.count}
        rowId={(r) => String(r.id)}
        rowLabel={(r) => `${r.level} ${formatDateTime(r.timestamp, zone)}`}
        list={list}
        search={{ label: 'Search message or machine', placeholder: 'Words of the message or machine name' }}
        filters={
          <>
            <FilterSelect
              label="Level"
              value={state.level}
              options={LEVEL_OPTIONS}
              onChange={(v) => list.go({ level: v as LogLevel | '' })}
            />
            {mayUnscrub && (
              <label className="flex min-h-10 items-center gap-2 self-end text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-6 accent-brand-600"
                  checked={state.noScrub === 1}
                  disabled={!!state.from}
                  onChange={(e) => list.go({ noScrub: e.target.checked ? 1 : 0 })}
                />
                Show unscrubbed
              </label>
            )}
          </>
        }
        exportCsv={{ filename: 'application-log', fetchAll: exportAll }}
        empty={filtered ? 'No records match the level, search and range.' : 'The log is empty.'}
      />
      {open && <LogRecordDialog row={open} zone={zone} onClose={() => setOpen(null)} />}
    </div>
  );
}
