/**
 * The scrub's matching rule (docs/scrub.md "The matching rule"): which calibrations an estimate line
 * requires, and why, in words, for every line. Plain code, client-safe; lines are read by normalise.ts.
 *
 * A system's rule is its make matrix's keyword lists (the knowledge base's words, read like lines):
 * - Line keywords name the parts whose work requires the calibration ("front bumper cover"). A line names a
 *   keyword's part when their head words are the same, the keyword's modifiers are among the line's, and
 *   its end (front, rear) is the line's or its section's. A line that says neither end is read for both,
 *   unless it also names another part ("hood emblem" is not a "front emblem").
 * - Which operations require it: replacing when the make matrix is marked R&R, removing and installing (and
 *   an overhaul) when marked R&I; a keyword that starts with an operation ("repair quarter panel") requires
 *   that operation. A keyword naming the sensor itself or its mount (sensor, radar, camera…) or a wheel
 *   alignment requires any work but paint and a check. Refinish, blend and a check never require one,
 *   unless a keyword starts with that operation ("refinish front bumper cover").
 * - Sublet keywords are the system's names in calibration lines: a line with a calibration word (calibrate,
 *   aim, reset, relearn, initialize, an alignment of it…) naming one of them triggers that system, whatever
 *   its operation; when two names overlap the longer wins ("blind spot radar" is not the front radar).
 * - Location keywords say where the sensors sit: a line at the other end of the vehicle does not trigger it.
 * - An exclusion phrase in the line, a make exception for the keyword, a system the inspection found not
 *   equipped, a line marked not equipped and a no-scrub vehicle stop a calibration, and say so.
 * Every line ends in one place: the calibrations it triggers with the rule, words and operation of each,
 * or why it triggers none.
 */
import {
  linePhrases,
  phraseText,
  readDescription,
  readLine,
  readWords,
  type LineReading,
  type Phrase,
  type Vocabulary,
  type Zone,
} from './normalise';
import {
  CALIBRATION_WORDS,
  DESCRIPTORS,
  MOUNT_WORDS,
  OPERATION_NAMES,
  PART_ZONES,
  SENSOR_WORDS,
  SIDES,
  ZONES,
  type Operation,
} from './vocabulary';

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
  isRR: boolean;
  isRI: boolean;
  keywords: { line: readonly string[]; location: readonly string[]; sublet: readonly string[] };
  /** Make exceptions: keywords that do not trigger this system for the vehicle's make, and why. */
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
export type RefusalKind = 'exclusion' | 'exception' | 'not-equipped' | 'operation' | 'zone' | 'other-part';

export interface LineTrigger {
  adasChecklistMatrix: number;
  system: string;
  /** The rule's words that matched (a line or sublet keyword). */
  keyword: string;
  kind: TriggerKind;
  /** The line's words as read. */
  words: string;
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
  /** The parts matched: the line's, bare pieces read with their section. */
  phrases: Phrase[];
  triggers: LineTrigger[];
  refusals: Refusal[];
  /** Why the line triggers nothing (null when it triggers something or was not read). */
  nothing: string | null;
  /** Why the line could not be read (then it is neither triggering nor not). */
  unread: string | null;
}

// ── the compiled rules ─────────────────────────────────────────────────────────────────────────────
interface Keyword {
  text: string;
  op: Operation | null;
  head: string;
  mods: string[];
  zone: Zone | null;
  kind: Exclude<TriggerKind, 'calibration'>;
}

interface CompiledSystem {
  src: MatchSystem;
  order: number;
  keywords: Keyword[];
  /** Its names in calibration lines, as read and word for word (either may be in a line, in any order). */
  names: { text: string; forms: string[][] }[];
  /** The ends its sensors sit at; null: either (or not said). */
  zones: Set<Zone> | null;
  exceptions: { keyword: Keyword; reason: string }[];
}

