/**
 * The scrub's data and its reading tools (docs/scrub.md "The part lexicon", "System names", "Shorthand"):
 * the lexicon's size and shape, the makers' names, how rows are compiled (and refused), singulars, and the
 * shorthand reader's general rules — a prefix, the consonants in order, one edit — with their scores.
 */
import { describe, expect, it } from 'vitest';
import { builtInTerms, compileLexicon, nameWords, partLexicon, relationsAt, singular } from '../../lib/calibrations/lexicon';
import { POSITIONS } from '../../lib/calibrations/lexicon-data';
import { abbreviates, best, candidates, oneEdit, shorthandIndex } from '../../lib/calibrations/shorthand';
import { NAMED_MAKES, SYSTEM_NAMES } from '../../lib/calibrations/system-names';
import { KIND_RULES, SYSTEM_KINDS, kindOfSystemType } from '../../lib/calibrations/system-rules';
import { must } from '../../testkit/must';

const lex = partLexicon();
const byName = (name: string) =>
  must(
    lex.parts.find((p) => p.name === name),
    name,
  );

describe('the part lexicon', () => {
  it('holds at least 600 collision parts, each with a zone and a group, beside labour, pieces and aftermarket devices', () => {
    const parts = lex.parts.filter((p) => !p.labor && !p.piece && !p.aftermarket);
    expect(parts.length).toBeGreaterThanOrEqual(600);
    const zones = new Set(['front', 'rear', 'end', 'side', 'roof', 'glass', 'under', 'interior', 'any']);
    for (const p of lex.parts) {
      expect(zones.has(p.zone), p.name).toBe(true);
      expect(p.group, p.name).toMatch(/^[a-z]+$/);
    }
    // Every position is one some part carries, holds, or is.
    for (const pos of POSITIONS)
      expect(
        lex.parts.some((p) => [p.rel, ...Object.values(p.atEnd)].some((r) => [...r.sensor, ...r.carries, ...r.mount].includes(pos))),
        pos,
      ).toBe(true);
  });

  it('says what a part carries or changes, at an end where it depends on it', () => {
    const cover = byName('bumper cover');
    expect(relationsAt(cover, 'front')).toMatchObject({ path: ['frontRadar'], carries: ['park'], near: ['grilleCamera'] });
    expect(relationsAt(cover, 'rear')).toMatchObject({ path: ['cornerRadar'], carries: ['park'], near: [] });
    expect(relationsAt(cover, null)).toBe(cover.rel);
    expect(relationsAt(byName('radar'), null).sensor).toEqual(['frontRadar']);
    expect(relationsAt(byName('radar'), 'rear').sensor).toEqual(['cornerRadar']);
    expect(byName('strut').rel.geometry).toBe(true);
    expect(byName('clock spring').rel.column).toBe(true);
    expect(byName('front camera').prefer).toBe('fwdCamera');
    expect(byName('emblem').of).toEqual({ front: 'grille', rear: 'liftgate' });
    expect(byName('camera')).toMatchObject({ piece: 'sensor', sensorType: 'camera' });
    expect(byName('hazardous waste').labor).toBe('fee');
    expect(byName('dash camera').aftermarket).toBe(true);
  });

  it('indexes names by their last word and the word before it, longest first; knows its words and what is not a part', () => {
    const covers = must(lex.names.get('cover'), 'names ending in cover');
    expect(covers[0]!.words.length).toBeGreaterThanOrEqual(covers.at(-1)!.words.length);
    expect(
      lex.byPair
        .get('cover')
        ?.get('bumper')
        ?.map((n) => n.words.join(' ')),
    ).toContain('bumper cover');
    expect(
      lex.byPair
        .get('grille')
        ?.get('')
        ?.map((n) => n.words.join(' ')),
    ).toEqual(['grille']);
    expect(lex.known.get('bumper')).toBe('part');
    expect(lex.known.get('parktronic')).toBe('system');
    expect(lex.known.get('inboard')).toBe('descriptor');
    expect(lex.known.get('repl')).toBe('operation');
    expect(lex.known.get('calibrate')).toBe('calibration');
    expect(lex.known.get('without')).toBe('joint');
    expect(lex.known.get('chrome')).toBe('set-aside');
    expect(lex.setAside.get('palisade')).toBe('model');
    // A word that is a name alone is not set aside, though a list names it ("unit").
    expect(lex.setAside.has('unit')).toBe(false);
    expect(partLexicon()).toBe(lex);
  });

  it('lists the built-in vocabulary for Configuration: abbreviations, other names, makers’ names', () => {
    const terms = new Map(builtInTerms());
    expect(terms.get('frt')).toBe('front');
    expect(terms.get('hd')).toBe('hood or head');
    expect(terms.get('fascia')).toBe('bumper cover');
    expect(terms.get('lanewatch')).toBe('sideCamera system (Honda/Acura)');
    expect(terms.has('bumper cover')).toBe(false);
  });
});

