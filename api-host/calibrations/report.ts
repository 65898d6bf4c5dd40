/**
 * The calibration report: a PDF of one inspection built with pdfkit (text layout with wrapping and page
 * breaks, the 14 standard fonts built in, no native code). What it holds and in which language follow the
 * firm's Report preferences (reportPreference); texts are translated with the configuration's translations
 * (language/translations: Report labels, System names, Notice texts, Recommendation texts), falling back to
 * English where a text has no translation.
 */
import PDFDocument from 'pdfkit';
import { RESULTS, nameOf } from '../../lib/adas/rules';
import { REPORT_LANGUAGES, REPORT_SECTIONS, type ReportPreference, type ReportSection, type ScrubResult } from '../../lib/contract/calibration';
import { formatDate } from '../../lib/dates';
import type { Db } from '../db';
import { prepared } from '../sql';
import { linksFor } from '../configuration/rules';
import { effectivePreferences } from '../firms/calls';
import { userName } from './requests';
import type { JobOfInspection } from './scrub';

const prefValue = (rows: { name: string; value: string | null }[], name: string) => rows.find((r) => r.name === name)?.value?.trim() ?? '';

export function reportPreferenceOf(db: Db, firm: number): ReportPreference {
  const rows = effectivePreferences(db, firm, 'Report');
  const language = prefValue(rows, 'ReportLanguage').toLowerCase();
  const sections = prefValue(rows, 'ReportSections')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s): s is ReportSection => (REPORT_SECTIONS as readonly string[]).includes(s));
  const recipients = prepared(
    db,
    `SELECT DISTINCT u.username FROM user_firm uf JOIN user u ON u.user = uf.user
     WHERE uf.firm = ? AND u.receives_report = 1 AND u.is_inactive = 0 AND u.deleted_at IS NULL ORDER BY 1`,
  )
    .pluck()
    .all(firm) as string[];
  const firmName = prepared(db, 'SELECT name FROM firm WHERE firm = ?').pluck().get(firm) as string;
  return {
    firm,
    title: prefValue(rows, 'ReportTitle') || `${firmName} Calibration Report`,
    footer: prefValue(rows, 'ReportFooter'),
    replyTo: prefValue(rows, 'ReportReplyTo'),
    language: (REPORT_LANGUAGES as readonly string[]).includes(language) ? (language as ReportPreference['language']) : 'en',
    sections: sections.length ? sections : [...REPORT_SECTIONS],
    recipients: recipients.filter((r) => r.includes('@')),
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
  systems: { system: string; result: number | null; isNotEquipped: boolean; calibrationType: string; calibrationMode: string | null; technician: string; date: string | null; url: string; notice: string; adasChecklistMatrix: number }[];
  scrub: ScrubResult | null;
  links: { title: string; url: string }[];
  recommendations: { title: string; content: string }[];
}

export function reportData(db: Db, job: JobOfInspection): ReportData {
  const firm = prepared(db, 'SELECT name, timezone FROM firm WHERE firm = ?').get(job.firm) as { name: string; timezone: number | null };
  const brand = effectivePreferences(db, job.firm, 'Brand');
  const head = prepared(db, `SELECT inspection_date, ${userName('inspector')} AS inspector FROM adas_inspection WHERE adas_inspection = ?`).get(job.adasInspection) as {
    inspection_date: string | null;
    inspector: string | null;
  };
  const systems = (
    prepared(
      db,
      `SELECT r.adas_checklist_matrix, r.system, r.result, r.is_not_equipped, r.calibration_type, r.calibration_mode, r.url, r.notice, r.updated_at,
              coalesce(${userName('r.updated_by')}, '') AS technician
       FROM adas_inspection_result r WHERE r.adas_inspection = ? ORDER BY r.sort, r.adas_inspection_result`,
    ).all(job.adasInspection) as Record<string, string | number | null>[]
  ).map((r) => ({
    adasChecklistMatrix: r.adas_checklist_matrix as number,
    system: r.system as string,
    result: r.result as number | null,
    isNotEquipped: r.is_not_equipped === 1,
    calibrationType: r.calibration_type as string,
    calibrationMode: r.calibration_mode as string | null,
    technician: (r.technician as string) || head.inspector || '',
    date: r.updated_at as string | null,
    url: r.url as string,
    notice: r.notice as string,
  }));
  const kept = prepared(db, 'SELECT result FROM adas_scrub WHERE adas_inspection = ?').pluck().get(job.adasInspection) as string | undefined;
  const ids = systems.map((s) => s.adasChecklistMatrix);
  const recommendations = (
    prepared(
      db,
      `SELECT title, content, systems, makes FROM report_recommendation INDEXED BY report_recommendation_by_years
       WHERE year_start <= ? AND year_end >= ? ORDER BY title`,
    ).all(job.vehicle.year, job.vehicle.year) as { title: string; content: string; systems: string; makes: string }[]
  ).filter((r) => {
    const makes = JSON.parse(r.makes) as string[];
    const forSystems = JSON.parse(r.systems) as number[];
    return (makes.length === 0 || makes.some((m) => m.toLowerCase() === job.vehicle.make.toLowerCase())) && (forSystems.length === 0 || forSystems.some((s) => ids.includes(s)));
  });
  return {
    firmName: firm.name,
    brandTitle: prefValue(brand, 'BrandTitle'),
    timezone: firm.timezone,
    job,
    inspectionDate: head.inspection_date,
    inspectorName: head.inspector ?? '',
    systems,
    scrub: kept ? (JSON.parse(kept) as ScrubResult) : null,
    links: linksFor(db, job.vehicle).map((l) => ({ title: l.title, url: l.url })),
    recommendations: recommendations.map((r) => ({ title: r.title, content: r.content })),
  };
}

