/**
 * A firm's estimate terms (schema.ts ESTIMATE_TERMS_SCHEMA; lib/contract/estimateterms.ts has the calls'
 * decisions): the words its estimates use beyond the scrub's built-in vocabulary. Read by the scrub through
 * rules.ts `estimateTermsFor`: the firm's own and those of the firms above it, the nearest winning.
 */
import type { z } from 'zod';
import { builtInTerms } from '../../lib/calibrations/lexicon';
import { partsRead } from '../../lib/calibrations/match';
import { compileVocabulary, readLine, type TermEntry } from '../../lib/calibrations/normalise';
import { OPERATION_CODES } from '../../lib/calibrations/vocabulary';
import { contract } from '../../lib/contract';
import type { EstimateTerm } from '../../lib/contract/estimateterms';
import type { Paged } from '../../lib/contract/list';
import { userName } from '../users/service';
import type { Db } from '../core/db';
import { ancestorsOf } from '../locations/service';
import { type Caller, assertFirm } from '../core/caller';
import { badRequest, notFound } from '../core/errors';
import { implement } from '../core/implement';
import { prepared, preparedValue } from '../core/sql';
import { pageOf, searchCondition, type SqlValue } from './common';
import { withConfigurationHistory } from './history';

/** The active terms that apply to a firm's estimates: its own first, then its ancestors' (nearest first). */
export function estimateTermsFor(db: Db, firm: number): TermEntry[] {
  const chain = [firm, ...ancestorsOf(db, firm)];
  const rows = prepared<Pick<EstimateTerm, 'written' | 'meaning' | 'kind'> & { firm: number }>(
    db,
    'SELECT firm, written, meaning, kind FROM estimate_term WHERE firm IN (SELECT value FROM json_each(?)) AND is_inactive = 0',
  ).all(JSON.stringify(chain));
  const rank = new Map(chain.map((f, i) => [f, i]));
  const byWritten = new Map<string, (typeof rows)[number]>();
  for (const r of rows.sort((a, b) => rank.get(b.firm)! - rank.get(a.firm)!)) byWritten.set(r.written.toLowerCase(), r);
  // Farthest first, so a nearer firm's term, applied later, wins.
  return [...byWritten.values()]
    .sort((a, b) => rank.get(b.firm)! - rank.get(a.firm)!)
    .map(({ written, meaning, kind }) => ({ written, meaning, kind }));
}

// ── calls ──────────────────────────────────────────────────────────────────────────────────────────
const t = contract.estimateterms;

/** A firm's term as TERM_SELECT yields it: the contract's names, its flag as stored, the editor's name if any. */
type TermDb = Omit<EstimateTerm, 'firm' | 'isInactive' | 'builtIn' | 'updatedByName'> & {
  firm: number;
  isInactive: number;
  updatedByName: string | null;
};

const toTerm = ({ isInactive, updatedByName, ...r }: TermDb): EstimateTerm => ({
  ...r,
  isInactive: isInactive === 1,
  builtIn: false,
  updatedByName: updatedByName ?? '',
});

/** The built-in vocabulary as rows (a constant list of some thousands: filtered, sorted and paged in memory). */
const BUILT_IN: readonly EstimateTerm[] = [
  ...builtInTerms().map(([written, meaning]) => ({ written, meaning, kind: 'term' as const })),
  ...Object.entries(OPERATION_CODES).map(([written, meaning]) => ({ written, meaning, kind: 'operation' as const })),
].map((x, i) => ({
  ...x,
  estimateTerm: -(i + 1),
  firm: null,
  firmName: 'Built in',
  isInactive: false,
  builtIn: true,
  updatedAt: null,
  updatedByName: '',
}));

function builtInPage(query: ResponseOfQuery): Paged<EstimateTerm> {
  const words = query.searchTerm.toLowerCase().split(/\s+/).filter(Boolean);
  const rows = BUILT_IN.filter(
    (r) =>
      (!query.kind || r.kind === query.kind) &&
      words.every((w) => r.written.toLowerCase().includes(w) || r.meaning.toLowerCase().includes(w)),
  );
  const key = query.orderBy === 'meaning' ? 'meaning' : query.orderBy === 'kind' ? 'kind' : 'written';
  rows.sort((a, b) => a[key].localeCompare(b[key]) || a.written.localeCompare(b.written));
  if (query.direction === 'desc') rows.reverse();
  const offset = (query.page - 1) * query.pageSize;
  return { count: rows.length, items: rows.slice(offset, offset + query.pageSize) };
}

