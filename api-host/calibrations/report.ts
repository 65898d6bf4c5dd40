/**
 * The calibration report: a PDF of one inspection built with pdfkit (text layout with wrapping and page
 * breaks, the 14 standard fonts built in, no native code). What it holds and in which language follow the
 * firm's Report preferences (reportPreference).
 *
 * It states only what was recorded (docs/report.md):
 * - per system, its result as recorded; "No result recorded" when none is;
 * - a system recorded Not equipped or Not applicable prints its name and that, nothing else: no
 *   calibration, technician or date (nothing was calibrated);
 * - Calibrated, Failed and Calibration required systems print the calibration the knowledge base names
 *   for them (a Passed one was not calibrated, so it prints none); every system with a result prints the
 *   technician and date of the result: who set that result and when (adas_inspection_result.result_by/result_at, set in
 *   the write that sets the result), never who last saved the list nor the inspector; a result set before
 *   that was recorded prints "Technician: not recorded";
 * - Failed, Calibration required and systems without a result stand out (bold, coloured, marked "!"), and
 *   the Systems section opens with a tally of them in the words they are marked with;
 * - printedSystem is the one reading of these per-system rules: the PDF prints it, the shared link's page
 *   shows it (api-host/links/calls.ts), so the two cannot state different things;
 * - a recommendation tied to systems prints only when one of them is on the inspection with a result that
 *   is neither Not equipped nor Not applicable; recommendation texts are advice to follow, never a
 *   statement of work done (the demo texts were reworded by configuration migration 3);
 * - a job field nobody filled (RO number, insurer, inspection date, inspector) prints "not recorded", never a bare dash;
 * - the technician's note on a system (why it failed, what was done instead, a part ordered) prints under its
 *   result, and the inspection's own notes under the job's fields, whenever one was written;
 * - a heading, and a system's lines, are never split from what follows them across a page break;
 * - work a calibration provider performed (an accepted dispatch, docs/dispatch.md) is still the shop's report,
 *   under its brand: the header names the provider ("Calibrated by"), and each result one of the provider's
 *   users recorded names the technician with the provider;
 * - the header names the brand and the firm once each, and not again when the title already names them;
 * - every label is in the report's language: the product's labels ship translated (report-labels.ts),
 *   a firm's own translations (language/translations) win, and a text without a translation prints in
 *   English marked "[EN]", with a closing note saying what the mark means; a calibration's mode prints by
 *   its label, translated; a firm's own ReportTitle is one of its texts (its translation, or marked).
 */
import PDFDocument from 'pdfkit';
import { RESULT, RESULTS, nameOf } from '../../lib/adas/rules';
import {
  REPORT_LANGUAGES,
  REPORT_SECTIONS,
  type ReportPreference,
  type ReportSection,
  type ScrubResult,
} from '../../lib/contract/calibrations';
import { CALIBRATION_MODE_LABELS, type CalibrationMode, calibrationTypeLabel } from '../../lib/configuration/constants';
import { reportRecommendation } from '../../lib/contract/report';
import { formatDate } from '../../lib/dates';
import { parseJsonColumn } from '../../lib/json-column';
import type { Db } from '../core/db';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { linksFor } from '../configuration/service';
import { effectivePreferences } from '../locations/service';
import { FALLBACK_MARK, FALLBACK_NOTE, REPORT_LABELS } from './report-labels';
import { userName } from '../users/service';
import { type JobOfInspection, scrubOf } from './scrub';
import type { ReportEvidence } from '../evidence/service';
import { performedBy } from '../dispatch/service';

const prefValue = (rows: { name: string; value: string | null }[], name: string) => rows.find((r) => r.name === name)?.value?.trim() ?? '';

/** The title of a firm without a ReportTitle preference (printed translated in the report). */
const defaultTitle = (firmName: string) => `${firmName} Calibration Report`;

/** The report's title as printed (the shared page shows the same): the firm's own, or "<firm> - Calibration Report". */
export function reportTitleOf(pref: Pick<ReportPreference, 'title'>, firmName: string, L: (text: string) => string = (x) => x): string {
  return pref.title === defaultTitle(firmName) ? `${firmName} - ${L('Calibration Report')}` : L(pref.title);
}

