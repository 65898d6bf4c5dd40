/**
 * The estimate-line normaliser (docs/scrub.md "The normaliser"): one reading of a line for every source —
 * BMS XML, CSV and lines typed or pasted on the job. Plain code, client-safe.
 *
 *   const vocab = compileVocabulary(firmTerms, knownWords);
 *   readLine({ operation: 'Repl', description: 'COVER, FRONT BUMPER', section: 'FRONT BUMPER' }, vocab);
 *   // → operation 'replace', phrases [{ words: ['front', 'bumper', 'cover'], head: 'cover', mods: ['bumper'], zone: 'front' }]
 *
 * Reading a description: lower case; "w/" and "w/o"; words made singular; abbreviations, other names and
 * misspellings from the vocabulary (the longest written form first); a word the vocabulary does not know
 * that is one letter away from exactly one it knows is read as that word (and the line says so); what
 * follows "for", "by", "to"… says why, not what, and is set aside; operation words ("repl", "R&I",
 * "replacement") are taken out as the line's operation; side markers (LT, RH, L&R…) are set aside; comma
 * names are put back in reading order ("COVER, FRONT BUMPER" is "front bumper cover"); "w/ X" and "(X)" are
 * read as parts of their own; "&", "and" and "/" join parts ("upper & lower control arm" is two arms). Each
 * part name ends in its head word ("cover"); the words before it are its modifiers, front and rear its end.
 * A bare alignment, or one of the wheels, is the wheel alignment; an alignment of anything else is not.
 */
import {
  CONJUNCTIONS,
  DESCRIPTION_OPERATIONS,
  DESCRIPTORS,
  GENERIC_WORDS,
  NEUTRAL_SECTION_WORDS,
  OPERATION_CODES,
  PURPOSE_WORDS,
  SIDES,
  TERMS,
  WHEEL_ALIGNMENT_WORDS,
  WITH_WORDS,
  WITHOUT_WORDS,
  ZONES,
  CALIBRATION_WORDS,
  SENSOR_WORDS,
  OPERATIONS,
  OPERATION_NAMES,
  type Operation,
} from './vocabulary';

export type Zone = 'front' | 'rear';

/** A firm's own entry of the vocabulary (Configuration → Estimate terms). */
export interface TermEntry {
  written: string;
  meaning: string;
  kind: 'term' | 'operation';
}

export interface Vocabulary {
  single: Map<string, string[]>;
  /** Multi-word written forms by their first word, longest first. */
  phrases: Map<string, { written: string[]; meaning: string[] }[]>;
  operations: Map<string, Operation>;
  known: Set<string>;
  /** Every known word with one letter left out, to find a misspelt word's one candidate. */
  deletes: Map<string, string[]>;
  /** Misspellings already looked up (null: none found). */
  corrections: Map<string, string | null>;
}

/** One part a line names. */
export interface Phrase {
  /** The words matched: a "with" part's are read after its part's ("mirror assy w/ camera": mirror camera). */
  words: string[];
  /** The words the line gives this phrase itself (shown). */
  own: string[];
  head: string;
  /** The nouns before the head (no descriptors, ends or sides). */
  mods: string[];
  /** Front or rear, when the phrase says. */
  zone: Zone | null;
  /** main: the line's part; with: "w/ camera"; aside: "(radar cover)". */
  kind: 'main' | 'with' | 'aside';
  /** The words of the part a "with" or aside phrase belongs to. */
  context: string[];
}

export interface SectionReading {
  text: string;
  /** The section's parts ("FRONT BUMPER & GRILLE": [front bumper], [grille]), without words that name no part. */
  parts: string[][];
  words: Set<string>;
  zone: Zone | null;
  /** Whether any of its words is one the scrub knows. */
  known: boolean;
}

export interface LineReading {
  /** The operation read, or null when none was given or it is not known (then `operationNote` says so). */
  operation: Operation | null;
  operationNote: string | null;
  phrases: Phrase[];
  /** Front or rear, from the description, else the section. */
  zone: Zone | null;
  zoneFrom: 'description' | 'section' | null;
  section: SectionReading;
  /** Every word of the description as read (for exclusions). */
  words: string[];
  /** How the line was read, in words (misspellings, purposes set aside, an unknown operation…). */
  notes: string[];
  /** Why the line could not be read at all, or null. */
  unread: string | null;
}