type ResponseOfQuery = z.output<typeof t.getEstimateTerms.query>;

const TERM_SELECT = `x.estimate_term AS estimateTerm, x.firm, f.name AS firmName, x.written, x.meaning, x.kind, x.is_inactive AS isInactive,
  x.updated_at AS updatedAt, ${userName('x.updated_by')} AS updatedByName`;
const TERM_FROM = 'estimate_term x JOIN firm f ON f.firm = x.firm';

function visibleTerm(db: Db, caller: Caller, id: number): { estimateTerm: number; firm: number } {
  const r = prepared<{ estimateTerm: number; firm: number }>(
    db,
    'SELECT estimate_term AS estimateTerm, firm FROM estimate_term WHERE estimate_term = ?',
  ).get(id);
  if (!r || !caller.firms.has(r.firm)) throw notFound('Estimate term');
  return r;
}

export const estimateTermCalls = [
  implement(t.getEstimateTerms, ({ query, caller, ctx }) => {
    assertFirm(caller, query.firm, 'Firm');
    if (query.source === 'built-in') return builtInPage(query);
    const where = ['x.firm = ?'];
    const params: SqlValue[] = [query.firm];
    if (query.kind) {
      where.push('x.kind = ?');
      params.push(query.kind);
    }
    const s = searchCondition(query.searchTerm, ['x.written', 'x.meaning']);
    if (s) {
      where.push(s.sql);
      params.push(...s.params);
    }
    const order = {
      written: ['x.written', 'x.estimate_term'],
      meaning: ['x.meaning', 'x.written'],
      kind: ['x.kind', 'x.written'],
      updated: ['x.updated_at', 'x.estimate_term'],
    }[query.orderBy];
    return pageOf(ctx.db, { select: TERM_SELECT, from: TERM_FROM, where, params, order, query, map: toTerm });
  }),

  implement(t.saveEstimateTerm, ({ body, caller, ctx }) => {
    assertFirm(caller, body.firm, 'Firm');
    const { db } = ctx;
    if (body.estimateTerm > 0) {
      const r = visibleTerm(db, caller, body.estimateTerm);
      if (r.firm !== body.firm)
        throw badRequest('Invalid body', { firm: ['A term stays with its location: add it at the other location instead'] });
    }
    const clash = preparedValue<number>(
      db,
      'SELECT estimate_term FROM estimate_term WHERE firm = ? AND written = ? AND estimate_term <> ?',
    ).get(body.firm, body.written, body.estimateTerm);
    if (clash != null) throw badRequest('Invalid body', { written: [`“${body.written}” is already a term of this location`] });
    const id = withConfigurationHistory(
      db,
      caller.user,
      'estimateTerm',
      body.estimateTerm,
      () => {
        if (body.estimateTerm > 0) {
          prepared(
            db,
            "UPDATE estimate_term SET written = ?, meaning = ?, kind = ?, is_inactive = ?, updated_by = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%SZ','now') WHERE estimate_term = ?",
          ).run(body.written, body.meaning, body.kind, body.isInactive ? 1 : 0, caller.user, body.estimateTerm);
          return body.estimateTerm;
        }
        return Number(
          prepared(db, 'INSERT INTO estimate_term (firm, written, meaning, kind, is_inactive, updated_by) VALUES (?, ?, ?, ?, ?, ?)').run(
            body.firm,
            body.written,
            body.meaning,
            body.kind,
            body.isInactive ? 1 : 0,
            caller.user,
          ).lastInsertRowid,
        );
      },
      (saved) => saved,
    );
    return { id };
  }),

  implement(t.deleteEstimateTerm, ({ body, caller, ctx }) => {
    const r = visibleTerm(ctx.db, caller, body.estimateTerm);
    withConfigurationHistory(ctx.db, caller.user, 'estimateTerm', r.estimateTerm, () =>
      prepared(ctx.db, 'DELETE FROM estimate_term WHERE estimate_term = ?').run(r.estimateTerm),
    );
    return { success: true as const };
  }),

  implement(t.readEstimateLine, ({ query, caller, ctx }) => {
    assertFirm(caller, query.firm, 'Firm');
    const vocab = compileVocabulary(estimateTermsFor(ctx.db, query.firm));
    const r = readLine({ operation: query.operation, description: query.description, section: query.section }, vocab);
    return {
      operationRead: r.operation,
      read: partsRead(vocab, r),
      section: r.section.phrases.map((p) => p.words.join(' ')),
      notes: [...(r.operationNote ? [r.operationNote] : []), ...r.notes],
      unread: r.unread,
    };
  }),
];
