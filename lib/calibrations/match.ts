/**
 * The matching rule (docs/scrub.md "The matching rule"): which calibrations an estimate line requires, and
 * why, in an estimator's words, for every line. Plain code, client-safe; lines are read by normalise.ts and
 * their parts by parts.ts; the systems' rules are system-rules.ts's.
 *
 *   const m = compileMatcher(vehicleSystems, exclusions, compileVocabulary(firmTerms));
 *   scrubLines(lines, m);   // one outcome a line: triggers, checks, nothing (why) or not read (why)
 *
 * A vehicle's system is a make matrix: its kind (the knowledge base's system type), where the make mounts
 * its sensors (the location it names: parts of the lexicon, a side), the R&R and R&I marks, its own names,
 * extra parts and exceptions. A line triggers a system when its part is the system's sensor or holds it,
 * carries it or sits in front of it (with the operations its rule takes), sets the wheel alignment, or when
 * the line is a calibration naming the system — by any maker's name, or by its kind only ("camera
 * calibration": the estimate's one system of that kind). A line the scrub cannot settle is a check, with
 * its candidates and why; a line it cannot read is not read, with its words. Nothing is dropped silently.
 */
import { POSITION_NAMES, type Position } from './lexicon-data';
import type { End, SensorType } from './lexicon';
import { readLine, type LineReading, type Phrase, type Vocabulary } from './normalise';
import { OPERATION_NAMES, type Operation } from './operations';
import { ofType, onlyAtOtherEnd, onlyPieces, placedOn, positionsOf, resolvePhrase, systemsPositionsOn, type Thing } from './parts';
import { KIND_RULES, SYSTEM_KINDS, kindOfSystemType, type SystemKind } from './system-rules';
import { WHEEL_ALIGNMENT_WORDS } from './words';

export interface EstimateLine {
  lineNum: number;
  operation: string;
  description: string;
  /** The estimate section the line sits in ("FRONT BUMPER & GRILLE"), when the estimate says. */
  section?: string;
  isNotEquipped?: boolean;
}

export interface MatchSystem {
  adasChecklistMatrix: number;
  system: string;
  /** The knowledge base's system type (its kind); when missing, the system's name says it. */
  systemType?: number | null;
  /** Where the make mounts its sensors, as the make matrix says ("Passenger outside mirror"). */
  location?: string;
  /** The make's names of the system (its OEM name and aliases). */
  names?: readonly string[];
  isRR: boolean;
  isRI: boolean;
  keywords: { line: readonly string[]; location: readonly string[]; sublet: readonly string[] };
  /** Make exceptions: parts that do not trigger this system for the vehicle's make, and why. */
  exceptions?: readonly { keyword: string; reason: string }[];
  /** The inspection found the vehicle not equipped with it. */
  notEquipped?: boolean;
}

export interface Exclusion {
  /** null: every system. */
  adasChecklistMatrix: number | null;
  phrase: string;
  reason?: string;
}

export type TriggerKind = 'part' | 'sensor' | 'work' | 'calibration';
export type RefusalKind = 'exclusion' | 'exception' | 'not-equipped' | 'operation' | 'zone' | 'without' | 'other-part';

export interface LineTrigger {
  adasChecklistMatrix: number;
  system: string;
  /** What the rule holds the line's part to be ("in front of the front radar"). */
  keyword: string;
  kind: TriggerKind;
  /** The line's part as read. */
  words: string;
  why: string;
}

export interface LineCheck {
  adasChecklistMatrix: number;
  system: string;
  why: string;
}

export interface Refusal {
  adasChecklistMatrix: number;
  system: string;
  keyword: string;
  kind: RefusalKind;
  why: string;
}

export interface LineOutcome {
  lineNum: number;
  reading: LineReading;
  /** The line's parts as read ("front bumper cover", "camera of the liftgate"). */
  read: string[];
  triggers: LineTrigger[];
  /** Systems the line may require, which the estimator confirms or dismisses. */
  checks: LineCheck[];
  refusals: Refusal[];
  /** Why the line triggers nothing (null when it triggers or checks something, or was not read). */
  nothing: string | null;
  /** Why the line could not be read (then it is neither triggering nor not). */
  unread: string | null;
}

// ── the compiled rules ─────────────────────────────────────────────────────────────────────────────
interface CompiledSystem {
  src: MatchSystem;
  order: number;
  kind: SystemKind | null;
  positions: Set<Position>;
  /** A position the make mounts on one side only (Honda's passenger-side camera). */
  sides: Map<Position, 'left' | 'right'>;
  /** Parts that carry its sensors on this make besides the lexicon's (the location's and the extra keywords'), by part id. */
  carriers: Map<number, string>;
  /** Parts that do not trigger it on this make, by part id, with why. */
  exceptions: Map<number, string>;
  /**
   * Positions the make does not mount its sensors at, whose sensor named itself is still this system's
   * (a fender repeater camera is a side camera, wherever this make puts its own).
   */
  itself: Set<Position>;
  /** Its own names for calibration lines (words). */
  names: { text: string; words: string[] }[];
}

export interface Matcher {
  vocab: Vocabulary;
  systems: CompiledSystem[];
  exclusions: { src: Exclusion; words: string[] }[];
}

const wordsOf = (vocab: Vocabulary, text: string) => readLine({ operation: '', description: text }, vocab);

/** The things a text names (a keyword, a location). */
function thingsOf(vocab: Vocabulary, text: string): Thing[] {
  const r = wordsOf(vocab, text);
  return r.phrases
    .filter((p) => p.role === 'main')
    .map((p) => resolvePhrase(p, { vocab, end: r.end, section: null }))
    .filter((t): t is Thing => t != null);
}

/** A system's kind: its system type, else what its name says ("Front Radar"). */
function kindOf(vocab: Vocabulary, s: MatchSystem): SystemKind | null {
  const typed = kindOfSystemType(s.systemType);
  if (typed) return typed;
  for (const text of [s.system, ...(s.names ?? [])]) {
    const things = thingsOf(vocab, text);
    const named = things.flatMap((t) => t.systems);
    if (named.length) return named[0]!;
    const positions = things.flatMap(positionsOf);
    const kind = SYSTEM_KINDS.find((k) => positions.some((p) => KIND_RULES[k].positions[0] === p));
    if (kind) return kind;
  }
  return null;
}

function compileSystem(vocab: Vocabulary, src: MatchSystem, order: number): CompiledSystem {
  const kind = kindOf(vocab, src);
  const rule = kind ? KIND_RULES[kind] : null;
  const all = rule ? [...rule.positions, ...(rule.optional ?? [])] : [];
  const carriers = new Map<number, string>();
  const sides = new Map<Position, 'left' | 'right'>();
  // Where the make mounts the sensors: the parts its location names.
  const located = new Set<Position>();
  // A location is a list of places ("Mirrors, grille and tailgate"), each read on its own.
  const locationTexts = (src.keywords.location.length ? src.keywords.location : src.location ? [src.location] : []).flatMap((l) =>
    l.split(/,|;|&|\band\b|\bor\b/i),
  );
  for (const text of locationTexts)
    for (const t of thingsOf(vocab, text)) {
      const related = [...t.sensors, ...t.either, ...t.carries, ...t.mounts, ...t.path, ...t.near].filter((p) => all.includes(p));
      for (const p of related) {
        located.add(p);
        if (t.side) sides.set(p, t.side);
      }
      // A part the lexicon does not tie to the sensor, named by the make: it carries the sensor on this make.
      if (t.part && !t.part.piece && !t.sensors.length && !t.carries.some((p) => all.includes(p)) && !t.path.some((p) => all.includes(p)))
        carriers.set(t.part.id, `where the make mounts ${rule?.label ?? 'it'}`);
    }
  const positions = new Set<Position>(rule ? (located.size ? [...located] : rule.positions) : []);
  for (const text of src.keywords.line)
    for (const t of thingsOf(vocab, text))
      if (t.part && !t.part.piece && !t.sensors.some((p) => positions.has(p))) carriers.set(t.part.id, `the make matrix names “${text}”`);
  const exceptions = new Map<number, string>();
  for (const e of src.exceptions ?? []) for (const t of thingsOf(vocab, e.keyword)) if (t.part) exceptions.set(t.part.id, e.reason);
  const names = [src.system, ...(src.names ?? []), ...src.keywords.sublet]
    .map((text) => ({ text, words: wordsOf(vocab, text).words }))
    .filter((n) => n.words.length > 0);
  const itself = new Set(all.filter((p) => !positions.has(p)));
  return { src, order, kind, positions, sides, carriers, exceptions, names, itself };
}

