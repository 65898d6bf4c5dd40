'use client';
/**
 * The interactive part of /dispatch (docs/dispatch.md#screens): the server page renders the rows from the
 * URL; this component adds the Received / Sent switch, search (VIN, RO number, vehicle, shop or provider),
 * the status filter, CSV export of every matching row, live rows (the change notices of dispatches), the
 * dispatch's dialog with its steps, a link to the numbers, and the provider's offering for its managers.
 */
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useCallback, useMemo, useState } from 'react';
import { DataTable, FilterSelect, ListLink, fetchAllPages, useList, type FilterOption } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { PageHeading } from '@/components/ui/page-heading';
import { DISPATCH_FILTERS, DISPATCH_STATUS_TEXT, type DispatchStatus } from '@/lib/dispatch/rules';
import { dispatchApi } from './api';
import { dispatchColumns, type DatedRow } from './columns';
import type { DispatchListSpec, DispatchListState } from './list-spec';
import type { OfferingValue } from './offering-form';

// Loaded when first opened: neither is needed to show the list.
const DispatchDialog = dynamic(() => import('./dispatch-dialog').then((m) => m.DispatchDialog), { ssr: false });
const OfferingForm = dynamic(() => import('./offering-form').then((m) => m.OfferingForm), { ssr: false });

export interface DispatchScreenProps {
  spec: DispatchListSpec;
  state: DispatchListState;
  data: { count: number; items: DatedRow[] };
  /** The host query of this state: CSV export pages through it. */
  query: Record<string, string | number>;
  role: number | null;
  timezone: number;
  /** The caller's location's offering, for a manager of a provider; null: not shown. */
  offering: OfferingValue | null;
  /** Where the numbers are, for a role that opens the dashboard. */
  numbers: { firm: number; provider: boolean } | null;
}

const STATUS_OPTIONS: readonly FilterOption[] = DISPATCH_FILTERS.map((f) => ({
  value: f,
  label: f === 'all' ? 'All statuses' : f === 'open' ? 'Open (not ended)' : f,
}));

const dashboardHref = (firm: number, analysis: string) => `/dashboard?${new URLSearchParams({ firm: String(firm), analysis })}`;

export function DispatchScreen({ spec, state, data, query, role, timezone, offering, numbers }: DispatchScreenProps) {
  const list = useList(spec, state);
  const [opened, setOpened] = useState<number>(state.dispatch);
  const [settingUp, setSettingUp] = useState(false);
  const received = state.view === 'received';

  const open = useCallback(
    (r: DatedRow) => {
      setOpened(r.dispatch);
      list.keep({ dispatch: r.dispatch });
    },
    [list],
  );
  const columns = useMemo(() => dispatchColumns(state.view, open), [state.view, open]);
  const filtered = state.searchTerm !== '' || state.status !== 'all';
  const exportRows = useCallback(
    (onProgress: (done: number, total: number) => void) =>
      fetchAllPages((page, pageSize) => dispatchApi.list({ ...query, page, pageSize }), { onProgress }).then((rows) =>
        rows.map((r) => ({ ...r, changedLabel: r.statusChangedAt })),
      ),
    [query],
  );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeading
        actions={
          <div className="flex flex-wrap gap-2">
            {numbers && (
              <Link
                href={dashboardHref(numbers.firm, numbers.provider && received ? 'workShop' : 'providerSales')}
                className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-100"
              >
                {numbers.provider && received ? 'Numbers of the work done for shops' : 'Numbers by provider'}
              </Link>
            )}
            {offering && (
              <Button variant="secondary" onClick={() => setSettingUp(true)}>
                How we take work
              </Button>
            )}
          </div>
        }
      >
        Dispatch
      </PageHeading>

      <nav aria-label="Received or sent" className="inline-flex self-start rounded-md border border-slate-300 bg-white p-0.5">
        {(['received', 'sent'] as const).map((v) => (
          <ListLink
            key={v}
            list={list}
            change={{ view: v, status: 'all', dispatch: 0 }}
            aria-current={state.view === v ? 'page' : undefined}
            className={`rounded px-4 py-2 text-sm font-medium ${state.view === v ? 'bg-brand-600 text-white' : 'text-slate-800 hover:bg-slate-100'}`}
          >
            {v === 'received' ? 'Received' : 'Sent'}
          </ListLink>
        ))}
      </nav>
      <p className="-mt-2 text-sm text-slate-700">
        {received
          ? 'Calibration work shops sent to your locations: accept it with a date, a time window and a technician, propose another date, or decline it.'
          : 'Calibration work your locations sent to their providers, and where each stands.'}
      </p>

      <DataTable<DatedRow>
        caption={received ? 'Calibration work received' : 'Calibration work sent'}
        noun="dispatches"
        columns={columns}
        rows={data.items}
        count={data.count}
        rowId={(r) => String(r.dispatch)}
        rowLabel={(r) => `${r.year} ${r.make} ${r.model}`}
        list={list}
        live="dispatch"
        search={{
          label: 'Search dispatches',
          placeholder: received ? 'VIN, RO number, vehicle or shop' : 'VIN, RO number, vehicle or provider',
        }}
        filters={
          <FilterSelect
            label="Status"
            value={state.status}
            options={STATUS_OPTIONS}
            onChange={(v) => list.go({ status: v as DispatchListState['status'] })}
          />
        }
        exportCsv={{ filename: received ? 'dispatch-received' : 'dispatch-sent', fetchAll: exportRows }}
        empty={
          <span className="flex flex-col items-center gap-2">
            <span>
              {filtered
                ? 'No dispatches match the search and filter.'
                : received
                  ? 'No calibration work was sent to your locations yet.'
                  : 'Your locations have sent no calibration work to a provider yet: send it from an inspection’s calibration request.'}
            </span>
            {filtered ? (
              <Button variant="secondary" onClick={() => list.go({ searchTerm: '', status: 'all' })}>
                Clear search and filter
              </Button>
            ) : (
              <ListLink list={list} change={{ view: received ? 'sent' : 'received', dispatch: 0 }} className="text-brand-700 underline">
                {received ? 'The work your locations sent' : 'The work sent to your locations'}
              </ListLink>
            )}
          </span>
        }
      />
      {state.status !== 'all' && state.status !== 'open' && (
        <p className="text-xs text-slate-600">{DISPATCH_STATUS_TEXT[state.status as DispatchStatus]}.</p>
      )}

      {opened > 0 && (
        <DispatchDialog
          dispatch={opened}
          role={role}
          timezone={timezone}
          onChanged={list.refresh}
          onClose={() => {
            setOpened(0);
            list.keep({ dispatch: 0 });
          }}
        />
      )}
      {settingUp && offering && <OfferingForm value={offering} onClose={() => setSettingUp(false)} />}
    </div>
  );
}
