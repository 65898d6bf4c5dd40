/**
 * Intake calls (lib/contract/intake.ts): an upload is read in the worker pool (pool.ts) while the caller
 * polls intake/status; intake/confirm stores it. bms/upload (the older call that stores at once) and the
 * pasted lines of bms/readEstimate and bms/saveEstimate are read here too: one reader per source, one flow.
 * A job or inspection of another firm answers the same 404 as an unknown one.
 */
import { contract } from '../../lib/contract';
import { INTAKE_MAX_OCR_PAGES, INTAKE_MAX_PAGES, OCR_CONFIDENCE_FLOOR, type IntakeRead, type JobField } from '../../lib/contract/intake';
import { isIntakeError, type ReadEstimate } from '../../lib/intake/estimate';
import { readPastedEstimate } from '../../lib/intake/paste';
import { setJobEstimateFields } from '../adas/service';
import { estimateHeader, inspectionJob, jobEstimate, jobVocabulary, storeEstimate } from '../calibrations/service';
import type { Caller } from '../core/caller';
import type { HostContext } from '../core/context';
import type { Db } from '../core/db';
import { HttpError, badRequest, conflict, notFound } from '../core/errors';
import { implement } from '../core/implement';
import { hostLog } from '../core/context';
import { prepared } from '../core/sql';
import { announceChange } from '../push/service';
import { reachJob } from '../dispatch/service';
import { PoolBusyError, readInWorker } from './pool';
import { previewOf, type IntakeJob } from './preview';
import { admit, newRead, readsOf, type PendingRead } from './reads';
import { uploadedFiles } from './upload';
import type { ReadLimits } from './worker';

const i = contract.intake;
const c = contract.calibrations;
/**
 * How long intake/read waits for a read before answering `reading` (a text PDF or an EMS export is read by
 * then; the screen follows the rest with intake/status). Well below any client's time-out for one call.
 */
const FIRST_WAIT_MS = 1_000;

export const READ_LIMITS: ReadLimits = {
  maxPages: INTAKE_MAX_PAGES,
  maxOcrPages: INTAKE_MAX_OCR_PAGES,
  ocrDpi: 300,
  confidenceFloor: OCR_CONFIDENCE_FLOOR,
};

/**
 * The job (and inspection) the caller reaches, else 404; the estimate is the shop's own business, so a
 * provider's user who reaches the job through a dispatch is refused with why (403, api-host/dispatch).
 */
function intakeJob(db: Db, caller: Caller, adas: number, adasInspection?: number | null): IntakeJob {
  if (adasInspection != null) {
    const job = inspectionJob(db, caller, adasInspection, 'own');
    if (job.adas !== adas) throw notFound('Inspection');
    return { adas: job.adas, firm: job.firm, vehicle: job.vehicle };
  }
  const r = prepared<IntakeJob['vehicle'] & { adas: number; firm: number }>(
    db,
    'SELECT a.adas, a.firm, v.year, v.make, v.model, v.vin FROM adas a JOIN vehicle v ON v.vehicle = a.vehicle WHERE a.adas = ?',
  ).get(adas);
  if (!r) throw notFound('ADAS job');
  reachJob(db, caller, r.firm, r.adas, 'own');
  return { adas: r.adas, firm: r.firm, vehicle: { year: r.year, make: r.make, model: r.model, vin: r.vin } };
}

const fileNameOf = (files: { name: string }[]) =>
  files.length === 1 ? files[0]!.name : `${files.length} EMS files (${files.map((f) => f.name).join(', ')})`.slice(0, 200);

/** Runs a file read in the pool; answers the estimate or throws the 4xx that says why not. */
async function readFiles(
  ctx: HostContext,
  files: { name: string; bytes: Buffer }[],
  onProgress: (p: PendingRead['progress']) => void,
): Promise<ReadEstimate> {
  let outcome;
  try {
    outcome = await readInWorker(files, READ_LIMITS, onProgress);
  } catch (e) {
    if (e instanceof PoolBusyError) throw new HttpError(503, 'Many estimates are being read just now: try again in a minute.');
    hostLog(ctx, 'intake').error({ err: e }, 'The intake worker failed: %s', (e as Error).message);
    throw badRequest('The file could not be read as an estimate: the reader stopped on it. Upload the PDF, EMS export or BMS file again.');
  }
  if (!outcome.ok) throw new HttpError(outcome.status, outcome.message);
  return outcome.estimate;
}

function answerOf(ctx: HostContext, r: PendingRead): IntakeRead {
  if (r.state === 'done' && r.estimate && !r.preview) r.preview = previewOf(ctx.db, r.job, r.adasInspection, r.estimate);
  return {
    read: r.id,
    adas: r.job.adas,
    adasInspection: r.adasInspection,
    fileName: r.fileName,
    state: r.state,
    progress: r.state === 'reading' ? r.progress : null,
    error: r.error,
    preview: r.state === 'done' ? r.preview : null,
  };
}

/** Pasted lines as an estimate, or 400 saying why none was read. */
function pasted(db: Db, adas: number, text: string): ReadEstimate {
  try {
    return readPastedEstimate(text, jobVocabulary(db, adas));
  } catch (e) {
    if (isIntakeError(e)) throw new HttpError(e.status, e.message, { text: [e.message] });
    throw e;
  }
}