// Compiled rules are kept per vocabulary and rules: a firm's scrubs of the same make reuse them.
const compiledRules = new WeakMap<Vocabulary, Map<string, Matcher>>();

/** Compiles a vehicle's systems (each read with the scrub's vocabulary), or reuses the same systems' compilation. */
export function compileMatcher(systems: readonly MatchSystem[], exclusions: readonly Exclusion[], vocab: Vocabulary): Matcher {
  const key = JSON.stringify([
    systems.map((s) => [
      s.adasChecklistMatrix,
      s.system,
      s.systemType ?? null,
      s.location ?? '',
      s.names ?? [],
      s.isRR,
      s.isRI,
      s.keywords,
      s.exceptions ?? [],
      !!s.notEquipped,
    ]),
    exclusions.map((e) => [e.adasChecklistMatrix, e.phrase, e.reason ?? '']),
  ]);
  let byKey = compiledRules.get(vocab);
  if (!byKey) compiledRules.set(vocab, (byKey = new Map()));
  const kept = byKey.get(key);
  if (kept) return kept;
  const m: Matcher = {
    vocab,
    systems: systems.map((s, i) => compileSystem(vocab, s, i)),
    exclusions: exclusions.map((src) => ({ src, words: wordsOf(vocab, src.phrase).words })).filter((e) => e.words.length > 0),
  };
  if (byKey.size >= 256) byKey.delete(byKey.keys().next().value!);
  byKey.set(key, m);
  return m;
}

// ── words of the explanations ──────────────────────────────────────────────────────────────────────
const DONE: Readonly<Record<Operation, string>> = {
  replace: 'replaced',
  remove: 'removed and installed',
  overhaul: 'overhauled',
  repair: 'repaired',
  refinish: 'refinished',
  blend: 'blended',
  align: 'aligned',
  sublet: 'sublet',
  labor: 'worked on (additional labor)',
  check: 'checked',
  mask: 'masked for paint',
};

/** Paint work, which leaves a part in place; the operations that take a part off or put a new one on. */
const PAINT_WORK: ReadonlySet<Operation> = new Set(['refinish', 'blend', 'mask']);
const MOVES_PART: ReadonlySet<Operation> = new Set(['replace', 'remove', 'overhaul']);

/** Calibration words that only say a function was confirmed. */
const VERIFYING: ReadonlySet<string> = new Set(['verify', 'verified', 'verification']);

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const MASKED = 'Masked for paint: the part stays where it is and no sensor moves.';
const names = (ps: Iterable<Position>, joint = 'and') => [...new Set([...ps].map((p) => POSITION_NAMES[p]))].join(` ${joint} `);

/** The system a position's calibration is named after in a calibration line ("mirror camera": the side camera). */
const POSITION_KIND: Readonly<Record<Position, SystemKind>> = {
  fwdCamera: 'forwardCamera',
  frontRadar: 'frontRadar',
  cornerRadar: 'blindSpot',
  park: 'parkAssist',
  grilleCamera: 'surroundView',
  mirrorCamera: 'sideCamera',
  rearCamera: 'rearCamera',
  fenderCamera: 'sideCamera',
  pillarCamera: 'sideCamera',
  steeringAngle: 'steeringAngle',
  headlamp: 'headlamp',
  hud: 'headUpDisplay',
  driverCamera: 'driverMonitor',
  nightVision: 'nightVision',
  lidar: 'lidar',
};

const LABOR_WHY: Readonly<Record<string, string>> = {
  paint: 'paint or masking work: no part is removed, no sensor moves',
  material: 'a material, not a part: no sensor moves',
  fee: 'a fee or a charge, not a part',
  setup: 'frame set-up, measuring or pulling: no sensor is removed (an alignment, if one follows, is its own line)',
  diag: 'a diagnostic scan is not a calibration',
  clean: 'cleaning: no part is removed',
  admin: 'paperwork or labour time, not a part',
  test: 'a road test is a check drive, not a calibration',
};

// ── one line ───────────────────────────────────────────────────────────────────────────────────────
interface Worked {
  thing: Thing;
  operation: Operation | null;
  /** The work the line's words give this part itself ("bumper cover replaced"), not the line's operation. */
  ownOperation: Operation | null;
  /** Features the line gives the part ("w/ park assist", "(radar cover)"). */
  features: Thing[];
  /** Positions and systems it says the part does not have ("w/o surround view"). */
  without: { positions: Set<Position>; systems: Set<SystemKind>; text: string } | null;
  /** A part at either end when nothing says which ("Bumper cover" with no end and no section): as it is at each. */
  atEnds?: { front: Thing; rear: Thing };
}

type Relation = 'sensor' | 'mount' | 'carrier' | 'path' | 'geometry' | 'column' | 'alignment' | 'either';

const RELATION_WHY: Readonly<Record<Exclude<Relation, 'either'>, (p: string) => string>> = {
  sensor: (p) => `${p} ${p.endsWith('s') ? 'themselves' : 'itself'}`,
  mount: (p) => `holds ${p}`,
  carrier: (p) => `carries ${p}`,
  path: (p) => `in front of ${p}`,
  geometry: () => 'sets the wheel alignment',
  column: () => 'on the steering column, where the sensor sits',
  alignment: () => 'a wheel alignment',
};

interface Hit {
  system: CompiledSystem;
  relation: Relation;
  positions: Position[];
  worked: Worked;
}

/** Whether the thing is the wheel alignment, and of what ("Radar alignment" is the radar's, "Algn | Hood" the hood's). */
function alignmentOf(reading: LineReading, t: Thing): 'wheels' | 'sensor' | 'panel' | null {
  const aligned = t.part?.name === 'wheel alignment' || reading.operation === 'align';
  if (!aligned) return null;
  // "Align | front end": an alignment of no part is the wheels'.
  if (t.part?.name !== 'wheel alignment' && t.part?.piece && !t.owner) return 'wheels';
  for (let o: Thing | null = t.part?.name === 'wheel alignment' ? t.owner : t; o; o = o.owner) {
    if (o.kind === 'sensor' || o.systems.length) return 'sensor';
    if (o.part && !['wheel', 'suspension', 'steering', 'structure'].includes(o.part.group)) return 'panel';
  }
  // "CCM radar vertical/horizontal alignment", "Front Radar: alignment not complete": an alignment that names
  // no wheel, on a line naming a sensor, is that sensor's.
  if (!t.owner && !wheelWordBefore(reading.words) && namesSensor(reading)) return 'sensor';
  return 'wheels';
}

/** "Four wheel alignment", "front end algn": a wheel word just before the alignment. */
const wheelWordBefore = (words: readonly string[]) =>
  words.some((w, i) => (w === 'alignment' || w === 'align') && i > 0 && WHEEL_ALIGNMENT_WORDS.has(words[i - 1]!));

/** The line names a system by any maker's name ("LaneWatch display check"). */
const namesSystem = (reading: LineReading) =>
  reading.phrases.some((p) => p.role === 'main' && p.items.some((i) => i.kind === 'term' && i.term.kind === 'system'));

const namesSensor = (reading: LineReading) =>
  reading.phrases.some((p) =>
    p.items.some(
      (i) => i.kind === 'term' && (i.term.kind === 'system' || i.term.part.rel.sensor.length > 0 || i.term.part.piece === 'sensor'),
    ),
  );