export function reportPreferenceOf(db: Db, firm: number): ReportPreference {
  const rows = effectivePreferences(db, firm, 'Report');
  const language = prefValue(rows, 'ReportLanguage').toLowerCase();
  const sections = prefValue(rows, 'ReportSections')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s): s is ReportSection => (REPORT_SECTIONS as readonly string[]).includes(s));
  const recipients = preparedValue<string>(
    db,
    `SELECT DISTINCT u.username FROM user_firm uf JOIN user u ON u.user = uf.user
     WHERE uf.firm = ? AND u.receives_report = 1 AND u.is_inactive = 0 AND u.deleted_at IS NULL ORDER BY 1`,
  ).all(firm);
  const firmName = oneRow(preparedValue<string>(db, 'SELECT name FROM firm WHERE firm = ?').get(firm));
  return {
    firm,
    title: prefValue(rows, 'ReportTitle') || defaultTitle(firmName),
    footer: prefValue(rows, 'ReportFooter'),
    replyTo: prefValue(rows, 'ReportReplyTo'),
    language: (REPORT_LANGUAGES as readonly string[]).includes(language) ? (language as ReportPreference['language']) : 'en',
    sections: sections.length ? sections : [...REPORT_SECTIONS],
    recipients: recipients.filter((r) => r.includes('@')),
  };
}

export interface ReportSystem {
  system: string;
  result: number | null;
  isNotEquipped: boolean;
  calibrationType: string;
  calibrationMode: string | null;
  technician: string;
  date: string | null;
  url: string;
  notice: string;
  adasChecklistMatrix: number;
  /** The system's result row (what its evidence is tied to). */
  adasInspectionResult?: number;
  /** The technician's note on the system (why it failed, what was done instead, a part ordered); '' when none. */
  note?: string;
}

/** Not equipped or Not applicable: nothing was calibrated, so nothing but the result is printed. */
export const isOutOfScope = (s: Pick<ReportSystem, 'isNotEquipped' | 'result'>) => s.isNotEquipped || s.result === RESULT.notApplicable;

/** Results whose calibration the report names (a Passed system was not calibrated). */
const CALIBRATION_SHOWN = new Set<number>([RESULT.calibrated, RESULT.failed, RESULT.required]);

/** Why a system stands out: Failed, Calibration required, or no result yet (what a reader must not miss). */
export type Attention = 'failed' | 'required' | 'pending';

/**
 * What the report states for one system, in English (the PDF translates it; the shared link's page shows it
 * as it is): the one reading of the rules in the module head, so the PDF and the page cannot differ.
 */
export interface PrintedSystem {
  system: string;
  /** The result as printed: "Not equipped", "No result recorded" or the recorded result's name. */
  result: string;
  attention: Attention | null;
  /** The calibration done, tried or found needed; null when the report names none. */
  calibration: { type: string; mode: string | null } | null;
  /** Who set the result and when ('' / null: not recorded); null when the report prints neither (no result, out of scope). */
  recorded: { technician: string; at: string | null } | null;
  /** The knowledge base's notice for the system; '' when out of scope. */
  notice: string;
  /** The technician's note on the system, printed beside its result whenever one was written; '' when none. */
  note: string;
}

export function printedSystem(s: ReportSystem): PrintedSystem {
  const out = isOutOfScope(s);
  const attention: Attention | null = out
    ? null
    : s.result == null
      ? 'pending'
      : s.result === RESULT.failed
        ? 'failed'
        : s.result === RESULT.required
          ? 'required'
          : null;
  return {
    system: s.system,
    result: s.isNotEquipped ? 'Not equipped' : s.result == null ? 'No result recorded' : nameOf(RESULTS, s.result),
    attention,
    calibration:
      !out && s.calibrationType && CALIBRATION_SHOWN.has(s.result ?? 0) ? { type: s.calibrationType, mode: s.calibrationMode } : null,
    recorded: !out && s.result != null ? { technician: s.technician, at: s.date } : null,
    notice: out ? '' : s.notice,
    note: (s.note ?? '').trim(),
  };
}

