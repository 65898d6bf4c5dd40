/**
 * What a phrase's part is to the sensors (docs/scrub.md "What a part is"): the phrase's last part is its
 * head; a piece named after its owner ("bracket" of the radar, "camera" of the liftgate, "cover" of the
 * radiator support) takes its meaning from the owner — the part before it in the phrase, else the parts of
 * the line's section. Plain code, client-safe.
 *
 * A thing is then the sensor itself (sensors), what holds it (mounts), what it is mounted on (carries),
 * what it sees through (path), what sits beside it (near), a part that sets the wheel alignment (geometry)
 * or sits on the steering column (column), a feature (a system the part has: "w/ park assist"), a piece
 * of no sensor, labour, or an aftermarket device. Positions a name leaves open ("front view camera": the
 * windshield's or the grille's) are `either`, settled by an aside, the owner or the section, else left to
 * the matcher (a check).
 */
import { relationsAt, type End, type Part, type SensorType, type Term, type Zone } from './lexicon';
import type { Position } from './lexicon-data';
import { itemsOf, type Item, type Phrase, type SectionReading, type Side, type Vocabulary } from './normalise';
import { KIND_RULES, type SystemKind } from './system-rules';

export type ThingKind = 'sensor' | 'mount' | 'body' | 'feature' | 'piece' | 'labor' | 'aftermarket';

export interface Thing {
  kind: ThingKind;
  /** How the line's part is shown: "park sensor retainer", "camera of the liftgate". */
  text: string;
  part: Part | null;
  /** A system named by a maker's name (its sensor, or a feature). */
  systems: SystemKind[];
  end: End | null;
  side: Side | null;
  sensors: Position[];
  mounts: Position[];
  carries: Position[];
  path: Position[];
  near: Position[];
  geometry: boolean;
  column: boolean;
  /** Sensor positions the words leave open. */
  either: Position[];
  /** The owner a piece was read with. */
  owner: Thing | null;
  /** Its sensor is only what a bare name or a default end makes of it ("radar": the front radar, unless the line says). */
  generic: boolean;
}

const POSITION_TYPE: Readonly<Record<Position, SensorType | 'other'>> = {
  fwdCamera: 'camera',
  frontRadar: 'radar',
  cornerRadar: 'radar',
  park: 'ultrasonic',
  grilleCamera: 'camera',
  mirrorCamera: 'camera',
  rearCamera: 'camera',
  fenderCamera: 'camera',
  pillarCamera: 'camera',
  steeringAngle: 'other',
  headlamp: 'other',
  hud: 'other',
  driverCamera: 'camera',
  nightVision: 'camera',
  lidar: 'radar',
};

/** Whether a position is of a sensor type ("sensor": any but a camera; a camera is called a camera). */
export const ofType = (p: Position, type: SensorType | null) =>
  type == null || type === POSITION_TYPE[p] || (type === 'any' && POSITION_TYPE[p] !== 'camera' && POSITION_TYPE[p] !== 'other');

const blank = (text: string, end: End | null, side: Side | null): Thing => ({
  kind: 'piece',
  text,
  part: null,
  systems: [],
  end,
  side,
  sensors: [],
  mounts: [],
  carries: [],
  path: [],
  near: [],
  geometry: false,
  column: false,
  either: [],
  owner: null,
  generic: false,
});

/** The positions of a system's sensors at an end (a park sensor at either end is the park sensors). */
export function systemPositions(kind: SystemKind, end: End | null): Position[] {
  if (kind === 'surroundView') {
    if (end === 'front') return ['grilleCamera'];
    if (end === 'rear') return ['rearCamera'];
  }
  return [...KIND_RULES[kind].positions];
}

