/**
 * The line reader (docs/scrub.md "Reading a line"): one reading of an estimate line for every source —
 * BMS XML, EMS, PDF, CSV and lines typed or pasted. Plain code, client-safe.
 *
 *   const vocab = compileVocabulary(firmTerms);
 *   readLine({ operation: 'Repl', description: 'COVER, FRONT BUMPER A/M', section: 'FRONT BUMPER' }, vocab);
 *   // → operation 'replace'; one main phrase: the part "bumper cover" at the front; "a/m" set aside
 *
 * Reading a description: lower case and plain signs; lettering in quotes, part numbers, hours and quantities
 * set aside; each word read as the firm's term, a word the scrub knows (a part's, a system's, a descriptor,
 * an operation), an abbreviation estimating systems print, a word that is not a part (a make, model, trim,
 * colour, finish, supplier mark: set aside), or by the shorthand reader; a word none of these reads is
 * unknown and set aside too — it never blocks a part. Then the line's structure: clauses (";", ":", " - "),
 * asides in brackets, "w/" and "w/o" (with and without a feature), why the part is worked on ("for radar
 * access": set aside as the purpose), comma names put back in reading order ("COVER, FRONT BUMPER"), "&" and
 * "/" joining parts. In each phrase the longest names of the lexicon and the makers' system names are
 * found (parts.ts says what the phrase's part is).
 */
import { LABOUR_OPERATIONS, LABOUR_TYPES, PART_TYPES } from '@/lib/intake/codes';
import {
  ABBREVIATIONS,
  CALIBRATION_PHRASES,
  CALIBRATION_WORDS,
  DESCRIPTORS,
  ENDS,
  NEUTRAL_SECTION_WORDS,
  PLAIN,
  VEHICLE_SECTION_WORDS,
  PROCEDURE_SECTION_WORDS,
  PLACE_WORDS,
  PURPOSE_WORDS,
  SIDES,
  TEST_PHRASES,
  WITHOUT_WORDS,
  WITH_WORDS,
  CONDITIONS,
} from './words';
import { partLexicon, singular, type End, type Lexicon, type Name, type Term } from './lexicon';
import { abbreviates, best, candidates, shorthandIndex, type Expansion, type ShorthandIndex } from './shorthand';
import { DESCRIPTION_OPERATIONS, OPERATION_CODES, OPERATION_NAMES, OPERATIONS, type Operation } from './vocabulary';

export { singular } from './lexicon';

/** A firm's own entry of the vocabulary (Configuration → Estimate terms). */
export interface TermEntry {
  written: string;
  meaning: string;
  kind: 'term' | 'operation';
}

export interface Vocabulary {
  lex: Lexicon;
  /** Lines, sections and phrases already read (the same estimate is scrubbed for each vehicle and again after a change). */
  readings: Map<string, LineReading>;
  sections: Map<string, SectionReading>;
  items: Map<string, Item[]>;
  /** The firm's single-word terms and the printed abbreviations: a word to the words it means. */
  single: ReadonlyMap<string, readonly string[]>;
  /** The firm's multi-word terms by their first word, longest first. */
  phrases: ReadonlyMap<string, readonly { written: readonly string[]; meaning: readonly string[] }[]>;
  operations: ReadonlyMap<string, Operation>;
  /** Every word the scrub knows (the paste reader asks it). */
  known: ReadonlySet<string>;
  shorthand: ShorthandIndex;
  /** Neighbouring words of the lexicon's names ("control arm"): a shorthand that forms one is read so. */
  pairs: ReadonlySet<string>;
  /** The words before each word in the lexicon's names ("gate": lift, tail…). */
  before: ReadonlyMap<string, readonly string[]>;
  /** Words a name may hold between its own: descriptors, ends, sides and words that are not parts. */
  between: ReadonlySet<string>;
  /** A sensor's name by the initials of its words before the sensor word ("sv" + camera: surround view camera). */
  initials: ReadonlyMap<string, readonly Name[]>;
}

export type Side = 'left' | 'right';

/** One word of a line as read. */
export interface Word {
  /** The word as read ("alignment"). */
  w: string;
  /** As written ("algnmnt"). */
  raw: string;
  cls: 'word' | 'code' | 'number' | 'sep' | 'unknown' | 'set-aside';
}

/** One phrase: a part, a feature with or without it, an aside, a purpose. */
export interface Phrase {
  role: 'main' | 'with' | 'without' | 'aside' | 'purpose' | 'place';
  /** The terms found, in order: a lexicon part or a system (by a maker's name), with the words between. */
  items: Item[];
  /** The phrase's words as read (shown). */
  words: string[];
  /** The words it was read from (a bare piece is read again with its section's words in front). */
  source: string[];
  end: End | null;
  side: Side | null;
  /** An operation word in the phrase ("xfer cam": transfer). */
  operation: Operation | null;
  /** The clause it belongs to (a "with" phrase reads its part from the clause's main phrase). */
  clause: number;
}

export type Item = { kind: 'term'; term: Term; text: string } | { kind: 'word'; w: string };

export interface SectionReading {
  text: string;
  /** The section's main phrases ("FRONT BUMPER & GRILLE": bumper, grille). */
  phrases: Phrase[];
  end: End | null;
  /** Its lines are procedures (VEHICLE DIAGNOSTICS, ADAS CALIBRATION, SUBLET). */
  procedures: boolean;
  /** Its lines describe the vehicle, not work on it (VEHICLE, OPTIONS). */
  vehicle: boolean;
  /** Whether any of its words is one the scrub knows. */
  known: boolean;
}

export interface LineReading {
  /** The operation read, or null when none was given or it is not known (then `operationNote` says so). */
  operation: Operation | null;
  operationNote: string | null;
  phrases: Phrase[];
  section: SectionReading;
  /** Front or rear, from the description, else the section. */
  end: End | null;
  endFrom: 'description' | 'section' | null;
  side: Side | null;
  /** Every word of the description as read (exclusions are looked up in them). */
  words: string[];
  /** Calibration words and phrases anywhere in the line (purpose and asides too). */
  calibration: string[];
  /** A road test or test drive. */
  test: boolean;
  /** What the line says is not done ("not required", "denied"), or null. */
  denied: string | null;
  /** A scan report's finding that a calibration is due ("calibration not done"), or null. */
  finding: string | null;
  /** The line describes the vehicle (its section or an options list), not work on it. */
  describesVehicle: boolean;
  /** The line states the shop's terms (a warranty, a disclaimer), not work. */
  statesTerms: boolean;
  /** A scan report's network fault ("U0121 lost communication with ABS"): no calibration and no work, or null. */
  networkFault: string | null;
  /** A scan's code reported as past ("History", "cleared"), or null: no fault now. */
  pastCode: string | null;
  /** How the line was read: shorthand expanded, words set aside, purposes, an unknown operation… */
  notes: string[];
  expansions: Expansion[];
  /** Words that are not parts, by class ("a/m": supplier mark). */
  setAside: { word: string; kind: string }[];
  /** Words the scrub does not know (set aside). */
  unknown: string[];
  /** Why the line could not be read at all, or null. */
  unread: string | null;
}

// ── the vocabulary ─────────────────────────────────────────────────────────────────────────────────
const opKey = (code: string) =>
  code
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'")
    .replace(/\s+/g, '');

const STRUCTURE = new Set([',', ';', ':', '(', ')', '&']);