/** Everything the report shows, read in one place (also what the benchmark renders). */
export interface ReportData {
  firmName: string;
  brandTitle: string;
  timezone: number | null;
  job: JobOfInspection;
  inspectionDate: string | null;
  inspectorName: string;
  /** The inspection's own notes ('' when none). */
  inspectionNotes: string;
  /** technician/date: who set the result and when ('' / null when not recorded). */
  systems: ReportSystem[];
  scrub: ScrubResult | null;
  links: { title: string; url: string }[];
  recommendations: { title: string; content: string }[];
  /** Photos and files on the systems (api-host/evidence/report.ts), read when the Evidence section is asked for. */
  evidence?: ReportEvidence[];
  /** The calibration provider that performed the work (an accepted dispatch); none: the shop itself. */
  performedBy?: string | null;
}

export function reportData(db: Db, job: JobOfInspection): ReportData {
  const firm = oneRow(
    prepared<{ name: string; timezone: number | null }>(db, 'SELECT name, timezone FROM firm WHERE firm = ?').get(job.firm),
  );
  const brand = effectivePreferences(db, job.firm, 'Brand');
  const head = oneRow(
    prepared<{
      inspection_date: string | null;
      inspector: string | null;
      notes: string;
    }>(db, `SELECT inspection_date, ${userName('inspector')} AS inspector, notes FROM adas_inspection WHERE adas_inspection = ?`).get(
      job.adasInspection,
    ),
  );
  const provider = performedBy(db, job.adasInspection);
  const systems = prepared<
    Omit<ReportSystem, 'isNotEquipped' | 'adasInspectionResult' | 'note'> & {
      isNotEquipped: number;
      technicianId: number | null;
      adasInspectionResult: number;
      note: string;
    }
  >(
    db,
    `SELECT r.adas_checklist_matrix AS adasChecklistMatrix, r.adas_inspection_result AS adasInspectionResult, r.system, r.result,
            r.is_not_equipped AS isNotEquipped, r.calibration_type AS calibrationType, r.calibration_mode AS calibrationMode,
            coalesce(${userName('r.result_by')}, '') AS technician, r.result_by AS technicianId, r.result_at AS date, r.url, r.notice, r.notes AS note
       FROM adas_inspection_result r WHERE r.adas_inspection = ? ORDER BY r.sort, r.adas_inspection_result`,
  )
    .all(job.adasInspection)
    .map(({ isNotEquipped, technicianId, ...r }): ReportSystem => ({
      ...r,
      // A provider's technician is named with the provider (docs/dispatch.md#screens "The report").
      technician:
        provider && r.technician && technicianId != null && provider.users.has(technicianId)
          ? `${r.technician}, ${provider.name}`
          : r.technician,
      isNotEquipped: isNotEquipped === 1,
    }));
  const kept = preparedValue<string>(db, 'SELECT result FROM adas_scrub WHERE adas_inspection = ?').get(job.adasInspection);
  // A system-tied recommendation needs one of its systems recorded as present and in scope.
  const ids = systems.filter((s) => s.result != null && !isOutOfScope(s)).map((s) => s.adasChecklistMatrix);
  const recommendations = prepared<{ title: string; content: string; systems: string; makes: string }>(
    db,
    `SELECT title, content, systems, makes FROM report_recommendation INDEXED BY report_recommendation_by_years
       WHERE year_start <= ? AND year_end >= ? ORDER BY title`,
  )
    .all(job.vehicle.year, job.vehicle.year)
    .filter((r) => {
      const makes = parseJsonColumn(reportRecommendation.shape.makes, r.makes, 'report_recommendation.makes');
      const forSystems = parseJsonColumn(reportRecommendation.shape.systems, r.systems, 'report_recommendation.systems');
      return (
        (makes.length === 0 || makes.some((m) => m.toLowerCase() === job.vehicle.make.toLowerCase())) &&
        (forSystems.length === 0 || forSystems.some((s) => ids.includes(s)))
      );
    });
  return {
    firmName: firm.name,
    brandTitle: prefValue(brand, 'BrandTitle'),
    timezone: firm.timezone,
    job,
    inspectionDate: head.inspection_date,
    inspectorName: head.inspector ?? '',
    inspectionNotes: head.notes.trim(),
    systems,
    scrub: kept ? scrubOf(kept) : null,
    links: linksFor(db, job.vehicle).map((l) => ({ title: l.title, url: l.url })),
    recommendations: recommendations.map((r) => ({ title: r.title, content: r.content })),
    performedBy: provider?.name ?? null,
  };
}

