/**
 * Demo dispatch, after the calibration requests (and before the dashboard's rebuild, which then counts the
 * providers' work): how the providers around the demo shops work (on site, in their bay, vehicles a day) and
 * their own prices; named sign-ins at four of them (PROVIDER_USERS); and requests of open inspections at the shops with
 * chosen providers (6, 7, 9, 12, 19, 33) sent to them and taken to every status — Requested, Proposed,
 * Accepted (some results recorded), Completed (handed back, a Failed system among the calibrated), Closed,
 * Declined and Cancelled — each step recorded in the dispatch's history with who took it and when. Dates are
 * relative to the day the seed runs, so the queue shows work for the coming days. Deterministic otherwise:
 * inspections are picked by id.
 */
import { RESULT, STATUS, rolledUpStatus } from '../../lib/adas/rules';
import { dollars } from '../../lib/calibrations/rules';
import type { DispatchMode, DispatchStatus, Offering } from '../../lib/dispatch/rules';
import { calibrationPrice } from '../configuration/service';
import type { Db } from '../core/db';
import { isoSeconds } from '../core/time';
import { insertRequest } from '../calibrations/service';
import { recordChange } from '../history/service';
import { dispatchSnapshot } from './history';

/**
 * How the demo providers work: [firm, offering, vehicles a day, their own prices against the network's (%)];
 * 100: the network's prices (the independent providers 37–40 have prices of their own).
 */
const OFFERINGS: readonly [number, Offering, number, number][] = [
  [37, 'both', 4, 108],
  [8, 'in-bay', 2, 100],
  [3, 'on-site', 6, 100],
  [38, 'on-site', 5, 112],
  [39, 'both', 3, 97],
  [40, 'on-site', 4, 115],
  [12, 'in-bay', 3, 100],
  [35, 'in-bay', 2, 100],
  [30, 'both', 3, 100],
];

/**
 * Named sign-ins at the providers, with the demo users' password (its hash is the demo staff's):
 * [username, first name, last name, role, firm]. Added last, so that the other demo records keep their ids.
 */
export const PROVIDER_USERS: readonly [string, string, string, number, number][] = [
  ['precision.admin@example.com', 'Morgan', 'Price', 4, 37],
  ['precision.tech@example.com', 'Riley', 'Santos', 15, 37],
  ['precision.office@example.com', 'Jules', 'Hart', 5, 37],
  ['bayarea.admin@example.com', 'Drew', 'Okafor', 4, 38],
  ['bayarea.tech@example.com', 'Sky', 'Lin', 15, 38],
  ['lonestar.admin@example.com', 'Cody', 'Reyes', 4, 39],
  ['sunshine.admin@example.com', 'Marisol', 'Vega', 4, 40],
  ['sunshine.tech@example.com', 'Andre', 'Baptiste', 15, 40],
];

type Plan = {
  shop: number;
  provider: number;
  mode: DispatchMode;
  /** Days from today: when the work was asked for, and when the request was sent (negative: past). */
  asked: number;
  sentAgo: number;
  steps: ('declined' | 'proposed' | 'accepted' | 'recorded' | 'completed' | 'closed' | 'cancelled')[];
  reason?: string;
  /** After its steps, the same request sent to another provider (a decline is not the end of the request). */
  resend?: { provider: number; mode: DispatchMode; asked: number };
};

