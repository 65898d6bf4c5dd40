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

// The product's lexicon is compiled inside each test, so that a fault in compiling it fails tests, not the file.
const byName = (name: string) =>
  must(
    partLexicon().parts.find((p) => p.name === name),
    name,
  );

describe('the part lexicon', () => {
  it('holds at least 600 collision parts, each with a zone and a group, beside labour, pieces and aftermarket devices', () => {
    const lex = partLexicon();
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
    const lex = partLexicon();
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
    // Of the product's names in another order, one is shown as the part's name.
    expect(covers.find((n) => n.words.join(' ') === 'bumper upper cover')?.text).toBe('upper bumper cover');
  });

  it('lists the built-in vocabulary for Configuration: abbreviations, other names, makers’ names', () => {
    const terms = new Map(builtInTerms());
    expect(terms.get('frt')).toBe('front');
    expect(terms.get('hd')).toBe('hood or head');
    expect(terms.get('fascia')).toBe('bumper cover');
    expect(terms.get('lanewatch')).toBe('sideCamera system (Honda/Acura)');
    expect(terms.has('bumper cover')).toBe(false);
    // Names and meanings of several words, written with spaces.
    expect(terms.get('lf')).toBe('left front');
    expect(terms.get('bumper upper cover')).toBe('upper bumper cover');
    expect(terms.get('scc radar')).toBe('frontRadar system (Hyundai/Kia/Genesis)');
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
    // The index holds the rows' and the makers' names, nothing else.
    expect([...l.names.keys()].sort()).toEqual(['beam', 'bracket', 'camera', 'doohickey', 'gizmo', 'mop', 'radar', 'thing', 'thingy']);
    expect(l.names.get('bracket')?.map((n) => n.text)).toEqual(['gizmo bracket']);
  });

  it('reads the names between commas, trimmed, and skips empty ones', () => {
    const l = compileLexicon([', gizmo , thingy,, | any body'], []);
    expect(l.parts[0]?.name).toBe('gizmo');
    expect([...l.names.keys()]).toEqual(['gizmo', 'thingy']);
  });

  it('reads a row that leaves out its group, its relations or its names', () => {
    const l = compileLexicon(['widget | front', 'gadget | rear \t  trim', 'gizmo', ' | any body'], []);
    expect(l.parts[0]).toMatchObject({ name: 'widget', zone: 'front', group: 'part', rel: { sensor: [], carries: [] }, atEnd: {} });
    // Zone and group are separated by any blanks.
    expect(l.parts[1]).toMatchObject({ zone: 'rear', group: 'trim' });
    expect(l.parts[2]).toMatchObject({ name: 'gizmo', group: 'part' });
    // A row of no names is a nameless part, and names nothing.
    expect(l.parts[3]).toMatchObject({ name: '', zone: 'any', group: 'body' });
    expect([...l.names.keys()]).toEqual(['widget', 'gadget', 'gizmo']);
  });

  it('adds relations that hold at one end to the part’s own there, geometry and column too', () => {
    const l = compileLexicon(['subframe thing | end structure | mount:frontRadar f.mount:fwdCamera f.column r.geometry'], []);
    const part = must(l.parts[0], 'part');
    expect(relationsAt(part, 'front')).toMatchObject({ mount: ['frontRadar', 'fwdCamera'], column: true, geometry: false });
    expect(relationsAt(part, 'rear')).toMatchObject({ mount: ['frontRadar'], column: false, geometry: true });
    // No end said and none by default: the part's own relations only.
    expect(relationsAt(part, null)).toMatchObject({ mount: ['frontRadar'], column: false, geometry: false });
  });

  it('reads "of" as the piece’s part at an end, not as a relation at that end', () => {
    const part = must(compileLexicon(['emblem | end trim | piece:part f.of:grille r.of:liftgate'], []).parts[0], 'emblem');
    expect(part.of).toEqual({ front: 'grille', rear: 'liftgate' });
    expect(part.atEnd).toEqual({});
    expect(relationsAt(part, 'front')).toBe(part.rel);
  });

  it('shows a name in another order as the part’s name; other names and makers’ names as written', () => {
    const l = compileLexicon(
      ['radar bracket, bracket radar, radar holder | front body | mount:frontRadar'],
      [{ makes: ['Acme'], names: { frontRadar: ['holder radar'] } }],
    );
    expect(l.names.get('radar')?.map((n) => [n.words.join(' '), n.text])).toEqual([
      ['bracket radar', 'radar bracket'],
      ['holder radar', 'holder radar'],
    ]);
    expect(l.names.get('holder')?.map((n) => n.text)).toEqual(['radar holder']);
  });

  it('lists the names ending in a word longest first, and by the word before the last', () => {
    const l = compileLexicon(
      ['cover | any trim', 'bumper cover | end body', 'upper bumper cover | front body', 'mirror cover | side trim'],
      [{ makes: ['Acme'], names: { parkAssist: ['sonar sensor cover'] } }],
    );
    const texts = (names: readonly { text: string }[] | undefined) => names?.map((n) => n.text);
    expect(texts(l.names.get('cover'))).toEqual(['upper bumper cover', 'sonar sensor cover', 'bumper cover', 'mirror cover', 'cover']);
    const byBefore = must(l.byPair.get('cover'), 'cover');
    expect([...byBefore.keys()]).toEqual(['bumper', 'sensor', 'mirror', '']);
    expect(texts(byBefore.get('bumper'))).toEqual(['upper bumper cover', 'bumper cover']);
    expect(texts(byBefore.get(''))).toEqual(['cover']);
  });

  it('gives a name two makers give to the first of them; a name twice in one row is one name', () => {
    const l = compileLexicon(
      ['grille, grille | front body | carries:grilleCamera'],
      [
        { makes: ['Acme'], names: { frontRadar: ['zap beam'] } },
        { makes: ['Zed'], names: { parkAssist: ['zap beam'] } },
      ],
    );
    expect(l.names.get('grille')).toHaveLength(1);
    expect(l.names.get('beam')?.map((n) => n.term)).toEqual([{ kind: 'system', system: 'frontRadar', makes: ['Acme'] }]);
  });

  it('knows the words of the names as a part’s or a system’s, never "&"', () => {
    const l = compileLexicon(
      ['rack and pinion | under steering | geometry'],
      [{ makes: ['Acme'], names: { steeringAngle: ['angle and torque'] } }],
    );
    expect(l.names.get('pinion')?.[0]?.words).toEqual(['rack', '&', 'pinion']);
    expect(l.known.get('rack')).toBe('part');
    expect(l.known.get('torque')).toBe('system');
    expect(l.known.has('&')).toBe(false);
  });

  it('knows the scrub’s word lists, a word as the first class that has it: names, descriptors, ends, sides, operations, calibrations, joints', () => {
    const none = compileLexicon([], []);
    expect(
      Object.fromEntries(
        ['upper', 'lh', 'front', 'left', 'repl', 'check', 'calibrate', 'functional', 'w/', 'for', 'behind', 'without'].map((w) => [
          w,
          none.known.get(w),
        ]),
      ),
    ).toEqual({
      upper: 'descriptor',
      // A descriptor, and a side too.
      lh: 'descriptor',
      front: 'end',
      left: 'side',
      repl: 'operation',
      check: 'operation',
      calibrate: 'calibration',
      // A word of a two-word procedure ("functional check").
      functional: 'calibration',
      'w/': 'joint',
      for: 'joint',
      behind: 'joint',
      without: 'joint',
    });
    // A part's word first: "front" in a part's name is a part's word.
    const l = compileLexicon(['front camera | front sensor | sensor:fwdCamera'], []);
    expect(l.known.get('front')).toBe('part');
  });

  it('sets aside the words of the set-aside lists, by their first list, unless a word is a name alone', () => {
    const l = compileLexicon(['unit | any part', 'chrome trim | any trim'], [{ makes: ['Acme'], names: { frontRadar: ['continental'] } }]);
    // A name alone is a name, set aside or not ("unit", a maker's "continental").
    expect(l.setAside.has('unit')).toBe(false);
    expect(l.known.get('unit')).toBe('part');
    expect(l.setAside.has('continental')).toBe(false);
    expect(l.known.get('continental')).toBe('system');
    // Inside a longer name a set-aside word stays set aside.
    expect(l.setAside.get('chrome')).toBe('finish');
    expect(l.known.get('chrome')).toBe('set-aside');
    // A word of two lists is of the first ("lx": a model before a trim).
    expect(l.setAside.get('lx')).toBe('model');
    expect(l.known.get('lx')).toBe('set-aside');
  });

  it('refuses a name given to two parts, a malformed or unknown relation, an unknown or missing position, and an end-less "of"', () => {
    expect(() => compileLexicon(['a thing | any body', 'other, a thing | any body'], [])).toThrow(
      'lexicon: "a thing" names two parts (a thing, other)',
    );
    expect(() => compileLexicon(['same, same | any body'], [])).not.toThrow();
    expect(() => compileLexicon(['x | any body | glows'], [])).toThrow('lexicon row 0: relation "glows"');
    expect(() => compileLexicon(['x | any body | carries:moon'], [])).toThrow('lexicon row 0: position "moon"');
    expect(() => compileLexicon(['x | any body | of:grille'], [])).toThrow('lexicon row 0: "of" needs an end');
    expect(() => compileLexicon(['x | any body | carries::'], [])).toThrow('lexicon row 0: "carries::"');
    // The row is counted from 0; a relation is lower case, its end f. or r. only, its position one of POSITIONS.
    expect(() => compileLexicon(['ok | any body', 'x | any body | Carries:park'], [])).toThrow('lexicon row 1: "Carries:park"');
    expect(() => compileLexicon(['x | any body | x.path:frontRadar'], [])).toThrow('lexicon row 0: "x.path:frontRadar"');
    expect(() => compileLexicon(['x | any body | carries:park2'], [])).toThrow('lexicon row 0: "carries:park2"');
    expect(() => compileLexicon(['x | any body | sensor'], [])).toThrow('lexicon row 0: position ""');
  });

  it('writes names in singular words, "and" as "&"', () => {
    expect(nameWords('Rack and Pinions')).toEqual(['rack', '&', 'pinion']);
    expect(nameWords(' Front  Bumper\tCovers ')).toEqual(['front', 'bumper', 'cover']);
    expect(nameWords('Headlamp Band')).toEqual(['headlamp', 'band']);
    expect(nameWords('  ')).toEqual([]);
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
      // Not plural: a word ending in s that is no plural, an abbreviation of three letters, a word with a figure or a sign.
      ['bracket', 'bracket'],
      ['chassis', 'chassis'],
      ['series', 'series'],
      ['hrs', 'hrs'],
      ['pcs', 'pcs'],
      ['4x4s', '4x4s'],
      ['w/', 'w/'],
      ['l/rs', 'l/rs'],
      // The ending decides, not a like pair of letters inside the word.
      ['housings', 'housing'],
      ['bushings', 'bushing'],
      ['visors', 'visor'],
      ['assessments', 'assessment'],
      // Hyphenated words.
      ['a-pillars', 'a-pillar'],
      ['sub-assemblies', 'sub-assembly'],
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
    // At either end of the word too.
    expect(oneEdit('bumpers', 'bumper')).toBe(true);
    expect(oneEdit('umper', 'bumper')).toBe(true);
    expect(oneEdit('sesnor', 'sensor')).toBe(true);
    // Two letters changed are two edits, though one of them is its neighbour's letter.
    expect(oneEdit('snxsor', 'sensor')).toBe(false);
    expect(oneEdit('sxesor', 'sensor')).toBe(false);
    // Two letters added or dropped are two edits.
    expect(oneEdit('bump', 'bumper')).toBe(false);
    expect(oneEdit('bumper', 'bump')).toBe(false);
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
    // The consonants kept must be half the word's or more: "ctr" is the center, not the controller.
    expect(abbreviates('ctr', 'center')).toEqual({ rule: 'consonants', score: 0.45 + 0.45 * (2 / 3) });
    expect(abbreviates('ctr', 'controller')).toBeNull();
  });

  it('reads realistic shorthand as the one word it clearly abbreviates', () => {
    const index = shorthandIndex([
      'alignment',
      'sensor',
      'sender',
      'bumper',
      'windshield',
      'window',
      'liftgate',
      'control',
      'controller',
      'central',
      'support',
      'reinforcement',
      'bracket',
      'center',
      'camera',
      'camber',
    ]);
    const read = (word: string) => best(candidates(index, word) ?? [])?.to ?? null;
    expect(
      Object.fromEntries(
        ['algnmnt', 'snsr', 'bumer', 'wndshld', 'windsheild', 'liftgt', 'supt', 'reinf', 'brkt', 'ctr'].map((w) => [w, read(w)]),
      ),
    ).toEqual({
      algnmnt: 'alignment',
      snsr: 'sensor',
      bumer: 'bumper',
      wndshld: 'windshield',
      windsheild: 'windshield',
      liftgt: 'liftgate',
      supt: 'support',
      reinf: 'reinforcement',
      brkt: 'bracket',
      ctr: 'center',
    });
    // Too short, two readings as good ("cam": camera or camber; "sen": sensor or sender; "cntrl": control or
    // central, which its neighbours decide), or none.
    expect(read('cntrl')).toBeNull();
    expect(read('sn')).toBeNull();
    expect(read('cam')).toBeNull();
    expect(read('sen')).toBeNull();
    expect(read('xq')).toBeNull();
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
    // Only a word of plain letters is read: a figure or a sign in it is no shorthand.
    expect(candidates(index, 'sen5or')).toBeNull();
    expect(candidates(index, 'sensor2')).toBeNull();
    expect(candidates(index, 'sensorr')?.map((c) => c.to)).toEqual(['sensor']);
    const many = shorthandIndex(['control', 'central', 'controller', 'contrast', 'cntr', 'cantor', 'canter', 'contour']);
    expect(candidates(many, 'cntrl')?.map((c) => c.to)).toEqual(['cntr', 'control', 'central', 'controller']);
    expect(candidates(many, 'cnt')?.length).toBeLessThanOrEqual(6);
    // Of more, the six best (of two as good, the shorter; of two alike, the first known).
    const brakes = shorthandIndex(['brake', 'braking', 'bracket', 'bracing', 'bracer', 'brace', 'bravo', 'brand']);
    expect(candidates(brakes, 'bra')?.map((c) => c.to)).toEqual(['brake', 'brace', 'bravo', 'brand', 'bracer', 'braking']);
    // Known words only of letters (and hyphens), three or more.
    expect([...shorthandIndex(['3rd', 'w/s', 'a/c', 'rear', 'row']).byLetter.keys()]).toEqual(['r']);
  });

  it('keeps the candidates of at most 20,000 words', () => {
    const index = shorthandIndex(['sensor']);
    for (let i = 0; i < 19_999; i++) index.cache.set(`w${i}`, null);
    expect(candidates(index, 'snsr')?.map((c) => c.to)).toEqual(['sensor']);
    expect(index.cache.has('snsr')).toBe(true);
    expect(candidates(index, 'sensr')?.map((c) => c.to)).toEqual(['sensor']);
    expect(index.cache.has('sensr')).toBe(false);
    expect(index.cache.size).toBe(20_000);
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

  it('between two readings as good, takes the one the names use three times as often or more', () => {
    const e = (to: string, score: number) => ({ word: 'sen', to, rule: 'prefix' as const, score });
    const sensor = e('sensor', 0.75);
    const sender = e('sender', 0.75);
    const uses = (s: number, d: number) =>
      new Map([
        ['sensor', s],
        ['sender', d],
      ]);
    expect(best([sender, sensor], uses(9, 1))?.to).toBe('sensor');
    expect(best([sensor, sender], uses(9, 1))?.to).toBe('sensor');
    expect(best([sender, sensor], uses(3, 1))?.to).toBe('sensor');
    expect(best([sender, sensor], uses(3, 0))?.to).toBe('sensor');
    expect(best([sender, sensor], uses(2, 0))).toBeNull();
    expect(best([sender, sensor], uses(6, 3))).toBeNull();
    expect(best([sender, sensor], uses(9, 3))?.to).toBe('sensor');
    // A reading clearly better wins, however seldom the names use it.
    expect(best([e('sender', 0.9), sensor], uses(9, 1))?.to).toBe('sender');
  });
});