type Translator = (type: 'Report' | 'System' | 'Notice' | 'Recommendation', text: string) => string;

export function translator(db: Db, language: string): Translator {
  if (language === 'en') return (_t, text) => text;
  const rows = prepared(db, 'SELECT translation_type, source, text FROM translation WHERE language_code = ?').all(language) as { translation_type: string; source: string; text: string }[];
  const map = new Map(rows.map((r) => [`${r.translation_type}|${r.source.toLowerCase()}`, r.text]));
  return (type, text) => map.get(`${type}|${text.toLowerCase()}`) ?? text;
}

/** The standard PDF fonts encode WinAnsi: other characters become '?' rather than garbage. */
const winAnsi = (s: string) => s.replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026\u20AC\n]/g, '?');

export const reportFileName = (job: JobOfInspection) => `calibration-report-${job.ronumber.replace(/[^A-Za-z0-9-]+/g, '_') || job.adasInspection}.pdf`;

export function renderReport(data: ReportData, pref: ReportPreference, t: Translator): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: winAnsi(pref.title), Author: winAnsi(data.firmName) } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const L = (text: string) => winAnsi(t('Report', text));
  const { job } = data;
  const date = (iso: string | null) => (iso ? formatDate(iso, data.timezone) : '');
  const heading = (text: string) => doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor('#0f172a').text(L(text)).moveDown(0.3).font('Helvetica').fontSize(10);
  const field = (label: string, value: string) => doc.font('Helvetica-Bold').text(`${L(label)}: `, { continued: true }).font('Helvetica').text(winAnsi(value || '-'));

  doc.font('Helvetica-Bold').fontSize(18).fillColor('#0f172a').text(winAnsi(pref.title));
  doc.font('Helvetica').fontSize(10).fillColor('#334155').text(winAnsi([data.brandTitle, data.firmName].filter(Boolean).join(' - ')));
  doc.moveDown(0.8).fillColor('#0f172a');
  field('Vehicle', `${job.vehicle.year} ${job.vehicle.make} ${job.vehicle.model}`);
  field('VIN', job.vehicle.vin);
  field('RO number', job.ronumber);
  field('Insurer', job.insuranceName);
  field('Inspection date', date(data.inspectionDate));
  field('Inspector', data.inspectorName);

  const sections = new Set(pref.sections);
  if (sections.has('systems')) {
    heading('Systems');
    for (const s of data.systems) {
      const result = s.isNotEquipped ? L('Not equipped') : s.result == null ? L('Pending') : L(nameOf(RESULTS, s.result));
      doc.font('Helvetica-Bold').text(winAnsi(t('System', s.system)), { continued: true }).font('Helvetica').text(`  ${result}`);
      const details = [s.calibrationType && `${L('Calibration')}: ${winAnsi(s.calibrationType)}${s.calibrationMode ? ` (${s.calibrationMode})` : ''}`, s.technician && `${L('Technician')}: ${winAnsi(s.technician)}`, s.date && `${L('Date')}: ${date(s.date)}`]
        .filter(Boolean)
        .join('   ');
      if (details) doc.fillColor('#334155').text(details).fillColor('#0f172a');
      if (s.notice) doc.fontSize(9).fillColor('#475569').text(winAnsi(t('Notice', s.notice))).fontSize(10).fillColor('#0f172a');
      doc.moveDown(0.4);
    }
  }
  if (sections.has('lines') && data.scrub) {
    heading('Repair lines that trigger calibrations');
    for (const c of data.scrub.calibrations)
      for (const l of c.lines) doc.text(winAnsi(`${L('Line')} ${l.lineNum}: ${l.operation} ${l.description} - ${t('System', c.system)}`));
    if (!data.scrub.calibrations.length) doc.text(L('No repair line triggers a calibration.'));
  }
  if (sections.has('links')) {
    const links = [...data.systems.filter((s) => s.url).map((s) => ({ title: `${t('System', s.system)}: OEM procedure`, url: s.url })), ...data.links];
    if (links.length) {
      heading('OEM procedures');
      for (const l of links) doc.fillColor('#1d4ed8').text(winAnsi(`${l.title} - ${l.url}`), { link: l.url, underline: false }).fillColor('#0f172a');
    }
  }
  if (sections.has('recommendations') && data.recommendations.length) {
    heading('Recommendations');
    for (const r of data.recommendations) {
      doc.font('Helvetica-Bold').text(winAnsi(t('Recommendation', r.title))).font('Helvetica').text(winAnsi(t('Recommendation', r.content))).moveDown(0.3);
    }
  }
  if (pref.footer) doc.moveDown(1).fontSize(9).fillColor('#475569').text(winAnsi(pref.footer));
  doc.end();
  return done;
}