/** The parts a line works on: its main phrases, "with" parts, features and negations. */
function workedParts(vocab: Vocabulary, reading: LineReading, end: End | null): { worked: Worked[]; asides: Thing[] } {
  const context = { vocab, end, section: reading.section };
  const worked: Worked[] = [];
  const asides: Thing[] = [];
  const mainOf = (p: Phrase) => reading.phrases.find((q) => q.role === 'main' && q.clause === p.clause);
  const mains = reading.phrases.filter((q) => q.role === 'main');
  for (const p of mains) {
    // "Liftgt shell - xfer cam": a clause of pieces only is the earlier clause's part's, as it would be its section's.
    const earlier = mains.find((q) => q !== p && q.clause < p.clause && !onlyPieces(q.items) && q.items.some((i) => i.kind === 'term'));
    const thing = resolvePhrase(
      p,
      earlier && onlyPieces(p.items) ? { ...context, section: { ...reading.section, phrases: [earlier] } } : context,
    );
    // "Cavity wax - LT quarter panel": a part named after labour, with no work of its own, is where the labour is done.
    // A scan's finding is of the part it names ("Pre-scan DTC - Front radar (SCC) alignment not performed").
    // A procedure after a labour's name is the procedure ("Printout: 'Front Camera Optical Axis Learning - Completed'").
    if (
      thing &&
      worked[0]?.thing.kind === 'labor' &&
      thing.kind !== 'labor' &&
      !p.operation &&
      !reading.finding &&
      !(reading.calibration.length && thing.kind === 'sensor' && !reading.test) &&
      // "… tire scuffd - 4whl algn": an alignment is work of its own, not where a labour is done.
      alignmentOf(reading, thing) !== 'wheels'
    )
      continue;
    // "bmpr cvr torn - rplce", "mrror hsg hngng - rplc whole asy": a clause that is only work is the work of the
    // part before it, when that part has none of its own.
    const before = worked.at(-1);
    if (!thing && p.operation && before && !before.ownOperation) {
      // "Repl | ultrasonic sensor - paint PPSW": paint work after a part the column replaces or removes is done
      // besides, not instead.
      if (!(PAINT_WORK.has(p.operation) && before.operation && MOVES_PART.has(before.operation)))
        before.operation = before.ownOperation = p.operation;
      continue;
    }
    if (!thing) continue;
    const w: Worked = {
      thing,
      operation: p.operation ?? reading.operation,
      ownOperation: p.operation ?? null,
      features: [],
      without: null,
    };
    // "FRONT BUMPER | Front view camera", "SURROUND VIEW | Front camera": a sensor word that may be two sensors is
    // the one its section carries, holds beside it or names, when the line says no place of its own.
    if (thing.either.length && !reading.phrases.some((q) => q.role === 'place'))
      for (const sp of reading.section.phrases) {
        const place = resolvePhrase(sp, context);
        // A section naming a system ("SURROUND VIEW") holds that system's sensors.
        const held = place ? [...place.carries, ...place.near, ...(place.systems.length ? place.either : [])] : [];
        const here = held.filter((x) => thing.either.includes(x));
        if (place && here.length && here.length < thing.either.length) w.features.push({ ...place, carries: here, near: [] });
      }
    if (thing.part?.zone === 'end' && !thing.end && thing.kind !== 'labor' && thing.kind !== 'aftermarket') {
      const front = resolvePhrase(p, { ...context, end: 'front' });
      const rear = resolvePhrase(p, { ...context, end: 'rear' });
      if (front && rear) w.atEnds = { front, rear };
    }
    worked.push(w);
  }
  for (const p of reading.phrases.filter((q) => q.role !== 'main' && q.role !== 'purpose')) {
    const main = mainOf(p);
    const target =
      worked.find((w) => main && w.thing === worked[reading.phrases.filter((q) => q.role === 'main').indexOf(main)]?.thing) ?? worked[0];
    // A feature the scrub has no name for ("w/memory") says nothing of sensors.
    if (!p.items.some((i) => i.kind === 'term')) continue;
    const thing = resolvePhrase(p, { ...context, owner: main });
    if (!thing) continue;
    if (p.role === 'without') {
      // "Reinforcement (w/o brkt)": a part sold without its own bracket or clips says nothing of the car's sensors.
      if (
        (thing.part?.piece === 'mount' && thing.owner && !thing.owner.sensors.length && !thing.owner.systems.length) ||
        (target && thing.part === target.thing.part)
      )
        continue;
      const positions = new Set([...positionsOf(thing), ...thing.carries]);
      const systems = new Set(thing.systems);
      const without = { positions, systems, text: p.words.join(' ') };
      // "AVM frnt cam - base trim, no AVM": a system the line says the car does not have is on none of its parts.
      if (systems.size) for (const w of worked) w.without ??= without;
      else if (target) target.without = without;
      continue;
    }
    // A place settles which sensor a sensor word means ("cam in grl": the grille camera); a part placed
    // under or behind another does not carry what that one carries ("air deflector (under bumper)").
    if (p.role === 'place') {
      const settles = (t: Thing | null) => t != null && (t.kind === 'sensor' || t.either.length > 0);
      if (target && (settles(target.thing) || settles(target.thing.owner))) target.features.push(thing);
      continue;
    }
    if (p.role === 'aside') {
      // "RT Rear Carrier (Knuckle)": when the name names no part the scrub knows, its aside says which part it is.
      if (!worked.length && thing.part && thing.kind !== 'labor') {
        worked.push({ thing, operation: reading.operation, ownOperation: null, features: [], without: null });
        continue;
      }
      asides.push(thing);
      // "Lane keeping assist switch panel (LKAS)": an aside that only spells a system the name already says is that name.
      if (target && !thing.part && thing.systems.length && thing.systems.every((k) => saysSystem(target.thing, k))) continue;
      // "Addl rental 4 days (radar bracket B/O)": a fee's aside says why it is charged; no part is worked on.
      if (target?.thing.part?.labor === 'fee') continue;
      // An aside that names a sensor, its mount or its path says what the part is to it ("(radar cover)").
      if (target && (thing.sensors.length || thing.mounts.length || thing.path.length || thing.systems.length || thing.either.length))
        target.features.push(thing);
      continue;
    }
    // "Mirror glass w/LCA warning lamp": what comes with a body part is no suspension or steering part (LCA is
    // the lane change assist there, not a lower control arm).
    const geometry = (t: Thing | null | undefined) => !!t?.part && (t.part.rel.geometry || t.part.rel.column);
    if (
      p.role === 'with' &&
      geometry(thing) &&
      target &&
      target.thing.part &&
      !geometry(target.thing) &&
      target.thing.part.zone !== 'under'
    )
      continue;
    // "w/ camera": the camera comes with the part; "w/ park assist": the part has the system.
    const isFeature =
      thing.kind === 'feature' ||
      (thing.systems.length > 0 && !thing.part && thing.owner && !p.items.some((i) => i.kind === 'term' && i.term.kind === 'part'));
    if (isFeature && target) target.features.push(thing);
    else
      worked.push({
        thing,
        operation: p.operation ?? target?.operation ?? reading.operation,
        ownOperation: p.operation ?? target?.ownOperation ?? null,
        features: [],
        without: null,
      });
  }
  return { worked, asides };
}

/** Whether a thing or one it was read with names a system. */
function saysSystem(t: Thing, kind: SystemKind): boolean {
  for (let o: Thing | null = t; o; o = o.owner) if (o.systems.includes(kind)) return true;
  return false;
}

/** The positions a worked part touches, to skip the systems it cannot relate to; `all` when it may relate to any. */
function touched(w: Worked, reading: LineReading): { positions: Set<Position>; all: boolean } {
  const t = w.thing;
  const positions = new Set<Position>([...t.sensors, ...t.mounts, ...t.carries, ...t.path, ...t.either]);
  for (const f of w.features) for (const p of [...f.sensors, ...f.mounts, ...f.path, ...f.carries, ...f.either]) positions.add(p);
  const all =
    t.geometry ||
    t.column ||
    w.features.some((f) => f.systems.length > 0) ||
    t.part?.group === 'wheel' ||
    reading.operation === 'align' ||
    t.part != null;
  return {
    positions,
    all:
      all &&
      (t.geometry ||
        t.column ||
        t.part?.group === 'wheel' ||
        reading.operation === 'align' ||
        w.features.some((f) => f.systems.length > 0) ||
        t.kind === 'body'),
  };
}