/** The vocabulary: the lexicon, the printed abbreviations and operation codes, then the firm's terms (which win). */
export function compileVocabulary(extra: readonly TermEntry[] = []): Vocabulary {
  const lex = partLexicon();
  const single = new Map<string, readonly string[]>(Object.entries(ABBREVIATIONS));
  const operations = new Map<string, Operation>(Object.entries(OPERATION_CODES));
  const phrases = new Map<string, { written: string[]; meaning: string[] }[]>();
  for (const e of extra) {
    if (e.kind === 'operation') {
      if ((OPERATIONS as readonly string[]).includes(e.meaning)) operations.set(opKey(e.written), e.meaning as Operation);
      continue;
    }
    const written = rawTokens(e.written).filter((t) => !STRUCTURE.has(t) || t === '&');
    const meaning = rawTokens(e.meaning).map((t) => singular(t.replace(/'s$/, '')));
    if (!written.length || !meaning.length) continue;
    if (written.length === 1) single.set(written[0]!, meaning);
    else {
      const list = phrases.get(written[0]!) ?? [];
      list.push({ written, meaning });
      list.sort((a, b) => b.written.length - a.written.length);
      phrases.set(written[0]!, list);
    }
  }
  const known = new Set<string>([...lex.known.keys(), ...single.keys(), ...operations.keys()]);
  const pairs = new Set<string>();
  for (const list of lex.names.values())
    for (const n of list) for (let i = 1; i < n.words.length; i++) pairs.add(`${n.words[i - 1]} ${n.words[i]}`);
  const before = new Map<string, string[]>();
  for (const pair of pairs) {
    const [a, b] = pair.split(' ') as [string, string];
    const list = before.get(b) ?? [];
    list.push(a);
    before.set(b, list);
  }
  // A part's condition is read in shorthand too ("brkn": broken), to be set aside as such.
  const words = [...lex.known.entries()].filter(([w, c]) => c !== 'set-aside' || CONDITIONS.has(w)).map(([w]) => w);
  const uses = new Map<string, number>();
  for (const list of lex.names.values()) for (const n of list) for (const w of n.words) uses.set(w, (uses.get(w) ?? 0) + 1);
  const initials = new Map<string, Name[]>();
  for (const list of lex.names.values())
    for (const n of list) {
      const head = n.words.slice(0, -1);
      if (!INITIALLED.has(n.words.at(-1)!) || head.length < 2 || head.length > 3 || !head.every((w) => /^[a-z]+$/.test(w))) continue;
      const key = `${head.map((w) => w[0]).join('')} ${n.words.at(-1)}`;
      initials.set(key, [...(initials.get(key) ?? []), n]);
    }
  return {
    lex,
    readings: new Map(),
    sections: new Map(),
    items: new Map(),
    single,
    phrases,
    operations,
    known,
    shorthand: shorthandIndex([...words, ...DESCRIPTION_OPERATIONS], uses),
    pairs,
    before,
    between: new Set([...DESCRIPTORS, ...ENDS, ...SIDES, ...lex.setAside.keys()]),
    initials,
  };
}

// ── words ──────────────────────────────────────────────────────────────────────────────────────────
const TOKEN = /[a-z0-9]+(?:['&/+.-][a-z0-9]+)*|[&/+,;:()]/g;
const isNumber = (w: string) => /^\d+(\.\d+)?$/.test(w);
/** A part number, code or quantity: letters and digits mixed ("52119-0r903", "a01", "3.5hrs", "12v"). */
const isCode = (w: string) => /\d/.test(w) && (/[a-z]/.test(w) || /\d-\d/.test(w));

/** The plain text of a description: lower case, plain signs, lettering and figures out, "w/", "w/o" and "f/" as words. */
function plainText(text: string, notes: string[]): string {
  let t = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-');
  // What is written on a part ("H" emblem, nameplate 'PALISADE') is not a part; a lone inch mark (18") stays.
  // A finding or a verdict in quotes (front radar "not calibrated") is read as written.
  t = t.replace(/"[^"\n]*"|(^|[\s(])'[^'\s][^'\n]*'(?=[\s),.]|$)/g, (m, lead: string | undefined) => {
    const inner = m.trim().slice(1, -1);
    if (FINDING.test(inner) || DENIED.test(inner) || QUOTED_PROCEDURE.test(inner)) return `${lead ?? ''} ${inner} `;
    notes.push(`${m.trim()} is lettering on the part; it is not read as a part.`);
    return `${lead ?? ''} `;
  });
  return (
    t
      // Hours, quantities and days after a description ("2.5 hrs", "1 ea", "5 days").
      .replace(/\b\d+(?:\.\d+)?\s*(?:hrs?|hours?|ea|each|pcs?|qty|days?|hr\.)(?![a-z])/g, ' ')
      // "(360)", "360 calibration": the surround view, as technicians name it (a figure elsewhere).
      .replace(
        /(^|[\s/(])360(?=\s*\)|\s+(?:cal|calib|calibrat\w*|aim\w*|sys|system|check|chk|setup|teach\w*|initiali[sz]\w*)\b)/g,
        '$1360 view',
      )
      // "tore down frt end": the teardown.
      .replace(/\b(?:tore|torn|tear|teared)[\s-]*down\b/g, ' teardown ')
      // "parking guide line check": the camera's guidelines.
      .replace(/\bguide[\s-]lines?\b/g, 'guideline')
      .replace(/\bw\/o\b/g, ' without ')
      .replace(/\bw\/(?!(?:s|shield|sh|sld)\b)/g, ' with ')
      .replace(/\bf\/(?=\s*[a-z])/g, ' for ')
      .replace(/\s[-–—]+\s|\s-+$|^-+\s/g, ' ; ')
      .replace(/\s\+\s/g, ' & ')
      // "1,142.00": a price's thousands, not a comma between names.
      .replace(/(\d),(?=\d{3}\b)/g, '$1')
      // "torn @ corner": where on the part.
      .replace(/\s@\s*/g, ' at ')
      // An export's fields ("BEAM|PAN|71130-TG7-A00|1|246.80|LAB 1.3") are clauses; CIECA's part-type and labour-type
      // codes among them are the file's marks, not words of the line (the intake's tables, lib/intake/codes.ts).
      .replace(CIECA_FIELD_CODE, '$1 ')
      .replace(/\s*\|\s*/g, ' ; ')
  );
}

const CIECA_FIELD_CODE = new RegExp(
  `(^|\\|)\\s*(?:${[...Object.keys(PART_TYPES), ...Object.keys(LABOUR_TYPES)].join('|')})(?=\\s*(?:\\||$|\\d))`,
  'gi',
);

export function rawTokens(text: string): string[] {
  return plainText(text, []).match(TOKEN) ?? [];
}

/** The words of one raw token: the firm's term, a known word, an abbreviation, a code, or its pieces. */
function tokenWords(vocab: Vocabulary, raw: string): Word[] {
  if (raw === '&' || raw === '/' || raw === '+' || raw === 'and') return [{ w: '&', raw, cls: 'sep' }];
  if (STRUCTURE.has(raw)) return [{ w: raw, raw, cls: 'sep' }];
  const tok = raw.replace(/'s$/, '');
  // A printed abbreviation in the plural ("brkts") is its singular's.
  const firm = vocab.single.get(tok) ?? (tok.length > 3 && tok.endsWith('s') ? vocab.single.get(tok.slice(0, -1)) : undefined);
  if (firm) return firm.map((w) => ({ w, raw, cls: w === '&' ? 'sep' : 'word' }));
  if (vocab.operations.has(tok) && /[&/+]/.test(tok)) return [{ w: tok, raw, cls: 'word' }];
  if (vocab.lex.known.has(tok)) return [{ w: tok, raw, cls: vocab.lex.setAside.has(tok) ? 'set-aside' : 'word' }];
  const one = singular(tok);
  if (one !== tok && vocab.lex.known.has(one)) return [{ w: one, raw, cls: vocab.lex.setAside.has(one) ? 'set-aside' : 'word' }];
  if (isNumber(tok)) return [{ w: tok, raw, cls: 'number' }];
  // "1Repl", "7R&I" (a PDF's line number run into the operation): the figure and the word;
  // "360camerafrt": so are words run into a figure, the figure showing they were run together.
  const numbered = /^(\d+)([a-z][a-z&/]{2,})$/.exec(tok);
  const after = numbered?.[2] ?? '';
  const words = vocab.known.has(after) ? [after] : /^[a-z]{6,}$/.test(after) ? partition(vocab, after) : null;
  if (numbered && words) return [{ w: numbered[1]!, raw, cls: 'number' }, ...words.flatMap((w) => tokenWords(vocab, w))];
  // "SVM/360": names joined by a slash are no code, whatever figures one holds.
  const joined = /[&/+]/.test(tok) && tok.split(/[&/+]/).some((p) => vocab.known.has(p) || vocab.single.has(p));
  if (isCode(tok) && !joined) return [{ w: tok, raw, cls: 'code' }];
  if (/['&/+.-]/.test(tok)) {
    const out: Word[] = [];
    for (const piece of tok.split(/([&/+])|['.-]/)) if (piece) out.push(...tokenWords(vocab, piece));
    return out;
  }
  // Two words of a name written as one ("taillamp", "bumpercover").
  for (let i = 3; i <= tok.length - 3; i++) {
    const a = tok.slice(0, i);
    const b = tok.slice(i);
    if (vocab.pairs.has(`${a} ${b}`) || vocab.pairs.has(`${a} ${singular(b)}`))
      return [
        { w: a, raw, cls: 'word' },
        { w: vocab.pairs.has(`${a} ${b}`) ? b : singular(b), raw, cls: 'word' },
      ];
  }
  // PDF text runs a line's words together ("frtbumpercover", "distronicradarsensorbracket"): a word the scrub
  // does not know, of ten letters or more (a shorter one is more often a real word: "guideline"), that parts
  // wholly into words it knows is those words.
  const parted = tok.length >= GLUED && /^[a-z]+$/.test(tok) ? partition(vocab, tok) : null;
  if (parted) return parted.flatMap((w) => tokenWords(vocab, w));
  return [{ w: tok, raw, cls: 'unknown' }];
}

/** How long a word the scrub does not know must be to be read as several run together. */
const GLUED = 10;

/** A run-together word parted into known words of three letters or more, the fewest pieces; null when it does not part. */
function partition(vocab: Vocabulary, tok: string): string[] | null {
  const known = (w: string) => vocab.known.has(w) || vocab.known.has(singular(w));
  // fewest[i]: the fewest known words covering tok's first i letters, and where the last begins.
  const fewest: { count: number; from: number }[] = [{ count: 0, from: -1 }];
  for (let i = 3; i <= tok.length; i++)
    for (let j = 0; j <= i - 3; j++) {
      const before = fewest[j];
      if (!before || !known(tok.slice(j, i))) continue;
      if (!fewest[i] || before.count + 1 < fewest[i]!.count) fewest[i] = { count: before.count + 1, from: j };
    }
  const whole = fewest[tok.length];
  if (!whole || whole.count < 2) return null;
  const words: string[] = [];
  for (let i = tok.length; i > 0; i = fewest[i]!.from) words.unshift(tok.slice(fewest[i]!.from, i));
  return words;
}

/**
 * A word that is a name's two words, the first shortened (its first letter, or its beginning or consonants)
 * and the second whole: the one pair of the lexicon that fits, else null.
 */
function shortenedPair(vocab: Vocabulary, word: string): [string, string] | null {
  if (!/^[a-z]+$/.test(word)) return null;
  for (let i = 1; i <= word.length - 3; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (i === 1 && tail.length < 4) continue;
    const firsts = (vocab.before.get(tail) ?? []).filter(
      (f) => f[0] === head[0] && f !== head && (i === 1 || abbreviates(head, f) != null),
    );
    if (firsts.length === 1) return [firsts[0]!, tail];
    if (firsts.length > 1) return null;
  }
  return null;
}

/** A neighbour of a word: the word as read, or the words an unknown neighbour may be read as. */
type Neighbour = readonly string[];

/**
 * A word's candidates from the shorthand reader, with what its neighbours add ("cntrl arm": control arm;
 * "ang sen": angle sensor, each read with the other's candidates). A two-letter word ("rd") is read only
 * when it forms a name with a neighbour ("tie rd end"); so is a short word set aside (`inName`: "frt vw
 * cam" is the front view camera, whatever make VW is; it must then stand between two words of the name, or begin a name written in shorthand).
 */
function expand(
  vocab: Vocabulary,
  word: string,
  prev: Neighbour,
  next: Neighbour,
  inName: 'no' | 'between' | 'begins' | 'ends' = 'no',
): Expansion | null {
  const pair = (a: Neighbour, b: Neighbour) => a.some((x) => b.some((y) => vocab.pairs.has(`${x} ${y}`)));
  // Shorthand in the plural ("snsrs") is read as its singular.
  let list =
    inName !== 'no'
      ? null
      : (candidates(vocab.shorthand, word) ??
        (word.length > 4 && word.endsWith('s') ? candidates(vocab.shorthand, word.slice(0, -1)) : null));
  if (!list && word.length === 2 && /^[^aeiou][^aeiou]$/.test(word))
    list = (vocab.shorthand.byLetter.get(word[0]!) ?? [])
      .filter((k) => (inName !== 'no' || k.length <= 5) && k.slice(1).includes(word[1]!))
      .map((to) => ({ word, to, rule: 'consonants' as const, score: 0.3 }));
  if (inName !== 'no' && !list) list = candidates(vocab.shorthand, word);
  if (!list) return null;
  // A word set aside is read so only inside a name, between two of its words ("EMBLEM, FRONT VW" stays a make).
  const named = (c: Expansion) =>
    inName === 'no'
      ? pair(prev, [c.to]) || pair([c.to], next)
      : inName === 'ends'
        ? pair(prev, [c.to])
        : (inName === 'begins' || pair(prev, [c.to])) && pair([c.to], next);
  const scored = list.map((c) => (named(c) ? { ...c, score: c.score + 0.4 } : c));
  return best(inName !== 'no' ? scored.filter(named) : scored, vocab.shorthand.uses);
}

interface ReadWords {
  words: Word[];
  expansions: Expansion[];
  setAside: { word: string; kind: string }[];
  unknown: string[];
}

/**
 * Text taken from a PDF runs columns and words together ("Frt bumper coverw/o sensor holes", "Perform 4 wheel
 * alignment1 129.95"): a known word glued to "w/", "w/o" or a figure is parted from it, when the glued whole
 * is no word.
 */
function unglued(vocab: Vocabulary, text: string): string {
  const known = (w: string) => vocab.known.has(w) || vocab.single.has(w);
  const words = (w: string) => known(w) || (w.length >= GLUED && partition(vocab, w) != null);
  return text
    .replace(/\b[A-Za-z0-9]{3,}\b/g, (w) =>
      // A printout read by OCR takes a capital I for a small l in a word of capitals ("MlLLlMETER", "OUTSlDE").
      /^[A-Z0-9l]+$/.test(w) && w.includes('l') && (w.match(/[A-Z]/g)?.length ?? 0) >= 2 ? w.replace(/l/g, 'I') : w,
    )
    .replace(/([a-z]{3,})(w\/o?)(?=[\s,a-z0-9]|$)/gi, (m, stem: string, w: string) =>
      words(stem.toLowerCase()) && !known(`${stem}w`.toLowerCase()) ? `${stem} ${w}` : m,
    )
    .replace(/\b([a-z]{4,})(\d+(?:\.\d+)?)\b/gi, (m, stem: string, n: string) =>
      // … unless the figure is OCR's letter ("pane1": panel), which readWords reads.
      known(stem.toLowerCase()) && !ocrReading(m.toLowerCase(), known) ? `${stem} ${n}` : m,
    );
}

/** What OCR's figures in a word were (an O read as 0, an l or I as 1), when that makes a known word. */
const ocrReading = (w: string, known: (w: string) => boolean) =>
  /^[a-z01]{4,}$/.test(w) && /[a-z]{2}/.test(w) && /[01]/.test(w)
    ? ['l', 'i'].map((one) => w.replace(/0/g, 'o').replace(/1/g, one)).find(known)
    : undefined;

/** The words of a text as the scrub reads them. */
function readWords(vocab: Vocabulary, text: string, notes: string[]): ReadWords {
  const tokens = (plainText(unglued(vocab, text), notes).match(TOKEN) ?? []).flatMap((t) => tokenWords(vocab, t));
  // Ambiguous abbreviations and shorthand are read with their neighbours.
  const expansions: Expansion[] = [];
  const unknown: string[] = [];
  const setAside: { word: string; kind: string }[] = [];
  const neighbour = (i: number, step: number) => {
    for (let k = i + step; k >= 0 && k < tokens.length; k += step) {
      const t = tokens[k]!;
      if (t.cls === 'word') return t.w;
      if (t.cls === 'sep') return undefined;
    }
    return undefined;
  };
  // What a neighbour may be read as: its word, or an unknown word's shorthand candidates.
  const reads = (i: number, step: number): Neighbour => {
    const k = i + step;
    const t = tokens[k];
    if (t?.cls === 'unknown') return (candidates(vocab.shorthand, t.w) ?? []).map((c) => c.to);
    const w = neighbour(i, step);
    return w === undefined ? [] : [w];
  };
  const knownWord = (w: string) => vocab.lex.known.has(w) || vocab.lex.known.has(singular(w));
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!;
    const before = tokens[i - 1];
    // OCR also reads an O as 0 and an l or I as 1 ("abs0rber", "ca1ibration"): a code that is a known word once
    // they are letters again is that word.
    const ocr = t.cls === 'code' ? ocrReading(t.w, knownWord) : undefined;
    // … and a small l for an i in a word of small letters ("lnner"): an unknown word that is a known one so read.
    const small = t.cls === 'unknown' && t.w.includes('l') ? [t.w.replace(/l/g, 'i'), t.w.replace('l', 'i')].find(knownWord) : undefined;
    if (ocr || small) {
      notes.push(`${t.w} → ${ocr ?? small} (a printout's ${ocr ? 'figure read as a letter' : 'l read for an i'})`);
      tokens.splice(i, 1, ...tokenWords(vocab, (ocr ?? small)!));
    } else if (t.cls === 'unknown' && before && before.cls !== 'sep' && /^[a-z]+$/.test(before.raw) && knownWord(before.raw + t.w)) {
      // … and parts a word ("CAL IBRATION"): two pieces that make a known word together are that word.
      notes.push(`${before.raw} ${t.w} → ${before.raw + t.w} (a word parted in print)`);
      tokens.splice(i - 1, 2, ...tokenWords(vocab, before.raw + t.w));
      i--;
    }
  }
  // A name's first word shortened and its second whole, written as one ("lgate": lift gate, "rrbumper": rear bumper).
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!;
    if (t.cls !== 'unknown') continue;
    const split = shortenedPair(vocab, t.w);
    if (!split) continue;
    expansions.push({ word: t.w, to: split.join(' '), rule: 'prefix', score: 0.8 });
    tokens.splice(i, 1, ...split.map((w) => ({ w, raw: t.raw, cls: 'word' as const })));
  }
  tokens.forEach((t, i) => {
    if (t.cls !== 'unknown') return;
    const e = expand(vocab, t.w, reads(i, -1), reads(i, 1));
    if (e) {
      expansions.push(e);
      tokens[i] = { w: e.to, raw: t.raw, cls: 'word' };
    }
  });
  tokens.forEach((t, i) => {
    if (t.cls !== 'set-aside' || t.w.length > 3 || vocab.lex.setAside.get(t.w) === PLAIN) return;
    // At the name's beginning only before shorthand ("ST ANG SEN"; "ST bumper cover" is a trim's), at its end
    // only after shorthand ("srnd vw": surround view; "Golf VW" stays a make).
    const next = tokens[i + 1];
    const before = tokens[i - 1];
    const prev = reads(i, -1);
    const after = reads(i, 1);
    const shorthandNext = next?.cls === 'word' && next.raw !== next.w;
    const shorthandBefore = before?.cls === 'word' && before.raw !== before.w;
    if (!prev.length && !shorthandNext) return;
    const e = expand(vocab, t.w, prev, after, shorthandBefore ? 'ends' : prev.length ? 'between' : 'begins');
    if (e) {
      expansions.push(e);
      tokens[i] = { w: e.to, raw: t.raw, cls: 'word' };
    }
  });
  // "sv cam": a sensor's name written by the initials of the words before its sensor word (surround view camera),
  // when they are one sensor's.
  for (let i = tokens.length - 2; i >= 0; i--) {
    const t = tokens[i]!;
    const next = tokens[i + 1]!;
    if ((t.cls !== 'set-aside' && t.cls !== 'unknown') || !/^[a-z]{2,3}$/.test(t.w) || next.cls !== 'word') continue;
    const named = vocab.initials.get(`${t.w} ${next.w}`) ?? [];
    const terms = new Set(named.map((n) => (n.term.kind === 'part' ? n.term.part.id : n.term.system)));
    if (terms.size !== 1) continue;
    notes.push(`${t.raw} ${next.raw} → ${named[0]!.text} (initials)`);
    tokens.splice(i, 1, ...named[0]!.words.slice(0, -1).map((w) => ({ w, raw: t.raw, cls: 'word' as const })));
  }
  // An operation's abbreviation that, read as shorthand, forms a name with the next word ("blnd spt": blind spot).
  for (const [i, t] of tokens.entries()) {
    if (t.cls !== 'word' || !DESCRIPTION_OPERATIONS.has(t.w) || t.w.length > 4) continue;
    const next = neighbour(i, 1);
    const named = (candidates(vocab.shorthand, t.w) ?? []).find(
      (c) => !DESCRIPTION_OPERATIONS.has(c.to) && vocab.pairs.has(`${c.to} ${next}`),
    );
    if (named) {
      expansions.push(named);
      tokens[i] = { w: named.to, raw: t.raw, cls: 'word' };
    }
  }
  // A short material word that, read as shorthand, ends the name before it ("bmpr abs": bumper absorber, not ABS plastic).
  for (const [i, t] of tokens.entries()) {
    if (t.cls !== 'set-aside' || t.w.length > 4 || vocab.lex.setAside.get(t.w) !== 'finish') continue;
    const prev = neighbour(i, -1);
    const named = (candidates(vocab.shorthand, t.w) ?? []).find((c) => vocab.pairs.has(`${prev} ${c.to}`));
    if (named) {
      expansions.push(named);
      tokens[i] = { w: named.to, raw: t.raw, cls: 'word' };
    }
  }
  for (const [i, t] of tokens.entries()) {
    if (t.cls !== 'word' || !t.w.includes('|')) continue;
    // An abbreviation of either word ("hd": hood or head): the one forming a name with a neighbour.
    const options = t.w.split('|');
    const prev = neighbour(i, -1);
    const next = neighbour(i, 1);
    let pick = options.find((o) => vocab.pairs.has(`${prev} ${o}`) || vocab.pairs.has(`${o} ${next}`)) ?? options[0]!;
    // "r": the rear when the line has a side and no end ("DOOR R L"), the right when it has an end; else the
    // rear of a part at either end ("BUMPER COVER R") and the right of any other ("MIRROR EXTERIOR R").
    if (t.w === 'rear|right') {
      const others = tokens.filter((o, k) => k !== i && o.cls === 'word' && !o.w.includes('|')).map((o) => o.w);
      const atEnd = itemsOf(vocab, others).some((it) => it.kind === 'term' && it.term.kind === 'part' && it.term.part.zone === 'end');
      const sided = others.some((o) => o === 'left' || o === 'right');
      const ended = others.some((o) => ENDS.has(o));
      pick = sided && !ended ? 'rear' : ended ? 'right' : atEnd ? 'rear' : 'right';
    }
    tokens[i] = { ...t, w: pick };
  }
  // "Line 4 Repl front fascia" (a desk review citing the estimate's line): the reference is no part.
  const references = new Set<number>();
  for (const [i, t] of tokens.entries())
    if ((t.w === 'line' || t.w === 'ln') && /^\d+$/.test(tokens[i + 1]?.w ?? '')) {
      references.add(i).add(i + 1);
      setAside.push({ word: `${t.raw} ${tokens[i + 1]!.raw}`, kind: 'a reference to another line' });
    }
  // Multi-word abbreviations expand in place ("lf" → left front).
  const words: Word[] = [];
  for (const [i, t] of tokens.entries()) {
    if (references.has(i)) continue;
    if (t.cls === 'unknown') unknown.push(t.raw);
    if (t.cls === 'set-aside' && vocab.lex.setAside.get(t.w) !== PLAIN)
      setAside.push({ word: t.raw, kind: vocab.lex.setAside.get(t.w) ?? 'not a part' });
    words.push(t);
  }
  return { words: applyFirmPhrases(vocab, words), expansions, setAside, unknown };
}

/** The firm's multi-word terms, longest first, left to right. */
function applyFirmPhrases(vocab: Vocabulary, words: Word[]): Word[] {
  if (!vocab.phrases.size) return words;
  const out: Word[] = [];
  for (let i = 0; i < words.length;) {
    const hit = vocab.phrases.get(words[i]!.w)?.find((p) => p.written.every((w, k) => words[i + k]?.w === w));
    if (hit) {
      out.push(...hit.meaning.map((w) => ({ w, raw: hit.written.join(' '), cls: 'word' as const })));
      i += hit.written.length;
    } else out.push(words[i++]!);
  }
  return out;
}

// ── structure ──────────────────────────────────────────────────────────────────────────────────────
/** Words a name may hold between its own: descriptors, ends, sides and words that are not parts ("windshield acoustic glass"). */
const skippable = (vocab: Vocabulary, w: string) => vocab.between.has(w) || isNumber(w);

/** A name matched at the end of words[..j] (skipping the words a name may hold between its own), or null. */
function nameMatch(vocab: Vocabulary, words: readonly string[], j: number, name: Name): { start: number; skipped: number[] } | null {
  let k = j - 1;
  let skipped: number[] | null = null;
  const nw = name.words;
  for (let n = nw.length - 2; n >= 0; n--) {
    const w = nw[n]!;
    while (k >= 0 && words[k] !== w && skippable(vocab, words[k]!) && !nw.includes(words[k]!)) (skipped ??= []).push(k--);
    if (words[k] === w) k--;
    // A name's one word written as two ("lift gate garnish" is the liftgate garnish).
    else if (k > 0 && words[k - 1]! + words[k]! === w) k -= 2;
    else return null;
  }
  return { start: k + 1, skipped: skipped ?? NONE };
}
const NONE: number[] = [];

/**
 * The names that may end at word `j` (those whose word before the last is one of the words before it), each
 * passed to `visit`: no list is built (a line's reading is the scrub's hot path).
 */
function eachNameEndingAt(vocab: Vocabulary, words: readonly string[], j: number, visit: (n: Name) => void): void {
  const byBefore = vocab.lex.byPair.get(words[j]!);
  if (!byBefore) return;
  const single = byBefore.get('');
  if (single) for (const n of single) visit(n);
  for (let k = j - 1; k >= 0; k--) {
    const w = words[k]!;
    const named = byBefore.get(w);
    if (named) for (const n of named) visit(n);
    if (k > 0) {
      const joined = byBefore.get(words[k - 1]! + w);
      if (joined) for (const n of joined) visit(n);
    }
    if (!skippable(vocab, w)) break;
  }
}

interface Step {
  /** Words the names cover so far (ends, sides and numbers aside). */
  covered: number;
  terms: number;
  skips: number;
  /** Makers' system names among the names (a part's name says more: "blind spot collision warning | radar"). */
  systems: number;
  /** Where the last item starts, and what it is (a name, or one plain word). */
  from: number;
  name: Name | null;
  skipped: number[];
}

/** Most words covered, then fewest names, then fewest skips, then fewest system names, then the longest last name (the head's: "support strut"). */
const better = (a: Step, b: Step) =>
  a.covered !== b.covered
    ? a.covered > b.covered
    : a.terms !== b.terms
      ? a.terms < b.terms
      : a.skips !== b.skips
        ? a.skips < b.skips
        : a.systems !== b.systems
          ? a.systems < b.systems
          : (a.name?.words.length ?? 0) > (b.name?.words.length ?? 0);

/** How many words a name covers in the text (ends, sides, numbers and words it skips do not count). */
function coveredBy(words: readonly string[], start: number, end: number, skipped: readonly number[]): number {
  let n = 0;
  for (let k = start; k <= end; k++) {
    const w = words[k]!;
    if (!skipped.includes(k) && !ENDS.has(w) && !SIDES.has(w) && !isNumber(w)) n++;
  }
  return n;
}

/**
 * A segment's items: the names of the lexicon and the makers' system names that cover most of its words
 * with the fewest names ("front strut mount" is a strut mount, "rear view mirror camera" a camera of the
 * inside mirror), and the words between.
 */
export function itemsOf(vocab: Vocabulary, words: readonly string[]): Item[] {
  const key = words.join(' ');
  const kept = vocab.items.get(key);
  if (kept) return kept;
  const items = segment(vocab, words);
  if (vocab.items.size >= 50_000) vocab.items.delete(vocab.items.keys().next().value!);
  vocab.items.set(key, items);
  return items;
}

function segment(vocab: Vocabulary, words: readonly string[]): Item[] {
  const steps: Step[] = [{ covered: 0, terms: 0, skips: 0, systems: 0, from: -1, name: null, skipped: NONE }];
  let j = 0;
  let top: Step;
  const consider = (name: Name) => {
    const hit = nameMatch(vocab, words, j, name);
    if (!hit) return;
    const before = steps[hit.start]!;
    const option: Step = {
      covered: before.covered + coveredBy(words, hit.start, j, hit.skipped),
      terms: before.terms + 1,
      skips: before.skips + hit.skipped.length,
      systems: before.systems + (name.term.kind === 'system' ? 1 : 0),
      from: hit.start,
      name,
      skipped: hit.skipped,
    };
    if (better(option, top)) top = option;
  };
  for (; j < words.length; j++) {
    const prev = steps[j]!;
    top = { covered: prev.covered, terms: prev.terms, skips: prev.skips, systems: prev.systems, from: j, name: null, skipped: NONE };
    eachNameEndingAt(vocab, words, j, consider);
    steps.push(top);
  }
  const items: Item[] = [];
  for (let at = words.length; at > 0;) {
    const step = steps[at]!;
    if (step.name) {
      // Descriptors and ends skipped inside the name still qualify it.
      for (const k of step.skipped) items.push({ kind: 'word', w: words[k]! });
      items.push({ kind: 'term', term: step.name.term, text: step.name.text });
    } else items.push({ kind: 'word', w: words[step.from]! });
    at = step.from;
  }
  return items.reverse();
}

const isTerm = (it: Item) => it.kind === 'term';
/** A term that names what is worked on: a system, or a part that is not labour. */
const isWorked = (it: Item) => it.kind === 'term' && (it.term.kind === 'system' || !it.term.part.labor);

/** Splits on "&" that is not inside a name; a part without a term lends its words to the next ("front & rear bumper covers"). */
function conjuncts(vocab: Vocabulary, items: Item[]): Item[][] {
  const parts: Item[][] = [[]];
  for (const it of items) {
    if (it.kind === 'word' && it.w === '&') parts.push([]);
    else parts[parts.length - 1]!.push(it);
  }
  const words = (list: Item[]) => list.flatMap((it) => (it.kind === 'term' ? it.text.split(' ') : [it.w]));
  const out: Item[][] = [];
  for (const [i, p] of parts.entries()) {
    if (!p.length) continue;
    const next = parts.slice(i + 1).find((q) => q.some(isTerm));
    if (!p.some(isTerm) && next) {
      // "upper & lower control arm": the first takes the next's part, in place of the next's own qualifiers.
      const lent = words(next);
      const from = lent.findIndex((w) => !skippable(vocab, w));
      out.push(itemsOf(vocab, [...words(p), ...lent.slice(Math.max(0, from))]));
    } else if (p.some(isTerm) && next && p.at(-1)?.kind === 'word' && DESCRIPTORS.has((p.at(-1) as { w: string }).w)) {
      // "steering column upper & lower covers": the first ends on a descriptor, so it takes the next's part.
      const head = next.slice(next.findIndex(isTerm)).filter(isTerm).at(-1);
      out.push(head ? [...p, head] : p);
    } else out.push(p);
  }
  return out;
}

const operationWord = (vocab: Vocabulary, w: string): Operation | null =>
  DESCRIPTION_OPERATIONS.has(w) ? (vocab.operations.get(opKey(w)) ?? null) : null;

interface Built {
  phrases: Phrase[];
  words: string[];
  calibration: string[];
  test: boolean;
  /** Segments saying a part is fine ("cam ok"). */
  fine: string[];
}

/** The phrases of a description's words. */
function structure(vocab: Vocabulary, all: Word[], notes: string[]): Built {
  const seen = all.filter((w) => w.cls !== 'unknown' && w.cls !== 'code').map((w) => w.w);
  const phrases: Phrase[] = [];
  const calibration: string[] = [];
  const fine: string[] = [];
  for (const [i, w] of seen.entries()) {
    // "OK, no adjustment": a procedure the line says was not done is none.
    if (CALIBRATION_WORDS.has(w) && w !== 'alignment' && !WITHOUT_WORDS.has(seen[i - 1] ?? '')) calibration.push(w);
    for (const p of CALIBRATION_PHRASES) if (p.every((x, k) => seen[i + k] === x)) calibration.push(p.join(' '));
  }
  const test = TEST_PHRASES.some((p) => seen.some((_, i) => p.every((x, k) => seen[i + k] === x)));
  // Clauses.
  const clauses: string[][] = [[]];
  for (const w of seen) {
    if (w === ';' || w === ':') clauses.push([]);
    else clauses[clauses.length - 1]!.push(w);
  }
  clauses.forEach((clause, c) => {
    if (!clause.length) return;
    // Asides in brackets.
    const rest: string[] = [];
    const asides: string[][] = [];
    for (let i = 0; i < clause.length; i++) {
      const w = clause[i]!;
      if (w !== '(') {
        if (w !== ')') rest.push(w);
        continue;
      }
      const end = clause.indexOf(')', i);
      // "(Chrome, w/o Camera Hole)": each part of an aside between commas is read on its own.
      let part: string[] = [];
      for (const a of clause.slice(i + 1, end < 0 ? undefined : end)) {
        if (a !== ',') part.push(a);
        else if (part.length) {
          asides.push(part);
          part = [];
        }
      }
      if (part.length) asides.push(part);
      i = end < 0 ? clause.length : end;
    }
    // Segments between commas; "with" and "without" features; why the part is worked on.
    const segments: string[][] = [[]];
    for (const w of rest) {
      if (w === ',') segments.push([]);
      else segments[segments.length - 1]!.push(w);
    }
    const mains: string[][] = [];
    const push = (role: Phrase['role'], words: string[]) => {
      // "R&I front radar and park sensors": an operation word is the work on every part joined after it.
      let shared: Operation | null = null;
      for (const conj of role === 'purpose' ? [itemsOf(vocab, words)] : conjuncts(vocab, itemsOf(vocab, words))) {
        const from = phrases.length;
        // "wndshld HUD type": the windshield, of the head-up display type (a feature, not the part).
        const last = conj.findLastIndex(isTerm);
        const lastTerm = conj[last];
        const part = conj.findLastIndex(
          (it, i) =>
            i < last &&
            it.kind === 'term' &&
            it.term.kind === 'part' &&
            !it.term.part.piece &&
            !it.term.part.rel.sensor.length &&
            !it.term.part.atEnd.front?.sensor.length,
        );
        // "FRT BMPR CVR PDC": a system named after a body part is what the part comes with ("rear bumper side
        // radar sensor" names the sensor itself).
        const featured =
          lastTerm?.kind === 'term' &&
          ((lastTerm.term.kind === 'part' && lastTerm.term.part.piece === 'feature') ||
            (lastTerm.term.kind === 'system' &&
              !SENSOR_NAME_END.test(lastTerm.text) &&
              conj[part]?.kind === 'term' &&
              conj[part].term.kind === 'part' &&
              !conj[part].term.part.labor));
        if (role === 'main' && featured && part >= 0) {
          phrases.push(phraseOf(vocab, role, conj.slice(0, part + 1), c));
          phrases.push(phraseOf(vocab, 'with', conj.slice(part + 1), c));
        } else phrases.push(phraseOf(vocab, role, conj, c));
        const own = phrases[from];
        if (role === 'main' && own) {
          if (own.operation) shared = own.operation;
          else own.operation = shared;
        }
      }
    };
    const wordsOf = (items: Item[]) => items.flatMap((it) => (it.kind === 'term' ? it.text.split(' ') : [it.w]));
    for (const seg of segments) {
      // "LF MIR GLASS ONLY - CAM OK", "camera and glass are fine": a part said to be fine is not worked on
      // ("Radar aim ok" is a procedure's result: a calibration word keeps it).
      const saysFine = FINE_WORDS.has(seg.filter((w) => !isNumber(w)).at(-1) ?? '');
      if (saysFine && itemsOf(vocab, seg).some(isTerm) && !seg.some((w) => CALIBRATION_WORDS.has(w))) {
        notes.push(`“${seg.join(' ')}” says the part is fine; it is not read as worked on.`);
        fine.push(seg.join(' '));
        continue;
      }
      // Names first, so a name holding a joining word stays whole ("add for clear coat").
      let own = itemsOf(vocab, seg);
      // "Front camera - grille mounted": the part before a closing "mounted" is where the sensor is, not a part worked on.
      const closing = seg.filter((w) => !isNumber(w)).at(-1) === 'mounted';
      const mountedAt = closing
        ? own.findLastIndex((it, i) => it.kind === 'word' && it.w === 'mounted' && own[i - 1]?.kind === 'term')
        : -1;
      if (mountedAt > 0) {
        push('place', wordsOf(own.slice(mountedAt - 1, mountedAt)));
        own = [...own.slice(0, mountedAt - 1), ...own.slice(mountedAt + 1)];
      }
      // "windsheild cracked lower rt corner": after the part's condition, what follows says where the damage is.
      const conditionAt = own.findIndex(
        (it, i) =>
          it.kind === 'word' &&
          CONDITIONS.has(it.w) &&
          i > 0 &&
          own.slice(0, i).some(isTerm) &&
          i < own.length - 1 &&
          !wordsOf(own.slice(i + 1)).some((w) => operationWord(vocab, w) != null || CALIBRATION_WORDS.has(w)),
      );
      if (conditionAt > 0) {
        push('place', wordsOf(own.slice(conditionAt + 1)));
        own = own.slice(0, conditionAt + 1);
      }
      // "Frt vw cam in grl": where the part is, read as a place of it.
      const placeAt = own.findIndex((it, i) => it.kind === 'word' && PLACE_WORDS.has(it.w) && i > 0);
      if (placeAt > 0) {
        push('place', wordsOf(own.slice(placeAt + 1)));
        own = own.slice(0, placeAt);
      }
      // A purpose word opens a segment only after the line's first ("… - move to new fascia", "…|F/REFINISH").
      // "Add for PDC sensor brackets": an add-on's "for" names the part the labour is on, not why.
      const addOn = (i: number) => own[i - 1]?.kind === 'word' && (own[i - 1] as { w: string }).w === 'add';
      const purposeAt = own.findIndex(
        (it, i) => it.kind === 'word' && PURPOSE_WORDS.has(it.w) && (i > 0 || mains.length > 0 || c > 0) && !addOn(i),
      );
      if (purposeAt >= 0) {
        const why = wordsOf(own.slice(purposeAt));
        const piecesOnly = own
          .slice(0, purposeAt)
          .every((it) => it.kind !== 'term' || (it.term.kind === 'part' && it.term.part.piece != null));
        if (piecesOnly && own.slice(0, purposeAt).some(isTerm)) {
          // "Holes for park sensors", "Brackets for radar": the pieces are the named part's.
          own = itemsOf(vocab, [...why.slice(1), ...wordsOf(own.slice(0, purposeAt))]);
        } else {
          if (why.length > 1) notes.push(`“${why.join(' ')}” says why the part is worked on; it is not read as a part.`);
          push('purpose', why.slice(1));
          own = own.slice(0, purposeAt);
        }
      }
      // Every "with" and "without" in turn: "w/Sport pkg w/o park sensors".
      const isJoint = (it: Item) => it.kind === 'word' && (WITH_WORDS.has(it.w) || WITHOUT_WORDS.has(it.w));
      for (let jointAt = own.findLastIndex(isJoint); jointAt >= 0; jointAt = own.findLastIndex(isJoint)) {
        const joint = (own[jointAt] as { w: string }).w;
        const tail = wordsOf(own.slice(jointAt + 1));
        if (tail.length) {
          const negated = WITHOUT_WORDS.has(joint);
          if (negated) notes.push(`“${joint === 'non' ? 'non' : 'without'} ${tail.join(' ')}” says what the part does not have.`);
          push(negated ? 'without' : 'with', tail);
        }
        own = own.slice(0, jointAt);
      }
      if (own.length) mains.push(wordsOf(own));
    }
    const [first, ...after] = mains;
    // A segment after a comma with a part and a work of its own is its own statement ("360 camera
    // calibration, mirror replaced"), not a head-first name.
    const ownWork = (seg: string[]) => seg.some((w) => operationWord(vocab, w) != null) && itemsOf(vocab, seg).some(isTerm);
    // "FVC static, SCC radar, SVM, SAS": segments that each name a system or a sensor are a list of them.
    const namesSensor = (seg: string[]) =>
      itemsOf(vocab, seg).some(
        (it) => it.kind === 'term' && (it.term.kind === 'system' || (it.term.part.rel.sensor.length > 0 && !it.term.part.piece)),
      );
    if (first && (after.some(ownWork) || (after.length > 0 && mains.every(namesSensor)))) for (const seg of mains) push('main', seg);
    else if (first && after.length) {
      // Estimating systems print a name head first ("COVER, FRONT BUMPER", "ARM, LOWER CONTROL LH"): what
      // follows a comma is what the part is of or how it is qualified; its qualifiers come first.
      const of = after.reverse().flat();
      const qualifier = (w: string) => skippable(vocab, w);
      const owner = [...of.filter(qualifier), ...of.filter((w) => !qualifier(w))];
      // "GLASS & BACKING PLATE, MIRROR RH": each head joined in the name is the owner's (the mirror's glass and plate).
      // ("REINFORCEMENT S/A" is one head: a sub-assembly.)
      const split = first.reduce<string[][]>((acc, w) => (w === '&' ? [...acc, []] : (acc.at(-1)!.push(w), acc)), [[]]);
      const heads = split.every((h) => h.some((w) => w.length >= 3)) ? split : [first];
      push(
        'main',
        heads.flatMap((h, i) => [...(i ? ['&'] : []), ...owner, ...headFirst(vocab, h)]),
      );
    } else if (first) push('main', headFirst(vocab, first));
    for (const a of asides) {
      if (!a.length) continue;
      if (PURPOSE_WORDS.has(a[0]!)) {
        notes.push(`“${a.join(' ')}” says why the part is worked on; it is not read as a part.`);
        push('purpose', a.slice(1));
      } else if (PLACE_WORDS.has(a[0]!)) push('place', a.slice(1));
      else if (WITHOUT_WORDS.has(a[0]!)) push('without', a.slice(1));
      else if (WITH_WORDS.has(a[0]!)) push('with', a.slice(1));
      else if (!itemsOf(vocab, a).some(isTerm) && a.some((w) => ENDS.has(w) || SIDES.has(w))) {
        // "Radar unit (rear right)": an aside of places only places the clause's parts.
        const place = phraseOf(vocab, 'aside', itemsOf(vocab, a), c);
        for (const [i, p] of phrases.entries())
          if (p.clause === c && p.role === 'main') phrases[i] = { ...p, end: p.end ?? place.end, side: p.side ?? place.side };
      } else push('aside', a);
    }
  });
  return { phrases, words: seen.filter((w) => !STRUCTURE.has(w)), calibration, test, fine };
}

/** Words closing a statement that a part is fine. */
const FINE_WORDS: ReadonlySet<string> = new Set(['ok', 'okay', 'fine', 'good', 'intact', 'undamaged']);

/** Words that say where on the car or on the part a part is. */
const POSITIONS: ReadonlySet<string> = new Set(['upper', 'lower', 'inner', 'outer', 'center', 'centre', 'middle', 'mid', 'top', 'bottom']);
const isPlace = (w: string) => ENDS.has(w) || SIDES.has(w) || POSITIONS.has(w);

/** Words not covered by a name (ends, sides, descriptors and figures aside). */
const uncovered = (vocab: Vocabulary, items: readonly Item[]) =>
  items.filter((it) => it.kind === 'word' && !skippable(vocab, it.w) && !ENDS.has(it.w) && !SIDES.has(it.w)).length;
/** Whether an item names a sensor: a system, a sensor part, or a sensor word ("camera"). */
const namesASensor = (it: Item | undefined) =>
  it?.kind === 'term' &&
  (it.term.kind === 'system' ||
    it.term.part.piece === 'sensor' ||
    [it.term.part.rel, ...Object.values(it.term.part.atEnd)].some((r) => r.sensor.length > 0));
const isPiece = (it: Item | undefined) => it?.kind === 'term' && it.term.kind === 'part' && it.term.part.piece != null;

/**
 * A name printed head first with no comma (Audatex, Qapter: "REINFORCEMENT BUMPER F", "CAMERA REAR VIEW",
 * "EMBLEM RADIATOR GRILLE", "HARNESS FRONT BUMPER"): a name followed by an end word and another name is on
 * that other part; else the first name is put last when that leaves fewer words unread or reads as
 * fewer names, or when the first is a piece and the rest is not (the piece is then the rest's).
 */
function headFirst(vocab: Vocabulary, words: string[]): string[] {
  if (words.length > 8) return words;
  // "RIVIAN badge lftgt", "5 Repl Impact member frt bumper": a make, trim, figure or operation before the name
  // does not change its order.
  const lead = words.findIndex((w) => !vocab.lex.setAside.has(w) && !isNumber(w) && operationWord(vocab, w) == null);
  if (lead > 0) return [...words.slice(0, lead), ...headFirst(vocab, words.slice(lead))];
  // "GRILLE ASSY-RADIATOR" (a parts catalogue's name): "assembly" says nothing of the order, so the name is
  // turned without it, and kept as printed when it does not turn.
  if (words.includes('assembly') && words.length > 2) {
    const bare = words.filter((w) => w !== 'assembly');
    const turned = headFirst(vocab, bare);
    if (turned !== bare) return turned;
  }
  const items = itemsOf(vocab, words);
  const terms = items.filter(isTerm);
  const left = uncovered(vocab, items);
  if (!terms.length) return words;
  // "Camera/Radar Module": a sensor joined to another sensor by "&" is a sensor of its own, not a piece of the other.
  if (namesASensor(items[0]) && items[1]?.kind === 'word' && items[1].w === '&' && namesASensor(items[2])) return words;
  // "Carrier frt bumper": a head word that names a part only after what it is of ("bumper carrier") goes last
  // when it then joins a name.
  if (!isTerm(items[0]!)) {
    if (items[0]!.kind !== 'word' || skippable(vocab, words[0]!)) return words;
    const rotated = [...words.slice(1), words[0]!];
    const read = itemsOf(vocab, rotated);
    return uncovered(vocab, read) < left && read.filter(isTerm).length <= terms.length ? rotated : words;
  }
  // An end word between two names starts where the first is ("Harness front bumper", "Sensor front bumper
  // LH inner"): the first is the part, on the second.
  for (let k = 1; k < words.length - 1; k++) {
    if (!ENDS.has(words[k]!)) continue;
    const head = itemsOf(vocab, words.slice(0, k));
    const tail = itemsOf(vocab, words.slice(k));
    const headLast = head.filter((it) => it.kind !== 'word' || !skippable(vocab, it.w)).at(-1);
    if (!headLast || !isTerm(headLast) || tail[0]?.kind !== 'word' || !tail.some(isTerm)) continue;
    const rotated = [...words.slice(k), ...words.slice(0, k)];
    if (uncovered(vocab, itemsOf(vocab, rotated)) <= left) return rotated;
  }
  if (terms.length < 2 && !left) return words;
  for (let k = 1; k < words.length; k++) {
    const head = itemsOf(vocab, words.slice(0, k));
    if (head.length !== 1 || !isTerm(head[0]!)) continue;
    // Where the part is, printed after its qualifier ("GRILLE RAD UPR"), may go before it: "upper radiator
    // grille" (but "OUTSIDE RR VIEW" stays a name: the order that reads as fewer names wins).
    const tail = words.slice(k);
    const plain = [...tail, ...words.slice(0, k)];
    const placed = [...tail.filter(isPlace), ...tail.filter((w) => !isPlace(w)), ...words.slice(0, k)];
    const cost = (ws: string[]) => {
      const r = itemsOf(vocab, ws);
      return uncovered(vocab, r) * 100 + r.filter(isTerm).length;
    };
    const rotated = cost(placed) < cost(plain) ? placed : plain;
    const read = itemsOf(vocab, rotated);
    const readTerms = read.filter(isTerm);
    const readLeft = uncovered(vocab, read);
    if (readLeft > left) return words;
    if (readLeft < left || readTerms.length < terms.length) return rotated;
    if (readTerms.length === terms.length && isPiece(head[0]) && !isPiece(terms[terms.length - 1])) return rotated;
    return words;
  }
  return words;
}

function phraseOf(vocab: Vocabulary, role: Phrase['role'], items: Item[], clause: number): Phrase {
  let end: End | null = null;
  let side: Side | null = null;
  let operation: Operation | null = null;
  const kept: Item[] = [];
  for (const it of items) {
    // "Blend RH fender", "Add'l labor mask PDC sensors": a one-word labour name (blend, mask) before a part is
    // the part's operation, after other labour names too.
    const at = items.indexOf(it);
    if (
      it.kind === 'term' &&
      it.term.kind === 'part' &&
      it.term.part.labor &&
      !items.slice(0, at).some(isWorked) &&
      items.slice(at + 1).some(isWorked)
    ) {
      const op = operationWord(vocab, it.text);
      if (op) {
        operation ??= op;
        continue;
      }
    }
    if (it.kind === 'word') {
      const op = operationWord(vocab, it.w);
      if (op) {
        operation ??= op;
        continue;
      }
      if (ENDS.has(it.w)) end ??= it.w as End;
      if (it.w === 'left' || it.w === 'right') side ??= it.w;
      // In the United States the driver sits on the left, the passenger on the right.
      if (it.w === 'driver' || it.w === 'passenger') side ??= it.w === 'driver' ? 'left' : 'right';
    }
    kept.push(it);
  }
  const source = kept.flatMap((it) => (it.kind === 'term' ? it.text.split(' ') : [it.w]));
  const words = kept
    .map((it) => (it.kind === 'term' ? it.text : it.w))
    .filter((w) => !SIDES.has(w) && w !== '&' && !vocab.lex.setAside.has(w) && !isNumber(w));
  return { role, items: kept, words, source, end, side, operation, clause };
}

// ── sections and lines ─────────────────────────────────────────────────────────────────────────────
export function readSection(vocab: Vocabulary, text: string): SectionReading {
  const kept = vocab.sections.get(text);
  if (kept) return kept;
  const read = sectionOf(vocab, text);
  if (vocab.sections.size >= 2_000) vocab.sections.delete(vocab.sections.keys().next().value!);
  vocab.sections.set(text, read);
  return read;
}

function sectionOf(vocab: Vocabulary, text: string): SectionReading {
  const { words } = readWords(vocab, text, []);
  const kept = words.filter((w) => !(w.cls === 'word' && NEUTRAL_SECTION_WORDS.has(w.w)));
  const built = structure(vocab, kept, []);
  const all = words.filter((w) => w.cls === 'word').map((w) => w.w);
  const phrases = built.phrases.filter((p) => p.role === 'main' && p.items.some(isTerm));
  // "FRONT DOOR": the end word places a door (a part of the side), not the vehicle's end.
  const onSide = phrases.some((p) => p.items.some((i) => i.kind === 'term' && i.term.kind === 'part' && i.term.part.zone === 'side'));
  return {
    text,
    phrases,
    end: onSide ? null : ((all.find((w) => ENDS.has(w)) as End | undefined) ?? null),
    procedures: all.some((w) => PROCEDURE_SECTION_WORDS.has(w)),
    vehicle: all.length > 0 && all.every((w) => VEHICLE_SECTION_WORDS.has(w)),
    known: all.length > 0,
  };
}

/** The operation column read: the operation, or null with what was not understood. */
export function readOperation(vocab: Vocabulary, written: string): { operation: Operation | null; unknown: string | null } {
  const code = opKey(written);
  if (!code) return { operation: null, unknown: null };
  const hit = vocab.operations.get(code) ?? vocab.operations.get(code.replace(/\.$/, ''));
  if (hit) return { operation: hit, unknown: null };
  // "Remove / Install" written with other spacing or words, or a code with a flag after it ("Repl PA").
  const words = written
    .toLowerCase()
    .split(/[\s]+/)
    .filter((w) => w && w !== '&');
  const joined = vocab.operations.get(words.join('')) ?? vocab.operations.get(words.join('/')) ?? vocab.operations.get(words.join('&'));
  return joined ? { operation: joined, unknown: null } : { operation: null, unknown: written.trim() };
}

/** The operation column of a line: a code, or a code with a short flag after it that is no word the scrub knows ("Repl PA"). */
function readOperationColumn(vocab: Vocabulary, written: string): { operation: Operation | null; unknown: string | null } {
  const read = readOperation(vocab, written);
  if (read.operation || !read.unknown) return read;
  // "OP11": a CIECA labour-operation code (an EMS or BMS export pasted as it is) is the operation it codes.
  const coded = LABOUR_OPERATIONS[written.trim().toUpperCase()];
  if (coded?.printed) {
    const named = readOperation(vocab, coded.printed);
    if (named.operation) return named;
  }
  // "S01 Repl", "S2 R&I": a supplement's number before the operation (CCC ONE, Mitchell) says when, not what.
  const supplement = /^(?:s|supp?l?)\s*\d{1,2}\s+(\S.*)$/i.exec(written.trim());
  if (supplement) {
    const after = readOperationColumn(vocab, supplement[1]!);
    if (after.operation) return after;
  }
  const [code = '', flag = '', ...more] = written.toLowerCase().split(/\s+/);
  const first =
    !more.length && flag.length <= 3 && !vocab.known.has(flag) && !vocab.single.has(flag) ? vocab.operations.get(opKey(code)) : undefined;
  return first ? { operation: first, unknown: null } : read;
}

export interface EstimateLineInput {
  operation: string;
  description: string;
  section?: string;
}

/**
 * Reads one estimate line. The operation column wins; a sublet, additional labor or missing operation
 * takes the operation its description names ("Subl | Windshield replacement" is a replacement).
 */
export function readLine(given: EstimateLineInput, vocab: Vocabulary): LineReading {
  const line = unpackRecord(given);
  const key = `${line.operation ?? ''}\u0000${line.section ?? ''}\u0000${line.description ?? ''}`;
  const kept = vocab.readings.get(key);
  if (kept) return kept;
  const read = lineOf(line, vocab);
  if (vocab.readings.size >= 20_000) vocab.readings.delete(vocab.readings.keys().next().value!);
  vocab.readings.set(key, read);
  return read;
}

/**
 * A record's fields that are marks, not text: CIECA's part-type and labour-type codes (*PAN*, *LAB*), a sublet's
 * *SUB*, a unit (*EA*), and a part number's *EXISTING* (the part is reused).
 */
const RECORD_MARKS: ReadonlySet<string> = new Set([...Object.keys(PART_TYPES), ...Object.keys(LABOUR_TYPES), 'SUB', 'EA', 'EXISTING']);

/**
 * A CIECA EMS line record pasted whole as the description ("LIN|2|OP11|FRT BUMPER|Grille, radiator …|A2548880300|1|845.00"):
 * its labour-operation code is the operation, and of the text fields after it (part numbers and figures aside) the
 * first is the section when two follow, the next the description. The line's own columns win where they are filled.
 */
function unpackRecord(line: EstimateLineInput): EstimateLineInput {
  const fields = (line.description ?? '').split('|').map((f) => f.trim());
  const at = fields.length >= 3 ? fields.findIndex((f) => LABOUR_OPERATIONS[f.toUpperCase()] != null) : -1;
  if (at < 0) return line;
  const texts = fields
    .slice(at + 1)
    .filter((f) => /[a-z]{2}/i.test(f) && !/^[a-z0-9-]*\d[a-z0-9-]*$/i.test(f) && !RECORD_MARKS.has(f.toUpperCase()));
  if (!texts.length) return line;
  const [section, description] = texts.length > 1 ? [texts[0]!, texts[1]!] : [line.section ?? '', texts[0]!];
  return {
    operation: line.operation?.trim() ? line.operation : fields[at]!,
    section: line.section?.trim() ? line.section : section,
    description,
  };
}

function lineOf(line: EstimateLineInput, vocab: Vocabulary): LineReading {
  const column = readOperationColumn(vocab, line.operation ?? '');
  const section = readSection(vocab, line.section ?? '');
  const notes: string[] = [];
  const read = readWords(vocab, line.description ?? '', notes);
  const built = structure(vocab, read.words, notes);
  // "Rear toe check & adjust", "radar check/adjust": a check with an adjustment is the adjustment (an alignment).
  if (built.calibration.some((c) => c === 'adjust' || c === 'adjustment'))
    for (const p of built.phrases) if (p.operation === 'check') p.operation = 'align';
  const described = built.phrases.find((p) => p.role === 'main' && p.operation)?.operation ?? null;
  let operation = column.operation;
  if (described && (operation == null || operation === 'sublet' || operation === 'labor')) {
    if (operation) notes.push(`A ${OPERATION_NAMES[operation]} line: its description says ${OPERATION_NAMES[described]}.`);
    else if (!column.unknown) notes.push(`No operation given: the description says ${OPERATION_NAMES[described]}.`);
    operation = described;
  }
  const operationNote = !column.unknown
    ? null
    : described
      ? `The operation “${column.unknown}” is not one the scrub knows; the description says ${OPERATION_NAMES[described]}.`
      : `The operation “${column.unknown}” is not one the scrub knows.`;
  if (line.section?.trim() && !section.known)
    notes.push(`The section “${line.section.trim()}” holds no word the scrub knows; it is not used.`);
  for (const e of read.expansions) notes.push(`${e.word} → ${e.to}`);
  if (read.setAside.length) notes.push(`Set aside (not parts): ${read.setAside.map((s) => `${s.word} (${s.kind})`).join(', ')}.`);
  if (read.unknown.length) notes.push(`Not known, set aside: ${read.unknown.join(', ')}.`);
  // A scan report's finding ("AVM: camera calibration not done") says the calibration is due, whatever
  // words of a denial it holds; else a desk review's verdict may stand in the operation column ("Denied").
  const plain = plainText(line.description ?? '', []);
  const found = scanLine(line) ? FINDING.exec(plain) : null;
  // "no calibration required": a finding said not to be is none.
  const finding = found && !/\bno\s+(?:[a-z]+\s+){0,2}$/.test(plain.slice(0, found.index)) ? found[0] : null;
  // Denials are also read in the words as the reader expanded them ("no dmg": no damage).
  const expanded = read.words.map((w) => w.w).join(' ');
  // "Repl ICC radar - ADJUSTED to R&I, housing not damaged": a review that changes the work keeps it, as the
  // work it names; its reason is no denial.
  const revisedTo = REVISED.exec(plain)?.[1];
  const revised = revisedTo ? readOperation(vocab, revisedTo).operation : null;
  if (revised) {
    notes.push(`The line's work was changed to ${OPERATION_NAMES[revised]} (“${revisedTo}”): read as ${OPERATION_NAMES[revised]}.`);
    operation = revised;
    for (const p of built.phrases) if (p.operation) p.operation = revised;
  }
  // "SAS reset - DENIED as separate charge, included in Ln 18": the work is done, within another line's.
  const included = /\b(?:included|incl\.?) (?:in|with)\b/.test(plain);
  // "Front camera calibration (windshield not replaced)": an aside's denial of another part is no denial of the
  // calibration the line is.
  const outsideAsides = (text: string) => (built.calibration.length ? text.replace(/\([^)]*\)/g, ' ') : text);
  const said = outsideAsides(plain);
  // "emblm frt - scuff, leave": the part is left as it is.
  const left = /(?:^|[,;]\s*)leave(?: (?:as is|alone|it))?\s*$/.test(plain.trim());
  // "frt radar bracket DENIED … - R&I radar only allowed": a lesser work allowed instead is still work.
  const allowedInstead = /\bonly (?:allowed|approved)\b|\b(?:allowed|approved) instead\b|\bin lieu\b/.test(plain);
  const denied =
    finding || revised || included || allowedInstead
      ? null
      : (DENIED.exec(said)?.[0] ??
        (left ? 'leave' : null) ??
        DENIED.exec(outsideAsides(expanded))?.[0] ??
        DENIED.exec(plainText(line.operation ?? '', []))?.[0] ??
        // "fsc cam on wndshld ok, glass ok": every part the line names is said to be fine.
        (built.fine.length && !built.phrases.some((p) => p.items.some(isTerm)) ? built.fine.join(', ') : null) ??
        null);
  const descEnd = built.phrases.find((p) => p.role === 'main' && p.end)?.end ?? null;
  const end = descEnd ?? section.end;
  const side = built.phrases.find((p) => p.side)?.side ?? null;
  let unread: string | null = null;
  const text = (line.description ?? '').trim();
  const named = built.phrases.some((p) => p.items.some(isTerm));
  if (!named && !built.calibration.length && !built.fine.length) {
    unread = !text
      ? 'The line has no description.'
      : read.unknown.length
        ? `No word of it is one the scrub knows: ${read.unknown.join(', ')}.`
        : /[a-z]/i.test(text)
          ? `“${text}” names no part: only ${describeLeftovers(read.words)}.`
          : `“${text}” has no words, only numbers or signs.`;
  }
  return {
    operation,
    operationNote,
    phrases: built.phrases,
    section,
    end,
    endFrom: descEnd ? 'description' : section.end ? 'section' : null,
    side,
    words: built.words,
    calibration: built.calibration,
    test: built.test || /\b(?:road test|test drive|drive test)\b/.test(plainText(line.operation ?? '', [])),
    denied,
    finding,
    describesVehicle: section.vehicle || DESCRIBES_VEHICLE.test(plainText(line.description ?? '', [])),
    statesTerms: !column.operation && STATES_TERMS.test(plain.trim()),
    pastCode: scanLine(line) && !finding ? (PAST_CODE.exec(plain)?.[0] ?? null) : null,
    networkFault:
      scanLine(line) && !finding ? (NETWORK_FAULT.exec(plain)?.[0].replace(/^u[0-9a-f-]+$/, (c) => c.toUpperCase()) ?? null) : null,
    notes,
    expansions: read.expansions,
    setAside: read.setAside,
    unknown: read.unknown,
    unread,
  };
}

/** A scan report's finding that a calibration is due. */
const FINDING =
  /\b(?:(?:calibration|aiming|aim|alignment|adjustment|initiali[sz]ation|teach-in|learning|zero point)\s+(?:not (?:done|performed|completed?|adjusted|learned|learnt|stored)|incomplete|missing|failed|required)|not calibrated|missing calibration|uncalibrated|misaligned|mis-?alignment|out of (?:alignment|adjustment)|neutral position not (?:adjusted|set|learned))\b/;

/** A module's network fault in a scan report: its messages were not received, nothing is out of calibration. */
const NETWORK_FAULT =
  /\b(?:lost communication|loss of communication|no communication|lost comm|invalid data received|u[0-9a-f]{4}(?:-[0-9a-f]{2})?)\b/;

/** A scan report's mark that a code is past, not current. */
const PAST_CODE = /\b(?:history|historic|cleared|inactive)\b/;

/** A line of a scan report: a fault code in it, or a scan in its operation or section. */
const scanLine = (line: EstimateLineInput) =>
  /\b[bcpu][0-9a-f]{4}\b|\b(?:pre|post)-?scan\b|\bdtcs?\b/i.test(line.description ?? '') ||
  /\b(?:scans?|dtcs?)\b|pre-?scan|post-?scan/i.test(`${line.operation ?? ''} ${line.section ?? ''}`);

/** Sensor words a name may be written before by initials ("sv cam"). */
const INITIALLED = new Set(['camera', 'radar', 'sensor']);

/** A shop's terms, not work (in a line with no operation): a warranty and what voids it, a disclaimer ("Warranty 6 mo … void if windshield replaced"). */
const STATES_TERMS =
  /^(?:\S+\s+)?warrant(?:y|ies)\b|\bvoid if\b|\bnot covered\b|\bdisclaimer\b|\b(?:price|cost|rate) adjustment\b|\b(?:supplier|vendor|parts?) credit\b/;

/** A vehicle's description: its options or equipment listed ("Options: Smart Cruise Control, …"). */
const DESCRIBES_VEHICLE = /\b(?:options?|equipment|equipped with|features)\s*:/;

/**
 * Words saying the work is not done or nothing needs it: a desk review's "not required", "denied", "glass
 * not replaced"; a teardown note's "camera not disturbed", "not equipped", "no damage"; a scan report's
 * "No DTCs".
 */
/** A procedure quoted from a tool's printout ('Front Camera Optical Axis Learning - Completed'): read as written. */
const QUOTED_PROCEDURE = /\b(?:calibrat\w*|aim\w*|learning|learned|initiali[sz]\w*|zero point|adjust\w*|reset)\b/i;

/** The last word of a sensor's name: a system's name ending so names the sensor, not a feature. */
const SENSOR_NAME_END = /\b(?:sensors?|radars?|cameras?|cams?|sonars?|modules?|units?)$/;

/** A review's change of the work: "adjusted to R&I", "changed to repair". */
const REVISED =
  /\b(?:adjusted|changed|reduced|revised|amended|corrected|downgraded?|upgraded?|converted|lowered)\s+(?:(?:r&i|r&r|r\/i|r\/r|[a-z]+)\s+)?to\s+(r&i|r&r|r\/i|r\/r|[a-z]+)/;

const DENIED =
  /\b(?:not (?:required|req'?d|needed|necessary|performed|replaced|removed|done|applicable|approved|allowed|warranted|disturbed|touche?d|affected|damaged|dmgd|equipped|included)|no work|did(?:n'?t| not) (?:touch|remove|replace|disturb)\w*|untouched|return(?:ed)? credit|credit memo|core return|returned part|n\/a|deny|denied|delete|deleted|declined?|waived?|refused|disallowed?|n\/r|no (?:[a-z]+ ){0,3}calibrations? (?:required|req'?d|needed|necessary)|no (?:dtcs?|codes?|faults?|fault codes?|(?:visible |apparent )?(?:damage|dmg)))\b/;

/** What a line without a part holds, in words ("an operation, a side or a number"). */
function describeLeftovers(words: Word[]): string {
  const kinds = new Set<string>();
  for (const w of words) {
    if (w.cls === 'set-aside') kinds.add('words that are not parts');
    else if (w.cls === 'code' || w.cls === 'number') kinds.add('numbers or codes');
    else if (w.cls === 'word' && SIDES.has(w.w)) kinds.add('a side');
    else if (w.cls === 'word' && (DESCRIPTION_OPERATIONS.has(w.w) || OPERATION_CODES[w.w])) kinds.add('an operation');
    else if (w.cls === 'word') kinds.add('descriptive words');
  }
  return [...kinds].join(', ') || 'signs';
}

/** The words a phrase is shown as. */
export const phraseText = (p: Phrase) => p.words.join(' ');
