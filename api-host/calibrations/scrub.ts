/**
 * The estimate scrub at the host (docs/scrub.md): the job's repair lines against the configuration's rules
 * for its vehicle and firm (configuration/rules.ts rulesFor), read and matched by lib/calibrations with the
 * vocabulary and the firm's estimate terms. Indexed reads only: the vehicle's applying make matrices, the
 * job's lines, the firm's terms. The last scrub of an inspection is kept (adas_scrub) with who scrubbed and
 * when; a new one says what changed since.
 */
import { zip } from '../core/lists';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  type Estimate,
  type EstimateLine as EstimateLineOut,
  type ScrubChanges,
  type ScrubResult,
  type CheckDecision,
  type ScrubbedLine,
  type TriggeredCalibration,
  scrubResult,
} from '../../lib/contract/calibrations';
import { parseJsonColumn } from '../../lib/json-column';
import { dollars } from '../../lib/calibrations/rules';
import {
  compileMatcher,
  partsRead,
  scrubLines as matchEstimate,
  type EstimateLine,
  type Exclusion,
  type LineOutcome,
  type MatchSystem,
} from '../../lib/calibrations/match';
import { compileVocabulary, readLine, type TermEntry, type Vocabulary } from '../../lib/calibrations/normalise';
import type { Db } from '../core/db';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { estimateTermsFor, rulesFor, type VehicleRules } from '../configuration/service';
import type { Caller } from '../core/caller';
import { badRequest, notFound } from '../core/errors';
import { userName } from '../users/service';
import { reachInspection, type Need } from '../dispatch/service';

export interface JobOfInspection {
  adas: number;
  adasInspection: number;
  firm: number;
  ronumber: string;
  insurance: number | null;
  insuranceName: string;
  inspectionStatus: number;
  vehicle: { year: number; make: string; model: string; vin: string };
}

/** An inspection's job as one row: the vehicle's columns beside the job's. */
export type JobOfInspectionRow = Omit<JobOfInspection, 'vehicle'> & JobOfInspection['vehicle'];
export const toJobOfInspection = ({ year, make, model, vin, ...job }: JobOfInspectionRow): JobOfInspection => ({
  ...job,
  vehicle: { year, make, model, vin },
});

/**
 * The inspection and its job, when the caller reaches its firm, or through a dispatch as far as the call
 * needs (api-host/dispatch/access.ts); else the same 404 as an unknown one (or 403 saying why).
 */
export function inspectionJob(db: Db, caller: Pick<Caller, 'firms'>, adasInspection: number, need: Need): JobOfInspection {
  const r = prepared<JobOfInspectionRow>(
    db,
    `SELECT i.adas_inspection AS adasInspection, i.adas, j.firm, coalesce(nullif(i.ronumber, ''), j.ronumber) AS ronumber,
            coalesce(i.insurance, j.insurance) AS insurance, coalesce(nullif(i.insurance_name, ''), j.insurance_name, '') AS insuranceName,
            i.status AS inspectionStatus, v.year, v.make, v.model, v.vin
     FROM adas_inspection i JOIN adas j ON j.adas = i.adas JOIN vehicle v ON v.vehicle = j.vehicle WHERE i.adas_inspection = ?`,
  ).get(adasInspection);
  if (!r) throw notFound('Inspection');
  reachInspection(db, caller, r.firm, r.adasInspection, need);
  return toJobOfInspection(r);
}

export interface RepairLineRow extends EstimateLine {
  uniqueSequenceNumber: number;
  partNumber?: string;
}

export type EstimateSource = ScrubResult['source'];
/** An estimate's sections as the upload stored them: {line number: section}. */
const ESTIMATE_SECTIONS = z.record(z.string(), z.string());

