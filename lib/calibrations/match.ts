/**
 * The estimate scrub's matching rules in plain code (no zod, no server code), shared by the reference host
 * (bms/scrub, admin/evaluateRecords) and the unit tests.
 *
 * How a repair line triggers a calibration:
 * - Words are compared, not characters: case, punctuation and plural forms are ignored ("W/Shield",
 *   "w shield" and "windshields" are the same words), and a keyword must appear as whole consecutive words
 *   ("emblem" matches "Front emblem w/ radar cover", not "emblems-bracket" split oddly, nor "assemblem").
 * - Sublet lines (operation "Subl") are matched on the system's sublet keywords, other lines on its line
 *   keywords. A location keyword narrows a line match: when the line names its section (a BMS or CSV
 *   estimate does) and the system lists locations, the section must be one of them.
 * - Replacing a part (operation "Repl") triggers only a system marked remove-and-replace (isRR); removing
 *   and installing it ("R&I") only one marked remove-and-install (isRI). Repairs, refinishing and sublets
 *   trigger on the keyword alone.
 * - A make exception keyword (the make's list for that system, or for every system) does not trigger, nor
 *   does a line holding an exclusion phrase; a line marked not equipped triggers nothing.
 * Every decision is a step, so an administrator can read why a line did or did not trigger.
 */

export interface EstimateLine {
  lineNum: number;
  operation: string;
  description: string;
  /** The estimate section the line sits in ("Front Bumper"), when the estimate says. */
  section?: string;
  isNotEquipped?: boolean;
}

export interface MatchSystem {
  adasChecklistMatrix: number;
  system: string;
  isRR: boolean;
  isRI: boolean;
  keywords: { line: readonly string[]; location: readonly string[]; sublet: readonly string[] };
  /** Make-exception keywords that do not trigger this system. */
  exceptKeywords: readonly string[];
}

export interface Exclusion {
  /** null: every system. */
  adasChecklistMatrix: number | null;
  phrase: string;
}

export type StepOutcome = 'triggered' | 'exception' | 'exclusion' | 'operation' | 'location' | 'not-equipped';

export interface MatchStep {
  lineNum: number;
  adasChecklistMatrix: number;
  system: string;
  keyword: string;
  kind: 'line' | 'sublet';
  outcome: StepOutcome;
  /** What applied, in words. */
  rule: string;
}

/** One word's singular form: "sensors" → "sensor", "assemblies" → "assembly", "glasses" → "glass". */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh|zz)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1);
  return word;
}

/** The comparable words of a text: lower case, letters and digits only, singular. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(singular);
}

/** Whether the keyword's words appear, consecutively and whole, among the line's words. */
export function containsWords(line: readonly string[], keyword: readonly string[]): boolean {
  if (!keyword.length || keyword.length > line.length) return false;
  outer: for (let i = 0; i <= line.length - keyword.length; i++) {
    for (let k = 0; k < keyword.length; k++) if (line[i + k] !== keyword[k]) continue outer;
    return true;
  }
  return false;
}

export const isSublet = (operation: string) => /^sub/i.test(operation.trim());
const isReplace = (operation: string) => /^(repl|replace|new)$/i.test(operation.trim());
const isRemoveInstall = (operation: string) => /^(r\s*&\s*i|r\/i|r and i|remove and install)$/i.test(operation.trim());

const same = (a: string, b: string) => words(a).join(' ') === words(b).join(' ');

/**
 * Every step of matching the lines against the systems, in line order. A system is triggered by a line
 * when some step of that pair has the outcome 'triggered'.
 */
export function matchLines(lines: readonly EstimateLine[], systems: readonly MatchSystem[], exclusions: readonly Exclusion[] = []): MatchStep[] {
  const steps: MatchStep[] = [];
  const prepared = systems.map((s) => ({
    s,
    line: s.keywords.line.map((k) => ({ k, w: words(k) })),
    sublet: s.keywords.sublet.map((k) => ({ k, w: words(k) })),
  }));
  const excluded = exclusions.map((e) => ({ ...e, w: words(e.phrase) }));
  for (const l of lines) {
    const lw = words(l.description);
    const sublet = isSublet(l.operation);
    for (const { s, line, sublet: subletKeywords } of prepared) {
      const kind = sublet ? 'sublet' : 'line';
      for (const { k, w } of sublet ? subletKeywords : line) {
        if (!containsWords(lw, w)) continue;
        const step = (outcome: StepOutcome, rule: string) => steps.push({ lineNum: l.lineNum, adasChecklistMatrix: s.adasChecklistMatrix, system: s.system, keyword: k, kind, outcome, rule });
        if (l.isNotEquipped) {
          step('not-equipped', 'The line is marked not equipped.');
          break;
        }
        const exception = s.exceptKeywords.find((e) => same(e, k));
        if (exception) {
          step('exception', `Make exception: "${exception}" does not trigger ${s.system}.`);
          continue;
        }
        const exclusion = excluded.find((e) => (e.adasChecklistMatrix == null || e.adasChecklistMatrix === s.adasChecklistMatrix) && containsWords(lw, e.w));
        if (exclusion) {
          step('exclusion', `Exclusion: a line with "${exclusion.phrase}" never triggers ${exclusion.adasChecklistMatrix == null ? 'a calibration' : s.system}.`);
          break;
        }
        if (!sublet && isReplace(l.operation) && !s.isRR) {
          step('operation', `${s.system} is not calibrated after a part is replaced (not marked R&R).`);
          continue;
        }
        if (!sublet && isRemoveInstall(l.operation) && !s.isRI) {
          step('operation', `${s.system} is not calibrated after a part is removed and installed (not marked R&I).`);
          continue;
        }
        if (l.section && s.keywords.location.length && !s.keywords.location.some((loc) => same(loc, l.section ?? ''))) {
          step('location', `The section "${l.section}" is not one of ${s.system}'s locations (${s.keywords.location.join(', ')}).`);
          continue;
        }
        step('triggered', `${kind === 'sublet' ? 'Sublet' : 'Line'} keyword "${k}" matched.`);
        break;
      }
    }
  }
  return steps;
}

/** The lines that triggered each system (by adasChecklistMatrix), with the keyword that did. */
export function triggeredBy(steps: readonly MatchStep[]): Map<number, { lineNum: number; keyword: string }[]> {
  const out = new Map<number, { lineNum: number; keyword: string }[]>();
  for (const s of steps) if (s.outcome === 'triggered') out.set(s.adasChecklistMatrix, [...(out.get(s.adasChecklistMatrix) ?? []), { lineNum: s.lineNum, keyword: s.keyword }]);
  return out;
}