/** Where on the vehicle each sensor sits. */
const PLACES: Readonly<Record<Position, readonly Zone[]>> = {
  fwdCamera: ['glass', 'roof', 'interior'],
  frontRadar: ['front'],
  cornerRadar: ['rear'],
  park: ['front', 'rear'],
  grilleCamera: ['front'],
  mirrorCamera: ['side'],
  rearCamera: ['rear'],
  fenderCamera: ['side', 'front'],
  pillarCamera: ['side'],
  steeringAngle: ['interior', 'under'],
  headlamp: ['front'],
  hud: ['glass', 'interior'],
  driverCamera: ['interior'],
  nightVision: ['front'],
  lidar: ['front', 'roof'],
};

/**
 * The positions of the systems a feature names ("Bumper cover w/ SCC & SVM"): each system's sensors at the part's
 * place (at a part of no place, all of them); a system none of whose sensors sits there says which car the part
 * is for, not what it carries (placedOn).
 */
export function systemsPositionsOn(kinds: readonly SystemKind[], t: Thing): Position[] {
  return kinds.flatMap((k) => placedOn(systemPositions(k, t.end), t, true));
}

// A piece is where its owner is ("HOUSING ASSY, OUTSIDE MIRROR (SVM/BVM)": at the side).
const zoneOf = (t: Thing): Zone | null =>
  t.end ?? (t.part && t.part.zone !== 'end' && t.part.zone !== 'any' ? t.part.zone : t.owner ? zoneOf(t.owner) : null);

/** A sensor that sits only at the other end of the vehicle ("front bumper end cap": not the rear corner radars). */
export const onlyAtOtherEnd = (p: Position, end: End | null) =>
  end != null && PLACES[p].every((z) => (z === 'front' || z === 'rear') && z !== end);

/**
 * Of the sensors a feature names, those at the part's place, else all of them ("Grille w/ SVM camera hole":
 * the grille's camera, not the mirror and rear cameras the surround view also has).
 */
export function placedOn(all: readonly Position[], t: Thing, bySystemName = false): Position[] {
  const zone = zoneOf(t);
  if (!zone) return [...all];
  const here = all.filter((p) => PLACES[p].includes(zone));
  // "Upper grille w/Honda Sensing": a system's name whose sensor does not sit at the part's place says which car
  // the part is for; the part carries none of it.
  if (!here.length && bySystemName) return [];
  return here.length ? here : [...all];
}

/** A lexicon part as a thing, at an end. */
function partThing(part: Part, end: End | null, side: Side | null, text: string): Thing {
  const rel = relationsAt(part, end);
  // A part at either end is named with its end ("front bumper cover").
  const named = part.zone === 'end' && end && !text.startsWith(end) ? `${end} ${text}` : text;
  const t = blank(named, end ?? part.defaultEnd, side);
  t.part = part;
  if (part.labor) return { ...t, kind: 'labor' };
  if (part.aftermarket) return { ...t, kind: 'aftermarket' };
  t.generic = end == null && part.defaultEnd != null;
  t.sensors = rel.sensor.length > 1 ? [] : [...rel.sensor];
  t.either = rel.sensor.length > 1 ? [...rel.sensor] : [];
  t.mounts = [...rel.mount];
  t.carries = [...rel.carries];
  t.path = [...rel.path];
  t.near = [...rel.near];
  t.geometry = rel.geometry;
  t.column = rel.column;
  t.kind = t.sensors.length || t.either.length ? 'sensor' : t.mounts.length ? 'mount' : 'body';
  return t;
}

/**
 * Positions a thing relates to, of a type: carried first, then held, then in front, then beside. A "sensor"
 * is what a part carries or holds (a park sensor of a bumper), not what looks through it (the radar is
 * named a radar).
 */
function relatedOfType(t: Thing, type: SensorType | null): Position[] {
  const lists = type === 'any' ? [t.sensors, t.either, t.carries, t.mounts] : [t.sensors, t.either, t.carries, t.mounts, t.path, t.near];
  for (const list of lists) {
    const hit = list.filter((p) => ofType(p, type));
    if (hit.length) return [...new Set(hit)];
  }
  return [];
}

