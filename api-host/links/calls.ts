/**
 * Shared links (decisions in lib/contract/links.ts). Creating one needs the caller to reach the
 * inspection's firm; the owner lists and revokes their own, the firms' administrators every link of the
 * firms they reach; the anonymous calls answer exactly the inspection a valid, live, unrevoked link names,
 * while its owner still stands for it (service.ts).
 */
import { contract } from '../../lib/contract';
import { calibrationTypeLabel } from '../../lib/configuration/constants';
import { LINK_ADMIN_ROLES, SHARE_MESSAGES, type ShareLink } from '../../lib/contract/links';
import {
  renderReport,
  reportData,
  reportTitleOf,
  reportFileName,
  reportPreferenceOf,
  translator,
  inspectionJob,
  printedSystem,
  type JobOfInspection,
  type ReportSystem,
} from '../calibrations/service';
import type { Db } from '../core/db';
import type { Caller } from '../core/caller';
import type { HostContext } from '../core/context';
import { HttpError, forbidden, notFound } from '../core/errors';
import { implement } from '../core/implement';
import { firmScope, oneRow, prepared, preparedValue } from '../core/sql';
import { ownerStands } from './service';
import { evidenceById, evidenceOfInspection, sendEvidence, showsEvidence, withEvidence } from '../evidence/service';
import { isoSeconds as iso } from '../core/time';

const s = contract.links;

/** A system as the report states it (printedSystem), for the shared page. */
function sharedSystem(x: ReportSystem) {
  const p = printedSystem(x);
  return {
    system: p.system,
    result: p.result,
    isNotEquipped: x.isNotEquipped,
    attention: p.attention,
    calibrationType: p.calibration ? calibrationTypeLabel(p.calibration.type, p.calibration.mode) : '',
    recorded: p.recorded,
    note: p.note,
  };
}
const seconds = (isoText: string) => Math.floor(Date.parse(isoText) / 1000);

/** A link as LINK_COLUMNS yields it: the contract's names, the vehicle's parts, and its owner (for `own`). */
type LinkRow = Omit<ShareLink, 'vehicle' | 'token' | 'own'> & { year: number; make: string; model: string; owner: number };

const LINK_FROM = `FROM share_link l JOIN adas_inspection i ON i.adas_inspection = l.adas_inspection JOIN adas j ON j.adas = i.adas JOIN vehicle v ON v.vehicle = j.vehicle
  LEFT JOIN user u ON u.user = l.owner LEFT JOIN contact c ON c.contact = u.contact`;
const LINK_COLUMNS = `l.link, l.adas_inspection AS adasInspection, v.year, v.make, v.model, coalesce(nullif(i.ronumber, ''), j.ronumber) AS ronumber,
  l.created_at AS createdAt, l.expires_at AS expiresAt, l.revoked_at AS revokedAt,
  CASE WHEN l.revoked_at IS NOT NULL THEN 'revoked' WHEN l.expires_at <= @now THEN 'expired' ELSE 'active' END AS status,
  l.owner, coalesce(nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), ''), u.username, '') AS sharedBy
  ${LINK_FROM}`;

const ORDER: Readonly<Record<string, string>> = { created: 'l.created_at', expires: 'l.expires_at' };

async function view(ctx: HostContext, caller: Pick<Caller, 'user'>, { year, make, model, owner, ...r }: LinkRow): Promise<ShareLink> {
  return {
    ...r,
    vehicle: `${year} ${make} ${model}`.trim(),
    token: await ctx.tokens.signLink(r.link, seconds(r.createdAt), seconds(r.expiresAt)),
    own: owner === caller.user,
  };
}

/** The firms' administrators see and revoke every link of the firms they reach. */
const isLinkAdmin = (caller: Caller) => caller.role != null && (LINK_ADMIN_ROLES as readonly number[]).includes(caller.role);

/**
 * The inspection a shared link opens, or 404 with why not (unknown or forged, expired, revoked). A link whose
 * owner no longer stands for it (inactive, deleted, or no longer reaching the inspection's firm) is revoked
 * here if nothing revoked it yet, and refused as such.
 */
async function openLink(ctx: HostContext, token: string): Promise<{ job: JobOfInspection; expiresAt: string }> {
  const verified = await ctx.tokens.verifyLink(token);
  const row = verified
    ? prepared<{ adas_inspection: number; firm: number; owner: number; expires_at: string; revoked_at: string | null }>(
        ctx.db,
        'SELECT adas_inspection, firm, owner, expires_at, revoked_at FROM share_link WHERE link = ?',
      ).get(verified.link)
    : undefined;
  if (!verified || !row) throw new HttpError(404, SHARE_MESSAGES.unknown);
  if (row.revoked_at) throw new HttpError(404, SHARE_MESSAGES.revoked);
  if (verified.expired || row.expires_at <= iso(Date.now())) throw new HttpError(404, SHARE_MESSAGES.expired);
  // The link stands for its owner's firm, and for that one inspection only.
  const job = inspectionJob(ctx.db, { firms: new Set([row.firm]) }, row.adas_inspection, 'read');
  if (!ownerStands(ctx.db, row.owner, job.firm)) {
    prepared(ctx.db, 'UPDATE share_link SET revoked_at = ? WHERE link = ? AND revoked_at IS NULL').run(iso(Date.now()), verified.link);
    throw new HttpError(404, SHARE_MESSAGES.revoked);
  }
  return { job, expiresAt: row.expires_at };
}