/** The positions of a list that are a system's. */
function mineOf(s: CompiledSystem, ps: readonly Position[]): Position[] {
  const out: Position[] = [];
  for (const p of ps) if (s.positions.has(p) && !out.includes(p)) out.push(p);
  return out;
}

const NO_POSITIONS: readonly Position[] = [];

/** What a worked part's features give it, worked out once per line (not per system). */
interface Featured {
  mounts: readonly Position[];
  path: readonly Position[];
  carries: readonly Position[];
  settled: readonly Position[];
}
const NOTHING_FEATURED: Featured = { mounts: NO_POSITIONS, path: NO_POSITIONS, carries: NO_POSITIONS, settled: NO_POSITIONS };

function featuredOf(w: Worked): Featured {
  if (!w.features.length) return NOTHING_FEATURED;
  const t = w.thing;
  const fs = w.features;
  return {
    mounts: fs.flatMap((f) => f.mounts),
    path: fs.flatMap((f) => f.path),
    carries: [
      ...fs.flatMap((f) => placedOn(f.sensors, t, f.systems.length > 0)),
      ...fs.flatMap((f) => placedOn(f.carries, t)),
      ...fs.flatMap((f) => placedOn(f.either, t)),
      ...fs.flatMap((f) => systemsPositionsOn(f.systems, t)),
    ],
    // Which of several sensors a word means: a system or sensor a feature names, or the one a place carries
    // ("camera bracket on windshield": the windshield camera's).
    settled: fs.flatMap((f) => [...f.systems.flatMap((k) => KIND_RULES[k].positions), ...f.sensors, ...f.carries]),
  };
}

type Related = { relation: Relation; positions: Position[] };

/** A part's relations to one system's sensors. */
function relationsTo(s: CompiledSystem, w: Worked, reading: LineReading, fe: Featured = featuredOf(w)): Related[] {
  const t = w.thing;
  const rule = s.kind ? KIND_RULES[s.kind] : null;
  const out: Related[] = [];
  const sensors = mineOf(s, t.sensors);
  if (!sensors.length) sensors.push(...t.sensors.filter((p) => s.itself.has(p)));
  if (sensors.length) out.push({ relation: 'sensor', positions: sensors });
  // "Drill holes for park sensors": work on where the sensor sits.
  const mounts = mineOf(
    s,
    t.kind === 'feature' ? [...t.mounts, ...fe.mounts, ...t.carries] : fe.mounts.length ? [...t.mounts, ...fe.mounts] : t.mounts,
  );
  if (mounts.length) out.push({ relation: 'mount', positions: mounts });
  const carried = mineOf(
    s,
    t.kind === 'feature'
      ? NO_POSITIONS
      : (t.kind === 'body' || t.kind === 'piece') && fe.carries.length
        ? [...t.carries, ...fe.carries]
        : t.carries,
  );
  if (t.part && s.carriers.has(t.part.id) && !carried.length) carried.push(...[...s.positions].filter((p) => !onlyAtOtherEnd(p, t.end)));
  // "Fender w/ repeater camera opening": the line says the part carries a sensor this make mounts elsewhere.
  if (!carried.length && t.kind !== 'feature') carried.push(...fe.carries.filter((p) => s.itself.has(p)));
  if (carried.length) out.push({ relation: 'carrier', positions: carried });
  // A sensor is not in front of another for where it is mounted ("360 camera (grille)": not the radar's path).
  const path = mineOf(s, fe.path.length && t.kind !== 'sensor' ? [...t.path, ...fe.path] : t.path);
  if (path.length) out.push({ relation: 'path', positions: path });
  if (rule?.geometry && t.geometry) out.push({ relation: 'geometry', positions: [] });
  if (s.kind === 'steeringAngle' && t.column) out.push({ relation: 'column', positions: [] });
  if (rule?.geometry && alignmentOf(reading, t) === 'wheels') out.push({ relation: 'alignment', positions: [] });
  // Positions the words leave open: settled by the features ("front view camera (surround view)").
  if (t.either.length && t.either.some((p) => s.positions.has(p))) {
    const featured = t.either.filter((p) => fe.settled.includes(p));
    const pick = featured.length ? featured : t.part?.prefer ? [t.part.prefer] : t.either;
    const kinds = new Set(pick.map((p) => POSITION_KIND[p]));
    const own = mineOf(s, pick);
    if (own.length && (kinds.size === 1 || own.length === pick.length)) out.push({ relation: 'sensor', positions: own });
    else if (own.length) out.push({ relation: 'either', positions: own });
  }
  return out;
}

interface Verdict {
  ok: boolean;
  why: string;
}

/** Whether the line's operation on a part so related requires the system's calibration. */
function operationVerdict(s: CompiledSystem, relation: Relation, op: Operation | null, unknownCode: string | null): Verdict {
  const rule = s.kind ? KIND_RULES[s.kind] : null;
  const name = s.src.system;
  if (op === 'refinish' || op === 'blend') {
    if (op === 'refinish' && relation === 'carrier' && rule?.refinishes)
      return { ok: true, why: 'refinished (the sensors come out to paint it)' };
    return { ok: false, why: `${cap(OPERATION_NAMES[op])} is paint work: it does not move a sensor.` };
  }
  if (op === 'check') return { ok: false, why: 'A check does not remove or move the part: it requires no calibration.' };
  if (op === 'mask') return { ok: false, why: MASKED };
  const done = op
    ? DONE[op]
    : unknownCode
      ? `operation “${unknownCode}” (not known; read as removed or replaced)`
      : 'no operation given (read as removed or replaced)';
  if (relation === 'sensor' || relation === 'mount' || relation === 'alignment') return { ok: true, why: done };
  if (relation === 'column' || relation === 'geometry') {
    if (op === 'repair' || op === 'labor' || op === 'align')
      return { ok: false, why: `${cap(DONE[op])}: the part stays in place, ${name} is not disturbed.` };
    return s.src.isRR || s.src.isRI ? { ok: true, why: done } : { ok: false, why: `The make matrix requires ${name} after no work on it.` };
  }
  switch (op) {
    case 'replace':
      return s.src.isRR
        ? { ok: true, why: done }
        : { ok: false, why: `Replacing it does not require ${name}: the make matrix is not marked R&R.` };
    case 'remove':
      return s.src.isRI
        ? { ok: true, why: done }
        : { ok: false, why: `Removing and installing it does not require ${name}: the make matrix is marked R&R only.` };
    case 'overhaul':
      return s.src.isRR || s.src.isRI
        ? { ok: true, why: done }
        : { ok: false, why: `The make matrix requires ${name} after no work on it.` };
    case 'repair':
      return rule?.repairs
        ? { ok: true, why: 'repaired (filler and paint film where the radar looks through)' }
        : { ok: false, why: `A repair leaves the part in place: ${name} is not disturbed.` };
    case 'align':
    case 'labor':
      return { ok: false, why: `${cap(DONE[op])}: the part is not removed, ${name} is not disturbed.` };
    default:
      return s.src.isRR || s.src.isRI
        ? { ok: true, why: done }
        : { ok: false, why: `The make matrix requires ${name} after no work on it.` };
  }
}

/** A trigger's explanation, as an estimator reads it: "front bumper cover: replaced → Front Radar (…)". */
function triggerWhy(h: Hit, done: string): string {
  const relation = h.relation === 'either' ? 'sensor' : h.relation;
  return `${h.worked.thing.text}: ${done} → ${h.system.src.system} (${RELATION_WHY[relation](names(h.positions))})`;
}

/**
 * The systems a line names only as the module a procedure or finding is read in: a scan line's first clause
 * of system names only ("SCC/FCA: …"), or an aside of system names only ("Rear camera calibration (PAM)").
 */