export interface Matcher {
  vocab: Vocabulary;
  systems: CompiledSystem[];
  /** Every keyword's head word (to say what a line's word belongs to). */
  heads: Set<string>;
  byHead: Map<string, { system: CompiledSystem; keyword: Keyword }[]>;
  exclusions: { src: Exclusion; words: string[] }[];
}

/** A keyword read as a part name. */
function keywordOf(vocab: Vocabulary, text: string): Keyword | null {
  const d = readDescription(vocab, text);
  const p = d.phrases.find((x) => x.kind === 'main');
  if (!p) return null;
  const kind = p.head === 'alignment' ? 'work' : p.words.some((w) => SENSOR_WORDS.has(w)) ? 'sensor' : 'part';
  return { text, op: d.operation, head: p.head, mods: p.mods.filter((m) => !ZONES.has(m)), zone: p.zone, kind };
}

/** A name's words for calibration lines: no descriptors, sides or calibration words. */
const nameWords = (vocab: Vocabulary, text: string) =>
  readWords(vocab, text).words.filter((w) => /[a-z0-9]/.test(w) && !DESCRIPTORS.has(w) && !SIDES.has(w) && !CALIBRATION_WORDS.has(w));
/** A name's words before multi-word terms ("windshield camera", not "forward camera"). */
const plainNameWords = (vocab: Vocabulary, text: string) =>
  readWords({ ...vocab, phrases: new Map() }, text).words.filter(
    (w) => /[a-z0-9]/.test(w) && !DESCRIPTORS.has(w) && !SIDES.has(w) && !CALIBRATION_WORDS.has(w),
  );

function zonesOf(vocab: Vocabulary, locations: readonly string[]): Set<Zone> | null {
  if (!locations.length) return null;
  const zones = new Set<Zone>();
  for (const l of locations) {
    const words = readWords(vocab, l).words;
    const zone = (words.find((w) => ZONES.has(w)) as Zone | undefined) ?? words.map((w) => PART_ZONES[w]).find(Boolean);
    if (!zone) return null;
    zones.add(zone);
  }
  return zones;
}

// Compiled rules are kept per vocabulary and rules: a firm's scrubs of the same make reuse them.
const compiledRules = new WeakMap<Vocabulary, Map<string, Matcher>>();

/** Compiles the systems' rules (each keyword read with the scrub's vocabulary), or reuses the same rules' compilation. */
export function compileMatcher(systems: readonly MatchSystem[], exclusions: readonly Exclusion[], vocab: Vocabulary): Matcher {
  const key = JSON.stringify([
    systems.map((s) => [s.adasChecklistMatrix, s.system, s.isRR, s.isRI, s.keywords, s.exceptions ?? [], !!s.notEquipped]),
    exclusions.map((e) => [e.adasChecklistMatrix, e.phrase, e.reason ?? '']),
  ]);
  let byKey = compiledRules.get(vocab);
  if (!byKey) compiledRules.set(vocab, (byKey = new Map()));
  const kept = byKey.get(key);
  if (kept) return kept;
  const m = compile(systems, exclusions, vocab);
  if (byKey.size >= 256) byKey.delete(byKey.keys().next().value!);
  byKey.set(key, m);
  return m;
}