const writing = <T>(db: Db, fn: () => T): T => db.transaction(fn).immediate();

export const intakeCalls = [
  implement(i.read, async ({ query, caller, ctx, request, reply }) => {
    const job = intakeJob(ctx.db, caller, query.adas, query.adasInspection);
    admit(ctx, caller, reply);
    const files = await uploadedFiles(request);
    const r = newRead(caller, job, query.adasInspection ?? null, fileNameOf(files));
    readsOf(ctx).add(r);
    r.settled = readsOf(ctx)
      .counted(caller.user, () => readFiles(ctx, files, (p) => (r.progress = p)))
      .then(
        (estimate) => {
          r.estimate = estimate;
          r.state = 'done';
        },
        (e: unknown) => {
          r.state = 'failed';
          r.error = e instanceof HttpError ? e.message : 'The file could not be read as an estimate.';
          r.errorStatus = e instanceof HttpError ? e.status : 400;
        },
      );
    await Promise.race([r.settled, new Promise((resolve) => setTimeout(resolve, FIRST_WAIT_MS).unref())]);
    // A file refused at once is answered with its status and kept nowhere; a later failure is the read's state.
    if (r.state === 'failed') {
      readsOf(ctx).remove(r.id);
      throw new HttpError(r.errorStatus, r.error ?? 'The file could not be read as an estimate.');
    }
    return answerOf(ctx, r);
  }),

  implement(i.readText, ({ body, caller, ctx }) => {
    const job = intakeJob(ctx.db, caller, body.adas, body.adasInspection);
    const r = newRead(caller, job, body.adasInspection ?? null, '');
    r.estimate = pasted(ctx.db, job.adas, body.text);
    r.state = 'done';
    readsOf(ctx).add(r);
    return answerOf(ctx, r);
  }),

  implement(i.status, ({ query, caller, ctx }) => answerOf(ctx, readsOf(ctx).get(query.read, caller))),

  implement(i.confirm, ({ body, caller, ctx }) => {
    const reads = readsOf(ctx);
    const r = reads.get(body.read, caller);
    if (r.state === 'reading') throw conflict('The estimate is still being read: confirm it once it is read.');
    if (r.state === 'failed' || !r.estimate) throw badRequest(r.error ?? 'The estimate could not be read: there is nothing to store.');
    const job = intakeJob(ctx.db, caller, r.job.adas, r.adasInspection);
    const estimate = r.estimate;
    const fromFile: Record<JobField, string> = {
      vin: estimate.vehicle.vin.length === 17 ? estimate.vehicle.vin : '',
      roNumber: estimate.header.roNumber,
      claimNumber: estimate.header.claimNumber,
      insurer: estimate.header.insurer,
    };
    const values = Object.fromEntries(body.apply.filter((f) => fromFile[f]).map((f) => [f, fromFile[f]]));
    const applied = writing(ctx.db, () => {
      storeEstimate(ctx.db, job.adas, estimate, r.fileName, caller.user);
      return setJobEstimateFields(ctx.db, caller.user, job.adas, values);
    });
    reads.remove(r.id);
    announceChange(ctx, caller.user, 'adas', [job.adas], job.firm);
    return { estimate: { ...jobEstimate(ctx.db, job.adas), header: estimateHeader(ctx.db, job.adas) }, applied };
  }),

  // The older calls, read the same way.
  implement(c.uploadEstimate, async ({ query, caller, ctx, request, reply }) => {
    const job = intakeJob(ctx.db, caller, query.adas);
    admit(ctx, caller, reply);
    const files = await uploadedFiles(request);
    const fileName = fileNameOf(files);
    const estimate = await readsOf(ctx).counted(caller.user, () => readFiles(ctx, files, () => undefined));
    writing(ctx.db, () => storeEstimate(ctx.db, job.adas, estimate, fileName, caller.user));
    announceChange(ctx, caller.user, 'adas', [job.adas], job.firm);
    return { lines: estimate.lines.length, source: estimate.source as 'bms' | 'csv' | 'pdf' | 'ocr' | 'ems', fileName };
  }),

  implement(c.readEstimate, ({ body, caller, ctx }) => {
    const job = intakeJob(ctx.db, caller, body.adas);
    const estimate = pasted(ctx.db, job.adas, body.text);
    const preview = previewOf(ctx.db, job, null, estimate);
    return {
      adas: job.adas,
      source: 'paste' as const,
      fileName: '',
      uploadedAt: null,
      uploadedByName: '',
      lines: preview.scrub.lines.map((l, n) => ({
        ...l,
        uniqueSequenceNumber: estimate.lines[n]!.uniqueSequenceNumber,
        partNumber: estimate.lines[n]!.partNumber,
        isNotEquipped: false,
      })),
    };
  }),

  implement(c.saveEstimate, ({ body, caller, ctx }) => {
    const job = intakeJob(ctx.db, caller, body.adas);
    const estimate = pasted(ctx.db, job.adas, body.text);
    writing(ctx.db, () => storeEstimate(ctx.db, job.adas, estimate, '', caller.user));
    announceChange(ctx, caller.user, 'adas', [job.adas], job.firm);
    return jobEstimate(ctx.db, job.adas);
  }),
];