/** The job's repair lines in line order, with their estimate sections, and where they came from. */
export function jobLines(
  db: Db,
  adas: number,
): { lines: RepairLineRow[]; source: EstimateSource; fileName: string; uploadedAt: string | null; uploadedByName: string } {
  const estimate = prepared<{
    source: Exclude<EstimateSource, 'lines'>;
    fileName: string;
    sections: string;
    uploadedAt: string;
    uploadedByName: string | null;
  }>(
    db,
    `SELECT source, file_name AS fileName, sections, uploaded_at AS uploadedAt, ${userName('uploaded_by')} AS uploadedByName FROM adas_estimate WHERE adas = ?`,
  ).get(adas);
  const sections = estimate ? parseJsonColumn(ESTIMATE_SECTIONS, estimate.sections, 'adas_estimate.sections') : {};
  const lines = prepared<Omit<RepairLineRow, 'section' | 'isNotEquipped' | 'partNumber'> & { isNotEquipped: number; partNumber: string }>(
    db,
    `SELECT line_num AS lineNum, unique_sequence_number AS uniqueSequenceNumber, operation, description, part_number AS partNumber, is_not_equipped AS isNotEquipped
     FROM adas_repair_line WHERE adas = ? ORDER BY line_num`,
  )
    .all(adas)
    .map(({ isNotEquipped, ...l }) => ({ ...l, section: sections[l.lineNum] || undefined, isNotEquipped: isNotEquipped === 1 }));
  return {
    lines,
    source: estimate?.source ?? 'lines',
    fileName: estimate?.fileName ?? '',
    uploadedAt: estimate?.uploadedAt ?? null,
    uploadedByName: estimate?.uploadedByName ?? '',
  };
}

/** One system per checklist system: the first applying make matrix (the most specific, in sort order). */
export function matchSystems(
  rules: VehicleRules,
  notEquipped: ReadonlySet<number> = new Set(),
): (VehicleRules['systems'][number] & MatchSystem)[] {
  const seen = new Set<number>();
  return rules.systems
    .filter((s) => {
      if (seen.has(s.adasChecklistMatrix)) return false;
      seen.add(s.adasChecklistMatrix);
      return true;
    })
    .map((s) => ({
      ...s,
      system: s.matrixItem,
      names: [s.system, ...s.systemNames],
      notEquipped: notEquipped.has(s.adasChecklistMatrix),
    }));
}

// The vocabulary of a scrub: the lexicon and the firm's estimate terms. Compiled once per distinct set of
// terms and kept (with the lines it has read): a firm's scrubs reuse it, whatever the vehicle.
const vocabularies = new Map<string, Vocabulary>();
function vocabularyFor(terms: readonly TermEntry[]): Vocabulary {
  const key = JSON.stringify(terms);
  let v = vocabularies.get(key);
  if (!v) {
    v = compileVocabulary(terms);
    if (vocabularies.size >= 64) vocabularies.delete(vocabularies.keys().next().value!);
    vocabularies.set(key, v);
  }
  return v;
}

/** The vocabulary a firm's estimates are read with. */
export const firmVocabulary = (db: Db, firm: number): Vocabulary => vocabularyFor(estimateTermsFor(db, firm));

/** The vocabulary a job's lines are read with: its firm's. */
export function jobVocabulary(db: Db, adas: number): Vocabulary {
  const firm = preparedValue<number>(db, 'SELECT firm FROM adas WHERE adas = ?').get(adas);
  if (firm == null) throw notFound('ADAS job');
  return firmVocabulary(db, firm);
}

/** One line of a job's estimate as read. */
export function estimateLineOf(vocab: Vocabulary, l: RepairLineRow): EstimateLineOut {
  const r = readLine(l, vocab);
  return {
    lineNum: l.lineNum,
    uniqueSequenceNumber: l.uniqueSequenceNumber,
    operation: l.operation,
    operationRead: r.operation,
    section: l.section ?? '',
    description: l.description,
    partNumber: l.partNumber ?? '',
    read: partsRead(vocab, r),
    notes: [...(r.operationNote ? [r.operationNote] : []), ...r.notes],
    unread: r.unread,
    isNotEquipped: l.isNotEquipped ?? false,
  };
}

/** The job's estimate: where its lines came from and each line as read. */
export function jobEstimate(db: Db, adas: number): Estimate {
  const vocab = jobVocabulary(db, adas);
  const { lines, source, fileName, uploadedAt, uploadedByName } = jobLines(db, adas);
  return { adas, source, fileName, uploadedAt, uploadedByName, lines: lines.map((l) => estimateLineOf(vocab, l)) };
}