function compile(systems: readonly MatchSystem[], exclusions: readonly Exclusion[], vocab: Vocabulary): Matcher {
  const compiled = systems.map((src, order): CompiledSystem => ({
    src,
    order,
    keywords: src.keywords.line.map((k) => keywordOf(vocab, k)).filter((k): k is Keyword => k != null),
    names: src.keywords.sublet
      .map((text) => ({ text, forms: [nameWords(vocab, text), plainNameWords(vocab, text)].filter((f) => f.length > 0) }))
      .filter((n) => n.forms.length > 0),
    zones: zonesOf(vocab, src.keywords.location),
    exceptions: (src.exceptions ?? []).flatMap((e) => {
      const keyword = keywordOf(vocab, e.keyword);
      return keyword ? [{ keyword, reason: e.reason }] : [];
    }),
  }));
  const byHead = new Map<string, { system: CompiledSystem; keyword: Keyword }[]>();
  for (const system of compiled)
    for (const keyword of system.keywords) {
      const list = byHead.get(keyword.head) ?? [];
      list.push({ system, keyword });
      byHead.set(keyword.head, list);
    }
  return {
    vocab,
    systems: compiled,
    heads: new Set(byHead.keys()),
    byHead,
    exclusions: exclusions
      .map((src) => ({ src, words: readWords(vocab, src.phrase).words.filter((w) => /[a-z0-9]/.test(w)) }))
      .filter((e) => e.words.length > 0),
  };
}

/** The words of every knowledge-base list, so the vocabulary knows them (and their misspellings). */
export function ruleWords(systems: readonly MatchSystem[], exclusions: readonly Exclusion[]): string[] {
  return [
    ...systems.flatMap((s) => [...s.keywords.line, ...s.keywords.sublet, ...s.keywords.location]),
    ...exclusions.map((e) => e.phrase),
  ];
}

// ── one line ───────────────────────────────────────────────────────────────────────────────────────
const contains = (words: readonly string[], part: readonly string[]) => {
  outer: for (let i = 0; i + part.length <= words.length; i++) {
    for (let k = 0; k < part.length; k++) if (words[i + k] !== part[k]) continue outer;
    return true;
  }
  return false;
};

const sameKeyword = (a: Keyword, b: Keyword) =>
  a.head === b.head && a.zone === b.zone && a.mods.length === b.mods.length && a.mods.every((m) => b.mods.includes(m));

const OPERATION_VERBS: Readonly<Record<Operation, string>> = {
  replace: 'replaces',
  remove: 'removes and installs',
  overhaul: 'overhauls (removes and installs)',
  repair: 'repairs',
  refinish: 'refinishes',
  blend: 'blends',
  align: 'aligns',
  sublet: 'sublets work on',
  labor: 'adds labor on',
  check: 'checks',
};

interface OperationVerdict {
  ok: boolean;
  why: string;
}

/** Whether the line's operation requires the system for this keyword, and why in words. */
function operationVerdict(k: Keyword, op: Operation | null, s: MatchSystem, unknownCode: string | null = null): OperationVerdict {
  // A keyword that starts with an operation requires that one, even paint ("refinish front bumper cover").
  if (k.op && op === k.op) return { ok: true, why: `the rule names “${k.text}”, and the line ${OPERATION_VERBS[op]} it` };
  if (op === 'refinish' || op === 'blend')
    return {
      ok: false,
      why: `${cap(OPERATION_NAMES[op])} is paint work: it does not disturb a sensor or require a calibration.`,
    };
  if (op === 'check') return { ok: false, why: 'A check does not remove or move the part: it requires no calibration.' };
  if (k.op) {
    const ok = op === k.op || (k.op === 'remove' && op === 'overhaul');
    return ok
      ? { ok, why: `the rule names “${k.text}”, and the line ${OPERATION_VERBS[op!]} it` }
      : {
          ok,
          why: `The rule names “${k.text}” for a ${OPERATION_NAMES[k.op]} only; this line ${op ? OPERATION_VERBS[op] : 'names no operation on'} it.`,
        };
  }
  if (k.kind === 'sensor')
    return {
      ok: true,
      why: `the line works on the sensor itself or its mount (“${k.text}”)${op ? `: ${OPERATION_NAMES[op]}` : ''}; any work on it but paint and a check requires the calibration`,
    };
  if (k.kind === 'work') return { ok: true, why: `the line is a wheel alignment (“${k.text}”), which requires it` };
  const flags = [s.isRR && 'replacement (R&R)', s.isRI && 'removal (R&I)'].filter(Boolean).join(' or ') || 'no operation';
  switch (op) {
    case 'replace':
      return s.isRR
        ? { ok: true, why: `the rule names “${k.text}”, and the line replaces it (the make matrix calibrates after a replacement: R&R)` }
        : { ok: false, why: `Replacing it does not require ${s.system}: the make matrix is not marked R&R.` };
    case 'remove':
    case 'overhaul':
      return s.isRI
        ? {
            ok: true,
            why: `the rule names “${k.text}”, and the line ${OPERATION_VERBS[op]} it (the make matrix calibrates after a removal: R&I)`,
          }
        : {
            ok: false,
            why: `Removing and installing it does not require ${s.system}: the make matrix is not marked R&I (only after a ${flags}).`,
          };
    case 'sublet':
    case null:
      return s.isRR || s.isRI
        ? {
            ok: true,
            why: `the rule names “${k.text}”; the line ${op === 'sublet' ? 'sublets it' : unknownCode ? `gives the operation “${unknownCode}”, which the scrub does not know` : 'gives no operation'}, read as removing or replacing it`,
          }
        : { ok: false, why: `The make matrix requires ${s.system} after no operation on it.` };
    default:
      return {
        ok: false,
        why: `${cap(OPERATION_NAMES[op])} does not require a calibration here: the rule names “${k.text}” for a ${flags}.`,
      };
  }
}

