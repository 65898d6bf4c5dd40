/**
 * What a new version of an estimate (a supplement) changes against the job's lines (docs/intake.md#supplements):
 * lines added, removed and changed, matched first by their content (description and section), preferring
 * the same line number, then by line number for lines whose content changed.
 */
export interface DiffLine {
  lineNum: number;
  operation: string;
  description: string;
  section?: string;
  partNumber?: string;
  quantity?: number | null;
  hours?: number | null;
  price?: number | null;
}

export interface LineRef {
  lineNum: number;
  operation: string;
  description: string;
  section: string;
}

export interface LinesDiff {
  added: LineRef[];
  removed: LineRef[];
  changed: { before: LineRef; after: LineRef; what: string[] }[];
  unchanged: number;
}

const key = (s: string | undefined) => (s ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
const ref = (l: DiffLine): LineRef => ({
  lineNum: l.lineNum,
  operation: l.operation,
  description: l.description,
  section: l.section ?? '',
});

const FIELDS: readonly [keyof DiffLine, string][] = [
  ['operation', 'operation'],
  ['description', 'description'],
  ['section', 'section'],
  ['partNumber', 'part number'],
  ['quantity', 'quantity'],
  ['hours', 'hours'],
  ['price', 'price'],
];

function differences(a: DiffLine, b: DiffLine): string[] {
  return FIELDS.filter(([f]) => {
    const [x, y] = [a[f], b[f]];
    if (typeof x === 'number' || typeof y === 'number') return (x ?? null) !== (y ?? null) && x !== undefined && y !== undefined;
    return key(x as string | undefined) !== key(y as string | undefined);
  }).map(([, name]) => name);
}

export function diffLines(before: readonly DiffLine[], after: readonly DiffLine[]): LinesDiff {
  const left = new Set(before.map((_, i) => i));
  const pairs: [DiffLine, DiffLine][] = [];
  const unpaired: DiffLine[] = [];
  const content = (l: DiffLine) => `${key(l.description)}|${key(l.section)}`;
  for (const b of after) {
    const candidates = [...left].filter((i) => content(before[i]!) === content(b));
    const i = candidates.find((c) => before[c]!.lineNum === b.lineNum) ?? candidates[0];
    if (i === undefined) unpaired.push(b);
    else {
      left.delete(i);
      pairs.push([before[i]!, b]);
    }
  }
  const added: DiffLine[] = [];
  for (const b of unpaired) {
    const i = [...left].find((c) => before[c]!.lineNum === b.lineNum);
    if (i === undefined) added.push(b);
    else {
      left.delete(i);
      pairs.push([before[i]!, b]);
    }
  }
  const changed = pairs.map(([a, b]) => ({ before: ref(a), after: ref(b), what: differences(a, b) })).filter((c) => c.what.length);
  return {
    added: added.map(ref),
    removed: [...left].sort((x, y) => x - y).map((i) => ref(before[i]!)),
    changed,
    unchanged: pairs.length - changed.length,
  };
}
