'use client';
/**
 * The ADAS Systems Overview (/add-inspection; docs/adas.md#screens): enter a VIN (checked as it is typed, decoded on
 * the 17th character) or choose year, make and model on /choose; see the vehicle's ADAS systems from the
 * knowledge base (system, location, static or dynamic calibration, notices, OEM links) and the components
 * the vehicle-data service lists; start a job with its first inspection in one step.
 */
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { SimpleTable } from '@/components/ui/simple-table';
import type { Column } from '@/components/ui/table';
import { dash } from '@/components/data-table/cells';
import { Button } from '@/components/ui/button';
import { PageHeading } from '@/components/ui/page-heading';
import type { AdasSystem } from '@/lib/contract/decode';
import type { VehicleComponents } from '@/lib/vehicle-data/schema';
import { inspectionHref } from './hrefs';
import type { Choice } from './errors';
import { VinField } from './vin-field';

const JobEditor = dynamic(() => import('./job-editor').then((m) => m.JobEditor), { ssr: false });

export interface OverviewVehicle {
  year: number;
  make: string;
  makeId: number | null;
  model: string;
  bodystyle: string;
  vin: string;
}

export interface OverviewProps {
  vin: string;
  /** The vehicle shown, with its systems; null before one is entered. */
  vehicle: OverviewVehicle | null;
  systems: AdasSystem[];
  /** Why nothing is shown for what was entered (a partial decode, an unknown make). */
  problem: string | null;
  /** The vehicle-data service's view of the VIN, or why it could not be had. */
  components: VehicleComponents | { error: string } | null;
  canStartJob: boolean;
  locations: readonly Choice[];
  insurers: readonly Choice[];
  defaultFirm: number;
}

const MODE: Readonly<Record<string, string>> = {
  static: 'Static',
  dynamic: 'Dynamic',
  'static-dynamic': 'Static and dynamic',
  initialization: 'Initialization',
};

const SYSTEM_COLUMNS: Column<AdasSystem>[] = [
  {
    id: 'system',
    header: 'System',
    rowHeader: true,
    cell: (s) => (
      <>
        <span className={`font-medium ${s.isHighlight ? 'text-red-800' : 'text-slate-900'}`}>
          {s.system}
          {s.isHighlight && <span className="sr-only"> (highlighted)</span>}
        </span>
        {s.oemName && <span className="block text-xs text-slate-600">{s.oemName}</span>}
      </>
    ),
  },
  { id: 'location', header: 'Location', cell: (s) => s.location },
  {
    id: 'calibration',
    header: 'Calibration',
    cell: (s) => (
      <>
        {s.calibrationMode ? (MODE[s.calibrationMode] ?? s.calibrationMode) : 'None listed'}
        {s.calibrationType && <span className="block text-xs text-slate-600">{s.calibrationType}</span>}
        {[...s.staticNames, ...s.dynamicNames].map((n) => (
          <span key={n} className="block text-xs text-slate-600">
            {n}
          </span>
        ))}
      </>
    ),
  },
  {
    id: 'notices',
    header: 'Notices',
    cell: (s) => (
      <>
        <span className="text-amber-900">{s.notice}</span>
        {s.hints && <span className="block text-xs text-slate-600">{s.hints}</span>}
      </>
    ),
  },
  {
    id: 'oem',
    header: 'OEM',
    cell: (s) =>
      s.url ? (
        <a href={s.url} target="_blank" rel="noreferrer" className="inline-flex min-h-6 items-center text-brand-700 hover:underline">
          Procedure<span className="sr-only"> for {s.system} (opens in a new tab)</span>
        </a>
      ) : (
        dash
      ),
  },
];

export function Overview({
  vin: initialVin,
  vehicle,
  systems,
  problem,
  components,
  canStartJob,
  locations,
  insurers,
  defaultFirm,
}: OverviewProps) {
  const router = useRouter();
  const [vin, setVin] = useState(initialVin);
  const [starting, setStarting] = useState(false);
  const [pending, startTransition] = useTransition();

  return (
    <div className="flex min-w-0 flex-col gap-5" aria-busy={pending || undefined}>
      <PageHeading>Add Inspection</PageHeading>
      <section aria-labelledby="vin-entry" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="vin-entry" className="text-lg font-semibold text-slate-900">
          ADAS Systems Overview
        </h2>
        <div className="max-w-md">
          <VinField
            label="Vehicle VIN"
            value={vin}
            onChange={setVin}
            autoFocus={!initialVin}
            decoded={vehicle ? initialVin : undefined}
            onDecoded={(d) => startTransition(() => router.replace(`/add-inspection?vin=${d.vin}`, { scroll: false }))}
          />
        </div>
        <p className="text-sm text-slate-700">
          No VIN at hand?{' '}
          <Link href="/choose" className="text-brand-700 underline">
            Choose the year, make and model
          </Link>
          .
        </p>
      </section>

      {problem && <Alert kind="info">{problem}</Alert>}

      {vehicle && (
        <section aria-labelledby="systems-heading" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="systems-heading" className="text-lg font-semibold text-slate-900">
              ADAS systems of the {vehicle.year} {vehicle.make} {vehicle.model}
              {vehicle.bodystyle ? ` (${vehicle.bodystyle})` : ''}
            </h2>
            {canStartJob && <Button onClick={() => setStarting(true)}>Start job and inspection</Button>}
          </div>
          {systems.length === 0 ? (
            <p className="text-sm text-slate-700">The knowledge base lists no ADAS systems for this vehicle.</p>
          ) : (
            <>
              {systems.some((s) => s.isHighlight) && (
                // What the red means (docs/adas.md#screens): the configuration's Highlight flag of a system.
                <p className="text-sm text-slate-700" data-testid="highlight-legend">
                  <span className="font-medium text-red-800">Names in red</span>: systems your configuration marks to highlight
                  (Configuration › Systems, Highlight). Give them particular attention.
                </p>
              )}
              <SimpleTable
                caption="ADAS systems of this vehicle"
                columns={SYSTEM_COLUMNS}
                rows={systems}
                rowKey={(s) => s.adasChecklistMatrix}
                rowAttributes={() => ({ className: 'align-top', 'data-testid': 'overview-system' })}
                cardsOnPhone
              />
            </>
          )}
        </section>
      )}

      {components && (
        <section aria-labelledby="components-heading" className="flex flex-col gap-2">
          <h2 id="components-heading" className="text-lg font-semibold text-slate-900">
            Components from the vehicle-data service
          </h2>
          {'error' in components ? (
            <Alert kind="info">{components.error}</Alert>
          ) : components.components.length === 0 ? (
            <p className="text-sm text-slate-700">The vehicle-data service lists no driver-assistance components for this VIN.</p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2" data-testid="vehicle-data-components">
              {components.components.map((c) => (
                <li key={c.componentId} className="rounded-md border border-slate-200 bg-white p-3 text-sm">
                  <span className="font-medium text-slate-900">{c.name}</span>
                  <span className="block text-xs text-slate-600">{c.location}</span>
                  <span className="block text-xs text-slate-700">Calibration: {c.calibration}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {starting && vehicle && (
        <JobEditor
          withInspection
          vehicle={{ ...vehicle, year: String(vehicle.year) }}
          locations={locations}
          insurers={insurers}
          defaultFirm={defaultFirm}
          onClose={() => setStarting(false)}
          onSaved={({ adas, adasInspection }) => router.push(adasInspection ? inspectionHref(adasInspection) : `/adas?adas=${adas}`)}
        />
      )}
    </div>
  );
}