interface PartMatch {
  system: CompiledSystem;
  keyword: Keyword;
  phrase: Phrase;
  /** The line says neither end; read for both. */
  bothEnds: boolean;
  /** The line names the keyword's sensor's mount or cover. */
  mount: boolean;
  /** The keyword names the word right before the line's head. */
  adjacent: boolean;
}

/**
 * Whether a keyword's modifiers are the line's: right before the head, in order ("front bumper radar cover"
 * is a radar cover, not a bumper cover); a sensor (camera, radar, sensor…), named by where it sits, and a
 * "with" part, read after its part, need them anywhere before the head.
 */
function modifiersFit(p: Phrase, k: Keyword, mods: readonly string[] = p.mods): boolean {
  // A sensor is named by where it sits: "liftgate handle camera" is the liftgate's camera.
  if (p.kind === 'with' || SENSOR_WORDS.has(k.head)) return k.mods.every((w) => mods.includes(w));
  if (k.mods.length > mods.length) return false;
  return k.mods.every((w, i) => mods[mods.length - k.mods.length + i] === w);
}

function partMatches(
  m: Matcher,
  reading: LineReading,
  phrases: Phrase[],
  refuse: (r: Omit<Refusal, 'adasChecklistMatrix' | 'system'>, s: CompiledSystem) => void,
): PartMatch[] {
  const out: PartMatch[] = [];
  for (const p of phrases) {
    const ownZone =
      p.zone ??
      (p.kind === 'main'
        ? reading.zoneFrom === 'description'
          ? reading.zone
          : null
        : ((p.context.find((w) => ZONES.has(w)) as Zone | undefined) ?? null));
    const lineZone = ownZone ?? reading.zone;
    // The part itself, and a sensor's mount or cover ("ACC sensor bracket": the sensor's).
    const readings: { head: string; mods: string[]; mount: boolean }[] = [{ head: p.head, mods: p.mods, mount: false }];
    const mounted = p.mods.at(-1);
    if (MOUNT_WORDS.has(p.head) && mounted !== undefined) readings.push({ head: mounted, mods: p.mods.slice(0, -1), mount: true });
    for (const r of readings) {
      for (const { system, keyword } of m.byHead.get(r.head) ?? []) {
        if (r.mount && keyword.kind !== 'sensor') continue;
        if (!modifiersFit(p, keyword, r.mods)) continue;
        let bothEnds = false;
        if (keyword.zone) {
          if (lineZone && lineZone !== keyword.zone) continue;
          bothEnds = !lineZone;
        }
        // The section's end belongs to the section's part: a line naming another part does not take it ("HOOD EMBLEM" under FRONT BODY).
        const extras = r.mods.filter((w) => !keyword.mods.includes(w) && !ZONES.has(w));
        if (keyword.zone && !ownZone && extras.length) {
          refuse(
            {
              keyword: keyword.text,
              kind: 'other-part',
              why: `“${phraseText(p)}” is not “${keyword.text}”: it names another part (${extras.join(' ')}) and does not say ${keyword.zone}.`,
            },
            system,
          );
          continue;
        }
        if (lineZone && system.zones && !system.zones.has(lineZone)) {
          refuse(
            {
              keyword: keyword.text,
              kind: 'zone',
              why: `“${phraseText(p)}” is at the ${lineZone}; ${system.src.system} sits at the ${[...system.zones].join(' and ')}.`,
            },
            system,
          );
          continue;
        }
        out.push({
          system,
          keyword,
          phrase: p,
          bothEnds,
          mount: r.mount,
          adjacent: keyword.mods.length > 0 && keyword.mods[keyword.mods.length - 1] === r.mods[r.mods.length - 1],
        });
      }
    }
  }
  const sameWords = (a: Keyword, b: Keyword) =>
    a.head === b.head && a.mods.length === b.mods.length && a.mods.every((w, i) => b.mods[i] === w);
  const rival = (a: PartMatch, b: PartMatch) => b.phrase === a.phrase && b.system !== a.system && b.keyword.head === a.keyword.head;
  return out.filter(
    (a) =>
      // A more specific keyword of another system takes the phrase ("blind spot radar" is not the front "radar").
      !out.some(
        (b) => rival(a, b) && b.keyword.mods.length > a.keyword.mods.length && a.keyword.mods.every((w) => b.keyword.mods.includes(w)),
      ) &&
      // So does one naming the word right before the head ("rear bumper side radar sensor" is a radar sensor, not a bumper sensor).
      !(a.keyword.mods.length > 0 && !a.adjacent && out.some((b) => rival(a, b) && b.adjacent)) &&
      // A line that says no end takes the keyword that needs none ("radar sensor" is the front radar's, not the "rear radar sensor").
      !(
        a.bothEnds &&
        out.some((b) => b.phrase === a.phrase && b.system !== a.system && !b.bothEnds && !b.keyword.zone && sameWords(a.keyword, b.keyword))
      ),
  );
}