describe('compiling lexicon rows', () => {
  it('reads names, zone, group and relations, end by end', () => {
    const l = compileLexicon(
      [
        'gizmo, thingy | end body | f.path:frontRadar r.carries:park default:rear',
        'gizmo bracket | any structure | piece:mount',
        'widget camera | front sensor | sensor:fwdCamera sensor:grilleCamera prefer:grilleCamera',
        'doohickey | any trim | piece:sensor.radar f.of:grille',
        'mop | any clean | labor:clean',
        'toy radar | any electrical | aftermarket',
        'axle thing | under suspension | geometry column near:lidar mount:hud',
      ],
      [{ makes: ['Acme'], names: { frontRadar: ['zap beam', 'gizmo'] } }],
    );
    const gizmo = must(l.parts[0], 'gizmo');
    expect(gizmo).toMatchObject({ name: 'gizmo', zone: 'end', group: 'body', defaultEnd: 'rear', piece: null });
    expect(gizmo.atEnd.front?.path).toEqual(['frontRadar']);
    expect(gizmo.atEnd.rear?.carries).toEqual(['park']);
    expect(relationsAt(gizmo, null).carries).toEqual(['park']);
    expect(l.parts[1]).toMatchObject({ piece: 'mount', sensorType: null });
    expect(l.parts[2]).toMatchObject({ prefer: 'grilleCamera', rel: expect.objectContaining({ sensor: ['fwdCamera', 'grilleCamera'] }) });
    expect(l.parts[3]).toMatchObject({ piece: 'sensor', sensorType: 'radar', of: { front: 'grille' } });
    expect(l.parts[4]?.labor).toBe('clean');
    expect(l.parts[5]?.aftermarket).toBe(true);
    expect(l.parts[6]?.rel).toMatchObject({ geometry: true, column: true, near: ['lidar'], mount: ['hud'] });
    // A maker's name that is a part's name stays the part's.
    expect(l.names.get('gizmo')?.map((n) => n.term.kind)).toEqual(['part']);
    expect(l.names.get('beam')?.[0]?.term).toEqual({ kind: 'system', system: 'frontRadar', makes: ['Acme'] });
    expect(l.known.get('thingy')).toBe('part');
    expect(l.known.get('zap')).toBe('system');
  });

  it('refuses a name given to two parts, an unknown relation or position, and an end-less "of"', () => {
    expect(() => compileLexicon(['a thing | any body', 'other, a thing | any body'], [])).toThrow(
      'lexicon: "a thing" names two parts (a thing, other)',
    );
    expect(() => compileLexicon(['same, same | any body'], [])).not.toThrow();
    expect(() => compileLexicon(['x | any body | glows'], [])).toThrow('lexicon row 0: relation "glows"');
    expect(() => compileLexicon(['x | any body | carries:moon'], [])).toThrow('lexicon row 0: position "moon"');
    expect(() => compileLexicon(['x | any body | of:grille'], [])).toThrow('lexicon row 0: "of" needs an end');
    expect(() => compileLexicon(['x | any body | carries::'], [])).toThrow('lexicon row 0: "carries::"');
  });

  it('writes names in singular words, "and" as "&"', () => {
    expect(nameWords('Rack and Pinions')).toEqual(['rack', '&', 'pinion']);
    for (const [plural, one] of [
      ['sensors', 'sensor'],
      ['assemblies', 'assembly'],
      ['glasses', 'glass'],
      ['boxes', 'box'],
      ['switches', 'switch'],
      ['brushes', 'brush'],
      ['glass', 'glass'],
      ['lens', 'lens'],
      ['sonar', 'sonar'],
      ['bus', 'bus'],
      ['radius', 'radius'],
      ['axis', 'axis'],
      ['pies', 'pie'],
      ['batteries', 'battery'],
      ['arms', 'arm'],
      ['12vs', '12vs'],
      ['a/cs', 'a/cs'],
      ['abs', 'abs'],
    ] as const)
      expect(singular(plural), plural).toBe(one);
  });
});