export interface Scrub {
  rules: VehicleRules;
  systems: ReturnType<typeof matchSystems>;
  lines: RepairLineRow[];
  outcomes: LineOutcome[];
  noScrub: string | null;
  calibrations: TriggeredCalibration[];
}

/** A line's outcome as the contract shows it. */
function scrubbedLine(l: RepairLineRow, o: LineOutcome): ScrubbedLine {
  return {
    lineNum: l.lineNum,
    operation: l.operation,
    operationRead: o.reading.operation,
    section: l.section ?? '',
    description: l.description,
    read: o.read,
    notes: [...(o.reading.operationNote ? [o.reading.operationNote] : []), ...o.reading.notes],
    triggers: o.triggers,
    checks: o.checks.map((c) => ({ ...c, decision: null })),
    nothing: o.nothing,
    unread: o.unread,
  };
}

/** A scrub's lines as the contract shows them, each with its outcome (matchEstimate answers one per line, in order). */
export function scrubbedLines(s: Pick<Scrub, 'lines' | 'outcomes'>): ScrubbedLine[] {
  return zip(s.lines, s.outcomes).map(([l, o]) => scrubbedLine(l, o));
}

/** A system's calibration with the lines that require it. */
function calibrationOf(s: ReturnType<typeof matchSystems>[number], lines: TriggeredCalibration['lines']): TriggeredCalibration {
  return {
    adasChecklistMatrix: s.adasChecklistMatrix,
    system: s.system,
    calibrationType: s.calibrationTypeName,
    calibrationTypeId: s.calibrationType,
    calibrationMode: s.calibrationMode,
    lines,
    triggerNotice: s.triggerNotice,
    url: s.url,
    price: s.price.cents == null ? null : dollars(s.price.cents),
    priceSource: s.price.source,
  };
}

/** Scrubs lines for a vehicle at a firm; `notEquipped`: systems the inspection found not equipped. */
export function scrubLines(
  db: Db,
  vehicle: JobOfInspection['vehicle'],
  firm: number,
  lines: RepairLineRow[],
  notEquipped: ReadonlySet<number> = new Set(),
): Scrub {
  const rules = rulesFor(db, vehicle, firm);
  const systems = matchSystems(rules, notEquipped);
  const exclusions: Exclusion[] = rules.exclusions;
  const matcher = compileMatcher(systems, exclusions, firmVocabulary(db, firm));
  const [listed] = rules.noScrub;
  const noScrub = listed ? `The ${vehicle.year} ${vehicle.make} ${vehicle.model} is on the no-scrub list: ${listed.reason}` : null;
  let outcomes = matchEstimate(lines, matcher);
  if (noScrub) outcomes = outcomes.map((o) => (o.unread ? o : { ...o, triggers: [], checks: [], refusals: [], nothing: noScrub }));
  const lineOf = new Map(lines.map((l) => [l.lineNum, l]));
  const calibrations = systems
    .map((s) =>
      calibrationOf(
        s,
        outcomes.flatMap((o) =>
          o.triggers
            .filter((t) => t.adasChecklistMatrix === s.adasChecklistMatrix)
            .map((t) => {
              const l = lineOf.get(o.lineNum);
              return {
                lineNum: o.lineNum,
                operation: l?.operation ?? '',
                description: l?.description ?? '',
                keyword: t.keyword,
                why: t.why,
              };
            }),
        ),
      ),
    )
    .filter((c) => c.lines.length > 0);
  return { rules, systems, lines, outcomes, noScrub, calibrations };
}

/** Systems the inspection marked not equipped: they are not calibrated. */
export const notEquippedOf = (db: Db, adasInspection: number) =>
  new Set(
    preparedValue<number>(
      db,
      'SELECT adas_checklist_matrix FROM adas_inspection_result WHERE adas_inspection = ? AND is_not_equipped = 1',
    ).all(adasInspection),
  );