interface NameMatch {
  system: CompiledSystem;
  name: string;
  start: number;
  end: number;
  size: number;
}

/** The systems a calibration phrase names; a name inside a longer one of another system gives way. */
function namedSystems(m: Matcher, p: Phrase): NameMatch[] {
  const words = [...p.words].filter((w) => !DESCRIPTORS.has(w) && !SIDES.has(w) && !CALIBRATION_WORDS.has(w));
  const found: NameMatch[] = [];
  for (const system of m.systems)
    for (const n of system.names)
      for (const form of n.forms) {
        const at = form.map((w) => words.indexOf(w));
        if (at.some((i) => i < 0)) continue;
        found.push({ system, name: n.text, start: Math.min(...at), end: Math.max(...at) + 1, size: form.length });
        break;
      }
  return found.filter((f) => !found.some((g) => g.system !== f.system && g.start <= f.start && g.end >= f.end && g.size > f.size));
}

const isCalibration = (p: Phrase) =>
  p.words.some((w) => CALIBRATION_WORDS.has(w)) && !(p.head === 'alignment' && p.mods.every((w) => w === 'wheel'));
/** A calibration word other than an alignment (an alignment naming no system is a panel's). */
const namesCalibration = (p: Phrase) => p.words.some((w) => CALIBRATION_WORDS.has(w) && w !== 'alignment');

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Scrubs one line against the compiled rules. */
export function scrubLine(line: EstimateLine, m: Matcher): LineOutcome {
  const reading = readLine(line, m.vocab);
  const phrases = linePhrases(m.vocab, reading);
  const base = { lineNum: line.lineNum, reading, phrases, triggers: [] as LineTrigger[], refusals: [] as Refusal[] };
  if (reading.unread) return { ...base, nothing: null, unread: reading.unread };
  if (line.isNotEquipped) return { ...base, nothing: 'Marked not equipped on the job: the line is not scrubbed.', unread: null };

  const refusals = new Map<number, Refusal[]>();
  const refuse = (r: Omit<Refusal, 'adasChecklistMatrix' | 'system'>, s: CompiledSystem) => {
    const list = refusals.get(s.src.adasChecklistMatrix) ?? [];
    list.push({ ...r, adasChecklistMatrix: s.src.adasChecklistMatrix, system: s.src.system });
    refusals.set(s.src.adasChecklistMatrix, list);
  };
  const triggered = new Map<number, LineTrigger & { order: number; bothEnds: boolean }>();
  const inLine = m.exclusions.filter((e) => contains(reading.words, e.words));
  const excluded = (s: CompiledSystem) =>
    inLine.find((e) => e.src.adasChecklistMatrix == null || e.src.adasChecklistMatrix === s.src.adasChecklistMatrix);
  const gate = (s: CompiledSystem, keyword: string): boolean => {
    const ex = excluded(s);
    if (ex) {
      refuse(
        {
          keyword,
          kind: 'exclusion',
          why: `Excluded: a line with “${ex.src.phrase}” never triggers ${ex.src.adasChecklistMatrix == null ? 'a calibration' : s.src.system}${ex.src.reason ? ` (${ex.src.reason.replace(/\.$/, '')})` : ''}.`,
        },
        s,
      );
      return false;
    }
    if (s.src.notEquipped) {
      refuse(
        {
          keyword,
          kind: 'not-equipped',
          why: `It would require ${s.src.system}, which the inspection found the vehicle is not equipped with.`,
        },
        s,
      );
      return false;
    }
    return true;
  };

  // Calibration lines name their system.
  let namelessCalibration = false;
  for (const p of phrases) {
    if (!isCalibration(p) && reading.operation !== 'sublet') continue;
    const named = namedSystems(m, p);
    if (!named.length && namesCalibration(p)) namelessCalibration = true;
    for (const n of named) {
      const s = n.system;
      const zone = p.zone ?? (reading.zoneFrom === 'description' ? reading.zone : null);
      if (zone && s.zones && !s.zones.has(zone)) {
        refuse(
          {
            keyword: n.name,
            kind: 'zone',
            why: `“${phraseText(p)}” is at the ${zone}; ${s.src.system} sits at the ${[...s.zones].join(' and ')}.`,
          },
          s,
        );
        continue;
      }
      if (triggered.has(s.src.adasChecklistMatrix) || !gate(s, n.name)) continue;
      triggered.set(s.src.adasChecklistMatrix, {
        adasChecklistMatrix: s.src.adasChecklistMatrix,
        system: s.src.system,
        keyword: n.name,
        kind: 'calibration',
        words: phraseText(p),
        why: `${s.src.system}: a calibration line naming it (“${n.name}”).`,
        order: s.order,
        bothEnds: false,
      });
    }
  }

  // Parts, sensors and alignments.
  for (const pm of partMatches(m, reading, phrases, refuse)) {
    const s = pm.system;
    const id = s.src.adasChecklistMatrix;
    const prior = triggered.get(id);
    if (prior && !(prior.bothEnds && !pm.bothEnds)) continue;
    const exception = s.exceptions.find((e) => sameKeyword(e.keyword, pm.keyword));
    if (exception) {
      refuse(
        {
          keyword: pm.keyword.text,
          kind: 'exception',
          why: `Make exception for ${s.src.system}: “${exception.keyword.text}” does not trigger it (${exception.reason.replace(/\.$/, '')}).`,
        },
        s,
      );
      continue;
    }
    const verdict = operationVerdict(pm.keyword, reading.operation, s.src, reading.operationNote ? line.operation.trim() : null);
    if (!verdict.ok) {
      refuse({ keyword: pm.keyword.text, kind: 'operation', why: verdict.why }, s);
      continue;
    }
    if (!gate(s, pm.keyword.text)) continue;
    triggered.set(id, {
      adasChecklistMatrix: id,
      system: s.src.system,
      keyword: pm.keyword.text,
      kind: pm.keyword.kind,
      words: phraseText(pm.phrase),
      why: `${s.src.system}: ${verdict.why}.${pm.bothEnds ? ' The line says neither front nor rear, so it is read for both ends.' : ''}`,
      order: s.order,
      bothEnds: pm.bothEnds,
    });
  }

  // An exclusion in a line that triggers nothing is its reason, even where no keyword came near ("dash camera").
  if (!triggered.size)
    for (const e of inLine)
      for (const s of e.src.adasChecklistMatrix == null
        ? m.systems
        : m.systems.filter((x) => x.src.adasChecklistMatrix === e.src.adasChecklistMatrix))
        if (!(refusals.get(s.src.adasChecklistMatrix) ?? []).some((r) => r.kind === 'exclusion')) gate(s, e.src.phrase);

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
  const allRefusals = [...refusals.entries()].filter(([id]) => !triggered.has(id)).flatMap(([, list]) => list);
  return {
    ...base,
    triggers,
    refusals: allRefusals,
    nothing: triggers.length ? null : nothingReason(m, reading, phrases, allRefusals, namelessCalibration),
    unread: null,
  };
}