/** The sensors of a type at a part's place when nothing ties one to it: a camera on a rear part is the rear camera. */
const AT_PLACE: Readonly<Record<string, readonly Position[]>> = {
  'front camera': ['grilleCamera'],
  'rear camera': ['rearCamera'],
  'side camera': ['mirrorCamera'],
  'glass camera': ['fwdCamera'],
  'front radar': ['frontRadar'],
  'rear radar': ['cornerRadar'],
};
function atPlace(o: Thing, type: SensorType | null): Position[] {
  const zone = o.part?.zone === 'end' ? o.end : o.part?.zone;
  return [...(AT_PLACE[`${zone} ${type}`] ?? [])];
}

/**
 * Walks an owner chain for the positions of a type ("liftgate handle camera": the liftgate's). A thing a system
 * names holds that system's positions as its own (its sensors, or what its feature carries).
 */
function ownerPositions(owner: Thing, type: SensorType | null): Position[] {
  for (let o: Thing | null = owner; o; o = o.owner) {
    if (o.kind === 'labor' || o.kind === 'aftermarket') return [];
    const own = relatedOfType(o, type);
    if (own.length) return own;
  }
  // Nothing ties such a sensor to the part: the one at the part's place ("camera" of a liftgate handle).
  return atPlace(owner, type);
}

/** Whether a part sets the wheel alignment or sits on the steering column. */
const setsWheels = (t: Thing) => !!t.part && (t.part.rel.geometry || t.part.rel.column);

/** A piece read with its owner. */
function compose(piece: Part, owner: Thing | null, end: End | null, side: Side | null, text: string): Thing {
  // Every thing of a phrase is read at the phrase's side; only a default end ("radar": the front) is the owner's.
  const t = blank(owner ? `${text} of the ${owner.text}` : text, end ?? owner?.end ?? null, side);
  t.part = piece;
  t.owner = owner;
  if (!owner) return t;
  // A thing named by a system is a sensor, or a feature ("w/ SVM camera hole").
  const ownerIsSensor = owner.kind === 'sensor';
  const ownerSensors = [...owner.sensors, ...owner.systems.flatMap((k) => systemPositions(k, owner.end))];
  switch (piece.piece) {
    case 'self':
      return { ...owner, text: `${owner.text} (${text})` };
    case 'unit':
      return ownerIsSensor || setsWheels(owner) ? { ...owner, text: `${owner.text} ${text}` } : t;
    case 'mount':
      // "Radar brkt … rplc brkt": the bracket of a bracket is that bracket.
      if (owner.mounts.length && !ownerIsSensor) return owner;
      if (ownerIsSensor) return { ...t, kind: 'mount', mounts: ownerSensors, either: owner.either };
      return t;
    case 'cover': {
      const radar = ownerSensors.filter((p) => p === 'frontRadar' || p === 'cornerRadar');
      if (ownerIsSensor && radar.length) return { ...t, kind: 'body', path: radar };
      if (ownerIsSensor) return { ...t, near: ownerSensors };
      return t;
    }
    case 'feature':
      // "w/ 360 camera opening": an opening for any of the sensors the name may be (the part's place settles which).
      if (ownerIsSensor || owner.kind === 'feature')
        return { ...t, kind: 'feature', carries: ownerSensors.length ? ownerSensors : [...owner.either], systems: owner.systems };
      return t;
    case 'sensor': {
      // "SCC radar" is the SCC's radar; "ICC camera" is no sensor of the ICC's (a radar): a camera it does not place.
      // (Every sensor piece of the lexicon is typed: piece:sensor.camera, .radar or .any.)
      const ofKind = piece.sensorType === 'any' || ownerSensors.some((p) => ofType(p, piece.sensorType));
      if (ownerIsSensor && owner.part?.piece !== 'sensor' && ofKind)
        return { ...owner, text: `${owner.text} ${text}`.replace(/(\b\w+) \1$/, '$1') };
      const positions = ownerPositions(owner, piece.sensorType);
      if (!positions.length) return t;
      return positions.length === 1 ? { ...t, kind: 'sensor', sensors: positions } : { ...t, kind: 'sensor', either: positions };
    }
    default:
      // The glass of a glass part is the part ("W/S glass", "GLASS, WINDSHIELD"); a tie rod's or a rack's end sets
      // the wheels as its part does ("TIE-ROD END", "RACK END").
      if ((piece.group === 'glass' && owner.part?.group === 'glass') || setsWheels(owner))
        return { ...owner, text: `${owner.text} ${text}` };
      return t;
  }
}