type Translator = (type: 'Report' | 'System' | 'Notice' | 'Recommendation', text: string) => string;

/**
 * The report's texts in `language`: the firm's translations first, then (for the report's own labels)
 * the shipped ones; otherwise the English text marked FALLBACK_MARK.
 */
export function translator(db: Db, language: string): Translator {
  if (language === 'en') return (_t, text) => text;
  const rows = prepared<{
    translation_type: string;
    source: string;
    text: string;
  }>(db, 'SELECT translation_type, source, text FROM translation WHERE language_code = ?').all(language);
  const map = new Map(rows.map((r) => [`${r.translation_type}|${r.source.toLowerCase()}`, r.text]));
  const shipped = REPORT_LABELS[language as keyof typeof REPORT_LABELS] ?? {};
  return (type, text) => {
    if (!text.trim()) return text;
    return map.get(`${type}|${text.toLowerCase()}`) ?? (type === 'Report' ? shipped[text] : undefined) ?? `${text}${FALLBACK_MARK}`;
  };
}

/** The standard PDF fonts encode WinAnsi: other characters become '?' rather than garbage. */
const winAnsi = (s: string) => s.replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026\u20AC\n]/g, '?');

export const reportFileName = (job: JobOfInspection) =>
  `calibration-report-${job.ronumber.replace(/[^A-Za-z0-9-]+/g, '_') || job.adasInspection}.pdf`;

const ALERT = '#b91c1c';
const WARN = '#b45309';

/** Thumbnails per row of the Evidence section, and their box (points). */
const THUMBS_PER_ROW = 3;
const THUMB_BOX = { width: 160, height: 120, gap: 10, caption: 26 };

/**
 * The Evidence section: per system with evidence, its photos as thumbnails (caption below each, three to a
 * row, a new page when a row does not fit) and its files by name with their captions.
 */
