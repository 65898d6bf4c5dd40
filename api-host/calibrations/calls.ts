/**
 * Calibration calls (lib/contract/calibrations.ts has the decisions). Every inspection, request and note is
 * reached through its firm: another firm's answers the same 404 as an unknown one. Writes of more than one
 * row are one IMMEDIATE transaction.
 */
import { roText } from '../../lib/adas/rules';
import { contract } from '../../lib/contract';
import { CLOSING_STATUSES, MANAGED_STATUSES, cents, mayManageRequests } from '../../lib/calibrations/rules';
import { PUSH_TARGETS, type OpportunityNotice } from '../../lib/push/messages';
import { refreshInspection, requestBilling } from '../dashboard/service';
import { createHash } from 'node:crypto';
import type { CccPreview } from '../../lib/contract/calibrations';
import type { Db } from '../core/db';
import { sendMail } from '../mail/service';
import { announceChange } from '../push/service';
import { assertFirm, type Caller } from '../core/caller';
import type { HostContext } from '../core/context';
import { badRequest, conflict, forbidden, notFound } from '../core/errors';
import { implement } from '../core/implement';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { usersReaching } from '../core/reach';
import { cccTakesVin, receiveCalibrationLines } from './ccc';
import { estimateHeader } from './estimate';
import { predict, quoteFor } from './quote';
import { renderReport, reportData, reportFileName, reportPreferenceOf, translator } from './report';
import { billingWire, insertRequest, readNotes, readRequest, repriceRequest, visibleRequest } from './requests';
import { withRequestHistory } from './history';
import {
  decideCheck,
  inspectionJob,
  type JobOfInspection,
  jobEstimate,
  jobLines,
  lastScrub,
  notEquippedOf,
  scrubInspection,
  scrubLines,
  scrubOf,
  scrubbedLines,
  storedScrub,
} from './scrub';
import { withEvidence } from '../evidence/service';
import {
  announceDispatchSteps,
  assertRequestNotDispatched,
  createDispatch,
  endDispatchesOfRequest,
  reachJob,
  reachRequest,
  type Need,
} from '../dispatch/service';

const c = contract.calibrations;
const writing = <T>(db: Db, fn: () => T): T => db.transaction(fn).immediate();

/** A job the caller reaches as far as the call needs (its own locations, or a dispatch: api-host/dispatch/access.ts). */
function visibleJobId(db: Db, caller: Caller, adas: number, need: Need): { adas: number; firm: number } {
  const r = prepared<{ adas: number; firm: number }>(db, 'SELECT adas, firm FROM adas WHERE adas = ?').get(adas);
  if (!r) throw notFound('ADAS job');
  reachJob(db, caller, r.firm, r.adas, need);
  return r;
}

/** The job a request belongs to (null for a request without an inspection). */
const jobOf = (db: Db, request: number) =>
  preparedValue<number | null>(db, 'SELECT adas FROM calibrate_request WHERE calibrate_request = ?').get(request) ?? null;

/**
 * Announces (after the change committed) a changed request, and its job: the ADAS list shows the job's
 * unread notes. A deleted request is gone, so its firm and job are passed in.
 */
function requestChanged(
  ctx: HostContext,
  caller: Caller,
  request: { calibrate_request: number; firm: number },
  job = jobOf(ctx.db, request.calibrate_request),
): void {
  announceChange(ctx, caller.user, 'calibrateRequest', [request.calibrate_request], request.firm);
  if (job) announceChange(ctx, caller.user, 'adas', [job], request.firm);
}

/**
 * What adas/pushToCCC sends for an inspection: what its request bills by the one billing rule (the request's
 * lines as quoted, else the last scrub's calibrations, until the inspection is Complete; then the calibrations
 * done), with what CCC is expected to refuse and a digest of the lines.
 */