function moduleKinds(reading: LineReading): SystemKind[] {
  const systemsOf = (phrases: readonly Phrase[]) => {
    const terms = phrases.flatMap((p) => p.items.filter((i) => i.kind === 'term'));
    return terms.length && terms.every((i) => i.term.kind === 'system')
      ? terms.flatMap((i) => (i.term.kind === 'system' ? [i.term.system] : []))
      : [];
  };
  const first = reading.phrases.filter((p) => p.clause === 0);
  const kinds = reading.finding && reading.phrases.some((p) => p.clause > 0) ? systemsOf(first) : [];
  for (const p of reading.phrases) if (p.role === 'aside') kinds.push(...systemsOf([p]));
  return [...new Set(kinds)];
}

/** What the line's section names ("SURROUND VIEW MONITOR (SVM)": the surround view). */
function sectionThings(m: Matcher, reading: LineReading): Thing[] {
  return reading.section.phrases.flatMap((p) => resolvePhrase(p, { vocab: m.vocab, end: reading.end, section: null }) ?? []);
}

/** Kinds a calibration line names: by a maker's name, a sensor's, or only a kind ("camera calibration"). */
function namedKinds(
  m: Matcher,
  reading: LineReading,
  things: Thing[],
): { kinds: Set<SystemKind>; open: Position[][]; kindOnly: string | null; names: string[] } {
  // What a calibration is of: the part and what it is named after ("ACC radar alignment": the alignment of the ACC radar).
  const chain = things.flatMap((t) => {
    const out: Thing[] = [];
    for (let o: Thing | null = t; o; o = o.owner) out.push(o);
    return out;
  });
  // "ICC/ADAS: front camera aiming incomplete": a scan line's module, before its colon, is where the finding was
  // read; when the finding names sensors of no system of the module's, the module names no system itself.
  const modules = moduleKinds(reading);
  const sensed = chain.filter((t) => !t.systems.length && !t.generic).flatMap((t) => [...t.sensors, ...t.either]);
  // A sensor word of a kind the module has none of ("ICC/ADAS: camera aiming incomplete") is not the module's either.
  // So is a system's name that ends in a sensor word ("Millimeter wave radar … (TSS 2.5+)": the radar, not TSS's camera).
  const sensorKinds = chain
    .filter((t) => (!t.systems.length && !t.sensors.length && !t.either.length) || (t.systems.length && !t.part))
    .map((t) => (t.systems.length ? undefined : t.part?.sensorType) ?? SENSOR_WORDS[t.text.split(' ').at(-1) ?? ''])
    .filter((x): x is 'camera' | 'radar' => x === 'camera' || x === 'radar');
  const readIn = new Set(
    modules.filter(
      (k) =>
        (sensed.length && !sensed.some((p) => KIND_RULES[k].positions.includes(p))) ||
        (sensorKinds.length && !KIND_RULES[k].positions.some((p) => sensorKinds.some((x) => ofType(p, x)))),
    ),
  );
  const named = new Set<SystemKind>();
  const names: string[] = [];
  for (const s of m.systems)
    for (const n of s.names)
      if (
        s.kind &&
        !readIn.has(s.kind) &&
        !named.has(s.kind) &&
        containsWords(reading.words, n.words) &&
        !namesOtherSensor(reading.words, n.words, s.kind)
      ) {
        named.add(s.kind);
        names.push(n.text);
      }
  // "Honda Sensing radar": of the systems an owner's name names, the ones with the kind of sensor it owns.
  const ownedType = new Map<Thing, SensorType>();
  for (const t of things)
    for (let c: Thing = t; c.owner; c = c.owner) {
      const type = c.part?.sensorType ?? SENSOR_WORDS[c.text.split(' ').at(-1) ?? ''];
      if (type === 'camera' || type === 'radar') ownedType.set(c.owner, type);
    }
  // "FCA / LKA front view camera": a system's name alone, listed before a sensor owned by another, owns that sensor too.
  const listedBefore = new Map<string, SensorType>();
  things.forEach((t, i) => {
    const next = things[i + 1];
    const type = next && [...ownedType.entries()].find(([o]) => o === next || next.owner === o)?.[1];
    if (t.systems.length && !t.part && !t.owner && !ownedType.has(t) && type) {
      ownedType.set(t, type);
      listedBefore.set(t.text, type);
    }
  });
  const ofOwned = (t: Thing) => {
    // (An aside's owner is the same name read again.)
    const type = ownedType.get(t) ?? (t.part ? undefined : listedBefore.get(t.text));
    return type ? t.systems.filter((k) => KIND_RULES[k].positions.some((p) => ofType(p, type))) : t.systems;
  };
  for (const t of chain)
    for (const k of ofOwned(t))
      if (!named.has(k) && !readIn.has(k)) {
        named.add(k);
        names.push(t.text);
      }
  const kinds = new Set(named);
  const served = (p: Position) => [...named].some((k) => KIND_RULES[k].positions.includes(p));
  const open: Position[][] = [];
  let kindOnly: string | null = null;
  // "SVM - left camera not calibrated": a surround-view camera on a side, no other place said, is the mirror camera.
  const sideCamera =
    named.has('surroundView') &&
    reading.side != null &&
    chain.some(
      (t) =>
        !t.mounts.length &&
        ((!t.sensors.length && ((t.part?.piece === 'sensor' && t.part.sensorType === 'camera') || /\bcamera$/.test(t.text))) ||
          (t.systems.includes('surroundView') && /\bcamera$/.test(t.text))),
    );
  if (sideCamera && !named.has('sideCamera')) {
    kinds.add('sideCamera');
    names.push(`${reading.side} camera`);
  }
  // "SURROUND VIEW | Front camera calibration", "360 camera calibration - front camera": a sensor word that may be
  // two sensors is the one of a system the line or its section names another way (the surround view's front camera).
  const context = new Set<SystemKind>(named);
  for (const t of [...chain, ...sectionThings(m, reading)])
    for (const k of [...t.systems, ...t.sensors.map((p) => POSITION_KIND[p])]) context.add(k);
  const settled = (p: Position) => served(p) || context.has(POSITION_KIND[p]);
  for (const t of chain) {
    if (t.systems.length || t.kind === 'labor') continue;
    // "Blind spot warning (BSW): radar misaligned": a sensor word at no end said, of a type a system the line
    // names has, is that system's sensor (not the front one a bare "radar" is taken for).
    const type = t.part?.sensorType ?? SENSOR_WORDS[t.text.split(' ').at(-1) ?? ''];
    if (
      t.generic &&
      (type === 'camera' || type === 'radar') &&
      [...named].some((k) => KIND_RULES[k].positions.some((p) => ofType(p, type)))
    )
      continue;
    const positions = [...t.sensors, ...t.mounts];
    const bare = t.generic || (t.part?.piece === 'sensor' && !positions.length && !t.either.length);
    if (bare && !named.size) {
      kindOnly = t.part?.sensorType ?? (positions.some((p) => ofType(p, 'radar')) ? 'radar' : 'camera');
      continue;
    }
    // The mirror and rear cameras are systems of their own besides the surround view's ("Rear View Camera / SVM cal").
    for (const p of positions) if (!served(p) || p === 'mirrorCamera' || p === 'rearCamera') kinds.add(POSITION_KIND[p]);
    if (t.either.length && !t.either.some(served)) {
      // "360 camera": every position is one system's (the surround view's); "front view camera": two systems',
      // settled by what else the line or its section names, else by the name's usual meaning.
      const common = SYSTEM_KINDS.find((k) => t.either.every((p) => KIND_RULES[k].positions.includes(p)));
      const either = t.either.filter(settled);
      if (common) kinds.add(common);
      else if (either.length === 1) kinds.add(POSITION_KIND[either[0]!]);
      else if (t.part?.prefer) kinds.add(POSITION_KIND[t.part.prefer]);
      else open.push(t.either);
    }
    if (positions.length || t.either.length) names.push(t.text);
  }
  // "Camera calibration - windshield": a kind, with the part whose sensor it is.
  if (kindOnly && !kinds.size) {
    const carried = chain.flatMap((t) => [...t.carries, ...t.mounts]).filter((p) => ofType(p, kindOnly === 'camera' ? 'camera' : 'radar'));
    const byCarrier = new Set(carried.map((p) => POSITION_KIND[p]));
    if (byCarrier.size === 1) {
      kinds.add([...byCarrier][0]!);
      kindOnly = null;
    }
  }
  return { kinds, open, kindOnly, names };
}