const linkById = (db: Db, link: number, now: string) =>
  prepared<LinkRow>(db, `SELECT ${LINK_COLUMNS} WHERE l.link = @link`).get({ link, now });

export const linkCalls = [
  implement(s.createShareLink, async ({ body, caller, ctx }) => {
    const job = inspectionJob(ctx.db, caller, body.adasInspection, 'own');
    const now = Date.now();
    const link = Number(
      prepared(ctx.db, 'INSERT INTO share_link (adas_inspection, firm, owner, created_at, expires_at) VALUES (?, ?, ?, ?, ?)').run(
        job.adasInspection,
        job.firm,
        caller.user,
        iso(now),
        iso(now + body.days * 86_400_000),
      ).lastInsertRowid,
    );
    return view(ctx, caller, linkById(ctx.db, link, iso(now))!);
  }),

  implement(s.shareLinks, async ({ query, caller, ctx }) => {
    if (query.scope === 'firm' && !isLinkAdmin(caller)) throw forbidden("Only your firm's administrators see every shared link.");
    const now = iso(Date.now());
    const search = query.searchTerm ? `%${query.searchTerm.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const whose = query.scope === 'firm' ? `1${firmScope(ctx.db, caller.firms, 'l')}` : 'l.owner = @owner';
    const where = `WHERE ${whose}${search ? " AND (v.make || ' ' || v.model || ' ' || coalesce(nullif(i.ronumber, ''), j.ronumber) LIKE @search ESCAPE '\\')" : ''}`;
    const params = { owner: caller.user, now, search, limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
    const count = oneRow(preparedValue<number>(ctx.db, `SELECT COUNT(*) ${LINK_FROM} ${where}`).get(params));
    const rows = prepared<LinkRow>(
      ctx.db,
      `SELECT ${LINK_COLUMNS} ${where} ORDER BY ${ORDER[query.orderBy]} ${query.direction === 'asc' ? 'ASC' : 'DESC'}, l.link DESC LIMIT @limit OFFSET @offset`,
    ).all(params);
    return { count, items: await Promise.all(rows.map((r) => view(ctx, caller, r))) };
  }),

  implement(s.revokeShareLink, ({ body, caller, ctx }) => {
    const link = prepared<{ owner: number; firm: number }>(ctx.db, 'SELECT owner, firm FROM share_link WHERE link = ?').get(body.link);
    // Another user's link is unknown to the caller, unless they administer its firm.
    if (!link || (link.owner !== caller.user && !(isLinkAdmin(caller) && caller.firms.has(link.firm)))) throw notFound('Link');
    prepared(ctx.db, 'UPDATE share_link SET revoked_at = coalesce(revoked_at, ?) WHERE link = ?').run(iso(Date.now()), body.link);
    return { success: true as const };
  }),

  implement(s.sharedInspection, async ({ query, ctx }) => {
    const { job, expiresAt } = await openLink(ctx, query.token);
    const data = reportData(ctx.db, job);
    const evidence = showsEvidence(reportPreferenceOf(ctx.db, job.firm)) ? evidenceOfInspection(ctx.db, job.adasInspection) : [];
    return {
      firmName: data.firmName,
      vehicle: job.vehicle,
      ronumber: job.ronumber,
      insuranceName: job.insuranceName,
      inspectionDate: data.inspectionDate,
      reportTitle: reportTitleOf(reportPreferenceOf(ctx.db, job.firm), data.firmName),
      brandTitle: data.brandTitle,
      inspectorName: data.inspectorName,
      inspectionNotes: data.inspectionNotes,
      timezone: data.timezone,
      systems: data.systems.map((x) => ({
        ...sharedSystem(x),
        evidence: evidence
          .filter((e) => e.adasInspectionResult === x.adasInspectionResult)
          .map((e) => ({ adasEvidence: e.adasEvidence, kind: e.kind, fileName: e.fileName, caption: e.caption })),
      })),
      links: data.links,
      expiresAt,
    };
  }),

  implement(s.sharedEvidence, async ({ query, ctx, reply }) => {
    const { job } = await openLink(ctx, query.token);
    const row = evidenceById(ctx.db, query.adasEvidence);
    if (!row || row.adasInspection !== job.adasInspection || !showsEvidence(reportPreferenceOf(ctx.db, job.firm)))
      throw notFound('Evidence');
    // A withdrawn link must stop showing them: nothing is kept.
    return sendEvidence(ctx, reply, row, query.size, 'no-store');
  }),

  implement(s.sharedReport, async ({ query, ctx, reply }) => {
    const { job } = await openLink(ctx, query.token);
    const pref = reportPreferenceOf(ctx.db, job.firm);
    const pdf = await renderReport(await withEvidence(ctx, reportData(ctx.db, job), pref), pref, translator(ctx.db, pref.language));
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${reportFileName(job)}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  }),
];
