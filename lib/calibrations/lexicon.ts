/**
 * The part lexicon compiled (docs/scrub.md "The part lexicon"): the rows of lexicon-data.ts and the makers'
 * system names (system-names.ts) as one index of names, read once per process. Plain code, client-safe.
 *
 *   const lex = partLexicon();
 *   lex.names.get('cover')   // the names ending in "cover", longest first: "bumper cover", "cover"…
 *
 * A name is its words (singular, "and" written "&"); a term is what a matched name stands for: a part of
 * the lexicon or a system (by its makers' names).
 */
import { PART_ROWS, POSITIONS, type Position } from './lexicon-data';
import { SYSTEM_NAMES, type MakerNames } from './system-names';
import { SYSTEM_KINDS, type SystemKind } from './system-rules';
import {
  ABBREVIATIONS,
  CALIBRATION_PHRASES,
  CALIBRATION_WORDS,
  DESCRIPTORS,
  ENDS,
  PLACE_WORDS,
  PURPOSE_WORDS,
  SET_ASIDE,
  SIDES,
  WITHOUT_WORDS,
  WITH_WORDS,
} from './words';
import { DESCRIPTION_OPERATIONS } from './vocabulary';

export type Zone = 'front' | 'rear' | 'end' | 'side' | 'roof' | 'glass' | 'under' | 'interior' | 'any';
export type End = 'front' | 'rear';
export type PieceClass = 'self' | 'mount' | 'cover' | 'sensor' | 'feature' | 'unit' | 'part';
export type SensorType = 'camera' | 'radar' | 'ultrasonic' | 'any';
export type LaborKind = 'paint' | 'material' | 'fee' | 'setup' | 'diag' | 'clean' | 'admin' | 'test';

export interface Relations {
  sensor: Position[];
  mount: Position[];
  carries: Position[];
  path: Position[];
  near: Position[];
  geometry: boolean;
  column: boolean;
}

export interface Part {
  id: number;
  /** The part's name (its first name). */
  name: string;
  zone: Zone;
  group: string;
  rel: Relations;
  /** Relations that hold at one end only (a bumper cover's). */
  atEnd: Partial<Record<End, Relations>>;
  piece: PieceClass | null;
  sensorType: SensorType | null;
  labor: LaborKind | null;
  aftermarket: boolean;
  defaultEnd: End | null;
  /** Of two positions, the one a bare name means ("front camera": the windshield camera). */
  prefer: Position | null;
  /** A piece's part at an end when the line names none ("front emblem": the grille's). */
  of: Partial<Record<End, string>>;
}

export type Term = { kind: 'part'; part: Part } | { kind: 'system'; system: SystemKind; makes: readonly string[] };

export interface Name {
  words: readonly string[];
  /** The words joined ("bumper cover"). */
  text: string;
  term: Term;
}

export interface Lexicon {
  parts: readonly Part[];
  /** Names by their last word, longest first. */
  names: ReadonlyMap<string, readonly Name[]>;
  /** The same by last word, then by the word before it ("" for one-word names), longest first. */
  byPair: ReadonlyMap<string, ReadonlyMap<string, readonly Name[]>>;
  /** Every word the scrub knows, with what it is (for the shorthand reader and the notes). */
  known: ReadonlyMap<string, WordClass>;
  /** Set-aside words and their class ("make", "colour"…). */
  setAside: ReadonlyMap<string, string>;
}

export type WordClass = 'part' | 'system' | 'descriptor' | 'end' | 'side' | 'operation' | 'calibration' | 'joint' | 'set-aside';

const emptyRelations = (): Relations => ({ sensor: [], mount: [], carries: [], path: [], near: [], geometry: false, column: false });

/** A text's words as names are written: lower case, "and" as "&", plurals singular. */
export function nameWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .replace(/\band\b/g, '&')
    .match(/\S+/g);
  return (words ?? []).map(singular);
}

