/**
 * The report's rules (issue 31 §2, docs/report.md): what it states for each system (printedSystem, which
 * the PDF and the shared page both read), and every label it prints shipped in each report language.
 */
import { describe, expect, it } from 'vitest';
import { RESULT } from '../../lib/adas/rules';
import type { ReportPreference, ScrubResult } from '../../lib/contract/calibrations';
import { printedSystem, renderReport, type ReportData, type ReportSystem } from '../../api-host/calibrations/report';
import { FALLBACK_MARK, REPORT_LABELS } from '../../api-host/calibrations/report-labels';

const system = (over: Partial<ReportSystem>): ReportSystem => ({
  system: 'Forward Camera',
  result: null,
  isNotEquipped: false,
  calibrationType: 'Forward camera',
  calibrationMode: 'static',
  technician: 'Devon Diaz',
  date: '2026-11-20T15:00:00.000Z',
  url: '',
  notice: 'Calibrate after a windshield replacement.',
  adasChecklistMatrix: 1,
  adasInspectionResult: 1,
  ...over,
});

describe('what the report states for a system', () => {
  it('prints nothing but "Not equipped" or "Not applicable" for a system out of scope, whatever else its row holds', () => {
    for (const s of [system({ isNotEquipped: true, result: RESULT.calibrated }), system({ isNotEquipped: true })])
      expect(printedSystem(s)).toEqual({
        system: 'Forward Camera',
        result: 'Not equipped',
        attention: null,
        calibration: null,
        recorded: null,
        notice: '',
        note: '',
      });
    expect(printedSystem(system({ result: RESULT.notApplicable }))).toMatchObject({
      result: 'Not applicable',
      attention: null,
      calibration: null,
      recorded: null,
      notice: '',
    });
  });

  it('names a calibration only where one was done, tried or found needed, and who set the result and when', () => {
    const recorded = { technician: 'Devon Diaz', at: '2026-11-20T15:00:00.000Z' };
    const calibration = { type: 'Forward camera', mode: 'static' };
    expect(printedSystem(system({ result: RESULT.passed }))).toMatchObject({
      result: 'Passed',
      calibration: null,
      recorded,
      attention: null,
    });
    expect(printedSystem(system({ result: RESULT.calibrated }))).toMatchObject({
      result: 'Calibrated',
      calibration,
      recorded,
      attention: null,
    });
    expect(printedSystem(system({ result: RESULT.failed }))).toMatchObject({
      result: 'Failed',
      calibration,
      recorded,
      attention: 'failed',
    });
    expect(printedSystem(system({ result: RESULT.required }))).toMatchObject({ calibration, recorded, attention: 'required' });
  });

  it('says a result set before who and when were kept was not recorded, and prints neither without a result', () => {
    expect(printedSystem(system({ result: RESULT.calibrated, technician: '', date: null })).recorded).toEqual({ technician: '', at: null });
    expect(printedSystem(system({ result: null }))).toMatchObject({
      result: 'No result recorded',
      attention: 'pending',
      calibration: null,
      recorded: null,
    });
  });
});

describe("the technician's note on a system", () => {
  it('is stated beside the result whenever one was written, and nothing is made up when none was', () => {
    expect(printedSystem(system({ result: RESULT.failed, note: '  LF park sensor dead – part ordered ' })).note).toBe(
      'LF park sensor dead – part ordered',
    );
    expect(printedSystem(system({ result: RESULT.calibrated })).note).toBe('');
    expect(printedSystem(system({ isNotEquipped: true, note: 'Checked under the bumper: no sensor' })).note).toBe(
      'Checked under the bumper: no sensor',
    );
  });
});

describe('the report in another language', () => {
  // Every kind of system, evidence as a file, repair lines, procedures and recommendations: every label the report can print.
  const data: ReportData = {
    firmName: 'Brooklyn Collision & Glass',
    brandTitle: 'Northstar ADAS',
    timezone: null,
    job: {
      adas: 1,
      adasInspection: 1,
      firm: 6,
      ronumber: 'RO-1',
      insurance: null,
      insuranceName: '',
      inspectionStatus: 1,
      vehicle: { year: 2022, make: 'Toyota', model: 'RAV4', vin: '' },
    },
    inspectionDate: '2026-11-20T15:00:00.000Z',
    inspectorName: '',
    inspectionNotes: 'LF park sensor dead - part ordered',
    systems: [
      system({ result: RESULT.calibrated, calibrationMode: 'static-dynamic', url: 'https://example.com/camera' }),
      system({
        system: 'Front Radar',
        result: RESULT.failed,
        calibrationMode: 'dynamic',
        adasInspectionResult: 2,
        note: 'Target board damaged',
      }),
      system({ system: 'Blind Spot', result: RESULT.required, calibrationMode: 'initialization', technician: '', date: null }),
      system({ system: 'Rear Camera', result: RESULT.passed }),
      system({ system: 'Parking Assist', result: RESULT.notApplicable }),
      system({ system: 'Night Vision', isNotEquipped: true }),
      system({ system: 'Surround View', result: null }),
    ],
    scrub: {
      calibrations: [{ system: 'Front Radar', lines: [{ lineNum: 3, operation: 'Repl', description: 'Bumper cover' }] }],
    } as unknown as ScrubResult,
    links: [{ title: 'Toyota collision repair information', url: 'https://example.com' }],
    recommendations: [{ title: 'Road test', content: 'Road test the vehicle after each calibration.' }],
    evidence: [{ adasEvidence: 1, adasInspectionResult: 2, kind: 'document', fileName: 'scan.pdf', caption: 'Post-scan', thumb: null }],
  };
  const pref = (language: ReportPreference['language']): ReportPreference => ({
    firm: 6,
    title: 'Brooklyn Collision & Glass Calibration Report',
    footer: '',
    replyTo: '',
    language,
    sections: ['systems', 'evidence', 'lines', 'links', 'recommendations'],
    recipients: [],
  });

  for (const language of ['es', 'fr'] as const)
    it(`has every label of the report shipped in ${language}`, async () => {
      const asked = new Set<string>();
      const missing = new Set<string>();
      const shipped: Readonly<Record<string, string>> = REPORT_LABELS[language];
      const translate = (type: string, text: string) => {
        if (type !== 'Report') return text;
        asked.add(text);
        const out = shipped[text];
        if (out === undefined) missing.add(text);
        return out ?? `${text}${FALLBACK_MARK}`;
      };
      await renderReport(data, pref(language), translate);
      // And what an inspection without systems or triggering lines prints.
      await renderReport({ ...data, systems: [], scrub: { calibrations: [] } as unknown as ScrubResult }, pref(language), translate);
      // The labels the systems above must have asked for (so the check cannot pass by asking for nothing).
      for (const label of ['Not equipped', 'Not applicable', 'Failed', 'Technician', 'not recorded', 'Dynamic', 'Needs attention', 'Line'])
        expect(asked).toContain(label);
      expect([...missing]).toEqual([]);
    });
});