/** Each plan takes the next open inspection of its shop that has no request yet. */
const PLANS: readonly Plan[] = [
  {
    shop: 6,
    provider: 8,
    mode: 'in-bay',
    asked: 2,
    sentAgo: 3,
    steps: ['declined'],
    reason: 'No static targets for this make this week.',
    resend: { provider: 37, mode: 'in-bay', asked: 3 },
  },
  { shop: 6, provider: 37, mode: 'on-site', asked: 2, sentAgo: 2, steps: ['accepted'] },
  { shop: 7, provider: 37, mode: 'on-site', asked: 5, sentAgo: 1, steps: [] },
  {
    shop: 7,
    provider: 37,
    mode: 'in-bay',
    asked: 1,
    sentAgo: 2,
    steps: ['proposed'],
    reason: 'Targets are booked that day; three days later works.',
  },
  { shop: 7, provider: 37, mode: 'on-site', asked: 0, sentAgo: 3, steps: ['accepted', 'recorded'] },
  { shop: 7, provider: 37, mode: 'in-bay', asked: -3, sentAgo: 6, steps: ['accepted', 'recorded', 'completed'] },
  { shop: 7, provider: 37, mode: 'in-bay', asked: -8, sentAgo: 10, steps: ['accepted', 'recorded', 'completed', 'closed'] },
  { shop: 7, provider: 8, mode: 'in-bay', asked: 3, sentAgo: 4, steps: ['cancelled'], reason: 'Customer took the car to the dealer.' },
  { shop: 9, provider: 38, mode: 'on-site', asked: 1, sentAgo: 2, steps: ['accepted'] },
  { shop: 9, provider: 38, mode: 'on-site', asked: 4, sentAgo: 1, steps: [] },
  { shop: 9, provider: 38, mode: 'on-site', asked: -4, sentAgo: 7, steps: ['accepted', 'recorded', 'completed'] },
  { shop: 12, provider: 39, mode: 'in-bay', asked: 3, sentAgo: 1, steps: [] },
  { shop: 19, provider: 40, mode: 'on-site', asked: 1, sentAgo: 3, steps: ['accepted'] },
  { shop: 19, provider: 40, mode: 'on-site', asked: -6, sentAgo: 9, steps: ['accepted', 'recorded', 'completed', 'closed'] },
  { shop: 33, provider: 37, mode: 'in-bay', asked: 6, sentAgo: 1, steps: [] },
  {
    shop: 33,
    provider: 37,
    mode: 'on-site',
    asked: 2,
    sentAgo: 5,
    steps: ['declined'],
    reason: 'No technician free for a mobile visit that week.',
  },
  { shop: 33, provider: 37, mode: 'in-bay', asked: -5, sentAgo: 8, steps: ['accepted', 'recorded', 'completed'] },
];

const DAY = 86_400_000;