const lineKey = (l: ScrubbedLine) => JSON.stringify([l.lineNum, l.operation, l.section, l.description]);
const outcomeText = (l: ScrubbedLine) =>
  l.unread ? `not read: ${l.unread}` : l.triggers.length ? l.triggers.map((t) => t.system).join(', ') : 'nothing';

/** What changed between two scrubs of an inspection, in words. */
export function changesSince(before: ScrubResult, after: Omit<ScrubResult, 'changes'>): ScrubChanges {
  const systems = (r: Pick<ScrubResult, 'calibrations'>) => new Map(r.calibrations.map((c) => [c.system, c.lines.map((l) => l.lineNum)]));
  const was = systems(before);
  const now = systems(after);
  const added = [...now].filter(([s]) => !was.has(s)).map(([system, lines]) => ({ system, lines }));
  const removed = [...was].filter(([s]) => !now.has(s)).map(([system, lines]) => ({ system, lines }));
  const beforeLines = new Map(before.lines.map((l) => [l.lineNum, l]));
  const estimateChanged =
    before.lines.length !== after.lines.length ||
    after.lines.some((l) => !beforeLines.has(l.lineNum) || lineKey(beforeLines.get(l.lineNum)!) !== lineKey(l));
  const lines = after.lines
    .filter((l) => {
      const b = beforeLines.get(l.lineNum);
      return b && lineKey(b) === lineKey(l) && outcomeText(b) !== outcomeText(l);
    })
    .map((l) => ({
      lineNum: l.lineNum,
      description: l.description,
      before: outcomeText(beforeLines.get(l.lineNum)!),
      after: outcomeText(l),
    }));
  const parts = [
    added.length ? `${added.map((a) => a.system).join(', ')} added` : '',
    removed.length ? `${removed.map((r) => r.system).join(', ')} no longer required` : '',
    lines.length ? `${lines.length} line${lines.length === 1 ? '' : 's'} read differently` : '',
  ].filter(Boolean);
  // A scrub kept before line-by-line results (docs/scrub.md#the-kept-scrub-and-what-changed) cannot say whether
  // the lines changed.
  const unknownBefore = before.lines.length === 0 && (before.calibrations.length > 0 || before.untriggered.length > 0);
  const cause = unknownBefore
    ? 'The previous scrub kept no line-by-line results, so whether the estimate changed is not known.'
    : estimateChanged
      ? 'The estimate changed.'
      : parts.length
        ? 'The estimate is the same: the change comes from the configuration (knowledge base or estimate terms) or the inspection’s systems.'
        : '';
  const summary = parts.length
    ? `${parts.join('; ')}. ${cause}`
    : unknownBefore
      ? `The calibrations are the same. ${cause}`
      : estimateChanged
        ? 'The estimate changed; the calibrations are the same.'
        : 'Nothing changed.';
  return { since: before.scrubbedAt, sinceByName: before.scrubbedByName, estimateChanged, added, removed, lines, summary };
}

/** The answer of a scrub (everything but its id, time and author). */
export function scrubAnswer(
  db: Db,
  job: JobOfInspection,
): Omit<ScrubResult, 'uniqueId' | 'scrubbedAt' | 'scrubbedBy' | 'scrubbedByName' | 'changes'> {
  const { lines, source, fileName } = jobLines(db, job.adas);
  const s = scrubLines(db, job.vehicle, job.firm, lines, notEquippedOf(db, job.adasInspection));
  const shown = scrubbedLines(s);
  const ref = (l: ScrubbedLine, reason: string) => ({ lineNum: l.lineNum, operation: l.operation, description: l.description, reason });
  return {
    adas: job.adas,
    adasInspection: job.adasInspection,
    source,
    fileName,
    vehicle: job.vehicle,
    noScrub: s.noScrub,
    calibrations: s.calibrations,
    lines: shown,
    untriggered: shown.filter((l) => l.nothing != null).map((l) => ref(l, l.nothing!)),
    checks: shown.flatMap((l) =>
      l.checks.map((c) => ({ ...ref(l, c.why), adasChecklistMatrix: c.adasChecklistMatrix, system: c.system, decision: c.decision })),
    ),
    unread: shown.filter((l) => l.unread != null).map((l) => ref(l, l.unread!)),
  };
}