interface Pending {
  /** A calibration line naming only a kind of sensor: settled with the estimate's other lines. */
  kindOnly: string;
}

/** Scrubs one line against the compiled rules (a calibration line naming only a kind is left pending: scrubLines settles it). */
export function scrubLine(line: EstimateLine, m: Matcher): LineOutcome & { pending?: Pending } {
  const reading = readLine(line, m.vocab);
  const base = {
    lineNum: line.lineNum,
    reading,
    read: [] as string[],
    triggers: [] as LineTrigger[],
    checks: [] as LineCheck[],
    refusals: [] as Refusal[],
  };
  if (reading.unread) return { ...base, nothing: null, unread: reading.unread };
  if (line.isNotEquipped) return { ...base, nothing: 'Marked not equipped on the job: the line is not scrubbed.', unread: null };
  if (reading.describesVehicle)
    return {
      ...base,
      nothing: 'The line describes the vehicle (its options or equipment), not work on it: it requires no calibration.',
      unread: null,
    };
  if (reading.statesTerms)
    return {
      ...base,
      nothing:
        'The line states terms or money (a warranty, a disclaimer, a price adjustment or a credit), not work on the vehicle: it requires no calibration.',
      unread: null,
    };
  if (reading.denied)
    return {
      ...base,
      nothing: `The line says the work is not done or not needed (“${reading.denied}”): it requires no calibration.`,
      unread: null,
    };

  const end = reading.end;
  const { worked, asides } = workedParts(m.vocab, reading, end);
  base.read = worked.map((w) => w.thing.text);
  const refusals: Refusal[] = [];
  const refuse = (s: CompiledSystem, kind: RefusalKind, keyword: string, why: string) =>
    refusals.push({ adasChecklistMatrix: s.src.adasChecklistMatrix, system: s.src.system, keyword, kind, why });
  const inLine = m.exclusions.filter((e) => containsWords(reading.words, e.words));
  const excluded = (s: CompiledSystem) =>
    inLine.find((e) => e.src.adasChecklistMatrix == null || e.src.adasChecklistMatrix === s.src.adasChecklistMatrix);
  const triggered = new Map<number, LineTrigger & { order: number }>();
  const checks = new Map<number, LineCheck>();
  const gate = (s: CompiledSystem, keyword: string): boolean => {
    const ex = excluded(s);
    if (ex) {
      refuse(
        s,
        'exclusion',
        keyword,
        `Excluded: a line with “${ex.src.phrase}” never triggers ${ex.src.adasChecklistMatrix == null ? 'a calibration' : s.src.system}${ex.src.reason ? ` (${ex.src.reason.replace(/\.$/, '')})` : ''}.`,
      );
      return false;
    }
    if (s.src.notEquipped) {
      refuse(s, 'not-equipped', keyword, `It would require ${s.src.system}, which the inspection found the vehicle is not equipped with.`);
      return false;
    }
    return true;
  };
  const trigger = (s: CompiledSystem, kind: TriggerKind, keyword: string, words: string, why: string) => {
    if (triggered.has(s.src.adasChecklistMatrix) || !gate(s, keyword)) return;
    triggered.set(s.src.adasChecklistMatrix, {
      adasChecklistMatrix: s.src.adasChecklistMatrix,
      system: s.src.system,
      keyword,
      kind,
      words,
      why,
      order: s.order,
    });
  };
  const check = (s: CompiledSystem, why: string) => {
    if (triggered.has(s.src.adasChecklistMatrix) || checks.has(s.src.adasChecklistMatrix) || excluded(s) || s.src.notEquipped) return;
    checks.set(s.src.adasChecklistMatrix, { adasChecklistMatrix: s.src.adasChecklistMatrix, system: s.src.system, why });
  };
  const read = reading.expansions.length ? ` (read: ${reading.expansions.map((e) => `${e.word} → ${e.to}`).join(', ')})` : '';

  // A calibration line names its system.
  // What the line names: its parts, what comes with them ("4whl align w/ SAS calib"), asides and purposes.
  const all = [...worked.flatMap((w) => [w.thing, ...w.features]), ...asides, ...purposeThings(m.vocab, reading, end)];
  // A scan, fee or paperwork is no calibration, unless the scan reports one due ("Pre-scan: CCM missing calibration").
  const blocked =
    !reading.finding &&
    worked.length > 0 &&
    worked.every((w) => w.thing.kind === 'labor' && ['diag', 'admin', 'fee'].includes(w.thing.part?.labor ?? ''));
  const alignmentOfSensor = worked.some((w) => alignmentOf(reading, w.thing) === 'sensor');
  // Under a calibration or diagnostics section, a line naming only a sensor or system is its calibration ("ADAS CALIBRATION | Front radar").
  const listed =
    reading.section.procedures &&
    (reading.operation == null || reading.operation === 'sublet' || reading.operation === 'labor') &&
    worked.length > 0 &&
    worked.every((w) => w.thing.kind === 'sensor' || w.thing.systems.length > 0 || w.thing.part?.piece === 'sensor');
  // A check or test of a sensor or system itself is its function check ("park snsr funct chk", "BVM chk"):
  // the procedure that system's calibration is, for park sensors and camera guidelines. A check of any
  // other part (the wheel alignment, a bracket) moves nothing and stays refused below.
  const sensorChecked =
    reading.operation === 'check' &&
    !reading.test &&
    worked.length > 0 &&
    (worked.every((w) => w.thing.kind === 'sensor' || w.thing.systems.length > 0 || w.thing.part?.piece === 'sensor') ||
      namesSystem(reading));
  // A scan's finding that a calibration is due ("radar misaligned") is read as that calibration.
  // "HDA/LFA functions verified on road test": what a road test verifies it tries; it calibrates nothing.
  const verifiedByTest = reading.test && reading.calibration.every((w) => VERIFYING.has(w));
  const procedure =
    (reading.finding != null || (!verifiedByTest && (reading.calibration.length > 0 || alignmentOfSensor || listed || sensorChecked))) &&
    !blocked;
  let pending: Pending | undefined;
  if (procedure) {
    const { kinds, open, kindOnly, names } = namedKinds(m, reading, all);
    const said = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
    const word =
      reading.calibration[0] ??
      reading.finding ??
      (alignmentOfSensor ? 'alignment' : sensorChecked ? 'check' : reading.section.text.toLowerCase());
    for (const s of m.systems) {
      if (!s.kind || !kinds.has(s.kind)) continue;
      trigger(
        s,
        'calibration',
        said.join(', ') || word,
        said.join(', '),
        `a calibration line (${word}) naming ${said.join(', ') || s.src.system} → ${s.src.system}${read}`,
      );
    }
    for (const ps of open) {
      const candidates = m.systems.filter((s) => s.kind && ps.some((p) => POSITION_KIND[p] === s.kind));
      for (const s of candidates)
        check(
          s,
          `A calibration of “${all.find((t) => t.either.length)?.text ?? 'a camera'}”: it may be ${candidates.map((c) => c.src.system).join(' or ')}; the line does not say which.`,
        );
    }
    if (kindOnly && !kinds.size) pending = { kindOnly };
  }

  // Parts, sensors and alignments.
  // A road test names the systems it tries; it calibrates none of them.
  const tested = reading.test && !procedure;
  for (const w of worked) {
    const sensorish = w.thing.kind === 'sensor' || w.thing.systems.length > 0;
    if (tested && sensorish) continue;
    // In a calibration line the line's operation is the calibration's: a part or sensor with no work of its
    // own only says which sensor ("Rear camera mirror aim", "Camera calibration - windshield"); one with its
    // own ("PVM calibration - back camera replaced") is worked on too.
    if (procedure && w.ownOperation == null && (sensorish || alignmentOf(reading, w.thing) !== 'wheels')) continue;
    const unknownCode = reading.operationNote && !w.operation ? line.operation.trim() : null;
    const near = touched(w, reading);
    // A bare sensor or system word among words the scrub does not know ("Zorblax radar"): the unknown words
    // may make it something else (a brand of radar detector, a blind spot indicator).
    const amongUnknown =
      reading.unknown.length > 0 &&
      worked.length === 1 &&
      !reading.section.procedures &&
      w.thing.kind === 'sensor' &&
      !w.thing.owner &&
      (w.thing.generic || (w.thing.systems.length > 0 && !w.thing.part));
    const fe = featuredOf(w);
    const ends = w.atEnds && {
      front: { ...w, thing: w.atEnds.front },
      rear: { ...w, thing: w.atEnds.rear },
    };
    const feEnds = ends && { front: featuredOf(ends.front), rear: featuredOf(ends.rear) };
    for (const s of m.systems) {
      if (!near.all && ![...s.positions, ...s.itself].some((p) => near.positions.has(p))) continue;
      // A part the line does not place at an end: what holds at both ends holds; what holds at one is a check.
      let relations = relationsTo(s, w, reading, fe);
      let onlyAt: End | null = null;
      if (ends && feEnds) {
        const front = relationsTo(s, ends.front, reading, feEnds.front);
        const rear = relationsTo(s, ends.rear, reading, feEnds.rear);
        relations = front.length ? front : rear;
        onlyAt = front.length && rear.length ? null : front.length ? 'front' : 'rear';
      }
      if (!relations.length) continue;
      const negated =
        w.without && (w.without.systems.has(s.kind!) || relations.some((r) => r.positions.some((p) => w.without!.positions.has(p))));
      if (negated) {
        refuse(s, 'without', w.thing.text, `The line says “without ${w.without!.text}”: ${s.src.system} is not on this part.`);
        continue;
      }
      const exception = w.thing.part ? s.exceptions.get(w.thing.part.id) : undefined;
      if (exception) {
        refuse(
          s,
          'exception',
          w.thing.text,
          `Make exception for ${s.src.system}: “${w.thing.text}” does not trigger it (${exception.replace(/\.$/, '')}).`,
        );
        continue;
      }
      // A part carrying a sensor the make mounts on the other side only (a left mirror; the camera is on the right).
      const carried = relations.filter((r) => r.relation === 'carrier').flatMap((r) => r.positions);
      const side = carried.map((p) => s.sides.get(p)).find(Boolean);
      if (side && w.thing.side && w.thing.side !== side && relations.every((r) => r.relation === 'carrier')) {
        refuse(
          s,
          'zone',
          w.thing.text,
          `${w.thing.text}: on the ${w.thing.side}; this make mounts ${KIND_RULES[s.kind!].label} (${s.src.system}) on the ${side} side only.`,
        );
        continue;
      }
      const order: Relation[] = ['sensor', 'mount', 'alignment', 'column', 'geometry', 'carrier', 'path', 'either'];
      let done = false;
      for (const rel of order) {
        const r = relations.find((x) => x.relation === rel);
        if (!r) continue;
        if (rel === 'either') {
          check(
            s,
            `${w.thing.text}: the line does not say which ${w.thing.part?.sensorType ?? 'sensor'} it is; it may be ${names(w.thing.either, 'or')}.`,
          );
          done = true;
          break;
        }
        const verdict = operationVerdict(s, rel, w.operation, unknownCode);
        if (!verdict.ok) {
          refuse(s, 'operation', w.thing.text, verdict.why);
          continue;
        }
        if (onlyAt) {
          check(
            s,
            `${w.thing.text}: the line does not say front or rear; the ${onlyAt} one requires ${s.src.system} (${RELATION_WHY[rel](names(r.positions))}).`,
          );
          done = true;
          break;
        }
        if (amongUnknown) {
          check(
            s,
            `“${w.thing.text}” stands among words the scrub does not know (${reading.unknown.join(', ')}): it would require ${s.src.system} (${RELATION_WHY[rel](names(r.positions))}) if it is the vehicle’s own.`,
          );
          done = true;
          break;
        }
        const kind: TriggerKind = rel === 'sensor' || rel === 'mount' ? 'sensor' : rel === 'alignment' ? 'work' : 'part';
        trigger(
          s,
          kind,
          RELATION_WHY[rel](names(r.positions)),
          w.thing.text,
          triggerWhy({ system: s, relation: rel, positions: r.positions, worked: w }, verdict.why) + read,
        );
        done = true;
        break;
      }
      if (!done && !relations.some((r) => r.relation !== 'either')) continue;
    }
    // A sensor piece the words do not place ("Camera" with no part or section): the estimator says which.
    if (!procedure && w.thing.part?.piece === 'sensor' && !positionsOf(w.thing).length) {
      const type = w.thing.part.sensorType;
      const candidates = m.systems.filter((s) =>
        [...s.positions].some((p) => ofType(p, type) && (!end || endOf(p) === null || endOf(p) === end)),
      );
      for (const s of candidates)
        check(
          s,
          `“${w.thing.text}” names a ${type === 'any' ? 'sensor' : type} but not which part it is on; it may be ${candidates.map((c) => c.src.system).join(', ')}.`,
        );
    }
  }

  // "U1509 radar lost communication": a module the scan did not hear from may have been unplugged or damaged;
  // "C1683 front camera view blocked - History": a code the scan reports as past is no fault now. Neither says
  // that a sensor is replaced or removed, so the estimator confirms.
  const scanSays = reading.networkFault
    ? `A scan's network fault (“${reading.networkFault}”)`
    : reading.pastCode
      ? `A scan's past code (“${reading.pastCode}”)`
      : null;
  if (scanSays) {
    for (const t of triggered.values())
      checks.set(t.adasChecklistMatrix, {
        adasChecklistMatrix: t.adasChecklistMatrix,
        system: t.system,
        why: `${scanSays}: ${t.system} is due if its sensor is replaced or removed, which the line does not say.`,
      });
    triggered.clear();
  }
  const triggers = [...triggered.values()]
    .sort((a, b) => a.order - b.order)
    .map((t): LineTrigger => ({
      adasChecklistMatrix: t.adasChecklistMatrix,
      system: t.system,
      keyword: t.keyword,
      kind: t.kind,
      words: t.words,
      why: t.why,
    }));
  const checkList = [...checks.values()].filter((c) => !triggered.has(c.adasChecklistMatrix));
  const kept = refusals.filter((r) => !triggered.has(r.adasChecklistMatrix));
  const outcome: LineOutcome & { pending?: Pending } = {
    ...base,
    triggers,
    checks: checkList,
    refusals: kept,
    nothing:
      triggers.length || checkList.length || pending
        ? null
        : scanSays
          ? `${scanSays}: ${reading.networkFault ? 'a module not heard from' : 'no fault now'}, no calibration due and no part worked on.`
          : nothingReason(reading, worked, kept, procedure),
    unread: null,
  };
  if (pending) outcome.pending = pending;
  return outcome;
}