describe('the makers’ names of the systems', () => {
  it('cover at least twenty makes and every scored system', () => {
    expect(new Set(NAMED_MAKES).size).toBeGreaterThanOrEqual(20);
    for (const make of [
      'Hyundai',
      'Kia',
      'Genesis',
      'Honda',
      'Acura',
      'Toyota',
      'Lexus',
      'Ford',
      'Lincoln',
      'Nissan',
      'Infiniti',
      'Subaru',
    ])
      expect(NAMED_MAKES, make).toContain(make);
    for (const make of ['Mazda', 'Audi', 'BMW', 'Mini', 'Volvo', 'Polestar', 'Tesla', 'Rivian', 'Jeep', 'Ram', 'Chevrolet', 'Cadillac'])
      expect(NAMED_MAKES, make).toContain(make);
    const generic = must(SYSTEM_NAMES[0], 'the generic row');
    expect(generic.makes).toEqual(['any']);
    for (const kind of SYSTEM_KINDS) expect(generic.names[kind]?.length, kind).toBeGreaterThan(0);
  });

  it('map a knowledge-base system type to its kind', () => {
    expect(kindOfSystemType(1)).toBe('forwardCamera');
    expect(kindOfSystemType(8)).toBe('steeringAngle');
    expect(kindOfSystemType(13)).toBe('lidar');
    expect(kindOfSystemType(99)).toBeNull();
    expect(kindOfSystemType(null)).toBeNull();
    expect(kindOfSystemType(undefined)).toBeNull();
    expect(KIND_RULES.frontRadar).toMatchObject({ repairs: true, primary: true, sensor: 'radar' });
    expect(KIND_RULES.parkAssist.refinishes).toBe(true);
    expect(KIND_RULES.sideCamera.optional).toEqual(['fenderCamera', 'pillarCamera']);
  });
});