/** The terms of a phrase resolved, the last being the head. */
function resolveItems(items: readonly Item[], end: End | null, side: Side | null): Thing | null {
  // "algnmnt 4 whl": the wheel alignment, whatever order its words come in (the alignment is a wheel part itself).
  const alignment = items.find((i) => i.kind === 'term' && i.term.kind === 'part' && i.term.part.name === 'wheel alignment');
  if (
    alignment &&
    items.every((i) => i.kind !== 'term' || (i.term.kind === 'part' && (i.term.part.group === 'wheel' || i.term.part.piece === 'part')))
  )
    items = [alignment];
  let thing: Thing | null = null;
  for (const it of items) {
    if (it.kind !== 'term') continue;
    if (it.term.kind === 'system') {
      const sys = it.term.system;
      const positions = systemPositions(sys, end);
      // Two names of one system in a row ("ultrasonic park sensor") are one.
      if (thing && thing.systems.includes(sys) && thing.kind === 'sensor') continue;
      const t = blank(it.text, end, side);
      t.systems = [sys];
      t.kind = 'sensor';
      if (positions.length === 1) t.sensors = positions;
      else t.either = positions;
      t.owner = thing;
      thing = t;
      continue;
    }
    const part = it.term.part;
    if (part.piece) thing = compose(part, thing, end, side, it.text);
    else {
      const t = partThing(part, end, side, it.text);
      // A sensor or its mount named with a maker's system name is that system's ("BCW radar bracket": the corner radar's).
      if (thing?.systems.length && !t.carries.length && !t.sensors.length && !t.mounts.length && !t.either.length && t.path.length) {
        // "Blind spot radar cover": the cover of that system's sensor.
        const types = new Set(t.path.map((p) => POSITION_TYPE[p]));
        const named = thing.systems.flatMap((k) => systemPositions(k, end)).filter((p) => types.has(POSITION_TYPE[p]));
        if (named.length) {
          t.path = named;
          t.near = [];
          t.text = `${thing.text} ${t.text}`;
        }
      } else if (thing?.systems.length) {
        // (A part with none of them takes nothing from the system: none of its sensors is of their type.)
        const types = new Set([...t.sensors, ...t.mounts, ...t.either].map((p) => POSITION_TYPE[p]));
        const ofSystem = thing.systems.flatMap((k) => systemPositions(k, end)).filter((p) => types.has(POSITION_TYPE[p]));
        // "PVM back camera", "SVM front camera": a sensor that says where it is, among the system's, is that one.
        const own = [...t.sensors, ...t.either].filter((p) => ofSystem.includes(p));
        const named = own.length ? own : ofSystem;
        if (named.length) {
          if (t.mounts.length) t.mounts = named;
          else {
            t.sensors = named.length === 1 ? named : [];
            t.either = named.length > 1 ? named : [];
          }
        }
      }
      t.owner = thing;
      thing = t;
    }
  }
  return thing;
}

export interface PhraseContext {
  vocab: Vocabulary;
  end: End | null;
  section: SectionReading | null;
  /** The main phrase a "with" phrase or an aside belongs to. */
  owner?: Phrase;
}

/** The pieces a phrase names, when it names only pieces ("Camera bracket", "Emblem"): it says nothing of whose. */
function piecesOf(items: readonly Item[]): Part[] | null {
  const terms = items.flatMap((i) => (i.kind === 'term' ? [i.term] : []));
  const isPiece = (t: Term): t is Extract<Term, { kind: 'part' }> => t.kind === 'part' && t.part.piece != null;
  return terms.length && terms.every(isPiece) ? terms.map((t) => t.part) : null;
}