const endOf = (p: Position): End | null =>
  p === 'frontRadar' || p === 'grilleCamera' || p === 'fwdCamera' ? 'front' : p === 'cornerRadar' || p === 'rearCamera' ? 'rear' : null;

function purposeThings(vocab: Vocabulary, reading: LineReading, end: End | null): Thing[] {
  return reading.phrases
    .filter((p) => p.role === 'purpose')
    .map((p) => resolvePhrase(p, { vocab, end, section: null }))
    .filter((t): t is Thing => t != null);
}

/** Where a name's words stand in a line's words, or -1. */
const wordsAt = (words: readonly string[], part: readonly string[]) => {
  outer: for (let i = 0; i + part.length <= words.length; i++) {
    for (let k = 0; k < part.length; k++) if (words[i + k] !== part[k]) continue outer;
    return i;
  }
  return -1;
};
const containsWords = (words: readonly string[], part: readonly string[]) => wordsAt(words, part) >= 0;

const SENSOR_WORDS: Readonly<Record<string, 'camera' | 'radar'>> = { camera: 'camera', radar: 'radar' };

/**
 * A system's name said of another kind of sensor that follows it ("TSS millimeter wave radar", "FCA camera",
 * "Honda Sensing radar aim"): the name says whose sensor it is, and names none of the system's other kind.
 */
