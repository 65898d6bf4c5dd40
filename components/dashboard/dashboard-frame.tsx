'use client';
/**
 * What every view of /dashboard shares: the heading, the views (numbers, ADAS records, administrator
 * statistics), and the filter (docs/dashboard.md#screens "Dashboard filters"): period, analysis, location. Picking a
 * preset computes its days here (lib/dashboard/periods.ts, loaded on the first pick), in the user's time
 * zone with the browser's clock, and sends them in the URL (YYYY-MM-DD); a date range is applied with its button after both days are chosen. The choice is
 * remembered on the device for the next visit (the numbers list's persistent cookie), whichever view it
 * was made in.
 */
import Link from 'next/link';
import { useState } from 'react';
import { FilterSelect, useList } from '@/components/data-table';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { PageHeading } from '@/components/ui/page-heading';
import type { Zone } from '@/lib/dates';
import { ANALYSES, CUSTOM_PERIOD, PERIODS, rangeProblems, type DayRange, type PeriodId } from '@/lib/dashboard/rules';
import { listHref, prefsCookie } from '@/lib/list-state';
import type { DashboardListSpec, DashboardState, RecordsListSpec, RecordsState } from './list-spec';

export type DashboardView = 'numbers' | 'records' | 'admin';
/** A location of the filter: only what it shows (the views are client components: what they get is sent twice). */
export interface LocationChoice {
  firm: number;
  name: string;
  /** Its level under the caller's top locations (adas/locations answers them in tree order). */
  depth: number;
}
/** The filter's part of either list's state. */
export type Filter = Pick<DashboardState, 'period' | 'startDate' | 'endDate' | 'analysis' | 'firm'>;

interface Props {
  /** The list of the view shown (numbers or records) and its state. */
  spec: DashboardListSpec | RecordsListSpec;
  state: DashboardState | RecordsState;
  /** The numbers list, whose cookie remembers the filter. */
  numbersSpec: DashboardListSpec;
  view: DashboardView;
  isAdmin: boolean;
  zone: Zone;
  range: DayRange;
  locations: readonly LocationChoice[];
  /** Problems of the filter to show (a range the host refused, a location out of reach). */
  problems?: Partial<Record<'startDate' | 'endDate' | 'firm', string>> | null;
  children: React.ReactNode;
}

/** A location's label in the select: indented by its level in the tree, which the list's order follows. */
const choiceLabel = (l: LocationChoice) => `${'\u00a0\u00a0\u00a0'.repeat(l.depth)}${l.name}`;

/** The URL of a view of /dashboard with the filter of `state` (and `extra` query values: the records' `tech`). */
export function dashboardViewHref(
  numbersSpec: DashboardListSpec,
  state: Filter,
  range: DayRange,
  view: DashboardView,
  extra: Record<string, string> = {},
): string {
  const filter = { period: state.period, startDate: range.startDate, endDate: range.endDate, analysis: state.analysis, firm: state.firm };
  const qs = listHref(numbersSpec, filter).split('?')[1] ?? '';
  const params = new URLSearchParams(qs);
  if (view !== 'numbers') params.set('view', view);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const s = params.toString();
  return `/dashboard${s ? `?${s}` : ''}`;
}

export function DashboardFrame({ spec, state, numbersSpec, view, isAdmin, zone, range, locations, problems, children }: Props) {
  // Both lists have the filter's fields; only those change here (list.go keeps the rest of the state).
  const list = useList(spec as DashboardListSpec, state as DashboardState);
  const [custom, setCustom] = useState<DayRange>(range);
  const customProblems = state.period === CUSTOM_PERIOD ? rangeProblems(custom) : null;

  const go = (change: Partial<Filter>) => {
    const next: Partial<DashboardState> = { period: state.period, analysis: state.analysis, firm: state.firm, ...change };
    document.cookie = prefsCookie(numbersSpec, next, window.location.protocol === 'https:');
    list.go(change);
  };
  const pickPeriod = async (value: string) => {
    const period = Number(value) as PeriodId;
    if (period === CUSTOM_PERIOD) return go({ period, ...custom });
    // The presets' date arithmetic (date-fns in the user's zone) loads when one is first picked.
    const { presetRange } = await import('@/lib/dashboard/periods');
    go({ period, ...presetRange(period, new Date(), zone) });
  };

  const viewHref = (v: DashboardView) => dashboardViewHref(numbersSpec, state, range, v);
  const views: { id: DashboardView; label: string }[] = [
    { id: 'numbers', label: 'Numbers' },
    { id: 'records', label: 'ADAS records' },
    ...(isAdmin ? [{ id: 'admin' as const, label: 'Administrator statistics' }] : []),
  ];

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeading>Dashboard</PageHeading>
      <nav aria-label="Dashboard views" className="flex flex-wrap gap-1 border-b border-slate-200">
        {views.map((v) => (
          <Link
            key={v.id}
            href={viewHref(v.id)}
            aria-current={v.id === view ? 'page' : undefined}
            className={`rounded-t-md px-3 py-2 text-sm font-medium ${v.id === view ? 'border-b-2 border-brand-600 text-brand-700' : 'text-slate-600 hover:text-slate-900'}`}
          >
            {v.label}
          </Link>
        ))}
      </nav>
      <form
        aria-label="Dashboard filter"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!customProblems) go({ period: CUSTOM_PERIOD, ...custom });
        }}
      >
        <FilterSelect
          label="Period"
          value={state.period}
          options={PERIODS.map((p) => ({ value: p.id, label: p.label }))}
          onChange={pickPeriod}
        />
        {state.period === CUSTOM_PERIOD && (
          <>
            <TextField
              type="date"
              label="Start date"
              value={custom.startDate}
              max={custom.endDate || undefined}
              onChange={(e) => setCustom({ ...custom, startDate: e.target.value })}
              error={customProblems?.startDate ?? problems?.startDate}
              required
            />
            <TextField
              type="date"
              label="End date"
              value={custom.endDate}
              min={custom.startDate || undefined}
              onChange={(e) => setCustom({ ...custom, endDate: e.target.value })}
              error={customProblems?.endDate ?? problems?.endDate}
              required
            />
            <Button type="submit" variant="secondary" disabled={!!customProblems}>
              Apply
            </Button>
          </>
        )}
        {view === 'numbers' && (
          <FilterSelect
            label="Analyze"
            value={state.analysis}
            options={ANALYSES.map((a) => ({ value: a.id, label: a.label }))}
            onChange={(v) => go({ analysis: v as Filter['analysis'] })}
          />
        )}
        <FilterSelect
          label="Location"
          value={state.firm}
          options={[{ value: 0, label: 'All firms' }, ...locations.map((l) => ({ value: l.firm, label: choiceLabel(l) }))]}
          onChange={(v) => go({ firm: Number(v) })}
        />
      </form>
      {problems && state.period !== CUSTOM_PERIOD && (problems.startDate || problems.endDate) && (
        <Alert>{problems.startDate ?? problems.endDate}</Alert>
      )}
      {problems?.firm && <Alert>{problems.firm}</Alert>}
      {children}
    </div>
  );
}