/** Whether a phrase names only pieces ("Camera bracket", "Emblem"): it says nothing of whose. */
export const onlyPieces = (items: readonly Item[]) => piecesOf(items) != null;

/**
 * A phrase's thing. A phrase of pieces only ("Camera bracket", "Emblem") is read with each of the section's
 * parts in front ("LIFT GATE | Camera" is the liftgate camera), else with the piece's part at the line's end
 * ("Front emblem" is the grille's); a "with" phrase or an aside is read after its main phrase ("Mirror w/
 * camera": the mirror's camera). A sensor name that leaves its position open ("front camera") is settled by
 * the part it is named with or the section, when they carry one of its positions.
 */
export function resolvePhrase(phrase: Phrase, context: PhraseContext): Thing | null {
  const end = phrase.end ?? context.end;
  const side = phrase.side;
  const lead = context.owner ?? phrase;
  const own = context.owner ? [...context.owner.source, ...phrase.source] : phrase.source;
  const plain = resolveItems(context.owner ? itemsOf(context.vocab, own) : phrase.items, end, side);
  if (!plain) return null;
  let thing = plain;
  const pieces = piecesOf(lead.items);
  if (pieces) {
    const sectionEnd = end ?? context.section?.end ?? null;
    // A section's phrases each name a part, and so does a piece's part at an end ("f.of:grille"): read with the
    // pieces, they name something.
    const read = (context.section?.phrases ?? [])
      .map((s) => resolveItems(itemsOf(context.vocab, [...s.source, ...own]), sectionEnd, side)!)
      .filter((t) => t.kind !== 'piece');
    const owner = sectionEnd && pieces.at(-1)!.of[sectionEnd];
    if (read.length) thing = merge(read);
    else if (owner) {
      const t = resolveItems(itemsOf(context.vocab, [...owner.split(' '), ...own]), sectionEnd, side)!;
      if (t.kind !== 'piece') thing = t;
    }
  }
  return settle(thing, context.section);
}

/** A sensor left open between positions, settled by what its owners or its section carry. */
function settle(t: Thing, section: SectionReading | null): Thing {
  if (t.either.length < 2) return t;
  const carried = new Set<Position>();
  for (let o = t.owner; o; o = o.owner) for (const p of [...o.carries, ...o.sensors, ...o.mounts]) carried.add(p);
  // A section's phrases each name a part (readSection keeps only those).
  for (const s of section?.phrases ?? []) {
    const r = resolveItems(s.items, null, null)!;
    for (const p of [...r.carries, ...r.sensors]) carried.add(p);
  }
  const pick = t.either.filter((p) => carried.has(p));
  return pick.length === 1 ? { ...t, sensors: pick, either: [] } : t;
}

/** Several readings of one line (a bare piece under a section of two parts) as one. */
function merge(things: Thing[]): Thing {
  const [first, ...rest] = things;
  if (!rest.length) return first!;
  const all = (k: 'sensors' | 'mounts' | 'carries' | 'path' | 'near' | 'either') => [...new Set(things.flatMap((t) => t[k]))];
  // The first of these any reading is, else what they all are (no reading is a piece: resolvePhrase leaves those out).
  const kinds: ThingKind[] = ['sensor', 'mount', 'feature', 'body', 'labor'];
  return {
    ...first!,
    kind: kinds.find((k) => things.some((t) => t.kind === k)) ?? first!.kind,
    text: things.map((t) => t.text).join(' / '),
    sensors: all('sensors'),
    mounts: all('mounts'),
    carries: all('carries'),
    path: all('path'),
    near: all('near'),
    either: all('either'),
    systems: [...new Set(things.flatMap((t) => t.systems))],
    geometry: things.some((t) => t.geometry),
    column: things.some((t) => t.column),
  };
}

/** The sensor positions a thing names or holds, settled or not. */
export const positionsOf = (t: Thing) => [...new Set([...t.sensors, ...t.either, ...t.mounts])];
