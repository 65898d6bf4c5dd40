/**
 * The dashboard: facts and daily roll-ups of the ADAS inspections (kept in step by api-host/adas through
 * rollup.ts syncInspection), the analyses, ADAS records, administrator statistics and the assistant.
 * Its seed step builds the roll-ups of the seeded inspections; its routes hook starts the slow-query log.
 */
import type { Area } from '../core/area';
import { dashboardCalls } from './calls';
import { rebuildDashboard } from './rollup';
import { DASHBOARD_SCHEMA, DASHBOARD_SCHEMA_2, DASHBOARD_SCHEMA_3, DASHBOARD_SCHEMA_4 } from './schema';
import { watchSlowQueries } from './slow-queries';

export const SLOW_QUERY_MS = Number(process.env.API_HOST_SLOW_QUERY_MS) || 200;

export const dashboard: Area = {
  name: 'dashboard',
  migrations: [DASHBOARD_SCHEMA, DASHBOARD_SCHEMA_2, DASHBOARD_SCHEMA_3, DASHBOARD_SCHEMA_4],
  calls: dashboardCalls,
  seed: (db) => rebuildDashboard(db),
  routes: (_app, ctx) => watchSlowQueries(ctx.db, SLOW_QUERY_MS),
};