// ── the estimator's decisions on checks ────────────────────────────────────────────────────────────
/** The keyword of a calibration's line that a confirmed check put there. */
export const CONFIRMED_CHECK = 'confirmed check';

/** A line as written: a decision holds for it, not for another line given the same number. */
const lineKeyOf = (l: Pick<ScrubbedLine, 'operation' | 'section' | 'description'>) =>
  JSON.stringify([l.operation, l.section, l.description]);

interface DecisionRow {
  lineNum: number;
  adasChecklistMatrix: number;
  lineKey: string;
  decision: CheckDecision;
  by: number | null;
  byName: string;
  at: string;
}

const decisionsOf = (db: Db, adasInspection: number) =>
  prepared<DecisionRow>(
    db,
    `SELECT line_num AS lineNum, adas_checklist_matrix AS adasChecklistMatrix, line_key AS lineKey, decision, decided_by AS by,
            coalesce(${userName('decided_by')}, '') AS byName, decided_at AS at FROM adas_scrub_check WHERE adas_inspection = ?`,
  ).all(adasInspection);

type Answer = Omit<ScrubResult, 'uniqueId' | 'scrubbedAt' | 'scrubbedBy' | 'scrubbedByName' | 'changes'>;

/**
 * A scrub with the estimator's decisions: each check of an unchanged line carries its decision, and a
 * confirmed check joins its system's calibrations (a system no other line requires is added, priced from
 * the knowledge base as now).
 */
export function withDecisions<T extends Answer>(db: Db, job: JobOfInspection, answer: T): T {
  const rows = new Map(decisionsOf(db, job.adasInspection).map((r) => [`${r.lineNum}:${r.adasChecklistMatrix}`, r]));
  const lines = answer.lines.map((l) => ({
    ...l,
    checks: l.checks.map((c) => {
      const d = rows.get(`${l.lineNum}:${c.adasChecklistMatrix}`);
      return { ...c, decision: d && d.lineKey === lineKeyOf(l) ? { decision: d.decision, by: d.by, byName: d.byName, at: d.at } : null };
    }),
  }));
  const calibrations = answer.calibrations
    .map((c) => ({ ...c, lines: c.lines.filter((l) => l.keyword !== CONFIRMED_CHECK) }))
    .filter((c) => c.lines.length > 0);
  const confirmed = lines.flatMap((l) => l.checks.filter((c) => c.decision?.decision === 'confirmed').map((c) => ({ l, c })));
  if (confirmed.length) {
    const systems = matchSystems(rulesFor(db, job.vehicle, job.firm));
    for (const { l, c } of confirmed) {
      const entry = {
        lineNum: l.lineNum,
        operation: l.operation,
        description: l.description,
        keyword: CONFIRMED_CHECK,
        why: `Confirmed by ${c.decision!.byName || 'a user'}: ${c.why}`,
      };
      const kept = calibrations.find((x) => x.adasChecklistMatrix === c.adasChecklistMatrix);
      if (kept) kept.lines.push(entry);
      else {
        const s = systems.find((x) => x.adasChecklistMatrix === c.adasChecklistMatrix);
        if (s) calibrations.push(calibrationOf(s, [entry]));
      }
    }
    const order = new Map(systems.map((s, i) => [s.adasChecklistMatrix, i]));
    calibrations.sort((a, b) => (order.get(a.adasChecklistMatrix) ?? 0) - (order.get(b.adasChecklistMatrix) ?? 0));
  }
  const ref = (l: ScrubbedLine, reason: string) => ({ lineNum: l.lineNum, operation: l.operation, description: l.description, reason });
  return {
    ...answer,
    lines,
    calibrations,
    checks: lines.flatMap((l) =>
      l.checks.map((c) => ({ ...ref(l, c.why), adasChecklistMatrix: c.adasChecklistMatrix, system: c.system, decision: c.decision })),
    ),
  };
}

/**
 * The estimator's decision on one check of the inspection's kept scrub (bms/decideCheck): confirmed,
 * dismissed, or open again; kept with who and when, and the kept scrub answered with it. A line or a
 * system the kept scrub does not hold as a check is a 400.
 */