function namesOtherSensor(words: readonly string[], name: readonly string[], kind: SystemKind): boolean {
  const at = wordsAt(words, name);
  // A name of its own sensor ("forward camera & radar") qualifies no other.
  if (at < 0 || name.some((w) => SENSOR_WORDS[w])) return false;
  // "FCA / LKA front view camera": names listed before one sensor are that sensor's.
  for (const w of words.slice(at + name.length, at + name.length + 5)) {
    if (w === '&') continue;
    if (!/^[a-z]/.test(w)) return false;
    const type = SENSOR_WORDS[w] ?? SENSOR_WORDS[w.split(' ').at(-1) ?? ''];
    if (type) return !KIND_RULES[kind].positions.some((p) => ofType(p, type));
  }
  return false;
}

const REFUSAL_ORDER: readonly RefusalKind[] = ['exclusion', 'exception', 'not-equipped', 'without', 'zone', 'operation', 'other-part'];

/** Why a line triggers nothing, in an estimator's words. */
function nothingReason(reading: LineReading, worked: Worked[], refusals: Refusal[], procedure: boolean): string {
  for (const kind of REFUSAL_ORDER) {
    const of = refusals.filter((r) => r.kind === kind);
    if (!of.length) continue;
    const byWhy = new Map<string, string[]>();
    for (const r of of) byWhy.set(r.why, [...new Set([...(byWhy.get(r.why) ?? []), r.system])]);
    return [...byWhy.entries()]
      .map(([why, systems]) =>
        systems.some((s) => why.includes(s)) || why.includes('a calibration') ? why : `${why.replace(/\.$/, '')} (${systems.join(', ')}).`,
      )
      .join(' ');
  }
  if (procedure) return 'A calibration line that names none of this vehicle’s systems.';
  const [first] = worked;
  if (!first) return 'The line names no part the scrub knows.';
  const t = first.thing;
  const text = cap(t.text);
  if (t.kind === 'labor') return `${text}: ${LABOR_WHY[t.part?.labor ?? 'admin']}.`;
  if (t.kind === 'aftermarket') return `${text}: an aftermarket device, not one of the vehicle’s own sensors.`;
  if (reading.test) return 'A road test tries the systems it names; it calibrates none of them.';
  if (reading.operation === 'check') return 'A check does not remove or move a part: it requires no calibration.';
  if (reading.operation === 'mask') return MASKED;
  if (alignmentOf(reading, t) === 'panel') return `${text}: aligning a panel is not a wheel alignment, and it holds no sensor.`;
  if (t.near.length) {
    const them = t.near.length > 1 || names(t.near).endsWith('s');
    return `${text}: sits beside ${names(t.near)} but does not carry or hold ${them ? 'them' : 'it'} — no calibration unless ${them ? 'a sensor was' : 'the sensor itself was'} disturbed.`;
  }
  if (t.sensors.length || t.carries.length || t.mounts.length || t.path.length)
    return `${text}: ${names([...t.sensors, ...t.carries, ...t.mounts, ...t.path])} — not a system of this vehicle.`;
  if (t.owner) return `${text}: carries no driver-assistance sensor.`;
  return `${text}: carries no driver-assistance sensor and is in no sensor’s view.`;
}

/** Scrubs every line (the compiled rules are shared): a calibration line naming only a kind is settled with the estimate's other lines. */
export function scrubLines(lines: readonly EstimateLine[], m: Matcher): LineOutcome[] {
  const first = lines.map((l) => scrubLine(l, m));
  if (!first.some((o) => o.pending)) return first.map(strip);
  return first.map((o) => {
    if (!o.pending) return strip(o);
    const others = new Set(first.filter((x) => x !== o).flatMap((x) => x.triggers.map((t) => t.adasChecklistMatrix)));
    return strip(settleKind(o, o.pending.kindOnly, m, others));
  });
}

const strip = (o: LineOutcome & { pending?: Pending }): LineOutcome => {
  if (!o.pending) return o;
  const { pending, ...rest } = o;
  void pending;
  return rest;
};

/** A calibration line naming only a kind: the vehicle's one system of that kind, else the estimate's, else a check. */
function settleKind(o: LineOutcome, kind: string, m: Matcher, others: ReadonlySet<number>): LineOutcome {
  const sensor = kind === 'any' ? null : kind;
  if (sensor == null) return anySensorCheck(o, m);
  const ofKind = m.systems.filter((s) => s.kind && (sensor == null || KIND_RULES[s.kind].sensor === sensor) && !s.src.notEquipped);
  const inEstimate = ofKind.filter((s) => others.has(s.src.adasChecklistMatrix));
  const word = o.reading.calibration[0] ?? 'calibration';
  // Of several, the one a bare kind usually means ("radar aim": the front radar) when the estimate requires it.
  const primary = inEstimate.filter((s) => KIND_RULES[s.kind!].primary);
  const chosen = ofKind.length === 1 ? ofKind : primary.length === 1 ? primary : inEstimate;
  if (chosen.length) {
    const how =
      ofKind.length === 1
        ? `the vehicle’s one ${kind} system`
        : `the estimate’s other lines require ${chosen.map((s) => s.src.system).join(' and ')}`;
    return {
      ...o,
      nothing: null,
      triggers: chosen
        .sort((a, b) => a.order - b.order)
        .map((s) => ({
          adasChecklistMatrix: s.src.adasChecklistMatrix,
          system: s.src.system,
          keyword: kind,
          kind: 'calibration' as const,
          words: kind,
          why: `a ${kind} calibration line (${word}) naming no system: ${how} → ${s.src.system}`,
        })),
    };
  }
  if (!ofKind.length) return { ...o, nothing: `A ${kind} calibration line: this vehicle has no ${kind} system.` };
  return checkEach(
    o,
    ofKind,
    `A ${kind} calibration that names no system, and no other line of the estimate says which: it may be ${ofKind.map((x) => x.src.system).join(', ')}.`,
  );
}

/** The line as a check of each candidate system, for one reason: the estimator says which. */
function checkEach(o: LineOutcome, candidates: readonly CompiledSystem[], why: string): LineOutcome {
  return {
    ...o,
    nothing: null,
    checks: candidates.map((s) => ({ adasChecklistMatrix: s.src.adasChecklistMatrix, system: s.src.system, why })),
  };
}

/**
 * A calibration of a "sensor" the line does not name: which system's it is is the estimator's to say
 * (the estimate's other lines do not tell a yaw rate sensor from a park sensor).
 */
function anySensorCheck(o: LineOutcome, m: Matcher): LineOutcome {
  const candidates = m.systems.filter((s) => s.kind && !s.src.notEquipped);
  if (!candidates.length) return { ...o, nothing: 'A sensor calibration line: this vehicle has no driver-assistance system.' };
  return checkEach(
    o,
    candidates,
    `A calibration of a sensor the line does not name: it may be ${candidates.map((x) => x.src.system).join(', ')}, or none of them.`,
  );
}

/** The parts a line names as read ("front bumper cover", "camera of the liftgate"): the job's estimate shows them. */
export function partsRead(vocab: Vocabulary, reading: LineReading): string[] {
  return workedParts(vocab, reading, reading.end).worked.map((w) => w.thing.text);
}

/** Every system a vehicle's rules hold, by kind (for the host's explanations). */
export const systemKind = (m: Matcher, adasChecklistMatrix: number): SystemKind | null =>
  m.systems.find((s) => s.src.adasChecklistMatrix === adasChecklistMatrix)?.kind ?? null;