describe('the shorthand reader', () => {
  it('one edit: a letter added, dropped, changed, or two neighbours swapped', () => {
    expect(oneEdit('bumer', 'bumper')).toBe(true);
    expect(oneEdit('bumpper', 'bumper')).toBe(true);
    expect(oneEdit('bumpar', 'bumper')).toBe(true);
    expect(oneEdit('windsheild', 'windshield')).toBe(true);
    expect(oneEdit('bumper', 'bumper')).toBe(false);
    expect(oneEdit('bmr', 'bumper')).toBe(false);
    expect(oneEdit('bupmre', 'bumper')).toBe(false);
    expect(oneEdit('xumpex', 'bumper')).toBe(false);
  });

  it('a prefix of three letters or more, the consonants in order, one edit from five letters; scored by what is kept', () => {
    expect(abbreviates('reinf', 'reinforcement')).toEqual({ rule: 'prefix', score: 0.55 + 0.4 * (5 / 13) });
    expect(abbreviates('algnmnt', 'alignment')).toEqual({ rule: 'consonants', score: 0.9 });
    expect(abbreviates('supt', 'support')).toEqual({ rule: 'consonants', score: 0.45 + 0.45 * (2 / 4) });
    expect(abbreviates('bumer', 'bumper')).toEqual({ rule: 'one edit', score: 0.9 });
    expect(abbreviates('bumr', 'bumpr')).toEqual({ rule: 'consonants', score: 0.45 + 0.45 * (2 / 3) });
    expect(abbreviates('bxr', 'bumper')).toBeNull();
    expect(abbreviates('cam', 'camera')).toEqual({ rule: 'prefix', score: 0.55 + 0.4 * 0.5 });
    expect(abbreviates('ca', 'camera')).toBeNull();
    expect(abbreviates('x', 'xenon')).toBeNull();
    expect(abbreviates('bumper', 'bumper')).toBeNull();
    expect(abbreviates('dumper', 'bumper')).toBeNull();
    expect(abbreviates('bumpers', 'bump')).toBeNull();
    expect(abbreviates('sq', 'square')).toBeNull();
    expect(abbreviates('brt', 'bracket')).toEqual({ rule: 'consonants', score: 0.45 + 0.45 * (2 / 4) });
    expect(abbreviates('bkt', 'bracket')).toEqual({ rule: 'consonants', score: 0.45 + 0.45 * (2 / 4) });
    expect(abbreviates('bt', 'bracket')).toBeNull();
    expect(abbreviates('brackt', 'bracket')).toEqual({ rule: 'one edit', score: 0.9 });
    expect(abbreviates('bract', 'bracket')).toEqual({ rule: 'consonants', score: 0.45 + 0.45 * (3 / 4) });
    expect(abbreviates('bacet', 'bracket')).toEqual({ rule: 'consonants', score: 0.45 + 0.45 * (2 / 4) });
    expect(abbreviates('bxcet', 'bracket')).toBeNull();
    // The word's vowels must be the known word's, in order.
    expect(abbreviates('brkat', 'bracket')).toBeNull();
  });

  it('finds the candidates of a word among known words of its first letter, best first, and keeps them', () => {
    const index = shorthandIndex(['sensor', 'sonar', 'senior', 'sunroof', 'ab', 'x1', 'spindle-nut']);
    expect(index.byLetter.get('s')).toEqual(['sensor', 'sonar', 'senior', 'sunroof', 'spindle-nut']);
    expect(index.byLetter.has('a')).toBe(false);
    expect(candidates(index, 'snsr')?.map((c) => c.to)).toEqual(['sensor']);
    expect(candidates(index, 'snsr')).toBe(candidates(index, 'snsr'));
    expect(candidates(index, 'zzz')).toBeNull();
    expect(candidates(index, 's')).toBeNull();
    expect(candidates(index, 's1')).toBeNull();
    const many = shorthandIndex(['control', 'central', 'controller', 'contrast', 'cntr', 'cantor', 'canter', 'contour']);
    expect(candidates(many, 'cntrl')?.map((c) => c.to)).toEqual(['cntr', 'control', 'central', 'controller']);
    expect(candidates(many, 'cnt')?.length).toBeLessThanOrEqual(6);
  });

  it('takes the best candidate only when it is clearly best', () => {
    const e = (to: string, score: number) => ({ word: 'w', to, rule: 'prefix' as const, score });
    expect(best([e('a', 0.7), e('b', 0.9)])?.to).toBe('b');
    expect(best([e('a', 0.9), e('b', 0.87)])).toBeNull();
    expect(best([e('a', 0.9), e('a', 0.9)])?.to).toBe('a');
    expect(best([e('a', 0.59)])).toBeNull();
    expect(best([e('a', 0.6)])?.to).toBe('a');
    expect(best([])).toBeNull();
  });
});