const REFUSAL_ORDER: readonly RefusalKind[] = ['exclusion', 'exception', 'not-equipped', 'operation', 'zone', 'other-part'];

/** Why a line triggers nothing: the strongest refusal (with the systems it stopped), else what the words are. */
function nothingReason(m: Matcher, reading: LineReading, phrases: Phrase[], refusals: Refusal[], namelessCalibration: boolean): string {
  for (const kind of REFUSAL_ORDER) {
    const of = refusals.filter((r) => r.kind === kind);
    if (!of.length) continue;
    const byWhy = new Map<string, string[]>();
    for (const r of of) byWhy.set(r.why, [...new Set([...(byWhy.get(r.why) ?? []), r.system])]);
    // A reason naming its system, or every system ("never triggers a calibration"), is not followed by the list.
    return [...byWhy.entries()]
      .map(([why, systems]) => {
        const [named = null] = systems;
        return (named !== null && why.includes(named)) || why.includes('a calibration') ? why : `${why} (${systems.join(', ')})`;
      })
      .join(' ');
  }
  const panelAlignment = phrases.find((p) => p.head === 'alignment' && p.mods.some((w) => w !== 'wheel'));
  if (panelAlignment)
    return `“${phraseText(panelAlignment)}” aligns the ${panelAlignment.mods.join(' ')}: it is not a wheel alignment and names no sensor.`;
  if (namelessCalibration) return 'A calibration that names none of this vehicle’s systems.';
  if (reading.operation === 'check') return 'A check does not remove or move a part: it requires no calibration.';
  for (const p of phrases) {
    const owner = p.mods.find((w) => m.heads.has(w));
    if (owner)
      return `“${phraseText(p)}” is a ${p.head}${owner ? ` of the ${owner}` : ''}, not the ${owner} itself: no system’s rule names it.`;
  }
  return `${cap(phrases.map(phraseText).join(', '))}: no part or sensor of this vehicle’s systems.`;
}

/** Scrubs every line (the compiled rules are shared). */
export function scrubLines(lines: readonly EstimateLine[], m: Matcher): LineOutcome[] {
  return lines.map((l) => scrubLine(l, m));
}
