/** The dashboard's calls (lib/contract/dashboard.ts). */
import { contract } from '../../lib/contract';
import { implement } from '../core/implement';
import { answerPrompt } from './assistant';
import { analysis, headline } from './query';
import { adasRecords } from './records';
import { missingIndexes } from './slow-queries';
import * as stats from './stats';

const d = contract.dashboard;

export const dashboardCalls = [
  implement(d.dashboard, ({ query, caller, ctx }) => analysis(ctx.db, caller, query)),
  implement(d.dashboardTop, ({ query, caller, ctx }) => headline(ctx.db, caller, query)),
  // The host answers the wire form (inspections as JSON text, docs/dashboard.md#fields); the contract's parse makes the structure.
  implement(d.adasRecords, ({ query, caller, ctx }) => adasRecords(ctx.db, caller, query)),
  implement(d.counts, ({ query, caller, ctx }) => stats.counts(ctx.db, caller, query)),
  implement(d.topStats, ({ ctx }) => stats.topStats(ctx.db)),
  implement(d.internalLog, ({ ctx }) => stats.internalLog(ctx.db)),
  implement(d.clientReview, ({ caller, ctx }) => stats.clientReview(ctx.db, caller)),
  implement(d.clientInspections, ({ caller, ctx }) => stats.clientInspections(ctx.db, caller)),
  implement(d.clientBreakdown, ({ caller, ctx }) => stats.clientBreakdown(ctx.db, caller)),
  implement(d.decodeStats, ({ ctx }) => stats.decodeStats(ctx.db)),
  implement(d.failedVins, ({ query, caller, ctx }) => stats.failedVins(ctx.db, caller, query)),
  implement(d.indexFragmentation, ({ ctx }) => stats.indexFragmentation(ctx.db)),
  implement(d.missingIndexes, ({ ctx }) => missingIndexes(ctx.db)),
  implement(d.ai, ({ body, caller, ctx }) => answerPrompt(ctx.db, caller, body.prompt)),
];