const NOT_PLURAL = new Set(
  'lens series chassis axis radius bias gas sas tpms abs blis srs pass glass brass canvas status plus less bus cross sonar ics ops aps dtcs cts bsis lss tss rvms uss ess ads hds bus'.split(
    ' ',
  ),
);

/** One word's singular form: "sensors" → "sensor", "assemblies" → "assembly", "glasses" → "glass". */
export function singular(word: string): string {
  if (word.length <= 3 || NOT_PLURAL.has(word) || /\d/.test(word) || !/^[a-z'-]+$/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh|zz)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

function parseRow(row: string, id: number): { part: Part; names: string[] } {
  const [namesText, kindText = '', relText = ''] = row.split('|').map((s) => s.trim());
  const names = namesText!
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const [zone, group = 'part'] = kindText.split(/\s+/);
  const part: Part = {
    id,
    name: names[0] ?? '',
    zone: zone as Zone,
    group,
    rel: emptyRelations(),
    atEnd: {},
    piece: null,
    sensorType: null,
    labor: null,
    aftermarket: false,
    defaultEnd: null,
    prefer: null,
    of: {},
  };
  for (const token of relText.match(/\S+/g) ?? []) {
    const m = /^(?:(f|r)\.)?([a-z]+)(?::([a-zA-Z. ]+))?$/.exec(token);
    if (!m) throw new Error(`lexicon row ${id}: "${token}"`);
    const [, end, key, value = ''] = m;
    const rel = end && key !== 'of' ? (part.atEnd[end === 'f' ? 'front' : 'rear'] ??= emptyRelations()) : part.rel;
    const position = (v: string): Position => {
      if (!(POSITIONS as readonly string[]).includes(v)) throw new Error(`lexicon row ${id}: position "${v}"`);
      return v as Position;
    };
    switch (key) {
      case 'sensor':
      case 'mount':
      case 'carries':
      case 'path':
      case 'near':
        rel[key].push(position(value));
        break;
      case 'geometry':
      case 'column':
        rel[key] = true;
        break;
      case 'piece': {
        const [cls, type] = value.split('.');
        part.piece = cls as PieceClass;
        part.sensorType = (type as SensorType | undefined) ?? null;
        break;
      }
      case 'labor':
        part.labor = value as LaborKind;
        break;
      case 'aftermarket':
        part.aftermarket = true;
        break;
      case 'default':
        part.defaultEnd = value as End;
        break;
      case 'prefer':
        part.prefer = position(value);
        break;
      case 'of':
        if (!end) throw new Error(`lexicon row ${id}: "of" needs an end`);
        part.of[end === 'f' ? 'front' : 'rear'] = value;
        break;
      default:
        throw new Error(`lexicon row ${id}: relation "${key}"`);
    }
  }
  return { part, names };
}

/** The relations of a part at an end (its own and its end's). */
export function relationsAt(part: Part, end: End | null): Relations {
  const e = end ?? part.defaultEnd;
  const extra = e ? part.atEnd[e] : undefined;
  if (!extra) return part.rel;
  return {
    sensor: [...part.rel.sensor, ...extra.sensor],
    mount: [...part.rel.mount, ...extra.mount],
    carries: [...part.rel.carries, ...extra.carries],
    path: [...part.rel.path, ...extra.path],
    near: [...part.rel.near, ...extra.near],
    geometry: part.rel.geometry || extra.geometry,
    column: part.rel.column || extra.column,
  };
}

let compiled: Lexicon | null = null;

/** The lexicon of the product's data, compiled on first use. */
export function partLexicon(): Lexicon {
  return (compiled ??= compileLexicon(PART_ROWS, SYSTEM_NAMES));
}

/**
 * Compiles lexicon rows and makers' names. A name given to two parts is an error (the data must say one
 * thing); a maker's name that is also a part's name is the part's (the part says where it is).
 */
export function compileLexicon(rows: readonly string[], makers: readonly MakerNames[]): Lexicon {
  const parts: Part[] = [];
  const byLast = new Map<string, Name[]>();
  const known = new Map<string, WordClass>();
  // Each name's owner: the name of the part it names, null for a system's (every part's names come first).
  const owners = new Map<string, string | null>();
  const addName = (words: string[], term: Term) => {
    const key = words.join(' ');
    const owner = owners.get(key);
    if (owner !== undefined) {
      if (term.kind === 'system' || owner === term.part.name) return;
      throw new Error(`lexicon: "${key}" names two parts (${owner}, ${term.part.name})`);
    }
    owners.set(key, term.kind === 'part' ? term.part.name : null);
    const last = words[words.length - 1]!;
    // A name in another order than the part's ("cover bumper") is shown as the part's ("bumper cover").
    const reordered = term.kind === 'part' && [...words].sort().join(' ') === [...term.part.name.split(' ')].sort().join(' ');
    byLast.set(last, [...(byLast.get(last) ?? []), { words, text: reordered ? term.part.name : key, term }]);
    for (const w of words) if (!known.has(w) && w !== '&') known.set(w, term.kind === 'part' ? 'part' : 'system');
  };
  rows.forEach((row, i) => {
    const { part, names } = parseRow(row, i);
    parts.push(part);
    for (const name of names) addName(nameWords(name), { kind: 'part', part });
  });
  for (const maker of makers)
    for (const kind of SYSTEM_KINDS)
      for (const name of maker.names[kind] ?? []) addName(nameWords(name), { kind: 'system', system: kind, makes: maker.makes });
  for (const list of byLast.values()) list.sort((a, b) => b.words.length - a.words.length);

  // A word that is not a part stays one inside a part's name ("alloy wheel", "clear coat"), unless it is a name itself ("unit").
  const setAside = new Map<string, string>();
  const alone = new Set([...byLast.values()].flatMap((l) => l.filter((n) => n.words.length === 1).map((n) => n.words[0]!)));
  for (const { words, kind } of SET_ASIDE) for (const w of words) if (!alone.has(w) && !setAside.has(w)) setAside.set(w, kind);
  const mark = (words: Iterable<string>, cls: WordClass) => {
    for (const w of words) if (!known.has(w)) known.set(w, cls);
  };
  mark(DESCRIPTORS, 'descriptor');
  mark(ENDS, 'end');
  mark(SIDES, 'side');
  mark(DESCRIPTION_OPERATIONS, 'operation');
  mark(CALIBRATION_WORDS, 'calibration');
  // The words of a two-word procedure are known words ("functional check"), never unknown words around a sensor.
  mark(CALIBRATION_PHRASES.flat(), 'calibration');
  mark([...WITH_WORDS, ...WITHOUT_WORDS, ...PURPOSE_WORDS, ...PLACE_WORDS], 'joint');
  for (const w of setAside.keys()) known.set(w, 'set-aside');
  const byPair = new Map<string, Map<string, Name[]>>();
  for (const [last, list] of byLast) {
    const m = new Map<string, Name[]>();
    for (const n of list) {
      const before = n.words.length > 1 ? n.words[n.words.length - 2]! : '';
      m.set(before, [...(m.get(before) ?? []), n]);
    }
    byPair.set(last, m);
  }
  return { parts, names: byLast, byPair, known, setAside };
}

/**
 * The built-in vocabulary as [written, meaning] rows (Configuration → Estimate terms lists them): the printed
 * abbreviations, every other name of a part and every maker's name of a system.
 */
export function builtInTerms(): [string, string][] {
  const lex = partLexicon();
  const rows: [string, string][] = Object.entries(ABBREVIATIONS).map(([w, m]) => [w, m.join(' ').replace('|', ' or ')]);
  for (const list of lex.names.values())
    for (const n of list) {
      const written = n.words.join(' ');
      const meaning = n.term.kind === 'part' ? n.term.part.name : `${n.term.system} system (${n.term.makes.join('/')})`;
      if (written !== meaning) rows.push([written, meaning]);
    }
  return rows;
}
