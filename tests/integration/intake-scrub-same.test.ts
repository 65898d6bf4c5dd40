/**
 * The scrub of an estimate file equals the scrub of the same lines entered as CSV: each printed layout and
 * the EMS export of estimates of the labelled sets, read by intake, scrubbed by the host's scrub for the two
 * bench vehicles — every calibration with the same lines, every line with the same triggers.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEmsFiles, unzipEms } from '../../api-host/intake/ems-files';
import { openPdf, pageText } from '../../api-host/intake/pdf';
import { repairRows } from '../../api-host/intake/preview';
import { scrubLines } from '../../api-host/calibrations/service';
import { readCsv } from '../../lib/intake/csv';
import { readEmsTables } from '../../lib/intake/ems';
import type { ReadEstimate } from '../../lib/intake/estimate';
import { readPrintout, type PageText } from '../../lib/intake/printout';
import { startTestHost, type TestHost } from '../../testkit/host';
import { sourceEstimates, type SourceEstimate } from '../../testkit/intake/corpus';
import { emsZip } from '../../testkit/intake/ems';
import { printEstimate } from '../../testkit/intake/print';
import { BENCH_FIRM, BENCH_VEHICLES } from '../../testkit/scrub-corpus/evaluate';

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(() => host?.close());

const csvOf = (e: SourceEstimate) =>
  Papa.unparse({
    fields: ['Line', 'Operation', 'Description', 'Section'],
    data: e.lines.map((l) => [l.lineNum, l.operation, l.description, l.section]),
  });

async function readPdf(bytes: Buffer): Promise<ReadEstimate> {
  const pdf = await openPdf(new Uint8Array(bytes), 100);
  const pages: PageText[] = [];
  for (let n = 1; n <= pdf.numPages; n++) pages.push(await pageText(await pdf.getPage(n), n));
  await pdf.destroy();
  return readPrintout(pages);
}

function outcome(estimate: ReadEstimate, vehicle: (typeof BENCH_VEHICLES)[number]) {
  const s = scrubLines(host.db, vehicle, BENCH_FIRM, repairRows(estimate.lines));
  return {
    calibrations: s.calibrations.map((c) => [c.system, c.lines.map((l) => l.lineNum)]),
    lines: s.outcomes.map((o) => [o.lineNum, o.triggers.map((t) => t.system).sort()]),
  };
}

const estimates = sourceEstimates();
const picked = [
  ...(['ccc', 'mitchell', 'audatex'] as const).map((layout) => estimates.find((e) => e.layout === layout && e.id.startsWith('own'))!),
  ...estimates.filter((e) => e.id.startsWith('set')).slice(0, 2),
];

describe('the scrub of a file equals the scrub of its lines as CSV', () => {
  it.each(picked.map((e) => [e.id, e] as const))('%s as its printout and as EMS', async (_, e) => {
    const csv = readCsv(csvOf(e));
    const printed = await readPdf(await printEstimate(e));
    const ems = readEmsTables(await readEmsFiles(await unzipEms(await emsZip(e))));
    for (const vehicle of BENCH_VEHICLES) {
      const expected = outcome(csv, vehicle);
      expect(expected.lines.length).toBe(e.lines.length);
      expect(outcome(printed, vehicle)).toEqual(expected);
      expect(outcome(ems, vehicle)).toEqual(expected);
    }
  });
});
