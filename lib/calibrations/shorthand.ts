/**
 * The shorthand reader (docs/scrub.md "Shorthand"): a word the scrub does not know is matched to the words
 * it knows by general abbreviation rules, never by a table of examples. Plain code, client-safe.
 *
 * A known word is a candidate when it starts with the same letter and
 * - the word is its beginning ("reinf" → reinforcement, "calib" → calibration), three letters or more; or
 * - the word's consonants appear in it in order ("algnmnt" → alignment, "snsr" → sensor, "liftgt" →
 *   liftgate), the word having two consonants or more and covering half of the candidate's; or
 * - the word is one edit away (a letter added, dropped, changed or two swapped: "bumer" → bumper,
 *   "windsheild" → windshield), the word having five letters or more.
 * Each candidate is scored (how much of the known word the shorthand keeps, and which rule); the line's
 * neighbouring words add to a candidate that forms a name with them ("cntrl arm" → control arm, not
 * central). The best candidate wins when it is clearly best; otherwise the word stays unknown.
 */

export interface Expansion {
  word: string;
  to: string;
  rule: 'prefix' | 'consonants' | 'one edit';
  score: number;
}

const VOWELS = /[aeiou]/g;
const consonants = (w: string) => w.slice(1).replace(VOWELS, '');

/** Whether the letters of `short` appear in `long` in order. */
function inOrder(short: string, long: string): boolean {
  let i = 0;
  for (const ch of long) if (ch === short[i]) i++;
  return i === short.length;
}

/** Whether two words are one edit apart (added, dropped, changed, or two neighbours swapped). */
export function oneEdit(a: string, b: string): boolean {
  if (a === b) return false;
  // The first letter where they differ; each edit leaves the rest after it alike (a slice of another length never is).
  let i = 0;
  while (a[i] === b[i]) i++;
  return (
    a.slice(i + 1) === b.slice(i + 1) ||
    a.slice(i + 1) === b.slice(i) ||
    a.slice(i) === b.slice(i + 1) ||
    (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
  );
}

/** How well `short` abbreviates `known`, by the first rule that holds; null when none does. */
export function abbreviates(short: string, known: string): Omit<Expansion, 'word' | 'to'> | null {
  if (short[0] !== known[0]) return null;
  if (short.length >= 5 && oneEdit(short, known)) return { rule: 'one edit', score: 0.9 };
  if (short.length >= known.length) return null;
  if (short.length >= 3 && known.startsWith(short)) return { rule: 'prefix', score: 0.55 + 0.4 * (short.length / known.length) };
  const mine = consonants(short);
  const theirs = consonants(known);
  // The shorthand keeps the word's consonants (a vowel in it must also be the word's, in order).
  if (mine.length >= 2 && inOrder(mine, theirs) && inOrder(short, known) && mine.length * 2 >= theirs.length)
    return { rule: 'consonants', score: 0.45 + 0.45 * (mine.length / theirs.length) };
  return null;
}

export interface ShorthandIndex {
  /** Known words by their first letter. */
  byLetter: ReadonlyMap<string, readonly string[]>;
  /** How many of the lexicon's names use each word: between two readings as good, the far commoner wins. */
  uses: ReadonlyMap<string, number>;
  /** Expansions already worked out (null: none). */
  cache: Map<string, readonly Expansion[] | null>;
}

export function shorthandIndex(words: Iterable<string>, uses: ReadonlyMap<string, number> = new Map()): ShorthandIndex {
  const byLetter = new Map<string, string[]>();
  for (const w of words) {
    if (!/^[a-z][a-z-]*$/.test(w) || w.length < 3) continue;
    const list = byLetter.get(w[0]!) ?? [];
    list.push(w);
    byLetter.set(w[0]!, list);
  }
  return { byLetter, uses, cache: new Map() };
}

/** The candidates for an unknown word, best first (at most a few), or null when none fits. */
export function candidates(index: ShorthandIndex, word: string): readonly Expansion[] | null {
  if (!/^[a-z]+$/.test(word)) return null;
  const kept = index.cache.get(word);
  if (kept !== undefined) return kept;
  const found: Expansion[] = [];
  for (const known of index.byLetter.get(word[0]!) ?? []) {
    const fit = abbreviates(word, known);
    if (fit) found.push({ word, to: known, ...fit });
  }
  found.sort((a, b) => b.score - a.score || a.to.length - b.to.length);
  const out = found.length ? found.slice(0, 6) : null;
  if (index.cache.size < 20_000) index.cache.set(word, out);
  return out;
}

/**
 * Of scored candidates (context bonus added), the one clearly best, or null when two are too close to tell,
 * unless the lexicon's names use one of them three times as often or more ("ang sen": sensor, not sender).
 */
export function best(scored: readonly Expansion[], uses: ReadonlyMap<string, number> = new Map()): Expansion | null {
  const usesOf = (e: Expansion) => uses.get(e.to) ?? 0;
  const [first, second] = [...scored].sort((a, b) => b.score - a.score || usesOf(b) - usesOf(a));
  if (!first || first.score < 0.6) return null;
  if (second && first.score - second.score < 0.05 && second.to !== first.to)
    return usesOf(first) >= 3 * Math.max(1, usesOf(second)) ? first : null;
  return first;
}