function cccPreviewOf(db: Db, caller: Caller, job: JobOfInspection): CccPreview & { cccId: string } {
  const requestId = preparedValue<number>(db, 'SELECT calibrate_request FROM calibrate_request WHERE adas_inspection = ?').get(
    job.adasInspection,
  );
  const request = requestId != null ? readRequest(db, requestId, caller.user) : null;
  const billing =
    request?.billing ??
    billingWire(
      requestBilling(
        db,
        job.adasInspection,
        job.firm,
        lastScrub(db, job, caller.user).calibrations.map((l) => ({
          adasChecklistMatrix: l.adasChecklistMatrix,
          system: l.system,
          calibrationType: l.calibrationType,
          cents: l.price == null ? null : cents(l.price),
        })),
        null,
      ),
    );
  const cccId = oneRow(preparedValue<string>(db, 'SELECT ccc_id FROM firm WHERE firm = ?').get(job.firm));
  const problems = [
    ...(cccId.trim() ? [] : ['This location has no CCC ONE account id (Locations → CCC id): CCC will refuse the lines.']),
    ...(cccTakesVin(job.vehicle.vin) ? [] : ['The vehicle has no 17-character VIN: CCC will refuse the lines.']),
    ...(billing.lines.length ? [] : ['There is nothing to send: no calibration line is billed.']),
  ];
  const digest = createHash('sha256')
    .update(JSON.stringify([job.ronumber, billing.lines.map((l) => [l.adasChecklistMatrix, l.system, l.calibrationType, l.price])]))
    .digest('hex');
  return {
    adasInspection: job.adasInspection,
    roNumber: job.ronumber,
    vin: job.vehicle.vin,
    requestStatus: request?.statusName ?? null,
    billing,
    problems,
    digest,
    cccId,
  };
}

