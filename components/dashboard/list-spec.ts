/**
 * The dashboard's URL state (docs/dashboard.md#limits: page size 10, order by firm asc; periods 1–7, dates YYYY-MM-DD;
 * the filter, the firm and the all-firms choice remembered on the device). Two lists share the filter: the
 * numbers (the analysis table) and the ADAS records (`view=records`). The filter is kept a year in a
 * persistent cookie; a preset's dates are not remembered (the next visit computes "this month" anew), and
 * neither are a custom range's.
 */
import 'server-only';
import { RECORD_SORTS } from '@/lib/contract/dashboard';
import { ANALYSIS_IDS, DASHBOARD_DEFAULTS, DASHBOARD_SORTS, DEFAULT_ANALYSIS, DEFAULT_PERIOD, PERIOD_IDS } from '@/lib/dashboard/rules';
import { defineList, field, type ListStateOf } from '@/lib/list-state';

const YEAR = 365 * 86_400;

const filterFields = {
  period: field.int(DEFAULT_PERIOD, { values: PERIOD_IDS }),
  startDate: { ...field.text(10), remember: false },
  endDate: { ...field.text(10), remember: false },
  analysis: field.enum(ANALYSIS_IDS, DEFAULT_ANALYSIS),
  firm: field.int(0, { min: 0 }),
};

export const dashboardList = defineList({
  key: 'dashboard',
  path: '/dashboard',
  sorts: DASHBOARD_SORTS,
  orderBy: DASHBOARD_DEFAULTS.orderBy,
  direction: DASHBOARD_DEFAULTS.direction,
  pageSize: DASHBOARD_DEFAULTS.pageSize,
  rememberFor: YEAR,
  fields: filterFields,
});

export const recordsList = defineList({
  key: 'dashboard-records',
  path: '/dashboard',
  fixed: { view: 'records' },
  sorts: RECORD_SORTS,
  orderBy: 'created',
  direction: 'desc',
  pageSize: 10,
  rememberFor: YEAR,
  // `tech`: the drill from a "by tech" row of the numbers (-1: none; 0: Unassigned), not remembered.
  fields: { ...filterFields, tech: { ...field.int(-1, { min: -1 }), remember: false } },
});

export type DashboardListSpec = typeof dashboardList;
export type DashboardState = ListStateOf<DashboardListSpec>;
export type RecordsListSpec = typeof recordsList;
export type RecordsState = ListStateOf<RecordsListSpec>;
