/**
 * Seed step of calibrations, after the ADAS jobs: BMS estimates for a few jobs (their lines as a CCC ONE
 * export would section them), scrubs of about 60 inspections across the shops (more at the demo users'
 * shops 6, 7 and 9), a calibration request for most of them in every status with the scrub's lines at the
 * firm's prices, notes between two users of the shop (some unread), and sent reports through the mail
 * stand-in. Deterministic: the inspections are picked by id.
 */
import { roText } from '../../lib/adas/rules';
import { oneRow } from '../core/sql';
import { nth } from '../core/random';
import { STATUS } from '../../lib/adas/rules';
import { REQUEST_STATUSES, CLOSING_STATUSES, REASON_SOURCES } from '../../lib/calibrations/rules';
import type { Db } from '../core/db';
import { sendMail } from '../mail/service';
import { renderReport, reportData, reportFileName, reportPreferenceOf, translator } from './report';
import { insertRequest } from './requests';
import { scrubInspection, toJobOfInspection, type JobOfInspection, type JobOfInspectionRow } from './scrub';

const NOTES = [
  'Customer approved the calibration; vehicle is on the lot.',
  'Targets booked for tomorrow morning.',
  'Insurer asked for the OEM procedure; attached the link.',
  'Pre-scan shows no codes. Ready when you are.',
  'Windshield is OEM glass, bracket bonded. Good to calibrate.',
  'Road test needs dry weather; rescheduling.',
];

/** The sections of a CCC ONE estimate by the words of a line. */
const sectionOf = (description: string) =>
  /windshield|camera bracket|rearview/i.test(description)
    ? 'Windshield'
    : /rear bumper|quarter/i.test(description)
      ? 'Rear Bumper'
      : /bumper|grille|emblem|radar/i.test(description)
        ? 'Front Bumper'
        : /mirror/i.test(description)
          ? 'Outside Mirror'
          : /liftgate/i.test(description)
            ? 'Liftgate'
            : '';

function jobOf(db: Db, adasInspection: number): JobOfInspection {
  return toJobOfInspection(
    oneRow(
      db
        .prepare<unknown[], JobOfInspectionRow>(
          `SELECT i.adas_inspection AS adasInspection, i.adas, j.firm, j.ronumber, j.insurance, j.insurance_name AS insuranceName,
                  i.status AS inspectionStatus, v.year, v.make, v.model, v.vin
           FROM adas_inspection i JOIN adas j ON j.adas = i.adas JOIN vehicle v ON v.vehicle = j.vehicle WHERE i.adas_inspection = ?`,
        )
        .get(adasInspection),
    ),
  );
}