export const calibrationCalls = [
  // ── requests ───────────────────────────────────────────────────────────────────────────────────
  implement(contract.adas.createCalibrate, ({ body, caller, ctx }) => {
    assertFirm(caller, body.firm, 'Firm');
    const { db } = ctx;
    const firm = db.prepare<unknown[], { name: string }>('SELECT name FROM firm WHERE firm = ?').get(body.firm);
    if (!firm) throw notFound('Firm');
    let adas: number | null = null;
    if (body.adasInspection != null) {
      const job = inspectionJob(db, caller, body.adasInspection, 'own');
      if (job.firm !== body.firm) throw badRequest('Invalid body', { firm: ["The request belongs to the inspection's location"] });
      adas = job.adas;
    }
    const { id, dispatch } = writing(db, () => {
      const created = withRequestHistory(
        db,
        caller.user,
        null,
        () => {
          const made = insertRequest(db, caller.user, body, adas);
          if (body.adasInspection != null) refreshInspection(db, body.adasInspection); // the dashboard's sales follow the request (billable.ts)
          return made;
        },
        (made) => made,
      );
      // Sent to a provider as it is created: both or neither (docs/dispatch.md), its lines at the provider's prices.
      const choice = body.dispatch;
      if (!choice) return { id: created, dispatch: null };
      const request = { calibrate_request: created, firm: body.firm, adas_inspection: body.adasInspection, status_name: 'New' };
      const sent = createDispatch(db, caller, request, choice, () => repriceRequest(db, caller.user, created, choice.provider));
      return { id: created, dispatch: sent.dispatch };
    });
    const users = usersReaching(db, body.firm);
    const notice: OpportunityNotice = {
      opportunity: id,
      firm: body.firm,
      firmName: firm.name,
      title: `${body.year} ${body.make} ${body.model}: ${body.reason}`,
    };
    ctx.push?.send((owner) => users.has(owner.user), PUSH_TARGETS.opportunity, [notice]);
    requestChanged(ctx, caller, { calibrate_request: id, firm: body.firm }, adas);
    if (adas != null) announceDispatchSteps(ctx, caller.user, { adas });
    return { id, dispatch };
  }),

  implement(c.request, ({ query, caller, ctx }) => {
    inspectionJob(ctx.db, caller, query.adasInspection, 'read');
    const id = preparedValue<number>(ctx.db, 'SELECT calibrate_request FROM calibrate_request WHERE adas_inspection = ?').get(
      query.adasInspection,
    );
    return id == null ? null : readRequest(ctx.db, id, caller.user);
  }),

  implement(c.deleteRequest, ({ query, caller, ctx }) => {
    const r = visibleRequest(ctx.db, caller, query.calibrateRequest, 'own');
    if (r.created_by !== caller.user && !mayManageRequests(caller.role))
      throw forbidden('Only who created a request, or a manager, may delete it.');
    const job = jobOf(ctx.db, r.calibrate_request);
    writing(ctx.db, () =>
      withRequestHistory(ctx.db, caller.user, r.calibrate_request, () => {
        assertRequestNotDispatched(ctx.db, r.calibrate_request);
        prepared(ctx.db, 'DELETE FROM calibrate_request WHERE calibrate_request = ?').run(r.calibrate_request);
        if (r.adas_inspection != null) refreshInspection(ctx.db, r.adas_inspection);
      }),
    );
    requestChanged(ctx, caller, r, job);
    return { success: true as const };
  }),

  implement(c.saveRequestStatus, ({ body, caller, ctx }) => {
    const r = visibleRequest(ctx.db, caller, body.calibrateRequest, 'own');
    if ((MANAGED_STATUSES as readonly string[]).includes(body.statusName) && !mayManageRequests(caller.role))
      throw forbidden(`Only a manager may set a request to ${body.statusName}.`);
    writing(ctx.db, () => {
      // A request the shop closes takes its dispatch with it (the provider can no longer accept it or work on it).
      if ((CLOSING_STATUSES as readonly string[]).includes(body.statusName))
        endDispatchesOfRequest(ctx.db, caller.user, r.calibrate_request, body.reason);
      withRequestHistory(ctx.db, caller.user, r.calibrate_request, () => {
        prepared(
          ctx.db,
          `UPDATE calibrate_request SET status_name = @status, reason = CASE WHEN @reason <> '' THEN @reason ELSE reason END,
           reason_source = CASE WHEN @source <> '' THEN @source ELSE reason_source END,
           approved_at = CASE WHEN @status = 'Approved' THEN coalesce(approved_at, strftime('%Y-%m-%dT%H:%M:%SZ','now')) WHEN @status IN ('New', 'Quoted') THEN NULL ELSE approved_at END,
           approved_by = CASE WHEN @status = 'Approved' AND approved_at IS NULL THEN @user WHEN @status IN ('New', 'Quoted') THEN NULL ELSE approved_by END,
           status_changed_at = strftime('%Y-%m-%dT%H:%M:%SZ','now'), status_changed_by = @user WHERE calibrate_request = @id`,
        ).run({ status: body.statusName, reason: body.reason, source: body.reasonSource, user: caller.user, id: r.calibrate_request });
        // An approved request prices its lines' sales; a Declined or Cancelled one sells nothing (billable.ts).
        if (r.adas_inspection != null) refreshInspection(ctx.db, r.adas_inspection);
      });
    });
    requestChanged(ctx, caller, r);
    const job = jobOf(ctx.db, r.calibrate_request);
    if (job) announceDispatchSteps(ctx, caller.user, { adas: job });
    return { calibrateRequest: r.calibrate_request, statusName: body.statusName };
  }),

  // ── notes ──────────────────────────────────────────────────────────────────────────────────────
  implement(c.requestNotes, ({ query, caller, ctx }) => {
    const r = visibleRequest(ctx.db, caller, query.calibrateRequest, 'read');
    if (query.readBy !== caller.user) throw forbidden('Notes are marked read only for yourself.');
    return writing(ctx.db, () => readNotes(ctx.db, r.calibrate_request, caller.user));
  }),

  implement(c.saveRequestNote, ({ body, caller, ctx }) => {
    const r = visibleRequest(ctx.db, caller, body.calibrateRequest, 'work');
    if (body.calibrateRequestNote > 0) {
      const note = prepared<{ user: number }>(
        ctx.db,
        'SELECT user FROM calibrate_request_note WHERE calibrate_request_note = ? AND calibrate_request = ?',
      ).get(body.calibrateRequestNote, r.calibrate_request);
      if (!note) throw notFound('Note');
      if (note.user !== caller.user) throw forbidden('Only its author may change a note.');
      writing(ctx.db, () =>
        withRequestHistory(ctx.db, caller.user, r.calibrate_request, () =>
          prepared(
            ctx.db,
            "UPDATE calibrate_request_note SET note = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%SZ','now') WHERE calibrate_request_note = ?",
          ).run(body.note, body.calibrateRequestNote),
        ),
      );
      requestChanged(ctx, caller, r);
      return { id: body.calibrateRequestNote };
    }
    const saved = writing(ctx.db, () =>
      withRequestHistory(ctx.db, caller.user, r.calibrate_request, () => {
        const id = Number(
          prepared(ctx.db, 'INSERT INTO calibrate_request_note (calibrate_request, user, note) VALUES (?, ?, ?)').run(
            r.calibrate_request,
            caller.user,
            body.note,
          ).lastInsertRowid,
        );
        // The author has read their own note.
        prepared(
          ctx.db,
          'INSERT INTO calibrate_request_read (calibrate_request, user, last_note) VALUES (?, ?, ?) ON CONFLICT (calibrate_request, user) DO UPDATE SET last_note = excluded.last_note',
        ).run(r.calibrate_request, caller.user, id);
        return { id };
      }),
    );
    requestChanged(ctx, caller, r);
    return saved;
  }),

  implement(c.deleteRequestNote, ({ query, caller, ctx }) => {
    const note = prepared<{ calibrate_request_note: number; calibrate_request: number; user: number; firm: number }>(
      ctx.db,
      'SELECT n.calibrate_request_note, n.calibrate_request, n.user, r.firm FROM calibrate_request_note n JOIN calibrate_request r ON r.calibrate_request = n.calibrate_request WHERE n.calibrate_request_note = ?',
    ).get(query.calibrateRequestNote);
    if (!note) throw notFound('Note');
    // A provider's user (through the dispatch) deletes only their own notes; the shop's managers any.
    const via = reachRequest(ctx.db, caller, note.firm, note.calibrate_request, 'work', 'Note');
    if (note.user !== caller.user && (via === 'dispatch' || !mayManageRequests(caller.role)))
      throw forbidden('Only its author, or a manager, may delete a note.');
    writing(ctx.db, () =>
      withRequestHistory(ctx.db, caller.user, note.calibrate_request, () =>
        prepared(ctx.db, 'DELETE FROM calibrate_request_note WHERE calibrate_request_note = ?').run(note.calibrate_request_note),
      ),
    );
    requestChanged(ctx, caller, note);
    return { success: true as const };
  }),

  // ── estimate and scrub ─────────────────────────────────────────────────────────────────────────
  implement(c.getEstimate, ({ query, caller, ctx }) => {
    const { adas } = visibleJobId(ctx.db, caller, query.adas, 'read');
    return { ...jobEstimate(ctx.db, adas), header: estimateHeader(ctx.db, adas) };
  }),
  // bms/upload, bms/readEstimate and bms/saveEstimate: api-host/intake/calls.ts (intake reads every estimate).

  implement(c.scrub, ({ query, caller, ctx }) => {
    const job = inspectionJob(ctx.db, caller, query.adasInspection, 'own');
    if (job.adas !== query.adas) throw notFound('Inspection');
    return writing(ctx.db, () => scrubInspection(ctx.db, job, caller.user));
  }),

  implement(c.lastScrub, ({ query, caller, ctx }) => storedScrub(ctx.db, inspectionJob(ctx.db, caller, query.adasInspection, 'read'))),

  implement(c.decideCheck, ({ body, caller, ctx }) => {
    const job = inspectionJob(ctx.db, caller, body.adasInspection, 'own');
    return writing(ctx.db, () => decideCheck(ctx.db, job, caller.user, body));
  }),

  implement(c.getBMS, ({ query, caller, ctx }) => {
    const row = prepared<{ firm: number; result: string }>(ctx.db, 'SELECT firm, result FROM adas_scrub WHERE unique_id = ?').get(
      query.uniqueId,
    );
    if (!row || !caller.firms.has(row.firm)) throw notFound('Scrub');
    return scrubOf(row.result);
  }),

  // ── quote and prediction ───────────────────────────────────────────────────────────────────────
  implement(c.quote, ({ body, caller, ctx }) =>
    quoteFor(ctx.db, caller, inspectionJob(ctx.db, caller, body.adasInspection, 'own'), body.lines, body.provider),
  ),
  implement(c.predictiveAdas, ({ body, caller, ctx }) => predict(ctx.db, caller, body)),

  // ── report ─────────────────────────────────────────────────────────────────────────────────────
  implement(c.getReportPreference, ({ query, caller, ctx }) =>
    reportPreferenceOf(ctx.db, inspectionJob(ctx.db, caller, query.adasInspection, 'read').firm),
  ),

  implement(c.calibrationReport, async ({ query, caller, ctx, reply }) => {
    const job = inspectionJob(ctx.db, caller, query.adasInspection, 'read');
    const pref = reportPreferenceOf(ctx.db, job.firm);
    const language = query.language ?? pref.language;
    const pdf = await renderReport(await withEvidence(ctx, reportData(ctx.db, job), pref), pref, translator(ctx.db, language));
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${reportFileName(job)}"`)
      .send(pdf);
  }),

  implement(c.sendCalibrationReport, async ({ query, caller, ctx }) => {
    const job = inspectionJob(ctx.db, caller, query.adasInspection, 'own');
    const pref = reportPreferenceOf(ctx.db, job.firm);
    const to = query.to ? [query.to] : pref.recipients;
    if (!to.length)
      throw badRequest('Nobody at this location receives reports: enter the email address to send the report to.', {
        to: ['Required, formatted email address'],
      });
    const language = query.language ?? pref.language;
    const pdf = await renderReport(await withEvidence(ctx, reportData(ctx.db, job), pref), pref, translator(ctx.db, language));
    const fileName = reportFileName(job);
    const v = job.vehicle;
    const mail = writing(ctx.db, () => {
      const id = sendMail(ctx.db, {
        to: to.join(', '),
        subject: `${pref.title}: ${v.year} ${v.make} ${v.model}, ${roText(job.ronumber)}`,
        body: `The calibration report of the ${v.year} ${v.make} ${v.model} (VIN ${v.vin || 'not recorded'}), ${roText(job.ronumber)}, is attached.${pref.replyTo ? `\n\nReplies: ${pref.replyTo}` : ''}`,
        attachments: [{ fileName, contentType: 'application/pdf', content: pdf }],
        firm: job.firm,
      });
      prepared(ctx.db, 'INSERT INTO report_sent (adas_inspection, firm, mail, language, sent_by) VALUES (?, ?, ?, ?, ?)').run(
        job.adasInspection,
        job.firm,
        id,
        language,
        caller.user,
      );
      return id;
    });
    return { mail, to, fileName, size: pdf.byteLength };
  }),

  // ── CCC ────────────────────────────────────────────────────────────────────────────────────────
  implement(c.previewCCC, ({ query, caller, ctx }) =>
    cccPreviewOf(ctx.db, caller, inspectionJob(ctx.db, caller, query.adasInspection, 'own')),
  ),

  implement(c.pushToCCC, ({ query, caller, ctx }) => {
    const job = inspectionJob(ctx.db, caller, query.adasInspection, 'own');
    return writing(ctx.db, () => {
      // Read in the write transaction: what is sent is what the digest names.
      const preview = cccPreviewOf(ctx.db, caller, job);
      if (query.digest && query.digest !== preview.digest)
        throw conflict(
          'The lines to send changed since you saw them (a result or the request changed): look at the preview again. Nothing was sent.',
        );
      return receiveCalibrationLines(ctx.db, {
        adasInspection: job.adasInspection,
        firm: job.firm,
        cccId: preview.cccId,
        roNumber: job.ronumber,
        vin: job.vehicle.vin,
        lines: preview.billing.lines.map((l) => ({
          system: l.system,
          calibrationType: l.calibrationType,
          operation: 'Subl' as const,
          price: l.price,
        })),
      });
    });
  }),

  // ── evaluation ─────────────────────────────────────────────────────────────────────────────────
  implement(c.evaluateRecords, ({ query, caller, ctx }) => {
    const { db } = ctx;
    let adas = query.adas ?? null;
    const inspection = query.adasInspection ?? null;
    if (inspection != null) adas = inspectionJob(db, caller, inspection, 'own').adas;
    else if (adas == null && query.vin) {
      const found = prepared<{
        adas: number;
        firm: number;
      }>(db, 'SELECT a.adas, a.firm FROM adas a WHERE a.vin = ? ORDER BY a.adas DESC').all(query.vin.toUpperCase());
      adas = found.find((f) => caller.firms.has(f.firm))?.adas ?? null;
      if (adas == null) throw notFound('ADAS job');
    }
    const job = visibleJobId(db, caller, adas!, 'own');
    const v = oneRow(
      prepared<{ year: number; make: string; model: string; vin: string }>(
        db,
        'SELECT v.year, v.make, v.model, v.vin FROM adas a JOIN vehicle v ON v.vehicle = a.vehicle WHERE a.adas = ?',
      ).get(job.adas),
    );
    const lines = query.repair
      ? [
          {
            lineNum: 1,
            uniqueSequenceNumber: 0,
            operation: query.operation ?? '',
            description: query.repair,
            section: query.section || undefined,
          },
        ]
      : jobLines(db, job.adas).lines;
    const s = scrubLines(db, v, job.firm, lines, inspection != null ? notEquippedOf(db, inspection) : new Set());
    const described = new Map(lines.map((l) => [l.lineNum, l.description]));
    return {
      adas: job.adas,
      vehicle: v,
      noScrub: s.noScrub,
      systems: s.systems.map((m) => ({
        adasChecklistMatrix: m.adasChecklistMatrix,
        system: m.system,
        keywords: m.keywords,
        exceptKeywords: m.exceptKeywords,
      })),
      lines: scrubbedLines(s),
      steps: s.outcomes.flatMap((o) => [
        ...o.checks.map((ch) => ({
          lineNum: o.lineNum,
          description: described.get(o.lineNum) ?? '',
          system: ch.system,
          keyword: '',
          kind: 'line' as const,
          outcome: 'check' as const,
          rule: ch.why,
        })),
        ...o.triggers.map((t) => ({
          lineNum: o.lineNum,
          description: described.get(o.lineNum) ?? '',
          system: t.system,
          keyword: t.keyword,
          kind: t.kind === 'calibration' ? ('sublet' as const) : ('line' as const),
          outcome: 'triggered' as const,
          rule: t.why,
        })),
        ...o.refusals.map((r) => ({
          lineNum: o.lineNum,
          description: described.get(o.lineNum) ?? '',
          system: r.system,
          keyword: r.keyword,
          kind: 'line' as const,
          outcome: r.kind,
          rule: r.why,
        })),
      ]),
      triggered: s.calibrations.map((x) => x.system),
    };
  }),
];