function renderEvidence(
  doc: PDFKit.PDFDocument,
  data: ReportData,
  { L, t, heading }: { L: (text: string) => string; t: Translator; heading: (text: string) => unknown },
): void {
  heading('Evidence');
  const evidence = data.evidence ?? [];
  const bySystem = data.systems
    .map((s) => ({ system: s, items: evidence.filter((e) => e.adasInspectionResult === s.adasInspectionResult) }))
    .filter((g) => g.items.length > 0);
  if (!bySystem.length) {
    doc.text(L('No photos or files were attached to this inspection.'));
    return;
  }
  const left = doc.page.margins.left;
  for (const { system, items } of bySystem) {
    doc
      .moveDown(0.3)
      .font('Helvetica-Bold')
      .fillColor('#0f172a')
      .text(winAnsi(t('System', system.system)), left)
      .font('Helvetica')
      .moveDown(0.2);
    const photos = items.filter((e) => e.kind === 'photo' && e.thumb);
    for (let i = 0; i < photos.length; i += THUMBS_PER_ROW) {
      const rowHeight = THUMB_BOX.height + THUMB_BOX.caption;
      if (doc.y + rowHeight > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const top = doc.y;
      photos.slice(i, i + THUMBS_PER_ROW).forEach((p, j) => {
        const x = left + j * (THUMB_BOX.width + THUMB_BOX.gap);
        doc.image(p.thumb!, x, top, { fit: [THUMB_BOX.width, THUMB_BOX.height], align: 'center', valign: 'center' });
        if (p.caption)
          doc
            .fontSize(8)
            .fillColor('#334155')
            .text(winAnsi(p.caption), x, top + THUMB_BOX.height + 3, {
              width: THUMB_BOX.width,
              height: THUMB_BOX.caption - 4,
              ellipsis: true,
            });
      });
      doc.fontSize(10).fillColor('#0f172a');
      doc.x = left;
      doc.y = top + rowHeight;
    }
    // PDFs (and a photo whose thumbnail could not be read) by name.
    const files = items.filter((e) => !(e.kind === 'photo' && e.thumb));
    if (files.length) {
      doc
        .font('Helvetica-Bold')
        .text(`${L('Files')}:`, left)
        .font('Helvetica');
      for (const f of files) doc.text(winAnsi(`- ${f.fileName}${f.caption ? ` - ${f.caption}` : ''}`), left);
    }
    doc.moveDown(0.4);
  }
}

export function renderReport(data: ReportData, pref: ReportPreference, translate: Translator): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: winAnsi(pref.title), Author: winAnsi(data.firmName) } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // Whether any text printed in English in a report of another language (then a closing note says so).
  let fellBack = false;
  const t: Translator = (type, text) => {
    const out = translate(type, text);
    if (out.endsWith(FALLBACK_MARK) && !text.endsWith(FALLBACK_MARK)) fellBack = true;
    return out;
  };
  const L = (text: string) => winAnsi(t('Report', text));
  const { job } = data;
  const date = (iso: string | null) => (iso ? formatDate(iso, data.timezone) : '');
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  /** Starts a new page unless `height` points still fit: a heading or a system is never split from what follows it. */
  const keep = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const heading = (text: string) => {
    keep(70);
    return doc
      .moveDown(0.8)
      .font('Helvetica-Bold')
      .fontSize(13)
      .fillColor('#0f172a')
      .text(L(text))
      .moveDown(0.3)
      .font('Helvetica')
      .fontSize(10);
  };
  const field = (label: string, value: string) =>
    doc
      .font('Helvetica-Bold')
      .text(`${L(label)}: `, { continued: true })
      .font('Helvetica')
      .text(value ? winAnsi(value) : L('not recorded'));

  // The header: the brand and the firm once each, not again when the title names them.
  // A firm's own title is one of its report texts: its translation, or English marked.
  const title = reportTitleOf(pref, data.firmName, L);
  const names: string[] = [];
  for (const n of [data.brandTitle, data.firmName].map((x) => x.trim()))
    if (n && !title.toLowerCase().includes(n.toLowerCase()) && !names.some((m) => m.toLowerCase() === n.toLowerCase())) names.push(n);
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#0f172a').text(winAnsi(title));
  if (names.length)
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#334155')
      .text(winAnsi(names.join(' - ')));
  doc.moveDown(0.8).fillColor('#0f172a').font('Helvetica').fontSize(10);
  field('Vehicle', `${job.vehicle.year} ${job.vehicle.make} ${job.vehicle.model}`);
  field('VIN', job.vehicle.vin);
  field('RO number', job.ronumber);
  field('Insurer', job.insuranceName);
  field('Inspection date', date(data.inspectionDate));
  field('Inspector', data.inspectorName);
  if (data.performedBy) field('Calibrated by', data.performedBy);
  if (data.inspectionNotes) field('Inspection notes', data.inspectionNotes);

  const sections = new Set(pref.sections);
  if (sections.has('systems')) {
    heading('Systems');
    const printed = data.systems.map(printedSystem);
    // A tally by the same words the systems below are marked with (no plural to agree in any language).
    const tally = (
      [
        ['failed', 'Failed'],
        ['required', 'Calibration required'],
        ['pending', 'No result recorded'],
      ] as const
    )
      .map(([kind, label]) => [L(label), printed.filter((p) => p.attention === kind).length] as const)
      .filter(([, n]) => n > 0)
      .map(([label, n]) => `${label}: ${n}`);
    if (tally.length)
      doc
        .font('Helvetica-Bold')
        .fillColor(ALERT)
        .text(`${L('Needs attention')} - ${tally.join(', ')}`)
        .font('Helvetica')
        .fillColor('#0f172a')
        .moveDown(0.4);
    if (!printed.length) doc.text(L('No systems were recorded for this inspection.'));
    for (const p of printed) {
      const result = L(p.result);
      const { calibration, recorded } = p;
      // A mode the type's name does not already say, by its label ("Forward camera – static" is not followed by "(Static)").
      const mode =
        calibration?.mode && calibrationTypeLabel(calibration.type, calibration.mode) !== calibration.type
          ? ` (${L(CALIBRATION_MODE_LABELS[calibration.mode as CalibrationMode] ?? calibration.mode)})`
          : '';
      const details = [
        calibration && `${L('Calibration')}: ${winAnsi(t('System', calibration.type))}${mode}`,
        recorded && `${L('Technician')}: ${recorded.technician ? winAnsi(recorded.technician) : L('not recorded')}`,
        recorded && `${L('Date')}: ${recorded.at ? date(recorded.at) : L('not recorded')}`,
      ]
        .filter(Boolean)
        .join('   ');
      const note = p.note ? `${L('Note')}: ${winAnsi(p.note)}` : '';
      // The system's lines stay on one page: its name never ends a page without its result and note.
      const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
      keep(
        doc.heightOfString(`${p.system}  ! ${result}`, { width }) +
          (details ? doc.heightOfString(details, { width }) : 0) +
          (note ? doc.heightOfString(note, { width }) : 0) +
          (p.notice ? doc.fontSize(9).heightOfString(winAnsi(t('Notice', p.notice)), { width }) : 0) +
          12,
      );
      doc.fontSize(10);
      doc
        .font('Helvetica-Bold')
        .fillColor('#0f172a')
        .text(winAnsi(t('System', p.system)), { continued: true });
      if (p.attention)
        doc
          .fillColor(p.attention === 'failed' ? ALERT : WARN)
          .text(`  ! ${result}`)
          .fillColor('#0f172a')
          .font('Helvetica');
      else doc.font('Helvetica').text(`  ${result}`);
      if (details) doc.fillColor('#334155').text(details).fillColor('#0f172a');
      if (note) doc.font('Helvetica-Oblique').text(note).font('Helvetica');
      if (p.notice)
        doc
          .fontSize(9)
          .fillColor('#475569')
          .text(winAnsi(t('Notice', p.notice)))
          .fontSize(10)
          .fillColor('#0f172a');
      doc.moveDown(0.4);
    }
  }
  if (sections.has('evidence')) renderEvidence(doc, data, { L, t, heading });
  if (sections.has('lines') && data.scrub) {
    heading('Repair lines that trigger calibrations');
    for (const c of data.scrub.calibrations)
      for (const l of c.lines) doc.text(winAnsi(`${L('Line')} ${l.lineNum}: ${l.operation} ${l.description} - ${t('System', c.system)}`));
    if (!data.scrub.calibrations.length) doc.text(L('No repair line triggers a calibration.'));
  }
  if (sections.has('links')) {
    const links = [
      ...data.systems.filter((s) => s.url).map((s) => ({ title: `${t('System', s.system)}: ${t('Report', 'OEM procedure')}`, url: s.url })),
      ...data.links,
    ];
    if (links.length) {
      heading('OEM procedures');
      for (const l of links)
        doc
          .fillColor('#1d4ed8')
          .text(winAnsi(`${l.title} - ${l.url}`), { link: l.url, underline: false })
          .fillColor('#0f172a');
    }
  }
  if (sections.has('recommendations') && data.recommendations.length) {
    heading('Recommendations');
    for (const r of data.recommendations) {
      doc
        .font('Helvetica-Bold')
        .text(winAnsi(t('Recommendation', r.title)))
        .font('Helvetica')
        .text(winAnsi(t('Recommendation', r.content)))
        .moveDown(0.3);
    }
  }
  if (pref.footer) doc.moveDown(1).fontSize(9).fillColor('#475569').text(winAnsi(pref.footer));
  if (fellBack)
    doc
      .moveDown(1)
      .fontSize(8)
      .fillColor('#475569')
      .text(winAnsi(t('Report', FALLBACK_NOTE)));
  doc.end();
  return done;
}
