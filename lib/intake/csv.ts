/**
 * A CSV of estimate lines (papaparse), with a header row. A description column is required (Description,
 * Line Description, LineDesc); line number, operation, section, part type and number, quantity, labour
 * type, hours and price are read when a column names them. Rules: docs/intake.md#csv.
 */
import Papa from 'papaparse';
import { LABOUR_TYPES, PART_TYPES, codeName } from './codes';
import {
  ESTIMATE_MAX_LINES,
  IntakeError,
  amount,
  blankLine,
  clean,
  emptyHeader,
  emptyVehicle,
  finish,
  tooManyLines,
  type ReadEstimate,
} from './estimate';
import type { ReadLine } from './line';

const COLUMNS = {
  description: ['description', 'line description', 'linedesc', 'line desc', 'desc', 'line item description'],
  operation: ['operation', 'oper', 'op', 'labor operation', 'labour operation'],
  lineNum: ['line', 'line #', 'line no', 'line number', 'linenum'],
  section: ['section', 'location', 'line header', 'header'],
  partType: ['part type', 'parttype'],
  partNumber: ['part number', 'part #', 'part no', 'partnum', 'part no.'],
  quantity: ['qty', 'quantity'],
  labourType: ['labor type', 'labour type', 'type'],
  hours: ['hours', 'labor', 'labour', 'labor hours', 'labour hours', 'labor units'],
  price: ['price', 'extended price', 'extended price $', 'amount', 'dollar amount'],
} as const;

export function readCsv(csv: string): ReadEstimate {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
    preview: ESTIMATE_MAX_LINES + 1,
  });
  const fields = parsed.meta.fields ?? [];
  const column = (names: readonly string[]) => fields.find((f) => names.includes(f));
  const description = column(COLUMNS.description);
  if (!description) throw new IntakeError('The CSV has no line description column: name one Description, Line Description or LineDesc.');
  if (parsed.data.length > ESTIMATE_MAX_LINES) throw tooManyLines(parsed.data.length);
  const col = Object.fromEntries(Object.entries(COLUMNS).map(([k, names]) => [k, column(names)])) as Record<
    keyof typeof COLUMNS,
    string | undefined
  >;
  const cell = (r: Record<string, string>, k: keyof typeof COLUMNS, max?: number) => (col[k] ? clean(r[col[k]], max) : '');
  const lines = parsed.data
    .map((r, i): ReadLine => ({
      ...blankLine(Number.parseInt(cell(r, 'lineNum'), 10) || i + 1, i + 1),
      operation: cell(r, 'operation', 20),
      description: cell(r, 'description'),
      section: cell(r, 'section', 100),
      partType: codeName(PART_TYPES, cell(r, 'partType', 20)),
      partNumber: cell(r, 'partNumber', 60),
      quantity: amount(cell(r, 'quantity')),
      labourType: codeName(LABOUR_TYPES, cell(r, 'labourType', 20)),
      hours: amount(cell(r, 'hours')),
      price: amount(cell(r, 'price')),
    }))
    .filter((l) => l.description);
  return finish(
    { source: 'csv', layout: '', lines, vehicle: emptyVehicle(), header: emptyHeader(), problems: [], pages: null, confidenceFloor: null },
    'The CSV has no lines with a description.',
  );
}