// ── words ──────────────────────────────────────────────────────────────────────────────────────────
const NOT_PLURAL = new Set([
  'lens',
  'series',
  'chassis',
  'axis',
  'radius',
  'bias',
  'gas',
  'sas',
  'tpms',
  'abs',
  'blis',
  'srs',
  'pass',
  'glass',
  'brass',
  'canvas',
  'status',
  'plus',
  'less',
  'bus',
  'cross',
]);

/** One word's singular form: "sensors" → "sensor", "assemblies" → "assembly", "glasses" → "glass". */
export function singular(word: string): string {
  if (word.length <= 3 || NOT_PLURAL.has(word) || /\d/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh|zz)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1);
  return word;
}

const TOKEN = /[a-z0-9]+(?:['&/+.-][a-z0-9]+)*|[&/+,;:()]/g;
const STRUCTURE = new Set([',', ';', ':', '(', ')', '&']);
const isNumber = (w: string) => /^\d+(\.\d+)?$/.test(w);
/** A part number, code or quantity: letters and digits mixed ("52119-0r903", "a01", "3.5hrs", "12v"); never a part's name. */
const isCode = (w: string) => /\d/.test(w) && /[a-z]/.test(w);
const isNoun = (w: string) => !STRUCTURE.has(w) && !DESCRIPTORS.has(w) && !ZONES.has(w) && !SIDES.has(w) && !isNumber(w) && !isCode(w);

/** The raw tokens of a text: lower case, accents and typographic quotes and dashes made plain, "w/" and "w/o" as words. */
function rawTokens(text: string): string[] {
  const t = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'")
    .replace(/[\u2010-\u2015]/g, '-')
    // What is written on a part ("H" emblem, nameplate "ODYSSEY") is not a part; a lone inch mark (18") stays.
    .replace(/"[^"\n]*"/g, ' ')
    // Hours and quantities printed after the description ("2.5 hrs", "1 ea"), which are no part.
    .replace(/\b\d+(?:\.\d+)?\s*(?:hrs?|hours?|ea|each|pcs?|qty)\b/g, ' ')
    .replace(/\bw\/o\b/g, ' without ')
    .replace(/\bw\/(?!(?:s|shield|sh|sld)\b)/g, ' with ');
  return t.match(TOKEN) ?? [];
}

/** The words of one raw token: the vocabulary's meaning, else its pieces ("mount/balance": mount & balance). */
function tokenWords(vocab: Pick<Vocabulary, 'single'> & Partial<Pick<Vocabulary, 'operations'>>, raw: string): string[] {
  if (raw === '&' || raw === '/' || raw === '+') return ['&'];
  if (STRUCTURE.has(raw)) return [raw];
  const tok = raw.replace(/'s$/, '');
  // An operation code ("r&i", "o/h") stays one word.
  if (/[&/+]/.test(tok) && vocab.operations?.has(tok) && !vocab.single.has(tok)) return [tok];
  const hit = vocab.single.get(tok) ?? vocab.single.get(singular(tok));
  if (hit) return hit;
  if (!/['&/+.-]/.test(tok)) return [singular(tok)];
  // A part number or a quantity ("04711-THR-A90ZZ", "3.5hrs", "2.5"): one code or number, not its pieces
  // ("thr" is no part, "2" of "2.5" is no "two").
  if (/\d/.test(tok) && !/[&/+]/.test(tok) && (/[a-z]/.test(tok) || isNumber(tok))) return [tok];
  const out: string[] = [];
  for (const piece of tok.split(/([&/+])|['.-]/)) {
    if (!piece) continue;
    if (piece === '&' || piece === '/' || piece === '+') out.push('&');
    else out.push(...(vocab.single.get(piece) ?? vocab.single.get(singular(piece)) ?? [singular(piece)]));
  }
  return out;
}

/** Words of a text with single-word terms only (how written forms and meanings are compared). */
const plainWords = (vocab: Pick<Vocabulary, 'single'>, text: string) => rawTokens(text).flatMap((t) => tokenWords(vocab, t));

// ── the vocabulary ─────────────────────────────────────────────────────────────────────────────────
const opKey = (code: string) =>
  code
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'")
    .replace(/\s+/g, '');

/**
 * The vocabulary: the built-in terms and operation codes, then the firm's (which win), and the words the
 * knowledge base uses (so a misspelling of them is recognised).
 */
export function compileVocabulary(extra: readonly TermEntry[] = [], knownWords: Iterable<string> = []): Vocabulary {
  const single = new Map<string, string[]>();
  const operations = new Map<string, Operation>(Object.entries(OPERATION_CODES));
  const entries: (readonly [string, string])[] = [...TERMS];
  for (const e of extra) {
    if (e.kind === 'operation') {
      if ((OPERATIONS as readonly string[]).includes(e.meaning)) operations.set(opKey(e.written), e.meaning as Operation);
    } else entries.push([e.written, e.meaning]);
  }
  // Single words first (their meanings use no other term), then phrases read with them.
  const bare = { single: new Map<string, string[]>() };
  for (const [written, meaning] of entries) {
    const [only, ...more] = rawTokens(written);
    if (only !== undefined && !more.length && !STRUCTURE.has(only))
      single.set(
        only.replace(/'s$/, ''),
        rawTokens(meaning).map((m) => (STRUCTURE.has(m) ? m : m.replace(/'s$/, ''))),
      );
  }
  for (const [k, v] of single) bare.single.set(k, v.map(singular));
  for (const [k, v] of bare.single) single.set(k, v);
  const phrases = new Map<string, { written: string[]; meaning: string[] }[]>();
  const byWritten = new Map<string, { written: string[]; meaning: string[] }>();
  for (const [written, meaning] of entries) {
    const w = plainWords({ single }, written);
    if (w.length < 2) continue;
    byWritten.set(w.join(' '), { written: w, meaning: plainWords({ single }, meaning) });
  }
  for (const p of byWritten.values()) {
    const [first = ''] = p.written; // every phrase has two words or more (above)
    const list = phrases.get(first) ?? [];
    list.push(p);
    phrases.set(first, list);
  }
  for (const list of phrases.values()) list.sort((a, b) => b.written.length - a.written.length);

  const known = new Set<string>();
  const add = (w: string) => {
    if (w && !STRUCTURE.has(w)) known.add(w);
  };
  for (const [k, v] of single) {
    add(k);
    v.forEach(add);
  }
  for (const p of byWritten.values()) {
    p.written.forEach(add);
    p.meaning.forEach(add);
  }
  for (const set of [
    DESCRIPTORS,
    ZONES,
    SIDES,
    SENSOR_WORDS,
    CALIBRATION_WORDS,
    WHEEL_ALIGNMENT_WORDS,
    WITH_WORDS,
    WITHOUT_WORDS,
    PURPOSE_WORDS,
    NEUTRAL_SECTION_WORDS,
    DESCRIPTION_OPERATIONS,
    GENERIC_WORDS,
    COMMON_WORDS,
  ])
    for (const w of set) add(w);
  for (const w of knownWords) for (const p of plainWords({ single }, w)) add(p);
  const deletes = new Map<string, string[]>();
  for (const w of known) {
    if (w.length < 4 || !/^[a-z]+$/.test(w)) continue;
    for (let i = 0; i < w.length; i++) {
      const d = w.slice(0, i) + w.slice(i + 1);
      const list = deletes.get(d) ?? [];
      if (!list.includes(w)) list.push(w);
      deletes.set(d, list);
    }
  }
  return { single, phrases, operations, known, deletes, corrections: new Map() };
}

/** Everyday estimate words that are not in the knowledge base's rules, so they are never "corrected" into one. */
const COMMON_WORDS: ReadonlySet<string> = new Set(
  `hood fender door roof lamp light glass molding trim liner hinge latch handle strip seal weatherstrip wiper washer nozzle spoiler valance apron rail pillar rocker panel floor tire wheel rim
   brake rotor caliper pad hub bearing axle shaft spring shock absorber bar link bushing mount hose pump radiator condenser fan support frame unibody cowl grille cover bumper fender lock
   actuator motor switch harness wire wiring connector clip bolt nut screw rivet fastener tape adhesive primer sealer paint clear coat color tint blend buff sand mask masking clean detail
   hazardous waste disposal corrosion protection cavity wax flex additive setup measure scan diagnostic test drive tow towing rental storage battery charge coolant refrigerant oil filter
   labor vendor glass windshield mirror camera sensor radar bracket retainer insulator deflector shutter duct splash shield skid plate step pad reflector license plate tow hook eye cap
   spare jack emblem nameplate stripe decal applique garnish finisher extension filler fuel gas strut lift tailgate liftgate trunk quarter wheelhouse inner outer upper lower headliner
   visor console dash instrument glove airbag belt seat carpet knuckle control tie rod gear column steering truck cab bed hitch tailpipe exhaust muffler
   pan floor rail running board mud flap guard antenna radio speaker horn fuse relay computer module key sunroof moonroof bulb lens socket plug cable
   wire strap striker check valve stem lug cap label sticker placard manual charge freon evacuate recharge parts shop supplies rental storage towing
   frame unibody measure pull straighten weld seam sealer undercoat cavity foam insulation sound deadener heater defogger defroster`.split(
    /\s+/,
  ),
);

function damerau1(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The one known word a misspelt word is a letter away from, or null. */
function correction(vocab: Vocabulary, word: string): string | null {
  if (word.length < 5 || vocab.known.has(word) || !/^[a-z]+$/.test(word)) return null;
  const kept = vocab.corrections.get(word);
  if (kept !== undefined) return kept;
  const found = lookAround(vocab, word);
  if (vocab.corrections.size < 10_000) vocab.corrections.set(word, found);
  return found;
}

function lookAround(vocab: Vocabulary, word: string): string | null {
  const found = new Set<string>();
  const consider = (c: string) => {
    if (damerau1(word, c)) found.add(c);
  };
  for (const c of vocab.deletes.get(word) ?? []) consider(c);
  for (let i = 0; i < word.length; i++) {
    const d = word.slice(0, i) + word.slice(i + 1);
    if (vocab.known.has(d)) consider(d);
    for (const c of vocab.deletes.get(d) ?? []) consider(c);
  }
  const [only, ...more] = found;
  return only !== undefined && !more.length ? only : null;
}

/** Multi-word terms, longest first, left to right; then repeated words once ("steering column column"). */
function applyPhrases(vocab: Vocabulary, words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    const word = words[i];
    if (word === undefined) break;
    const candidates = vocab.phrases.get(word);
    const hit = candidates?.find((p) => p.written.every((w, k) => words[i + k] === w));
    if (hit) {
      out.push(...hit.meaning);
      i += hit.written.length;
    } else {
      out.push(word);
      i++;
    }
  }
  return out.filter((w, i) => w !== out[i - 1] || STRUCTURE.has(w));
}

/** The words of a text as the scrub reads them, and the misspellings it corrected. */
export function readWords(vocab: Vocabulary, text: string): { words: string[]; corrected: [string, string][] } {
  const corrected: [string, string][] = [];
  const words = rawTokens(text)
    .flatMap((t) => tokenWords(vocab, t))
    .map((w) => {
      const c = correction(vocab, w);
      if (!c) return w;
      corrected.push([w, c]);
      const [meaning, ...more] = vocab.single.get(c) ?? [];
      return meaning && !more.length ? meaning : c;
    });
  return { words: applyPhrases(vocab, words), corrected };
}

// ── phrases ────────────────────────────────────────────────────────────────────────────────────────
/** A part name from its words: head (the last noun), modifiers and end; null when it names no noun. */
export function phraseOf(words: string[], kind: Phrase['kind'] = 'main', context: string[] = [], own: string[] = words): Phrase | null {
  const keep = (w: string) => !STRUCTURE.has(w) && !SIDES.has(w) && !isCode(w) && !(isNumber(w) && w.length > 1);
  const clean = words.filter(keep);
  const nouns = clean.filter(isNoun);
  const head = nouns.at(-1);
  if (head === undefined) return null;
  const zone = (clean.find((w) => ZONES.has(w)) as Zone | undefined) ?? null;
  return { words: clean, own: own.filter(keep), head, mods: nouns.slice(0, -1), zone, kind, context };
}

/** "Four wheel alignment", "Front end alignment" and a bare "Alignment" are the wheel alignment; an alignment of a hood is not. */
function wheelAlignment(words: string[]): string[] {
  if (!words.includes('alignment')) return words;
  const objects = words.filter((w) => w !== 'alignment' && isNoun(w) && !CALIBRATION_WORDS.has(w));
  return objects.every((w) => WHEEL_ALIGNMENT_WORDS.has(w)) ? ['wheel', 'alignment'] : words;
}

/** Splits on a conjunction, a part without a noun lending its words to the next ("front & rear bumper cover"). */
function conjuncts(words: string[]): string[][] {
  let part: string[] = [];
  const parts = [part];
  for (const w of words) {
    if (w === '&' || w === 'and' || CONJUNCTIONS.has(w)) parts.push((part = []));
    else part.push(w);
  }
  const out: string[][] = [];
  for (const [i, p] of parts.entries()) {
    if (!p.length) continue;
    const next = parts.slice(i + 1).find((q) => q.some(isNoun));
    if (!p.some(isNoun) && next) {
      const firstNoun = next.findIndex(isNoun);
      out.push([...p, ...next.slice(firstNoun)]);
    } else out.push(p);
  }
  return out;
}

interface Clause {
  main: string[][];
  with: string[][];
  aside: string[][];
}

/** One clause (between ":" or ";"): purposes set aside, comma names put in order, "with" parts apart. */
function clauseParts(words: string[], notes: string[]): Clause {
  const clause: Clause = { main: [], with: [], aside: [] };
  // Asides in brackets.
  const rest: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === undefined) break;
    if (word !== '(') {
      if (word !== ')') rest.push(word);
      continue;
    }
    const end = words.indexOf(')', i);
    const inner = words.slice(i + 1, end < 0 ? undefined : end);
    if (inner.some(isNoun)) clause.aside.push(inner);
    i = end < 0 ? words.length : end;
  }
  // Why the part is worked on is not the part.
  const cut = rest.findIndex((w, i) => PURPOSE_WORDS.has(w) && rest.slice(0, i).some(isNoun));
  let kept = rest;
  if (cut > 0) {
    const why = rest.slice(cut).filter((w) => !STRUCTURE.has(w));
    if (why.length > 1) notes.push(`“${why.join(' ')}” says why the part is worked on; it is not read as a part.`);
    kept = rest.slice(0, cut);
  }
  // Segments between commas; "with" and "without" parts.
  let segment: string[] = [];
  const segments = [segment];
  for (const w of kept) {
    if (w === ',') segments.push((segment = []));
    else segment.push(w);
  }
  const mains: string[][] = [];
  for (const seg of segments) {
    if (!seg.length) continue;
    const withAt = seg.findIndex((w) => WITH_WORDS.has(w) || WITHOUT_WORDS.has(w));
    const own = withAt < 0 ? seg : seg.slice(0, withAt);
    const joint = seg[withAt];
    if (joint !== undefined) {
      const tail = seg.slice(withAt + 1);
      if (WITHOUT_WORDS.has(joint)) {
        if (tail.length) notes.push(`“without ${tail.join(' ')}” is left out.`);
      } else if (tail.some(isNoun)) clause.with.push(tail);
    }
    if (own.length) mains.push(own);
  }
  const [first, ...after] = mains;
  if (first && after.length) {
    // Estimating systems print a name head first ("COVER, FRONT BUMPER", "ADHESIVE KIT, WINDSHIELD", "Turn
    // signal lamp, mirror", "Bumper cover, lower"): what follows a comma is what the part is of or how it is
    // qualified, never a second part (each part has its own line). Its descriptors and side come before its
    // nouns, so are its codes ("END, TIE ROD OUTER RH" is the outer right tie rod end; "ARM ASSY, FRONT
    // SUSPENSION LOWER NO.1" the lower front suspension arm).
    const of = after.reverse().flat();
    const qualifier = (w: string) => DESCRIPTORS.has(w) || SIDES.has(w) || isCode(w) || isNumber(w);
    clause.main.push([...of.filter(qualifier), ...of.filter((w) => !qualifier(w)), ...first]);
  } else if (first) clause.main.push(first);
  return clause;
}

const descriptionOperation = (vocab: Vocabulary, w: string): Operation | undefined =>
  DESCRIPTION_OPERATIONS.has(w) ? vocab.operations.get(opKey(w)) : undefined;

export interface DescriptionReading {
  operation: Operation | null;
  phrases: Phrase[];
  words: string[];
  notes: string[];
  side: string | null;
}

/** Reads a description (or a keyword, which is written the same way). `align`: the line's operation is an alignment. */
export function readDescription(vocab: Vocabulary, text: string, align = false): DescriptionReading {
  const notes: string[] = [];
  const { words, corrected } = readWords(vocab, text);
  for (const [from, to] of corrected) notes.push(`“${from}” is read as “${to}”.`);
  let operation: Operation | null = null;
  let side: string | null = null;
  const phrases: Phrase[] = [];
  const all: string[] = [];
  let clause: string[] = [];
  const clauses = [clause];
  for (const w of words) {
    if (w === ':' || w === ';') clauses.push((clause = []));
    else clause.push(w);
  }
  for (const clauseWords of clauses) {
    // The purpose is cut first, so "R&I windshield for roof repair" is an R&I.
    const c = clauseParts(clauseWords, notes);
    const strip = (list: string[]) =>
      list.filter((w) => {
        const op = descriptionOperation(vocab, w);
        if (op) {
          operation ??= op;
          return false;
        }
        if (SIDES.has(w)) {
          side ??= w;
          return false;
        }
        return true;
      });
    const mainParts = c.main.map(strip);
    const mainWords = mainParts.flat();
    const add = (parts: string[][], kind: Phrase['kind'], context: string[]) => {
      for (const part of parts) {
        for (const conj of conjuncts(part)) {
          // Comma names put in order may form a term anew ("GLASS, WINDSHIELD" is the windshield); a "with"
          // part is read after the part it comes with ("Mirror assy w/ camera": mirror camera).
          const own = applyPhrases(vocab, conj);
          const named = kind === 'with' ? applyPhrases(vocab, [...context.filter(isNoun), ...conj]) : own;
          const withAlignment = align && kind === 'main' && !named.includes('alignment') ? [...named, 'alignment'] : named;
          const p = phraseOf(wheelAlignment(withAlignment), kind, context, own);
          if (p) {
            phrases.push(p);
            all.push(...p.words);
          }
        }
      }
    };
    add(mainParts, 'main', []);
    add(c.with.map(strip), 'with', mainWords);
    add(c.aside.map(strip), 'aside', mainWords);
  }
  return { operation, phrases, words: all, notes, side };
}

// ── sections and lines ─────────────────────────────────────────────────────────────────────────────
export function readSection(vocab: Vocabulary, text: string): SectionReading {
  const { words } = readWords(vocab, text);
  const kept = words.filter(
    (w) => !NEUTRAL_SECTION_WORDS.has(w) && !SIDES.has(w) && w !== ',' && w !== ':' && w !== ';' && w !== '(' && w !== ')',
  );
  const parts = conjuncts(kept).filter((p) => p.some(isNoun));
  return {
    text,
    parts,
    words: new Set(kept.filter((w) => w !== '&')),
    zone: (kept.find((w) => ZONES.has(w)) as Zone | undefined) ?? null,
    known: words.some((w) => vocab.known.has(w)),
  };
}

/** The operation column read: the operation, or null with what was not understood. */
export function readOperation(vocab: Vocabulary, written: string): { operation: Operation | null; unknown: string | null } {
  const code = opKey(written);
  if (!code) return { operation: null, unknown: null };
  const hit = vocab.operations.get(code) ?? vocab.operations.get(code.replace(/\.$/, ''));
  if (hit) return { operation: hit, unknown: null };
  // "Remove / Install" written with other spacing or words: read its words.
  const words = plainWords(vocab, written).filter((w) => w !== '&');
  const joined = vocab.operations.get(words.join('')) ?? vocab.operations.get(words.join('/')) ?? vocab.operations.get(words.join('&'));
  return joined ? { operation: joined, unknown: null } : { operation: null, unknown: written.trim() };
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
export function readLine(line: EstimateLineInput, vocab: Vocabulary): LineReading {
  const column = readOperation(vocab, line.operation ?? '');
  const section = readSection(vocab, line.section ?? '');
  const desc = readDescription(vocab, line.description ?? '', column.operation === 'align');
  const notes = [...desc.notes];
  let operation = column.operation;
  if (desc.operation && (operation == null || operation === 'sublet' || operation === 'labor')) {
    if (operation) notes.push(`A ${OPERATION_NAMES[operation]} line: its description says ${OPERATION_NAMES[desc.operation]}.`);
    else if (!column.unknown) notes.push(`No operation given: the description says ${OPERATION_NAMES[desc.operation]}.`);
    operation = desc.operation;
  }
  const operationNote = !column.unknown
    ? null
    : desc.operation
      ? `The operation “${column.unknown}” is not one the scrub knows; the description says ${OPERATION_NAMES[desc.operation]}.`
      : `The operation “${column.unknown}” is not one the scrub knows.`;
  if (line.section?.trim() && !section.known)
    notes.push(`The section “${line.section.trim()}” holds no word the scrub knows; it is not used.`);
  const descZone = desc.phrases.find((p) => p.zone)?.zone ?? null;
  const zone = descZone ?? section.zone;
  let unread: string | null = null;
  if (!desc.phrases.length) {
    const text = (line.description ?? '').trim();
    unread = !text
      ? 'The line has no description.'
      : /[a-z]/i.test(text)
        ? `“${text}” names no part: only an operation, a side or a number.`
        : `“${text}” has no words, only numbers or signs.`;
  }
  return {
    operation,
    operationNote,
    phrases: desc.phrases,
    zone,
    zoneFrom: descZone ? 'description' : section.zone ? 'section' : null,
    section,
    words: desc.words,
    notes,
    unread,
  };
}

/**
 * A bare piece ("Cover", "Sensor bracket", "Camera") read with each part of its section in front, as
 * CCC ONE prints lines under a section ("FRONT BUMPER" + "Cover"). Null when the phrase names its part.
 */
export function withSection(vocab: Vocabulary, phrase: Phrase, section: SectionReading): Phrase[] | null {
  if (phrase.kind === 'aside' || !section.parts.length) return null;
  const nouns = [...phrase.mods, phrase.head];
  // A "with" part is read in its section ("LIFT GATE | Applique w/ camera": liftgate camera), unless the part
  // it comes with is a sensor: then it is that sensor's ("ACC radar sensor w/ bracket" under FRONT BUMPER is
  // the radar's bracket, not a bumper sensor's).
  if (phrase.kind === 'with' && phrase.context.some((w) => SENSOR_WORDS.has(w))) return null;
  if (phrase.kind === 'main' && phrase.mods.length && !nouns.every((w) => GENERIC_WORDS.has(w))) return null;
  const out: Phrase[] = [];
  for (const part of section.parts) {
    const words = applyPhrases(vocab, [...part, ...phrase.words.filter((w) => !part.includes(w) || !isNoun(w))]);
    const p = phraseOf(wheelAlignment(words), phrase.kind, phrase.context, phrase.own);
    if (p) out.push(p);
  }
  return out;
}

/** The parts a line names, bare pieces read with their section ("LIFT GATE | Camera": liftgate camera). */
export const linePhrases = (vocab: Vocabulary, reading: LineReading): Phrase[] =>
  reading.phrases.flatMap((p) => withSection(vocab, p, reading.section) ?? [p]);

/** The words a phrase is shown as. */
export const phraseText = (p: Phrase) => (p.kind === 'with' ? `with ${p.own.join(' ')}` : p.words.join(' '));
