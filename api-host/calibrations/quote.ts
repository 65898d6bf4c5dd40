/**
 * The quote with the insurer price check (adas/quote) and the prediction of a vehicle's systems
 * (adas/predictiveAdas). Decisions are in lib/contract/calibrations.ts; the arithmetic and the check in
 * lib/calibrations/rules.ts.
 */
import { zip } from '../core/lists';
import type { z } from 'zod';
import type { Prediction, QuoteAnswer, TriggeredCalibration } from '../../lib/contract/calibrations';
import type { contract } from '../../lib/contract';
import { checkQuote, dollars } from '../../lib/calibrations/rules';
import { LOCALE } from '../../lib/format';
import type { Db } from '../core/db';
import { firmScope, oneRow, prepared, preparedValue } from '../core/sql';
import { calibrationPrice, systemsFor } from '../configuration/service';
import { assertShopProvider } from '../dispatch/service';
import type { Caller } from '../core/caller';
import { badRequest } from '../core/errors';
import { lastScrub, type JobOfInspection } from './scrub';

/** The insurer's active agreed prices, by calibration type name in lower case (dollars). */
export function agreedPrices(db: Db, insurance: number | null): Map<string, number> {
  if (insurance == null) return new Map();
  const rows = prepared<{ calibration_type: string; price_cents: number }>(
    db,
    "SELECT calibration_type, price_cents FROM insurance_lookup WHERE insurance = ? AND lookup_type = 'price' AND is_inactive = 0 AND price_cents IS NOT NULL",
  ).all(insurance);
  return new Map(rows.map((r) => [r.calibration_type.toLowerCase(), dollars(r.price_cents)]));
}

type QuoteBody = z.output<typeof contract.calibrations.quote.body>;

export function quoteFor(
  db: Db,
  caller: Caller,
  job: JobOfInspection,
  lines: QuoteBody['lines'],
  provider: number | null = null,
): QuoteAnswer {
  const scrub = lastScrub(db, job, caller.user);
  const triggered = new Map(scrub.calibrations.map((c) => [c.adasChecklistMatrix, c]));
  const draft = lines ?? scrub.calibrations.map((c) => ({ adasChecklistMatrix: c.adasChecklistMatrix, price: c.price }));
  const unknown = draft.findIndex((l) => !triggered.has(l.adasChecklistMatrix));
  if (unknown >= 0)
    throw badRequest('Invalid body', { [`lines.${unknown}.adasChecklistMatrix`]: ["Not a calibration of this inspection's scrub"] });
  // A provider's quote: its prices, as the request's lines will carry them when it is sent there (docs/dispatch.md).
  const providerName = provider == null ? null : assertShopProvider(db, job.firm, provider);
  const priceAt = (c: TriggeredCalibration, sent: number | null) => {
    if (provider == null) return sent;
    const p = c.calibrationTypeId == null ? null : calibrationPrice(db, c.calibrationTypeId, provider).cents;
    return p == null ? null : dollars(p);
  };
  const agreed = agreedPrices(db, job.insurance);
  const priced = draft.map((l) => {
    const c = triggered.get(l.adasChecklistMatrix)!;
    return {
      adasChecklistMatrix: l.adasChecklistMatrix,
      calibrationType: c.calibrationType,
      price: priceAt(c, l.price),
      system: c.system,
      calibrationMode: c.calibrationMode,
    };
  });
  const check = checkQuote(
    priced,
    agreed,
    scrub.calibrations.map((c) => ({ adasChecklistMatrix: c.adasChecklistMatrix, system: c.system, calibrationType: c.calibrationType })),
  );
  return {
    adasInspection: job.adasInspection,
    currency: 'USD',
    locale: LOCALE,
    insurance: job.insurance,
    insuranceName: job.insuranceName,
    hasAgreedPrices: agreed.size > 0,
    lines: zip(check.lines, priced).map(([l, p]) => ({
      adasChecklistMatrix: l.adasChecklistMatrix,
      system: p.system,
      calibrationType: l.calibrationType,
      calibrationMode: p.calibrationMode,
      price: l.price,
      agreedPrice: l.agreedPrice,
      underAgreed: l.underAgreed,
    })),
    total: check.total,
    unpriced: check.unpriced,
    missing: check.missing,
    flagged: check.flagged,
    provider: provider == null ? null : { provider, name: providerName! },
  };
}

/** Fewest recorded inspections of a system before they, not the configuration, make its likelihood. */
const RECORDED_MIN = 3;

export function predict(db: Db, caller: Caller, v: { year: number; make: string; model: string }): Prediction {
  const configured = new Map<number, string>();
  for (const s of systemsFor(db, v)) if (!configured.has(s.adasChecklistMatrix)) configured.set(s.adasChecklistMatrix, s.matrixItem);
  const recorded = prepared<{
    id: number;
    system: string;
    seen: number;
    equipped: number;
    jobs: number;
  }>(
    db,
    `SELECT r.adas_checklist_matrix AS id, max(r.system) AS system, count(*) AS seen, sum(r.is_not_equipped = 0) AS equipped, count(DISTINCT a.adas) AS jobs
     FROM vehicle v JOIN adas a ON a.vehicle = v.vehicle JOIN adas_inspection i ON i.adas = a.adas JOIN adas_inspection_result r ON r.adas_inspection = i.adas_inspection
     WHERE v.make = ? AND v.model = ? AND v.year BETWEEN ? AND ?${firmScope(db, caller.firms, 'a')}
     GROUP BY r.adas_checklist_matrix`,
  ).all(v.make.trim(), v.model.trim(), v.year - 2, v.year + 2);
  const jobsConsidered = oneRow(
    preparedValue<number>(
      db,
      `SELECT count(*) FROM vehicle v JOIN adas a ON a.vehicle = v.vehicle WHERE v.make = ? AND v.model = ? AND v.year BETWEEN ? AND ?${firmScope(db, caller.firms, 'a')}`,
    ).get(v.make.trim(), v.model.trim(), v.year - 2, v.year + 2),
  );
  const byId = new Map(recorded.map((r) => [r.id, r]));
  const ids = [...new Set([...configured.keys(), ...byId.keys()])];
  const systems = ids
    .map((id) => {
      const r = byId.get(id);
      const useRecorded = r != null && r.seen >= RECORDED_MIN;
      return {
        adasChecklistMatrix: id,
        system: configured.get(id) ?? r?.system ?? '',
        likelihood: useRecorded ? Math.round((r.equipped / r.seen) * 100) / 100 : configured.has(id) ? 1 : 0,
        seen: r?.seen ?? 0,
        equipped: r?.equipped ?? 0,
        basis: useRecorded ? ('recorded' as const) : ('configuration' as const),
      };
    })
    .filter((s) => s.likelihood > 0)
    .sort((a, b) => b.likelihood - a.likelihood || a.system.localeCompare(b.system));
  const basis =
    jobsConsidered === 0
      ? `The configuration's make matrices for a ${v.year} ${v.make} ${v.model}; no inspections of this model are recorded at your locations yet.`
      : `The configuration's make matrices, weighed by ${jobsConsidered.toLocaleString('en-US')} recorded job${jobsConsidered === 1 ? '' : 's'} of ${v.make} ${v.model} (${v.year - 2}–${v.year + 2}) at your locations: a system seen in at least ${RECORDED_MIN} inspections is as likely as it was found equipped.`;
  return { vehicle: { year: v.year, make: v.make, model: v.model }, jobsConsidered, basis, systems };
}