export async function seedCalibrations(db: Db): Promise<void> {
  // The first inspection of jobs with repair lines, the demo users' shops first.
  const picked = db
    .prepare<unknown[], { id: number; firm: number; status: number }>(
      `SELECT p.id, p.firm, s.status FROM (SELECT min(i.adas_inspection) AS id, j.firm, j.adas FROM adas j JOIN adas_inspection i ON i.adas = j.adas
       WHERE EXISTS (SELECT 1 FROM adas_repair_line l WHERE l.adas = j.adas) GROUP BY j.adas) p JOIN adas_inspection s ON s.adas_inspection = p.id
       ORDER BY (p.firm IN (6, 7, 9)) DESC, p.adas`,
    )
    .all();
  const users = (firm: number) =>
    db
      .prepare<unknown[], number>(
        'SELECT uf.user FROM user_firm uf JOIN user u ON u.user = uf.user WHERE uf.firm = ? AND u.is_inactive = 0 AND u.deleted_at IS NULL ORDER BY uf.user',
      )
      .pluck()
      .all(firm);
  const chosen = [
    ...picked.filter((p) => [6, 7, 9].includes(p.firm)).slice(0, 36),
    ...picked
      .filter((p) => ![6, 7, 9].includes(p.firm))
      .filter((_, i) => i % 9 === 0)
      .slice(0, 24),
  ];
  // Open inspections take the open statuses (a Complete one's request is Completed or closed): all of the shops' own.
  chosen.push(...picked.filter((p) => [6, 7, 9].includes(p.firm) && p.status !== STATUS.complete && !chosen.includes(p)));

  const turns: [number, number] = [0, 0]; // requests made so far of open and of Complete inspections
  db.transaction(() => {
    chosen.forEach(({ id }, n) => {
      const job = jobOf(db, id);
      const staff = users(job.firm);
      const [lead, second = lead] = staff;
      if (lead === undefined) return;
      // A few jobs' lines came from an uploaded BMS estimate.
      if (n % 7 === 3) {
        const lines = db
          .prepare<
            unknown[],
            {
              line_num: number;
              description: string;
            }
          >('SELECT line_num, description FROM adas_repair_line WHERE adas = ?')
          .all(job.adas);
        const sections = Object.fromEntries(lines.map((l) => [l.line_num, sectionOf(l.description)]).filter(([, s]) => s));
        db.prepare('INSERT INTO adas_estimate (adas, source, file_name, sections, uploaded_by) VALUES (?, ?, ?, ?, ?)').run(
          job.adas,
          'bms',
          `${job.ronumber}.xml`,
          JSON.stringify(sections),
          lead,
        );
      }
      const scrub = scrubInspection(db, job, lead);
      if (n % 6 === 5 || !scrub.calibrations.length) return; // scrubbed, no request yet
      // A request follows its job (requests.ts completeRequestsOf): a Complete inspection's request is
      // Completed, Declined or Cancelled; an open one's is in any other status.
      const done = job.inspectionStatus === STATUS.complete;
      const fits = REQUEST_STATUSES.filter((st) => done === (st === 'Completed' || CLOSING_STATUSES.includes(st)));
      const status = nth(fits, turns[done ? 1 : 0]++);
      const closing = CLOSING_STATUSES.includes(status);
      const request = insertRequest(
        db,
        lead,
        {
          firm: job.firm,
          adasInspection: job.adasInspection,
          vin: job.vehicle.vin,
          year: job.vehicle.year,
          make: job.vehicle.make,
          model: job.vehicle.model,
          reason: closing
            ? status === 'Declined'
              ? 'Insurer declined the supplement'
              : 'Customer took the vehicle to the dealer'
            : 'Estimate triggers calibrations',
          reasonSource: closing ? nth(REASON_SOURCES, (n % 2) + 1) : 'Estimate',
          notes: '',
          lines: scrub.calibrations.map((c) => ({
            adasChecklistMatrix: c.adasChecklistMatrix,
            system: c.system,
            calibrationType: c.calibrationType,
            calibrationMode: c.calibrationMode,
            price: c.price,
            agreedPrice: null,
            repairLines: c.lines.map((l) => l.lineNum),
          })),
          technicians: staff.slice(0, 1 + (n % 2)),
          files: [],
        },
        job.adas,
      );
      db.prepare(
        "UPDATE calibrate_request SET status_name = ?, created_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now', ?) WHERE calibrate_request = ?",
      ).run(status, `-${n * 2} days`, request);
      // Past Approved means it was approved (every other Completed one was approved first).
      if (['Approved', 'Scheduled', 'In Progress'].includes(status) || (status === 'Completed' && n % 2 === 0))
        db.prepare('UPDATE calibrate_request SET approved_at = created_at, approved_by = ? WHERE calibrate_request = ?').run(lead, request);
      const authors = [lead, second];
      const note = db.prepare(
        `INSERT INTO calibrate_request_note (calibrate_request, user, note, created_at) VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now', ?))`,
      );
      let last = 0;
      for (let k = 0; k < 1 + (n % 4); k++)
        last = Number(note.run(request, authors[k % 2], NOTES[(n + k) % NOTES.length], `-${n * 2 - k} days`).lastInsertRowid);
      // The creator has read everything on every other request; the rest stay unread for them.
      if (n % 2 === 0)
        db.prepare('INSERT INTO calibrate_request_read (calibrate_request, user, last_note) VALUES (?, ?, ?)').run(request, lead, last);
    });
  })();

  // Sent reports: a few Complete inspections at the demo shops, through the mail stand-in.
  const complete = db
    .prepare<unknown[], number>(
      'SELECT s.adas_inspection FROM adas_scrub s JOIN adas_inspection i ON i.adas_inspection = s.adas_inspection WHERE i.status = 2 AND s.firm IN (6, 7, 9) ORDER BY s.adas_inspection LIMIT 4',
    )
    .pluck()
    .all();
  for (const id of complete) {
    const job = jobOf(db, id);
    const pref = reportPreferenceOf(db, job.firm);
    const pdf = await renderReport(reportData(db, job), pref, translator(db, pref.language));
    const to = pref.recipients[0] ?? 'service@example.com';
    db.transaction(() => {
      const v = job.vehicle;
      const mail = sendMail(db, {
        to,
        subject: `${pref.title}: ${v.year} ${v.make} ${v.model}, ${roText(job.ronumber)}`,
        body: `The calibration report of the ${v.year} ${v.make} ${v.model} (VIN ${v.vin}), ${roText(job.ronumber)}, is attached.`,
        attachments: [{ fileName: reportFileName(job), contentType: 'application/pdf', content: pdf }],
        firm: job.firm,
      });
      db.prepare('INSERT INTO report_sent (adas_inspection, firm, mail, language) VALUES (?, ?, ?, ?)').run(
        id,
        job.firm,
        mail,
        pref.language,
      );
    })();
  }
}