export function decideCheck(
  db: Db,
  job: JobOfInspection,
  user: number | null,
  body: { lineNum: number; adasChecklistMatrix: number; decision: CheckDecision | 'open' },
): ScrubResult {
  const kept = keptScrub(db, job.adasInspection);
  if (!kept) throw badRequest('The inspection has not been scrubbed: scrub the estimate first.');
  const line = kept.lines.find((l) => l.lineNum === body.lineNum);
  if (!line) throw badRequest(`Line ${body.lineNum} is not in the scrub.`, { lineNum: ['Not a line of the scrub'] });
  if (!line.checks.some((c) => c.adasChecklistMatrix === body.adasChecklistMatrix))
    throw badRequest(`Line ${body.lineNum} has no check for that system.`, { adasChecklistMatrix: ['Not a check of this line'] });
  if (body.decision === 'open')
    prepared(db, 'DELETE FROM adas_scrub_check WHERE adas_inspection = ? AND line_num = ? AND adas_checklist_matrix = ?').run(
      job.adasInspection,
      body.lineNum,
      body.adasChecklistMatrix,
    );
  else
    prepared(
      db,
      `INSERT INTO adas_scrub_check (adas_inspection, line_num, adas_checklist_matrix, line_key, decision, decided_by, decided_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (adas_inspection, line_num, adas_checklist_matrix) DO UPDATE SET line_key = excluded.line_key, decision = excluded.decision,
         decided_by = excluded.decided_by, decided_at = excluded.decided_at`,
    ).run(job.adasInspection, body.lineNum, body.adasChecklistMatrix, lineKeyOf(line), body.decision, user, now());
  const result = withDecisions(db, job, kept);
  prepared(db, 'UPDATE adas_scrub SET result = ? WHERE adas_inspection = ?').run(JSON.stringify(result), job.adasInspection);
  return result;
}

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A kept scrub's result as scrubInspection stored it (older ones get the contract's defaults for what they lack). */
export const scrubOf = (text: string): ScrubResult => parseJsonColumn(scrubResult, text, 'adas_scrub.result');

const keptScrub = (db: Db, adasInspection: number) => {
  const kept = preparedValue<string>(db, 'SELECT result FROM adas_scrub WHERE adas_inspection = ?').get(adasInspection);
  return kept ? scrubOf(kept) : null;
};

/** Scrubs an inspection's job and keeps the answer on the inspection, with what changed since the last one. */
export function scrubInspection(db: Db, job: JobOfInspection, user: number | null): ScrubResult {
  const answer = withDecisions(db, job, scrubAnswer(db, job));
  const before = keptScrub(db, job.adasInspection);
  const scrubbedAt = now();
  const scrubbedByName = user == null ? '' : (oneRow(preparedValue<string | null>(db, `SELECT ${userName('?')}`).get(user)) ?? '');
  const done = { uniqueId: randomUUID(), scrubbedAt, scrubbedBy: user, scrubbedByName, ...answer };
  const result: ScrubResult = { ...done, changes: before ? changesSince(before, done) : null };
  prepared(
    db,
    `INSERT INTO adas_scrub (adas_inspection, adas, firm, unique_id, source, file_name, result, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (adas_inspection) DO UPDATE SET unique_id = excluded.unique_id, source = excluded.source, file_name = excluded.file_name,
       result = excluded.result, created_by = excluded.created_by, created_at = excluded.created_at`,
  ).run(job.adasInspection, job.adas, job.firm, result.uniqueId, answer.source, answer.fileName, JSON.stringify(result), user, scrubbedAt);
  return result;
}

/** The inspection's kept scrub, or null before its first. */
export const storedScrub = (db: Db, job: JobOfInspection): ScrubResult | null => keptScrub(db, job.adasInspection);

/** The inspection's kept scrub, or a new one. */
export function lastScrub(db: Db, job: JobOfInspection, user: number | null): ScrubResult {
  return keptScrub(db, job.adasInspection) ?? scrubInspection(db, job, user);
}