export function seedDispatch(db: Db): void {
  const now = Date.now();
  const at = (days: number, hour = 0) => isoSeconds(now + days * DAY + hour * 3_600_000);
  const day = (days: number) => new Date(now + days * DAY).toISOString().slice(0, 10);

  db.transaction(() => {
    const hash = db.prepare<unknown[], string>("SELECT password_hash FROM user WHERE username = 'role4@example.com'").pluck().get();
    for (const [username, first, last, role, firm] of PROVIDER_USERS) {
      const contact = db
        .prepare('INSERT INTO contact (firm, contact_type, first_name, last_name, timezone, language) VALUES (?, 1, ?, ?, 12, 1)')
        .run(firm, first, last).lastInsertRowid;
      const user = db
        .prepare(
          'INSERT INTO user (contact, firm, username, password_hash, role, labor_rate, is_inactive, receives_report) VALUES (?, ?, ?, ?, ?, 95, 0, 1)',
        )
        .run(contact, firm, username, hash, role).lastInsertRowid;
      db.prepare('INSERT INTO user_firm (user, firm, is_primary) VALUES (?, ?, 1)').run(user, firm);
    }

    // How the providers work, and their own prices (a factor of the network's).
    const types = db.prepare<unknown[], { id: number; cents: number }>(
      'SELECT calibration_type AS id, price_cents AS cents FROM adas_calibration_type WHERE price_cents IS NOT NULL ORDER BY calibration_type',
    );
    for (const [firm, offering, capacity, percent] of OFFERINGS) {
      db.prepare('INSERT INTO dispatch_offering (firm, offering, capacity) VALUES (?, ?, ?)').run(firm, offering, capacity);
      if (percent !== 100)
        for (const t of types.all())
          db.prepare('INSERT OR IGNORE INTO adas_calibration_price (firm, calibration_type, price_cents) VALUES (?, ?, ?)').run(
            firm,
            t.id,
            Math.round((t.cents * percent) / 500) * 5,
          );
    }

    const open = db.prepare<unknown[], { id: number; adas: number }>(
      `SELECT i.adas_inspection AS id, i.adas FROM adas_inspection i JOIN adas j ON j.adas = i.adas
       WHERE j.firm = ? AND i.status <> ${STATUS.complete}
         AND NOT EXISTS (SELECT 1 FROM calibrate_request r WHERE r.adas_inspection = i.adas_inspection)
         AND EXISTS (SELECT 1 FROM adas_inspection_result r WHERE r.adas_inspection = i.adas_inspection AND r.calibration_type <> '')
       ORDER BY i.adas_inspection`,
    );
    const staffOf = (firm: number) =>
      db
        .prepare<unknown[], number>(
          `SELECT u.user FROM user_firm uf JOIN user u ON u.user = uf.user WHERE uf.firm = ? AND u.is_inactive = 0 AND u.deleted_at IS NULL
           ORDER BY (u.role IN (1, 2, 3, 4, 8)) DESC, u.user`,
        )
        .pluck()
        .all(firm);
    // The provider's newest manager and technician: its named sign-ins (PROVIDER_USERS) where it has them.
    const newest = db
      .prepare<unknown[], number>(
        `SELECT u.user FROM user_firm uf JOIN user u ON u.user = uf.user WHERE uf.firm = ? AND u.role IN (SELECT value FROM json_each(?))
         AND u.is_inactive = 0 AND u.deleted_at IS NULL ORDER BY u.user DESC LIMIT 1`,
      )
      .pluck();
    const providerStaff = (firm: number) => {
      const admin = newest.get(firm, '[4, 8, 3]') ?? staffOf(firm)[0]!;
      return { admin, tech: newest.get(firm, '[15]') ?? newest.get(firm, '[5, 16]') ?? admin };
    };
    const typeId = db
      .prepare<unknown[], number>('SELECT calibration_type FROM adas_calibration_type WHERE name = ? ORDER BY calibration_type LIMIT 1')
      .pluck();

    /** A step of dispatch `id`, recorded in its history as taken by `by` at `when`. */
    const step = (id: number, by: number, when: string, status: DispatchStatus, set: Record<string, string | number | null>) => {
      const before = dispatchSnapshot(db, id);
      const columns = Object.keys(set)
        .map((k) => `, ${k} = @${k}`)
        .join('');
      db.prepare(
        `UPDATE dispatch SET status = @status, status_changed_by = @by, status_changed_at = @when, version = version + 1,
           notified_version = version + 1${columns} WHERE dispatch = @id`,
      ).run({ ...set, status, by, when, id });
      recordChange(db, { kind: 'dispatch', id, by, at: when }, before, dispatchSnapshot(db, id));
    };

    for (const plan of PLANS) {
      // The shop's first open inspection without a request (the plans before took theirs).
      const inspection = open.get(plan.shop);
      if (!inspection) continue;
      const staff = staffOf(plan.shop);
      const lead = staff[0]!;
      const v = db
        .prepare<unknown[], { year: number; make: string; model: string; vin: string }>(
          'SELECT v.year, v.make, v.model, v.vin FROM adas j JOIN vehicle v ON v.vehicle = j.vehicle WHERE j.adas = ?',
        )
        .get(inspection.adas)!;
      const systems = db
        .prepare<unknown[], { adasChecklistMatrix: number; system: string; calibrationType: string; calibrationMode: string | null }>(
          `SELECT adas_checklist_matrix AS adasChecklistMatrix, system, calibration_type AS calibrationType, calibration_mode AS calibrationMode
           FROM adas_inspection_result WHERE adas_inspection = ? AND calibration_type <> '' ORDER BY sort LIMIT 3`,
        )
        .all(inspection.id);
      // Priced at the provider's, as a request sent there is (requests.ts repriceRequest); back at the shop's when it ended.
      const pricesAt = plan.steps.includes('declined') || plan.steps.includes('cancelled') ? plan.shop : plan.provider;
      const request = insertRequest(
        db,
        lead,
        {
          firm: plan.shop,
          adasInspection: inspection.id,
          vin: v.vin,
          year: v.year,
          make: v.make,
          model: v.model,
          reason: 'Estimate triggers calibrations',
          reasonSource: 'Estimate',
          notes: '',
          lines: systems.map((s) => {
            const type = typeId.get(s.calibrationType);
            const cents = type === undefined ? null : calibrationPrice(db, type, pricesAt).cents;
            return { ...s, price: cents == null ? null : dollars(cents), agreedPrice: null, repairLines: [] };
          }),
          technicians: [],
          files: [],
        },
        inspection.adas,
      );
      const sent = at(-plan.sentAgo, 15);
      db.prepare('UPDATE calibrate_request SET created_at = ?, status_changed_at = ? WHERE calibrate_request = ?').run(sent, sent, request);
      const id = Number(
        db
          .prepare(
            `INSERT INTO dispatch (calibrate_request, adas_inspection, adas, firm, provider, mode, requested_date, created_by, created_at,
               status_changed_by, status_changed_at, notified_version)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
          )
          .run(request, inspection.id, inspection.adas, plan.shop, plan.provider, plan.mode, day(plan.asked), lead, sent, lead, sent)
          .lastInsertRowid,
      );
      recordChange(db, { kind: 'dispatch', id, by: lead, at: sent }, null, dispatchSnapshot(db, id));

      const { admin, tech } = providerStaff(plan.provider);
      let when = -plan.sentAgo;
      for (const s of plan.steps) {
        when += 0.5;
        switch (s) {
          case 'declined':
            step(id, admin, at(when, 16), 'Declined', { reason: plan.reason ?? '', last_step: 'declined', last_side: 'provider' });
            break;
          case 'cancelled':
            step(id, lead, at(when, 16), 'Cancelled', { reason: plan.reason ?? '', last_step: 'cancelled', last_side: 'shop' });
            break;
          case 'proposed':
            step(id, admin, at(when, 16), 'Proposed', {
              proposed_date: day(plan.asked + 3),
              reason: plan.reason ?? '',
              last_step: 'proposed',
              last_side: 'provider',
            });
            break;
          case 'accepted': {
            const acceptedAt = at(when, 16);
            step(id, admin, acceptedAt, 'Accepted', {
              scheduled_date: day(plan.asked),
              window_start: plan.asked % 2 === 0 ? '08:00' : '13:00',
              window_end: plan.asked % 2 === 0 ? '12:00' : '17:00',
              technician: tech,
              accepted_by: admin,
              accepted_at: acceptedAt,
              last_step: 'accepted',
              last_side: 'provider',
            });
            db.prepare(
              "UPDATE calibrate_request SET status_name = 'Scheduled', status_changed_at = ?, status_changed_by = ? WHERE calibrate_request = ?",
            ).run(acceptedAt, admin, request);
            break;
          }
          case 'recorded': {
            // The provider's technician records results: the systems asked for calibrated, the last one Failed on a finished job.
            const doneDay = Math.min(plan.asked, 0);
            const results = db
              .prepare<unknown[], { id: number; system: string }>(
                "SELECT adas_inspection_result AS id, system FROM adas_inspection_result WHERE adas_inspection = ? AND calibration_type <> '' ORDER BY sort LIMIT 3",
              )
              .all(inspection.id);
            const finished = plan.steps.includes('completed');
            results.forEach((r, k) => {
              if (!finished && k > 0) return;
              const result = finished && k === results.length - 1 && results.length > 1 ? RESULT.failed : RESULT.calibrated;
              db.prepare(
                'UPDATE adas_inspection_result SET result = ?, result_by = ?, result_at = ?, updated_by = ?, updated_at = ?, version = version + 1 WHERE adas_inspection_result = ?',
              ).run(result, tech, at(doneDay, 10 + k), tech, at(doneDay, 10 + k), r.id);
            });
            if (finished)
              db.prepare(
                "UPDATE adas_inspection_result SET result = ?, result_by = ?, result_at = ? WHERE adas_inspection = ? AND result IS NULL AND calibration_type = ''",
              ).run(RESULT.notApplicable, tech, at(doneDay, 12), inspection.id);
            break;
          }
          case 'completed': {
            const completedAt = at(Math.min(plan.asked, 0), 14);
            db.prepare(
              'UPDATE adas_inspection_result SET result = ?, result_by = ?, result_at = ? WHERE adas_inspection = ? AND result IS NULL AND is_not_equipped = 0',
            ).run(RESULT.passed, tech, completedAt, inspection.id);
            db.prepare(
              'UPDATE adas_inspection SET status = ?, status_changed_at = ?, status_changed_by = ?, completed_at = ?, completed_by = ? WHERE adas_inspection = ?',
            ).run(STATUS.complete, completedAt, tech, completedAt, tech, inspection.id);
            const job = db.prepare<unknown[], { status: number }>('SELECT status FROM adas WHERE adas = ?').get(inspection.adas)!;
            const statuses = db
              .prepare<unknown[], number>('SELECT status FROM adas_inspection WHERE adas = ?')
              .pluck()
              .all(inspection.adas);
            const rolled = rolledUpStatus(job.status, statuses);
            if (rolled !== job.status)
              db.prepare('UPDATE adas SET status = ?, status_changed_at = ?, status_changed_by = ? WHERE adas = ?').run(
                rolled,
                completedAt,
                tech,
                inspection.adas,
              );
            db.prepare(
              "UPDATE calibrate_request SET status_name = 'Completed', status_changed_at = ?, status_changed_by = ? WHERE calibrate_request = ?",
            ).run(completedAt, tech, request);
            step(id, tech, completedAt, 'Completed', { completed_at: completedAt, last_step: 'completed', last_side: 'provider' });
            when = Math.min(plan.asked, 0);
            break;
          }
          case 'closed':
            step(id, lead, at(when + 1, 9), 'Closed', { closed_at: at(when + 1, 9), last_step: 'closed', last_side: 'shop' });
            break;
        }
      }
      if (plan.resend) {
        const again = at(when + 0.25, 9);
        const lines = db.prepare<unknown[], { id: number; type: string }>(
          'SELECT calibrate_request_line AS id, calibration_type AS type FROM calibrate_request_line WHERE calibrate_request = ?',
        );
        for (const l of lines.all(request)) {
          const type = typeId.get(l.type);
          const cents = type === undefined ? null : calibrationPrice(db, type, plan.resend.provider).cents;
          db.prepare('UPDATE calibrate_request_line SET price_cents = ? WHERE calibrate_request_line = ?').run(cents, l.id);
        }
        db.prepare(
          'UPDATE calibrate_request SET total_cents = (SELECT coalesce(sum(price_cents), 0) FROM calibrate_request_line WHERE calibrate_request = ?) WHERE calibrate_request = ?',
        ).run(request, request);
        const next = Number(
          db
            .prepare(
              `INSERT INTO dispatch (calibrate_request, adas_inspection, adas, firm, provider, mode, requested_date, created_by, created_at,
                 status_changed_by, status_changed_at, notified_version)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
            )
            .run(
              request,
              inspection.id,
              inspection.adas,
              plan.shop,
              plan.resend.provider,
              plan.resend.mode,
              day(plan.resend.asked),
              lead,
              again,
              lead,
              again,
            ).lastInsertRowid,
        );
        recordChange(db, { kind: 'dispatch', id: next, by: lead, at: again }, null, dispatchSnapshot(db, next));
      }
    }
  })();
}
