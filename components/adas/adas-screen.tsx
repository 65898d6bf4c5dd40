'use client';
/**
 * The interactive part of /adas (docs/adas.md#screens): the server page renders the rows from the URL; this
 * component adds the Jobs / Vehicles switch, search (RO number or any part of a VIN), the status, location
 * and date filters, CSV export of every matching row, and the job and vehicle editors.
 */
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { Icon } from '@/components/ui/icon';
import { useCallback, useId, useMemo, useState } from 'react';
import { DataTable, FilterSelect, ListLink, fetchAllPages, useList, type FilterOption } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { PageHeading } from '@/components/ui/page-heading';
import { STATUS_NAMES, VEHICLE_DEFAULT_YEAR, vehicleLabel } from '@/lib/adas/rules';
import type { AdasRow } from '@/lib/contract/adas';
import type { VehicleRecord } from '@/lib/contract/vehicles';
import { adasApi, vehicleApi } from './api';
import { jobColumns, undated, vehicleColumns, type Dated } from './columns';
import { jobHref } from './hrefs';
import type { Choice } from './errors';
import type { AdasListSpec, AdasListState } from './list-spec';

// Editors load when first opened: they are not needed to show the list.
const JobEditor = dynamic(() => import('./job-editor').then((m) => m.JobEditor), { ssr: false });
const VehicleEditor = dynamic(() => import('./vehicle-editor').then((m) => m.VehicleEditor), { ssr: false });

export type AdasScreenData =
  { view: 'jobs'; count: number; items: Dated<AdasRow>[] } | { view: 'vehicles'; count: number; items: Dated<VehicleRecord>[] };

export interface AdasScreenProps {
  spec: AdasListSpec;
  state: AdasListState;
  data: AdasScreenData;
  /** The host query of this state (built on the server, where local dates become instants): CSV export pages through it. */
  query: Record<string, string | number | undefined>;
  locations: readonly Choice[];
  insurers: readonly Choice[];
  defaultFirm: number;
}

const STATUS_OPTIONS: readonly FilterOption[] = [
  { value: 0, label: 'All statuses' },
  ...Object.entries(STATUS_NAMES).map(([value, label]) => ({ value: Number(value), label })),
];

function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm"
      />
    </div>
  );
}

export function AdasScreen({ spec, state, data, query, locations, insurers, defaultFirm }: AdasScreenProps) {
  const list = useList(spec, state);
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const [vehicle, setVehicle] = useState<VehicleRecord | 'new' | null>(null);

  const jobCols = useMemo(() => jobColumns(), []);
  const vehicleCols = useMemo(() => vehicleColumns((v) => setVehicle(v)), []);
  const locationOptions = useMemo<FilterOption[]>(() => [{ value: 0, label: 'All locations' }, ...locations], [locations]);
  const filtered = state.searchTerm !== '' || state.filterBy !== 0 || state.firm !== 0 || state.from !== '' || state.to !== '';
  const clear = () => list.go({ searchTerm: '', filterBy: 0, firm: 0, from: '', to: '' });

  const exportJobs = useCallback(
    (onProgress: (done: number, total: number) => void) =>
      fetchAllPages((page, pageSize) => adasApi.jobs({ ...query, page, pageSize }), { onProgress }).then(undated),
    [query],
  );
  const exportVehicles = useCallback(
    (onProgress: (done: number, total: number) => void) =>
      fetchAllPages((page, pageSize) => vehicleApi.list({ ...query, page, pageSize }), { onProgress }).then(undated),
    [query],
  );

  const emptyText = (noun: string) => (
    <span className="flex flex-col items-center gap-2">
      <span>{filtered ? `No ${noun} match the search and filters.` : `No ${noun} yet.`}</span>
      {filtered && (
        <Button variant="secondary" onClick={clear}>
          Clear search and filters
        </Button>
      )}
    </span>
  );
  const locationFilter = locations.length > 1 && (
    <FilterSelect label="Location" value={state.firm} options={locationOptions} onChange={(v) => list.go({ firm: Number(v) })} />
  );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeading
        actions={
          data.view === 'jobs' ? (
            <Button onClick={() => setCreating(true)}>
              <Icon name="plus" className="size-4" />
              New job
            </Button>
          ) : (
            <Button onClick={() => setVehicle('new')}>
              <Icon name="plus" className="size-4" />
              Add vehicle
            </Button>
          )
        }
      >
        ADAS
      </PageHeading>

      <nav aria-label="Jobs or vehicles" className="inline-flex self-start rounded-md border border-slate-300 bg-white p-0.5">
        {(['jobs', 'vehicles'] as const).map((v) => (
          <ListLink
            key={v}
            list={list}
            change={{ view: v, orderBy: v === 'jobs' ? 'adas' : 'vehicle', direction: 'desc', filterBy: 0, from: '', to: '' }}
            aria-current={data.view === v ? 'page' : undefined}
            className={`rounded px-4 py-2 text-sm font-medium ${data.view === v ? 'bg-brand-600 text-white' : 'text-slate-800 hover:bg-slate-100'}`}
          >
            {v === 'jobs' ? 'Jobs' : 'Vehicles'}
          </ListLink>
        ))}
      </nav>

      {data.view === 'jobs' ? (
        <DataTable<Dated<AdasRow>>
          caption="ADAS jobs"
          noun="jobs"
          columns={jobCols}
          rows={data.items}
          count={data.count}
          rowId={(r) => String(r.adas)}
          live="adas"
          rowLabel={(r) => r.ronumber}
          list={list}
          search={{ label: 'Search jobs', placeholder: 'RO number or VIN' }}
          filters={
            <>
              <FilterSelect
                label="Status"
                value={state.filterBy}
                options={STATUS_OPTIONS}
                onChange={(v) => list.go({ filterBy: Number(v) })}
              />
              {locationFilter}
              <DateFilter label="Created from" value={state.from} onChange={(from) => list.go({ from })} />
              <DateFilter label="Created to" value={state.to} onChange={(to) => list.go({ to })} />
            </>
          }
          exportCsv={{ filename: 'adas-jobs', fetchAll: exportJobs }}
          empty={emptyText('jobs')}
        />
      ) : (
        <DataTable<Dated<VehicleRecord>>
          caption="Vehicles"
          noun="vehicles"
          columns={vehicleCols}
          rows={data.items}
          count={data.count}
          rowId={(r) => String(r.vehicle)}
          rowLabel={(r) => vehicleLabel(r)}
          list={list}
          search={{ label: 'Search vehicles', placeholder: 'VIN, make or model' }}
          filters={locationFilter || undefined}
          exportCsv={{ filename: 'vehicles', fetchAll: exportVehicles }}
          empty={emptyText('vehicles')}
        />
      )}

      {creating && (
        <JobEditor
          locations={locations}
          insurers={insurers}
          defaultFirm={state.firm || defaultFirm}
          onClose={() => setCreating(false)}
          onSaved={({ adas }) => router.push(jobHref(adas))}
        />
      )}
      {vehicle && (
        <VehicleEditor
          key={vehicle === 'new' ? 'new' : vehicle.vehicle}
          vehicle={vehicle === 'new' ? null : vehicle}
          defaultYear={VEHICLE_DEFAULT_YEAR}
          locations={locations}
          defaultFirm={state.firm || defaultFirm}
          onClose={() => setVehicle(null)}
          onSaved={() => {
            setVehicle(null);
            list.refresh();
          }}
        />
      )}
    </div>
  );
}
