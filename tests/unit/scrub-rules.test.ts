/**
 * The scrub's rules (docs/scrub.md), each pinned by the lines it reads: which line triggers which system
 * and why, which is a check and which triggers nothing. Written against synthetic make matrices (the eight
 * scored systems and the others), independent of the demo knowledge base; the labelled sets are
 * tests/unit/scrub-set.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import {
  compileMatcher,
  partsRead,
  scrubLine,
  scrubLines,
  systemKind,
  type Exclusion,
  type MatchSystem,
} from '../../lib/calibrations/match';
import { compileVocabulary, readLine, readOperation, readSection } from '../../lib/calibrations/normalise';
import { must } from '../../testkit/must';

// Compiled inside the tests, not when the file loads: a fault in compiling then fails the tests that need it.
let compiled: ReturnType<typeof compileVocabulary> | undefined;
const vocab = () => (compiled ??= compileVocabulary());

type Options = Partial<Omit<MatchSystem, 'keywords'>> & { location?: string; line?: string[]; sublet?: string[]; locations?: string[] };
const system = (id: number, name: string, type: number | null, o: Options = {}): MatchSystem => ({
  adasChecklistMatrix: id,
  system: name,
  systemType: type,
  location: o.location ?? '',
  names: o.names,
  isRR: o.isRR ?? true,
  isRI: o.isRI ?? true,
  keywords: { line: o.line ?? [], location: o.locations ?? [], sublet: o.sublet ?? [] },
  exceptions: o.exceptions,
  notEquipped: o.notEquipped,
});

const FC = system(1, 'Forward Camera', 1);
const FR = system(2, 'Front Radar', 2);
const BSM = system(3, 'Blind Spot Monitoring', 3);
const PA = system(4, 'Park Assist', 4, { isRI: false });
const SV = system(5, 'Surround View Camera', 5);
const RC = system(6, 'Rear Camera', 6);
const SC = system(7, 'Side Camera', 7);
const SAS = system(8, 'Steering Angle Sensor', 8);
const EIGHT = [FC, FR, BSM, PA, SV, RC, SC, SAS];
const EXCLUSIONS: Exclusion[] = [
  { adasChecklistMatrix: 2, phrase: 'show car', reason: 'A show car bumper is decoration.' },
  { adasChecklistMatrix: null, phrase: 'salvage yard', reason: 'Not on this vehicle.' },
];

const matcher = (systems: MatchSystem[] = EIGHT, exclusions: Exclusion[] = EXCLUSIONS) => compileMatcher(systems, exclusions, vocab());
const scrub = (operation: string, description: string, section = '', systems?: MatchSystem[]) =>
  must(scrubLines([{ lineNum: 1, operation, description, section }], matcher(systems))[0], 'the outcome');
const systemsOf = (operation: string, description: string, section = '', systems?: MatchSystem[]) =>
  scrub(operation, description, section, systems).triggers.map((t) => t.system);
const whyOf = (operation: string, description: string, section = '') => scrub(operation, description, section).triggers.map((t) => t.why);
const checksOf = (operation: string, description: string, section = '') =>
  scrub(operation, description, section).checks.map((c) => c.system);

describe('a line in an estimator’s words', () => {
  it('names the part, what was done and the system, and why the part matters to it', () => {
    expect(whyOf('Repl', 'Frt bumper cover')).toEqual([
      'front bumper cover: replaced → Front Radar (in front of the front radar)',
      'front bumper cover: replaced → Park Assist (carries the park sensors)',
    ]);
    expect(whyOf('R&I', 'Radar bracket', 'FRONT BUMPER')).toEqual([
      'front radar bracket: removed and installed → Front Radar (holds the front radar)',
    ]);
    expect(whyOf('Repl', 'Backup camera')).toEqual([
      'backup camera: replaced → Surround View Camera (the rear camera itself)',
      'backup camera: replaced → Rear Camera (the rear camera itself)',
    ]);
    expect(whyOf('Repl', 'LT lower control arm')).toEqual([
      'lower control arm: replaced → Steering Angle Sensor (sets the wheel alignment)',
    ]);
    expect(whyOf('Repl', 'Steering column')).toEqual([
      'steering column: replaced → Steering Angle Sensor (on the steering column, where the sensor sits)',
    ]);
    expect(whyOf('Subl', 'Four wheel alignment')).toEqual(['four wheel alignment: sublet → Steering Angle Sensor (a wheel alignment)']);
    expect(whyOf('Subl', 'LaneWatch camera aim')).toEqual(['a calibration line (aim) naming lanewatch camera → Side Camera']);
  });

  it('never in machine phrases: a fee, masking or hazardous waste is said to be one, and is not an R&I', () => {
    const waste = scrub('', 'Hazardous waste removal');
    expect(waste.reading.operation).toBeNull();
    expect(waste.nothing).toBe('Hazardous waste removal: a fee or a charge, not a part.');
    expect(scrub('', 'Cover car for overspray').nothing).toBe('Cover car: paint or masking work: no part is removed, no sensor moves.');
    expect(scrub('', 'Add for Clear Coat').nothing).toBe('Add for clear coat: paint or masking work: no part is removed, no sensor moves.');
    expect(scrub('Subl', 'Pre-repair scan').nothing).toBe('Pre repair scan: a diagnostic scan is not a calibration.');
    expect(scrub('', 'Bench set-up & measure').nothing).toMatch(/^Bench set up: frame set-up, measuring or pulling/);
    expect(scrub('', 'Cavity wax - LT quarter panel').nothing).toBe('Cavity wax: a material, not a part: no sensor moves.');
    expect(scrub('', 'Final detail').nothing).toBe('Final detail: cleaning: no part is removed.');
    expect(scrub('', 'Procedure research').nothing).toBe('Procedure research: paperwork or labour time, not a part.');
    expect(scrub('', 'Road test').nothing).toBe('Road test: a road test is a check drive, not a calibration.');
  });

  it('shows the shorthand it read, and what it set aside', () => {
    const o = scrub('', 'algnmnt 4 whl');
    expect(o.triggers.map((t) => t.why)).toEqual([
      '4 wheel alignment: no operation given (read as removed or replaced) → Steering Angle Sensor (a wheel alignment) (read: algnmnt → alignment)',
    ]);
    expect(o.reading.notes).toContain('algnmnt → alignment');
    expect(scrub('Repl', 'A/M Frt bumper cover Palisade').reading.notes).toContain(
      'Set aside (not parts): a/m (supplier or quantity mark), palisade (model).',
    );
    expect(scrub('Repl', 'Frt bumper cover zorblax').reading.notes).toContain('Not known, set aside: zorblax.');
  });

  it('reads Audatex and Qapter names: head first with no comma, the end and side as one letter after', () => {
    expect(scrub('Repl', 'REINFORCEMENT BUMPER F').read).toEqual(['front bumper reinforcement']);
    expect(systemsOf('Repl', 'REINFORCEMENT BUMPER F')).toEqual(['Front Radar']);
    expect(systemsOf('Repl', 'ABSORBER BUMPER F')).toEqual([]);
    expect(systemsOf('Repl', 'EMBLEM RADIATOR GRILLE')).toEqual(['Front Radar']);
    expect(systemsOf('Repl', 'MOULDING BUMPER F L')).toEqual([]);
    expect(systemsOf('Repl', 'BUMPER COVER F CPL')).toEqual(['Front Radar', 'Park Assist']);
    // "R" is the rear of a bumper and the right of a mirror.
    expect(systemsOf('R&I', 'BUMPER COVER R CPL')).toEqual(['Blind Spot Monitoring']);
    const right = scrub('Repl', 'MIRROR EXTERIOR R CPL W/CAMERA');
    expect(right.reading.side).toBe('right');
    expect(right.triggers.map((t) => t.system)).toEqual(['Surround View Camera', 'Side Camera']);
    expect(scrub('Repl', 'DOOR R L').reading.end).toBe('rear');
  });

  it('a clause of pieces only is the earlier clause’s part’s', () => {
    const o = scrub('rplc', 'Liftgt shell - xfer cam');
    expect(o.triggers.map((t) => t.system)).toEqual(['Surround View Camera', 'Rear Camera']);
    expect(o.checks).toEqual([]);
    expect(scrub('Repl', 'Grille - transfer emblem').read).toEqual(['grille', 'grille emblem']);
  });

  it('a name, an end word and another name: the first is the part, on the second', () => {
    expect(scrub('Repl', 'Molding front bumper').nothing).toBe(
      'Front bumper molding: carries no driver-assistance sensor and is in no sensor’s view.',
    );
    expect(systemsOf('Repl', 'Sensor front bumper LH inner')).toEqual(['Park Assist']);
    expect(systemsOf('Repl', 'Radar front bumper')).toEqual(['Front Radar']);
    expect(systemsOf('Repl', 'Parking sensor harness front bumper')).toEqual([]);
    // An end word inside a name is the name's.
    expect(systemsOf('Repl', 'Grille front camera')).toEqual(['Surround View Camera']);
    expect(whyOf('Repl', 'Cover front bumper')[0]).toBe('front bumper cover: replaced → Front Radar (in front of the front radar)');
  });

  it('reads two words written as one, a shortened first word before a whole one, and a material word that ends a name', () => {
    expect(systemsOf('Repl', 'LT Taillamp assy', 'QUARTER PANEL')).toEqual([]);
    expect(scrub('Repl', 'LT Taillamp assy', 'QUARTER PANEL').read).toEqual(['tail lamp assembly']);
    const gate = scrub('Repl', 'lgate');
    expect(gate.triggers.map((t) => t.system)).toEqual(['Surround View Camera', 'Rear Camera']);
    expect(gate.reading.notes).toContain('lgate → lift gate');
    // "abs" after a bumper is its absorber, not ABS plastic.
    expect(scrub('Repl', 'frt bmpr abs').read).toEqual(['front bumper absorber']);
    expect(systemsOf('Repl', 'frt bmpr abs')).toEqual([]);
    expect(scrub('Repl', 'Frt bumper cover ABS plastic').reading.notes).toContain('Set aside (not parts): abs (finish), plastic (finish).');
  });
});

describe('the operations and what each requires', () => {
  it('masking a part for paint leaves it in place; an operation word is the work on every part joined after it', () => {
    expect(systemsOf('', 'Mask park aid sensors for refinish', 'MISCELLANEOUS OPERATIONS')).toEqual([]);
    expect(whyOf('Refn', 'Mask off front radar and park sensors')).toEqual([]);
    expect(scrub('Refn', 'Mask off front radar and park sensors').nothing).toBe(
      'Masked for paint: the part stays where it is and no sensor moves (Front Radar, Park Assist).',
    );
    expect(systemsOf('Refn', 'R&I front radar and park sensors', 'FRONT BUMPER')).toEqual(['Front Radar', 'Park Assist']);
  });

  it('reads the column of every estimating system, a flag after a code, and says what it does not know', () => {
    const op = (w: string) => readOperation(vocab(), w).operation;
    for (const [code, read] of [
      ['Repl', 'replace'],
      ['Remove/Replace', 'replace'],
      ['Remove / Replace', 'replace'],
      ['R&R', 'replace'],
      ['R&I', 'remove'],
      ['Remove / Install', 'remove'],
      ['R & I', 'remove'],
      ['O/H', 'overhaul'],
      ['Rpr', 'repair'],
      ['Refinish Only', 'refinish'],
      ['Blnd', 'blend'],
      ['Algn', 'align'],
      ['Subl', 'sublet'],
      ["Add'l Labor", 'labor'],
      ['Check/Adjust', 'check'],
    ] as const)
      expect(op(code), code).toBe(read);
    expect(readOperation(vocab(), 'ZZ9')).toEqual({ operation: null, unknown: 'ZZ9' });
    expect(readOperation(vocab(), '')).toEqual({ operation: null, unknown: null });
    expect(readOperation(vocab(), 'Repl PA')).toEqual({ operation: null, unknown: 'Repl PA' });
    expect(readLine({ operation: 'Repl PA', description: 'Quarter panel' }, vocab()).operation).toBe('replace');
    expect(readLine({ operation: 'Repl Frt', description: 'Quarter panel' }, vocab()).operationNote).toBe(
      'The operation “Repl Frt” is not one the scrub knows.',
    );
    expect(readLine({ operation: 'ZZ9', description: 'Repl quarter panel' }, vocab()).operationNote).toBe(
      'The operation “ZZ9” is not one the scrub knows; the description says replace.',
    );
  });

  it('takes the description’s operation when the column gives none, a sublet or labour', () => {
    expect(readLine({ operation: '', description: 'Replace windshield' }, vocab())).toMatchObject({
      operation: 'replace',
      notes: ['No operation given: the description says replace.'],
    });
    expect(readLine({ operation: 'Subl', description: 'Windshield replacement' }, vocab())).toMatchObject({
      operation: 'replace',
      notes: ['A sublet line: its description says replace.'],
    });
    expect(readLine({ operation: 'R&I', description: 'Windshield replacement' }, vocab()).operation).toBe('remove');
    expect(readLine({ operation: '', description: 'Liftgt shell - xfer cam' }, vocab()).phrases.map((p) => p.operation)).toEqual([
      null,
      'remove',
    ]);
  });

  it('a carrier: replaced when marked R&R, removed when marked R&I, an overhaul either, repairs only for the radars, a refinish only for the park sensors', () => {
    expect(systemsOf('Repl', 'Frt bumper cover')).toEqual(['Front Radar', 'Park Assist']);
    expect(systemsOf('R&I', 'Frt bumper cover')).toEqual(['Front Radar']);
    expect(systemsOf('O/H', 'Frt bumper assy')).toEqual(['Front Radar', 'Park Assist']);
    expect(systemsOf('Rpr', 'Frt bumper cover')).toEqual(['Front Radar']);
    expect(systemsOf('Refn', 'Frt bumper cover')).toEqual(['Park Assist']);
    expect(systemsOf('Blnd', 'Rr bumper cover')).toEqual([]);
    expect(systemsOf('Chk', 'Rr bumper cover')).toEqual([]);
    expect(systemsOf("Add'l Labor", 'Liftgate')).toEqual([]);
    expect(systemsOf('Rpr', 'Liftgate')).toEqual([]);
    expect(systemsOf('', 'Liftgate')).toEqual(['Surround View Camera', 'Rear Camera']);
    expect(systemsOf('ZZ9', 'Liftgate')).toEqual(['Surround View Camera', 'Rear Camera']);
    const none = [system(4, 'Park Assist', 4, { isRR: false, isRI: false })];
    expect(scrub('Repl', 'Frt bumper cover', '', none).nothing).toBe(
      'Replacing it does not require Park Assist: the make matrix is not marked R&R.',
    );
    expect(scrub('O/H', 'Frt bumper cover', '', none).nothing).toBe('The make matrix requires Park Assist after no work on it.');
    expect(scrub('', 'Frt bumper cover', '', none).nothing).toBe('The make matrix requires Park Assist after no work on it.');
    expect(scrub('R&I', 'Frt bumper cover', '', [PA]).nothing).toBe(
      'Removing and installing it does not require Park Assist: the make matrix is marked R&R only.',
    );
    expect(scrub('Rpr', 'Liftgate', '', [RC]).nothing).toBe('A repair leaves the part in place: Rear Camera is not disturbed.');
    expect(scrub('Refn', 'Liftgate', '', [RC]).nothing).toBe('Refinish is paint work: it does not move a sensor (Rear Camera).');
    expect(scrub('Blnd', 'Frt bumper cover', '', [PA]).nothing).toBe('Blend is paint work: it does not move a sensor (Park Assist).');
    expect(scrub("Add'l Labor", 'Liftgate', '', [RC]).nothing).toBe(
      'Worked on (additional labor): the part is not removed, Rear Camera is not disturbed.',
    );
  });

  it('a sensor or its mount: any work but paint; a check of the sensor itself is its function check, of its mount nothing', () => {
    expect(systemsOf('R&I', 'LT Frt park sensor')).toEqual(['Park Assist']);
    expect(systemsOf('Rpr', 'Radar bracket')).toEqual(['Front Radar']);
    expect(systemsOf("Add'l Labor", 'Transfer & bond parking sensor retainers')).toEqual(['Park Assist']);
    expect(systemsOf('Refn', 'Frt park sensor')).toEqual([]);
    expect(systemsOf('Chk', 'Frt radar sensor')).toEqual(['Front Radar']);
    expect(whyOf('Subl', 'park snsr funct chk')).toEqual([
      'a calibration line (check) naming park sensor → Park Assist (read: snsr → sensor, funct → function)',
    ]);
    expect(systemsOf('subl', 'sonar sys chk')).toEqual(['Park Assist']);
    expect(systemsOf('Sublet', 'Rear Camera Guideline Check')).toEqual(['Rear Camera']);
    expect(systemsOf('subl', 'BVM (blind-spot view monitor) chk')).toEqual(['Side Camera']);
    expect(scrub('Chk', 'Radar bracket').nothing).toBe(
      'A check does not remove or move the part: it requires no calibration (Front Radar).',
    );
    expect(systemsOf('Road test', 'Park assist')).toEqual([]);
  });

  it('the steering column and the wheel geometry: replaced or removed, not repaired or merely checked', () => {
    expect(systemsOf('R&I', 'Steering wheel')).toEqual(['Steering Angle Sensor']);
    expect(systemsOf('O/H', 'LT Frt strut assy')).toEqual(['Steering Angle Sensor']);
    expect(scrub('Rpr', 'Steering gear').nothing).toBe('Repaired: the part stays in place, Steering Angle Sensor is not disturbed.');
    expect(scrub("Add'l Labor", 'Steering column').nothing).toBe(
      'Worked on (additional labor): the part stays in place, Steering Angle Sensor is not disturbed.',
    );
    expect(scrub('Repl', 'Steering gear', '', [system(8, 'Steering Angle Sensor', 8, { isRR: false, isRI: false })]).nothing).toBe(
      'The make matrix requires Steering Angle Sensor after no work on it.',
    );
    expect(systemsOf('Check/Adjust', 'Alignment Check (Pre-Repair Measurement)')).toEqual([]);
    expect(systemsOf('Subl', 'Wheel alignment check')).toEqual([]);
  });
});

describe('the parts and what they carry', () => {
  const cases: [string, string, string, string[]][] = [
    // [operation, description, section, systems]
    ['Repl', 'Grille assy', 'GRILLE', ['Front Radar', 'Surround View Camera']],
    ['Repl', 'Frt bumper lower grille', '', ['Front Radar']],
    ['Repl', 'Nose emblem', '', ['Front Radar']],
    ['Repl', 'Blind spot radar cover', '', ['Blind Spot Monitoring']],
    ['Repl', 'Front bumper corner sensor', '', ['Park Assist']],
    ['Repl', 'Front bumper air curtain', '', []],
    ['R&I', 'Grille assy w/ camera (SVM)', 'GRILLE', ['Front Radar', 'Surround View Camera']],
    ['Repl', 'frt bmpr cvr - prk snsr tp', '', ['Front Radar', 'Park Assist']],
    ['Repl', 'Emblem', 'GRILLE', ['Front Radar']],
    ['Repl', 'Emblem', 'HOOD', []],
    ['R&I', 'EMBLEM, FRONT', 'FRONT BUMPER', ['Front Radar']],
    ['Repl', 'Hood front nameplate', '', []],
    ['Repl', 'Frt bumper reinforcement', '', ['Front Radar']],
    ['Repl', 'Rr bumper reinforcement', '', []],
    ['Repl', 'Frt bumper energy absorber', '', []],
    ['Repl', 'Radiator core support', '', ['Front Radar']],
    ['R&I', 'Radiator support upper cover', '', []],
    ['Repl', 'Rr bumper lower valance', '', []],
    ['Repl', 'LT Quarter outer panel', '', ['Blind Spot Monitoring']],
    ['Repl', 'LT Quarter glass', '', []],
    ['Repl', 'Windshield glass w/ rain sensor', '', ['Forward Camera']],
    ['Repl', 'GLASS, WINDSHIELD ACOUSTIC HEATED', 'GLASS', ['Forward Camera']],
    ['Rpr', 'Windshield chip repair', '', []],
    ['Repl', 'Camera bracket', 'WINDSHIELD', ['Forward Camera']],
    ['R&I', 'Frt camera cover', 'WINDSHIELD', []],
    ['R&I', 'Inside rearview mirror', 'WINDSHIELD', []],
    ['R&I', 'LT Outside mirror', '', ['Surround View Camera', 'Side Camera']],
    ['Repl', 'LT Mirror glass', '', []],
    ['Repl', 'LT Mirror cover', '', []],
    ['Repl', 'Mirror cover (camera housing)', '', ['Surround View Camera', 'Side Camera']],
    ['Repl', 'Mirror turn signal lamp', '', []],
    ['Repl', 'LT Mirror glass w/ blind spot indicator', '', []],
    ['Repl', 'Lift gate shell', 'LIFT GATE', ['Surround View Camera', 'Rear Camera']],
    ['R&I', 'Lift gate garnish', 'LIFT GATE', ['Surround View Camera', 'Rear Camera']],
    ['Repl', 'Liftgate glass', '', []],
    ['Repl', 'Liftgate emblem', '', []],
    ['Repl', 'LT lift gate support strut', 'LIFT GATE', []],
    ['Repl', 'Handle w/ camera', 'LIFT GATE', ['Surround View Camera', 'Rear Camera']],
    ['Repl', 'Camera', 'REAR BUMPER', ['Surround View Camera', 'Rear Camera']],
    ['Repl', 'Front camera', 'GRILLE', ['Surround View Camera']],
    ['Repl', 'Front camera', '', ['Forward Camera']],
    ['Repl', 'Front View Camera (Surround View)', 'Grille', ['Surround View Camera']],
    ['Repl', 'LT Rr side radar (BCW)', '', ['Blind Spot Monitoring']],
    ['Repl', 'LT BCW radar bracket', '', ['Blind Spot Monitoring']],
    ['Repl', 'SCC radar mounting bracket', '', ['Front Radar']],
    ['Repl', 'Radar sensor', 'REAR BUMPER', ['Blind Spot Monitoring']],
    ['Repl', 'Radar sensor', '', ['Front Radar']],
    ['Repl', 'Sensor bracket', 'FRONT BUMPER & GRILLE', ['Park Assist']],
    ['Repl', 'Hood latch sensor', '', []],
    ['Repl', 'LT Front Impact Sensor', 'Air Bag System', []],
    ['Repl', 'LT Front Wheel Speed Sensor', '', []],
    ['Repl', 'Frt bumper tow eye cap', '', []],
    ['Repl', 'Steering column upper & lower covers', '', []],
    ['Repl', 'LT Frt stabilizer link', '', []],
    ['Repl', 'RT Rr shock absorber', '', []],
    ['Repl', 'LT Frt hub & bearing', '', []],
    ['Repl', 'Rf Strut Mount (upper)', '', ['Steering Angle Sensor']],
    ['Repl', 'tie rd end LF outr', '', ['Steering Angle Sensor']],
    ['R&I', 'eng cradle for rack', '', ['Steering Angle Sensor']],
    ['Repl', 'Hood support strut', '', []],
    ['R&I', 'AIRBAG MODULE, DRIVER (STEERING WHEEL)', '', []],
    ['Repl', 'Dash camera', '', []],
    ['Repl', 'Parking brake switch', '', []],
    ['Repl', 'Park assist switch', '', []],
  ];
  it.each(cases)('%s | %s (%s) → %j', (operation, description, section, systems) => {
    expect(systemsOf(operation, description, section)).toEqual(systems);
  });

  it('reads a comma name head first, qualifiers first; names written as two words; and the most words with the fewest names', () => {
    expect(partsRead(vocab(), readLine({ operation: '', description: 'COVER, FRONT BUMPER' }, vocab()))).toEqual(['front bumper cover']);
    expect(partsRead(vocab(), readLine({ operation: '', description: 'ROD END, TIE OUTER LH' }, vocab()))).toEqual(['outer tie rod end']);
    expect(partsRead(vocab(), readLine({ operation: '', description: 'LT Front Wheel, Alloy 20x8' }, vocab()))).toEqual(['alloy wheel']);
    expect(partsRead(vocab(), readLine({ operation: '', description: 'Lift gate garnish' }, vocab()))).toEqual(['liftgate garnish']);
    expect(partsRead(vocab(), readLine({ operation: '', description: 'rear view mirror camera' }, vocab()))).toEqual([
      'camera of the rear view mirror',
    ]);
    expect(partsRead(vocab(), readLine({ operation: '', description: 'front strut mount' }, vocab()))).toEqual(['strut mount']);
    expect(partsRead(vocab(), readLine({ operation: '', description: 'front & rear bumper covers' }, vocab()))).toEqual([
      'front bumper cover',
      'rear bumper cover',
    ]);
    expect(partsRead(vocab(), readLine({ operation: '', description: 'upper & lower control arm' }, vocab()))).toEqual([
      'upper control arm',
      'lower control arm',
    ]);
  });
});

describe('features, negations, asides and purposes', () => {
  it('“with” a sensor works the sensor; “with” a system is a feature of the part', () => {
    expect(systemsOf('Repl', 'RT Mirror assy pwr htd w/camera')).toEqual(['Surround View Camera', 'Side Camera']);
    expect(systemsOf('R&I', 'Rear bumper cover w/ park assist', '')).toEqual(['Blind Spot Monitoring']);
    expect(systemsOf('Repl', 'rr bmpr cvr w/ bsm')).toEqual(['Blind Spot Monitoring', 'Park Assist']);
    expect(systemsOf('Repl', 'Frt bumper cover (PDW/SVM type)')).toEqual(['Front Radar', 'Park Assist', 'Surround View Camera']);
    expect(systemsOf('Repl', 'wndshld HUD type')).toEqual(['Forward Camera']);
  });

  it('reads every “with” and “without” of a line; a feature it has no name for says nothing', () => {
    expect(systemsOf('Repl', 'Bumper cover w/Sport pkg w/o park sensors', 'FRONT BUMPER')).toEqual(['Front Radar']);
    expect(systemsOf('Repl', 'RT Mirror outside w/memory, w/turn signal, w/o camera')).toEqual([]);
    expect(systemsOf('Repl', 'Mirror assy w/memory')).toEqual(['Surround View Camera', 'Side Camera']);
  });

  it('“w/o”, “less”, “non” negate what follows', () => {
    expect(systemsOf('Repl', 'Grille w/o surround view')).toEqual(['Front Radar']);
    expect(scrub('Repl', 'Mirror w/o camera').nothing).toBe(
      'The line says “without camera”: Surround View Camera is not on this part. (Surround View Camera, Side Camera)'.replace(
        ' (Surround View Camera, Side Camera)',
        ' The line says “without camera”: Side Camera is not on this part.',
      ),
    );
    expect(systemsOf('Repl', 'Rear bumper cover less park sensors')).toEqual(['Blind Spot Monitoring']);
    expect(systemsOf('Repl', 'Bumper cover non-sensor', 'REAR BUMPER')).toEqual(['Blind Spot Monitoring']);
    expect(scrub('Repl', 'Rear bumper cover less park sensors').reading.notes).toContain(
      '“without park sensor” says what the part does not have.',
    );
  });

  it('an aside that names a sensor, its mount or its path says what the part is to it; another part is only where it is', () => {
    expect(systemsOf('Repl', 'Frt lower grille center (radar cover)')).toEqual(['Front Radar']);
    expect(systemsOf('Repl', 'LAMP, SIDE TURN SIGNAL LH (MIRROR)')).toEqual([]);
    expect(systemsOf('Repl', 'CAMERA, SIDE VIEW LH (UNDER MIRROR)')).toEqual(['Surround View Camera', 'Side Camera']);
  });

  it('why the part is worked on is not a part; pieces named for a sensor are that sensor’s', () => {
    const o = scrub('R&I', 'Windshield (for roof panel replacement)');
    expect(o.triggers.map((t) => t.system)).toEqual(['Forward Camera']);
    expect(o.reading.notes).toContain('“for roof panel replacement” says why the part is worked on; it is not read as a part.');
    expect(systemsOf('R&I', 'MIRROR, OUTSIDE RH F/REFINISH')).toEqual(['Surround View Camera', 'Side Camera']);
    expect(systemsOf('R&I', 'Grille for radar access')).toEqual(['Front Radar', 'Surround View Camera']);
    expect(systemsOf("Add'l Labor", 'Drill holes for park sensors')).toEqual(['Park Assist']);
  });
});

describe('calibration lines', () => {
  it('name a system by any maker’s name, whatever the make', () => {
    for (const [line, name] of [
      ['SVM tolerance compensation', 'Surround View Camera'],
      ['VSA sensor neutral position memorization', 'Steering Angle Sensor'],
      ['Park sensor system function check', 'Park Assist'],
      ['Millimeter wave radar aiming', 'Front Radar'],
      ['EyeSight calibration', 'Forward Camera'],
      ['Parktronic initialization', 'Park Assist'],
      ['BLIS calibration', 'Blind Spot Monitoring'],
      ['Around view monitor calibration', 'Surround View Camera'],
      ['Smart cruise control radar alignment', 'Front Radar'],
      ['Blind spot view monitor calibration', 'Side Camera'],
      ['ACC/FCW radar alignment per OEM', 'Front Radar'],
      ['Blind-Spot Collision Warning radar L/R - static', 'Blind Spot Monitoring'],
      ['Rear view camera aim & guideline verify', 'Rear Camera'],
      ['Front radar alignment verification – within spec', 'Front Radar'],
      ['Supplement for ACC calibration', 'Front Radar'],
    ] as const)
      expect(systemsOf('Subl', line), line).toEqual([name]);
  });

  it('a front shock absorber is the strut’s damper: it sets the wheels; a rear one or one at no end does not', () => {
    expect(systemsOf('RPL', 'SHOCK ABSORBER UNIT, FRT LH (COMPLETE)', 'FRT SUSPENSION')).toEqual(['Steering Angle Sensor']);
    expect(systemsOf('Remove/Replace', 'RT Front Damper Unit (Strut)')).toEqual(['Steering Angle Sensor']);
    expect(systemsOf('Repl', 'RT Shock absorber', 'REAR SUSPENSION')).toEqual([]);
    expect(systemsOf('Repl', 'Shock absorber LT')).toEqual([]);
    // The radiator support's upper cross member is no suspension crossmember.
    expect(systemsOf('Repl', 'S1 Frt bulkhead upper cross member 60412-TG7-A00', 'RADIATOR SUPPORT')).toEqual([]);
    expect(systemsOf('Repl', 'Front cross member', 'FRONT SUSPENSION')).toEqual(['Steering Angle Sensor']);
  });

  it('system names listed before one sensor are that sensor’s', () => {
    expect(systemsOf('', 'FCA / LKA front view camera (windshield) - static calibration', 'ADAS CALIBRATION')).toEqual(['Forward Camera']);
    expect(systemsOf('', 'FCA calibration', 'ADAS CALIBRATION')).toEqual(['Front Radar']);
    expect(systemsOf('', 'SCC / FCA radar calibration', 'ADAS CALIBRATION')).toEqual(['Front Radar']);
  });

  it('a rear camera named in a surround-view calibration is calibrated too: it is a system of its own', () => {
    expect(systemsOf('Sublet', 'Rear View Camera / SVM cal 1 185.00')).toEqual(['Surround View Camera', 'Rear Camera']);
    expect(systemsOf('Sublet', 'Panoramic View Monitor Calibration (Back Camera Included)')).toEqual([
      'Surround View Camera',
      'Rear Camera',
    ]);
    expect(systemsOf('Sublet', 'SVM calibration')).toEqual(['Surround View Camera']);
    expect(systemsOf('Sublet', '360 camera calibration (LT mirror camera)')).toEqual(['Surround View Camera', 'Side Camera']);
  });

  it('a camera that may be two is the one of the system its section names', () => {
    expect(systemsOf('OP11', 'CAMERA ASSY,FR (MULTI VIEW)|39530-TYA-A01|EA|1')).toEqual(['Surround View Camera']);
    expect(systemsOf('', 'C1B0200 Front camera - calibration required (Current)', 'Surround View Monitor (SVM)')).toEqual([
      'Surround View Camera',
    ]);
    expect(systemsOf('Subl', 'Front camera calibration', 'SURROUND VIEW')).toEqual(['Surround View Camera']);
    expect(systemsOf('R&I', 'Frt camera', 'SURROUND VIEW MONITOR')).toEqual(['Surround View Camera']);
    // Under a section that names no system, a bare front camera is the windshield's.
    expect(systemsOf('Subl', 'Front camera calibration', 'ADAS CALIBRATION')).toEqual(['Forward Camera']);
    expect(systemsOf('R&I', 'Front camera', 'ELECTRICAL')).toEqual(['Forward Camera']);
  });

  it('a part with its own work after a comma is its own statement, not a head-first name', () => {
    const o = scrub('', 'Request: 360 camera calibration, mirror replaced', 'DESK REVIEW');
    expect(o.triggers.map((t) => t.why)).toEqual([
      'a calibration line (calibration) naming 360 camera → Surround View Camera',
      'mirror: replaced → Side Camera (carries the mirror camera)',
    ]);
    expect(systemsOf('Repl', 'COVER, FRONT BUMPER')).toEqual(['Front Radar', 'Park Assist']);
  });

  it('a sensor named in a surround-view calibration is one of its cameras, not the windshield camera', () => {
    expect(systemsOf('Subl', 'Surround view calibration - front camera')).toEqual(['Surround View Camera']);
    expect(systemsOf('Subl', '360 camera calibration')).toEqual(['Surround View Camera']);
    expect(systemsOf('Subl', 'Rear view camera aim & guideline verify')).toEqual(['Rear Camera']);
    expect(systemsOf('Subl', 'Calibrate front camera (dynamic)')).toEqual(['Forward Camera']);
  });

  it('a calibration of a name that may be two systems is a check', () => {
    expect(checksOf('Subl', 'Front view camera calibration')).toEqual(['Forward Camera', 'Surround View Camera']);
    expect(scrub('Subl', 'Front view camera calibration').checks[0]?.why).toBe(
      'A calibration of “front view camera”: it may be Forward Camera or Surround View Camera; the line does not say which.',
    );
  });

  it('naming only a kind: the vehicle’s one system of it, else the estimate’s, else a check', () => {
    const lines = (...rows: [string, string][]) =>
      scrubLines(
        rows.map(([operation, description], i) => ({ lineNum: i + 1, operation, description })),
        matcher(),
      );
    const [, calibration] = lines(['Repl', 'Windshield'], ['Subl', 'Drive time for camera calibration']);
    expect(calibration?.triggers.map((t) => t.system)).toEqual(['Forward Camera']);
    expect(calibration?.triggers[0]?.why).toBe(
      'a camera calibration line (calibration) naming no system: the estimate’s other lines require Forward Camera → Forward Camera',
    );
    const [, radar] = lines(['Repl', 'Rear bumper cover'], ['Subl', 'Radar aim']);
    expect(radar?.triggers.map((t) => t.system)).toEqual(['Blind Spot Monitoring']);
    const [, , both] = lines(['Repl', 'Frt bumper cover'], ['Repl', 'Rear bumper cover'], ['Subl', 'Radar aim']);
    expect(both?.triggers.map((t) => t.system)).toEqual(['Front Radar']);
    const [alone] = lines(['Subl', 'Set up and initiate camera calibration procedure']);
    expect(alone?.triggers).toEqual([]);
    expect(alone?.checks.map((c) => c.system)).toEqual(['Forward Camera', 'Surround View Camera', 'Rear Camera', 'Side Camera']);
    const one = scrubLines([{ lineNum: 1, operation: 'Subl', description: 'Camera calibration' }], matcher([FC, FR]));
    expect(one[0]?.triggers[0]?.why).toBe(
      'a camera calibration line (calibration) naming no system: the vehicle’s one camera system → Forward Camera',
    );
    const none = scrubLines([{ lineNum: 1, operation: 'Subl', description: 'Radar calibration' }], matcher([FC]));
    expect(none[0]?.nothing).toBe('A radar calibration line: this vehicle has no radar system.');
    expect(systemsOf('Subl', 'Camera calibration - windshield')).toEqual(['Forward Camera']);
    expect(systemsOf('Subl', 'Radar calibration rear')).toEqual(['Blind Spot Monitoring']);
  });

  it('function and system tests and checks are calibrations; how it is done (via, using) is not a part', () => {
    expect(systemsOf('', 'Park sensor function test')).toEqual(['Park Assist']);
    expect(systemsOf('', 'PDC system check')).toEqual(['Park Assist']);
    expect(systemsOf('', 'Reset SAS via scan tool')).toEqual(['Steering Angle Sensor']);
  });

  it('under a calibration section, a sensor named alone is its calibration', () => {
    expect(systemsOf('', 'Rear Camera', 'ADAS CALIBRATION')).toEqual(['Rear Camera']);
    expect(systemsOf('', 'Rear Camera', 'LIFT GATE')).toEqual(['Surround View Camera', 'Rear Camera']);
    expect(readSection(vocab(), 'VEHICLE DIAGNOSTICS').procedures).toBe(true);
    // A section's end word places its part: the vehicle's end for a bumper, the door's place for a door.
    expect(readSection(vocab(), 'FRONT BUMPER').end).toBe('front');
    expect(readSection(vocab(), 'FRONT DOOR').end).toBeNull();
  });

  it('scans, research and road tests are not calibrations; a denied calibration triggers nothing', () => {
    expect(scrub('Subl', 'Post-calibration scan').nothing).toBe('Scan: a diagnostic scan is not a calibration.');
    expect(scrub('', 'Calibration research & OEM procedure printout').nothing).toBe('Research: paperwork or labour time, not a part.');
    expect(systemsOf('', 'Road test - lane keeping and adaptive cruise verify')).toEqual([]);
    expect(scrub('', 'BSM calibration not required - quarter panel repaired only').nothing).toBe(
      'The line says the work is not done or not needed (“not required”): it requires no calibration.',
    );
    // "svc" is the service, far more often than a surround-view camera.
    expect(scrub('', 'pre/post scan Rivian svc tool').triggers).toEqual([]);
    expect(systemsOf('', 'Deny windshield camera calibration, glass not replaced')).toEqual([]);
  });
});

describe('what a line says besides its parts', () => {
  it('nothing found, not disturbed, not equipped, a verdict in the operation column: nothing, and says so', () => {
    for (const [op, line] of [
      ['', 'Windshield inspected - no damage, LKA camera not disturbed'],
      ['', 'Blind Spot Information (L): No DTCs'],
      ['#', 'Rear park assist not equipped per VIN decode'],
      ['NOTE', 'Rear camera (tailgate) not affected - removed from estimate'],
      ['Denied', 'Front radar calibration on rear impact - no front-end operations'],
      ['Supp 2', 'frnt cam cal - n/r, no frt dmg, no glass'],
    ])
      expect(scrub(op!, line!).nothing, line).toMatch(
        /^The line says the work is not done or not needed \(“[^”]+”\): it requires no calibration\.$/,
      );
  });

  it('a scan report’s finding that a calibration is due requires it, whatever words of a denial it holds', () => {
    expect(systemsOf('Pre-Scan', 'AVM: C1A39 CAMERA CALIBRATION NOT DONE (FRONT) - current', 'AVM')).toEqual(['Surround View Camera']);
    expect(systemsOf('DTC', 'Multi-view camera system: calibration not performed', 'SCAN REPORT')).toEqual(['Surround View Camera']);
    expect(scrub('DTC', 'Multi-view camera system: calibration not performed', 'SCAN REPORT').reading.finding).toBe(
      'calibration not performed',
    );
    // Not a scan line: a desk review's "not performed" is its verdict.
    expect(systemsOf('', 'Front radar calibration not performed - no front damage', 'DESK REVIEW')).toEqual([]);
    expect(systemsOf('', 'Post-scan: no DTCs', 'SCAN')).toEqual([]);
  });

  it('a calibration line’s part or sensor with its own work is worked on too', () => {
    expect(systemsOf('SUBLET', 'Panoramic view monitor (PVM) calibration - back camera replaced')).toEqual([
      'Surround View Camera',
      'Rear Camera',
    ]);
  });

  it('shorthand read with its neighbours’ readings, and a short word set aside read as shorthand only inside a name', () => {
    expect(scrub('', 'ABS: C1156 ST ANG SEN CIRCUIT - neutral position not adjusted', 'PRE-SCAN').read).toEqual(['steering angle sensor']);
    expect(systemsOf('', 'ABS: C1156 ST ANG SEN CIRCUIT - neutral position not adjusted', 'PRE-SCAN')).toEqual(['Steering Angle Sensor']);
    expect(scrub('r&i', 'frt vw cam in grl').read).toEqual(['front view camera']);
    expect(systemsOf('Repl', 'EMBLEM, FRONT VW')).toEqual(['Front Radar']);
    expect(scrub('Repl', 'ST bumper cover').reading.setAside).toContainEqual({ word: 'st', kind: 'trim' });
    expect(systemsOf('', 'Supp 1: 4WA + ride ht cal (air susp)', 'susp')).toEqual(['Steering Angle Sensor']);
  });

  it('printed abbreviations and shorthand in the plural are their singular', () => {
    expect(scrub('R&I', 'BSI radars LT/RT w/ brkts', 'RR BMPR').read).toEqual(['bsi radar', 'bracket of the bsi radar']);
    expect(whyOf('R&I', 'xfer frt park aid snsrs (4)', 'FRT BMPR')).toEqual([
      'front park aid sensor: removed and installed → Park Assist (the park sensors themselves) (read: snsr → sensor)',
    ]);
  });

  it('a line describing the vehicle is no work on it', () => {
    const o = scrub('', '2022 Palisade Limited. Options: Smart Cruise Control, Parking Distance Warning', 'VEHICLE');
    expect(o.triggers).toEqual([]);
    expect(o.nothing).toBe('The line describes the vehicle (its options or equipment), not work on it: it requires no calibration.');
    expect(systemsOf('', 'Options: Smart Cruise Control w/Stop & Go')).toEqual([]);
    expect(systemsOf('', 'Smart cruise control radar', 'VEHICLE DIAGNOSTICS')).toEqual(['Front Radar']);
  });

  it('a reference to another line, the part’s condition and where it is are no parts', () => {
    const o = scrub('Approved', 'Line 17 R&I rear bumper assy (LT side impact)', 'REAR BUMPER');
    expect(o.read).toEqual(['rear bumper assembly']);
    expect(o.reading.setAside).toContainEqual({ word: 'line 17', kind: 'a reference to another line' });
    expect(systemsOf('Repl', 'Radar bracket broken at teardown - repl 99110-S8000', 'FRONT BUMPER')).toEqual(['Front Radar']);
    expect(systemsOf('Repl', 'Fuel line 2')).toEqual([]);
    expect(systemsOf('Remove/Replace', 'Roll Connector (Clock Spring)', 'STEERING COLUMN')).toEqual(['Steering Angle Sensor']);
    // A part placed under another does not carry what that one carries; a sensor placed is settled by it.
    expect(systemsOf('Add', 'Air deflector, front lower (under bumper)', 'FRONT BUMPER')).toEqual([]);
    expect(systemsOf('Approved', 'Surround Vision front camera repl (grille mounted)', 'GRILLE')).toEqual(['Surround View Camera']);
    expect(systemsOf('Repl', 'replace frt camera bracket on windshield')).toEqual(['Forward Camera']);
  });

  it('an opening, cut-out or fitment for a sensor makes the part its carrier', () => {
    expect(systemsOf('Remove/Replace', 'Frt Bumper Lower Valance w/ACC Sensor Opening 6SX53TRMAB', 'FRONT BUMPER')).toEqual([
      'Front Radar',
    ]);
    expect(systemsOf('REPLACE', 'TRIM, TAILGATE HANDLE w/rear view camera opening', 'TAILGATE')).toEqual([
      'Surround View Camera',
      'Rear Camera',
    ]);
    expect(systemsOf('Repl', 'Wheel opening molding')).toEqual([]);
  });

  it('an alignment naming no wheel, on a line naming a sensor, is the sensor’s aim', () => {
    expect(systemsOf('CAL', 'CCM radar vertical/horizontal alignment')).toEqual(['Front Radar']);
    expect(systemsOf('Subl', 'Front end alignment')).toEqual(['Steering Angle Sensor']);
    expect(systemsOf('', '4whl align w/ SAS calib')).toEqual(['Steering Angle Sensor']);
  });

  it('in a calibration line a part with no work of its own only says which sensor', () => {
    expect(systemsOf('CAL', 'Rear Camera Mirror (video mirror) aim')).toEqual(['Rear Camera']);
    expect(systemsOf('Subl', 'Front radar calibration - bumper cover replaced')).toEqual(['Front Radar', 'Park Assist']);
  });

  it('a side camera named where this make mounts none is still the side camera, and a part the line says carries it', () => {
    expect(whyOf('R&I', 'LT side repeater camera (turn signal) transfer')).toEqual([
      'side repeater camera: removed and installed → Side Camera (the fender camera itself)',
    ]);
    expect(whyOf('Repl', 'LT fender w/ repeater camera opening')).toEqual(['fender: replaced → Side Camera (carries the fender camera)']);
    expect(systemsOf('Repl', 'LT fender')).toEqual([]);
  });

  it('a check of what a system’s name names is its function check; a check for a system’s sake is not', () => {
    expect(systemsOf('Subl', 'LaneWatch display check', 'VEHICLE DIAGNOSTICS')).toEqual(['Side Camera']);
    expect(systemsOf('Chk', 'Inspect bumper for ACC damage', 'FRONT')).toEqual([]);
  });

  it('a calibration of a sensor the line does not name is a check of every system, never the estimate’s guess', () => {
    const lines = [
      { lineNum: 1, operation: 'Repl', description: 'Front bumper cover', section: '' },
      { lineNum: 2, operation: 'CAL', description: 'Yaw rate / deceleration sensor zero point calibration', section: '' },
    ];
    const o = must(scrubLines(lines, matcher())[1], 'the outcome');
    expect(o.triggers).toEqual([]);
    expect(o.checks.map((c) => c.system)).toEqual(EIGHT.map((x) => x.system));
    expect(o.checks[0]?.why).toMatch(/^A calibration of a sensor the line does not name: it may be .+, or none of them\.$/);
  });

  it('the words of a two-word procedure are known words, not unknown words around a sensor', () => {
    expect(systemsOf('Sublet', 'Parking Aid Functional Test', 'ELECTRICAL')).toEqual(['Park Assist']);
    expect(systemsOf('Sublet', 'Parking Aid Operational Check', 'ELECTRICAL')).toEqual(['Park Assist']);
    expect(scrub('Sublet', 'Parking Aid Functional Test').reading.unknown).toEqual([]);
  });

  it('a check with an adjustment is the adjustment', () => {
    expect(systemsOf('Sublet', 'Rear Toe Check & Adjust', 'ALIGNMENT')).toEqual(['Steering Angle Sensor']);
    expect(systemsOf('', 'Front radar check & adjust')).toEqual(['Front Radar']);
    expect(systemsOf('Subl', 'Rear toe check')).toEqual([]);
  });

  it('a finding or a verdict in quotes is read; a denial is read in the expanded words too', () => {
    expect(systemsOf('', 'Pre-cal scan: front radar "not calibrated"', 'PRE-SCAN')).toEqual(['Front Radar']);
    expect(scrub('', 'wndshld chkd - no dmg').nothing).toMatch(/“no dmg”/);
    expect(scrub('Repl', 'Liftgate nameplate "PALISADE"').reading.notes.join(' ')).toMatch(/is lettering on the part/);
  });

  it('a surround-view camera on a side is the mirror camera; a mirror camera named in a surround-view calibration is the side camera too', () => {
    expect(systemsOf('', 'SVM - B1A2C-00 Left Camera Not Calibrated - Active', 'PRE-SCAN')).toEqual([
      'Surround View Camera',
      'Side Camera',
    ]);
    expect(systemsOf('', 'AVM: calibration incomplete - LH camera (door mirror camera)', 'POST-SCAN')).toEqual([
      'Surround View Camera',
      'Side Camera',
    ]);
    expect(systemsOf('Subl', 'SVM calibration - front camera')).toEqual(['Surround View Camera']);
  });

  it('the part before a closing "mounted" is where the sensor is, not a part worked on', () => {
    expect(systemsOf('R&I', 'Front camera (Around View) - grille mounted 0.3')).toEqual(['Surround View Camera']);
    expect(systemsOf('R&I', 'grille mounted camera')).toEqual(['Surround View Camera']);
  });

  it('cameras and radars of no scored system: a trailer accessory camera, a rear occupant radar', () => {
    expect(systemsOf('CHECK', 'CAMERA, TRAILER (CUSTOMER ACCESSORY) - FUNCTION', 'ELECTRICAL')).toEqual([]);
    expect(systemsOf("Add'l Labor", 'Rear occupant alert radar (headliner) - function check', 'ELECTRICAL')).toEqual([]);
  });

  it('a parts catalogue name "NOUN ASSY-QUALIFIER" is read qualifier first, with or without its comma', () => {
    expect(systemsOf('Repl', 'GRILLE ASSY-RADIATOR', 'FRONT BUMPER')).toEqual(['Front Radar', 'Surround View Camera']);
    expect(systemsOf('Repl', 'Grille assy radiator 86350-XX000')).toEqual(['Front Radar', 'Surround View Camera']);
    expect(systemsOf('Repl', 'LAMP ASSY-HEAD,RH')).toEqual([]);
    expect(whyOf('Repl', 'MIRROR ASSY-OUTSIDE RR VIEW,RH')[0]).toMatch(/^outside rear view mirror: replaced → Surround View Camera/);
  });

  it('a head-first name keeps its places before it, and a head word naming a part only with what it is of goes last', () => {
    expect(systemsOf('Repl', 'GRILLE RAD UPR BLK')).toEqual(['Front Radar', 'Surround View Camera']);
    expect(partsRead(vocab(), readLine({ operation: 'Repl', section: '', description: 'Grille radiator lower' }, vocab()))).toEqual([
      'lower radiator grille',
    ]);
    expect(systemsOf('Repl', 'Carrier frt bumper alum')).toEqual(['Front Radar']);
    expect(systemsOf('Repl', '7 Repl Impactmember frt bumper 412.00 1.2')).toEqual(['Front Radar']);
    expect(systemsOf('Repl', 'Show car frt bumper cover')).toEqual(['Park Assist']);
  });

  it('a clause that is only work is the part’s before it; "@" places, "has" gives a feature, "hanging by" is a state', () => {
    expect(systemsOf('Rpr', 'Frt bumper cover torn - replace')).toEqual(['Front Radar', 'Park Assist']);
    expect(systemsOf('', 'rt mirror hsg hanging by harness - rplc complete assy (camera)')).toEqual([
      'Surround View Camera',
      'Side Camera',
    ]);
    expect(
      partsRead(vocab(), readLine({ operation: '', section: '', description: 'frt bmpr cvr split @ corner, has prk snsrs' }, vocab())),
    ).toEqual(['front bumper cover', 'front park sensor']);
  });

  it('a scan’s finding that a sensor is misaligned or not aimed is its calibration, the module’s sensor when the line names one', () => {
    expect(systemsOf('ADMIN', 'Pre-scan: Blind Spot module LH - sensor misaligned (active)', 'SCANS')).toEqual(['Blind Spot Monitoring']);
    expect(systemsOf('Scan', 'DTC C1A28 - front radar (ACC) aiming not performed', 'DIAGNOSTICS')).toEqual(['Front Radar']);
    expect(systemsOf('Pre-scan', 'Lane change assist LH (BSW): C1A45 radar misaligned')).toEqual(['Blind Spot Monitoring']);
    expect(systemsOf('', 'Pre-scan - no faults', 'SCANS')).toEqual([]);
  });

  it('a review that changes the work keeps it as the new work; supplement numbers and CIECA codes in the operation column', () => {
    expect(systemsOf('REVISED', 'Ln 11 Repl blind spot radar RH - changed to R&I, unit not damaged')).toEqual(['Blind Spot Monitoring']);
    expect(systemsOf('', 'Ln 3 Repl frt bumper cover - reduced to repair, tear at tab')).toEqual(['Front Radar']);
    expect(systemsOf('', 'Ln 3 Repl frt bumper cover - not damaged')).toEqual([]);
    expect(systemsOf('S02 Repl', 'Frt bumper cover')).toEqual(['Front Radar', 'Park Assist']);
    expect(systemsOf('OP11', 'Frt bumper cover')).toEqual(['Front Radar', 'Park Assist']);
    expect(systemsOf('OP6', 'Frt bumper cover')).toEqual(['Park Assist']);
    expect(systemsOf('OP15', 'Frt bumper cover')).toEqual([]);
  });

  it('a rear lower bumper cover carries no park sensors; struts and props are not the part they hold up', () => {
    expect(systemsOf('Repl', 'Rr bumper cover lower')).toEqual([]);
    expect(systemsOf('Repl', 'Frt bumper cover lower')).toEqual(['Front Radar', 'Park Assist']);
    expect(systemsOf('Repl', 'Lift gate gas prop RH')).toEqual([]);
  });

  it('procedures and system names of more makers: basic setting and coding, adaptive speed control, multi around monitor', () => {
    expect(systemsOf('Subl', 'Park distance control - basic setting')).toEqual(['Park Assist']);
    expect(systemsOf('Repl', 'Adaptive speed control module bracket')).toEqual(['Front Radar']);
    expect(systemsOf('Subl', 'MAM camera calibration with mats')).toEqual(['Surround View Camera']);
  });

  it('an export’s fields are clauses and its CIECA part and labour type codes are set aside', () => {
    expect(systemsOf('OP11', 'BEAM, FRT BUMPER|PAA|64101-XX000|1|310.00|LAB 1.4')).toEqual(['Front Radar']);
    expect(systemsOf('OP11', 'LINK, RR TOE RH|PAL|55250-XX000|1|88.00|LAM 0.8')).toEqual(['Steering Angle Sensor']);
    expect(partsRead(vocab(), readLine({ operation: 'OP2', section: '', description: 'CAMERA, REAR VIEW|LAE 0.3' }, vocab()))).toEqual([
      'rear view camera',
    ]);
  });

  it('the end or unit of a part that sets the wheels is that part; a body part comes with no suspension part', () => {
    expect(systemsOf('Repl', 'TIE-ROD END, RH OUTER')).toEqual(['Steering Angle Sensor']);
    expect(systemsOf('Repl', 'Rack end LH')).toEqual(['Steering Angle Sensor']);
    expect(systemsOf('Repl', 'RT mirror glass heated w/LCA indicator')).toEqual([]);
    expect(systemsOf('Repl', 'Knuckle w/ lower control arm')).toEqual(['Steering Angle Sensor']);
  });

  it('words a PDF runs together are parted into the words the scrub knows, ten letters or more', () => {
    expect(systemsOf('', '3Repl Rearbumpercover w/sensors 1 1,286.00 2.9')).toEqual(['Blind Spot Monitoring', 'Park Assist']);
    expect(systemsOf('Subl', 'Frontradarcalibration 1 295.00')).toEqual(['Front Radar']);
    expect(systemsOf('Check', 'Rear camera guideline check')).toEqual(['Rear Camera']);
    expect(systemsOf('R&I', '4R&I 360camerafront(grille) 0.3')).toEqual(['Surround View Camera']);
    expect(systemsOf('R&I', 'Front park sensors x4 - move to new cover')).toEqual(['Park Assist']);
  });

  it('a scan’s network fault is a check of the module it names; a circuit fault names the sensor; a procedure after paperwork is read', () => {
    const lost = scrub('Pre-scan', 'Millimeter-wave radar (FCM/ACC): U1509 radar lost communication (current)', 'FCM/ACC');
    expect(lost.triggers).toEqual([]);
    expect(lost.checks.map((c) => c.system)).toEqual(['Front Radar']);
    expect(lost.checks[0]?.why).toMatch(/network fault .*due if its sensor is replaced or removed/);
    expect(scrub('', 'BCM: U0100 lost communication with ECM', 'PRE-SCAN').nothing).toMatch(/network fault/);
    // A calibration found due outweighs the network fault beside it.
    expect(systemsOf('', 'U0235 Lost communication with front radar - calibration not learned', 'Pre-scan')).toEqual(['Front Radar']);
    expect(systemsOf('PRE-SCAN', 'B1654 - Rear left corner sensor open/short (Active)', 'PARKING DISTANCE WARNING')).toEqual([
      'Park Assist',
    ]);
    expect(systemsOf('', "Printout: 'Front Camera Optical Axis Learning - Completed'", 'GLASS')).toEqual(['Forward Camera']);
    expect(systemsOf('', 'Cavity wax - LT quarter panel')).toEqual([]);
    // An alignment after a labour is work of its own.
    expect(systemsOf('', 'lf tire scuffd - 4whl algn')).toEqual(['Steering Angle Sensor']);
  });

  it('plain words of a sentence are no shorthand; a shop’s terms and "no work" are no work', () => {
    const note = scrub('', 'icc radar looks ok but the brkt is bent, ordr new brkt');
    expect(note.reading.expansions.map((e) => e.word)).not.toContain('but');
    expect(note.reading.expansions.map((e) => e.word)).not.toContain('the');
    expect(note.triggers.map((t) => t.system)).toEqual(['Front Radar']);
    expect(note.reading.notes.join(' ')).not.toMatch(/plain word/);
    expect(scrub('', 'Warranty 6 mo on calibration workmanship - void if windshield, bumper or mirror replaced', 'TERMS').nothing).toBe(
      'The line states terms or money (a warranty, a disclaimer, a price adjustment or a credit), not work on the vehicle: it requires no calibration.',
    );
    // A part replaced with a warranty is work.
    expect(systemsOf('Repl', 'Windshield - lifetime warranty glass')).toEqual(['Forward Camera']);
    expect(systemsOf('', 'wndshld chip - cust says prior loss, no work')).toEqual([]);
    expect(systemsOf('', 'lh side radr (BSW) not touchd, rear is fine')).toEqual([]);
    expect(systemsOf('', 'BSML/BSMR - no DTCs; no calibration required, rear not disturbed', 'POST-REPAIR SCAN')).toEqual([]);
    expect(systemsOf('', 'Front radar - calibration required (current)', 'Pre-scan')).toEqual(['Front Radar']);
    expect(systemsOf('', 'RETURN CREDIT 66 20 9 827 045 ULTRASONIC SENSOR PDC (WRONG COLOR) -1 @ -118.40', 'PARTS')).toEqual([]);
    expect(systemsOf('', 'Backup camera - parking guide line check', 'ADAS CALIBRATION')).toEqual(['Rear Camera']);
    expect(systemsOf('', 'FFCM camera calibration (static targets) - PASS', 'POST-REPAIR SCAN')).toEqual(['Forward Camera']);
    expect(systemsOf('', '51 11 8 069 115 AIR INLET GRILLE LOWER LEFT, CLOSED 1 @ 54.20', 'PARTS')).toEqual([]);
  });

  it('a clause that opens with a purpose says why, it is no work of its own', () => {
    expect(systemsOf('R&I', 'Liftgate garnish - for refinish', 'LIFTGATE')).toEqual(['Surround View Camera', 'Rear Camera']);
    expect(systemsOf('OP2', 'MIRROR ASSY,R DOOR|76208-TYA-A31|F/REFINISH')).toEqual(['Surround View Camera', 'Side Camera']);
  });

  it('a system named after a body part is what the part comes with; a sensor named so is the sensor', () => {
    expect(scrub('RPL', 'FRT BMPR CVR PDC W/ HDLMP WSHR', 'Front Bumper').read).toContain('front bumper cover');
    expect(systemsOf('RPL', 'FRT BMPR CVR PDC W/ HDLMP WSHR', 'Front Bumper')).toEqual(['Front Radar', 'Park Assist']);
    expect(systemsOf('RPL', 'WNDSCRN HUD/HTD', 'Windshield')).toEqual(['Forward Camera']);
    expect(systemsOf('', 'repl rt rear bumper side radar sensor')).toEqual(['Blind Spot Monitoring']);
  });

  it('a sensor’s name by its initials before the sensor word, when the initials are one sensor’s', () => {
    expect(systemsOf('R&I', 'rv cam', 'LIFTGATE')).toEqual(['Surround View Camera', 'Rear Camera']);
    expect(scrub('R&I', 'rv cam').reading.notes).toContain('rv cam → rear view camera (initials)');
    expect(systemsOf('Repl', 'lf sa sensor')).toEqual(['Steering Angle Sensor']);
    // "sv cam" may be the side view or the surround view camera: not read.
    expect(scrub('Repl', 'sv cam').reading.notes.join(' ')).not.toMatch(/initials/);
  });

  it('a printout read by OCR: figures and small letters taken for capitals and O, and words parted in print', () => {
    expect(systemsOf('R&I', 'SENS0R ASSY, MlLLlMETER WAVE RADAR 0.5', 'GRILLE')).toEqual(['Front Radar']);
    expect(systemsOf('Subl', 'Front radar ca1ibration 1 250.00')).toEqual(['Front Radar']);
    expect(systemsOf('SUBLET', 'PANORAMlC VlEW MONlTOR CAMERA CAL IBRATION')).toEqual(['Surround View Camera']);
    expect(scrub('Repl', 'MlRR0R ASSY, OUTSlDE LH').reading.notes).toContain("mirr0r → mirror (a printout's figure read as a letter)");
    // A part number stays a part number; a small l in a word of small letters stays an l.
    expect(scrub('Repl', 'Frt bumper cover 86511-S8000 l0w').reading.notes.some((n) => n.includes('figure read as a letter'))).toBe(false);
  });

  it('each part of an aside between commas is read on its own; a piece is at its owner’s place; an icon is no sensor', () => {
    expect(systemsOf('Repl', 'Liftgate garnish (black, w/o camera opening)')).toEqual([]);
    expect(systemsOf('Repl', 'HOUSING, DOOR MIRROR RH (SVM)')).toEqual(['Surround View Camera', 'Side Camera']);
    expect(systemsOf('Repl', 'Mirror glass RH w/ blind spot icon')).toEqual([]);
    // The blind-spot radars are at the rear corners: a mirror "w/BSM" has the system's lamp, not its radar.
    expect(systemsOf('Repl', 'MIRROR ASSY, OUTSIDE LH W/BSM & CAMERA')).toEqual(['Surround View Camera', 'Side Camera']);
    // A part the make matrix says carries a sensor carries it only at the end the sensor is at.
    const bsmInCorners = system(3, 'Blind Spot Monitoring', 3, { line: ['bumper end cap'] });
    expect(systemsOf('Repl', 'Frt bumper end cap LT', 'FRONT BUMPER', [bsmInCorners])).toEqual([]);
    expect(systemsOf('Repl', 'Rr bumper end cap LT', 'REAR BUMPER', [bsmInCorners])).toEqual(['Blind Spot Monitoring']);
    // A system's name whose sensor is not at the part's place says which car the part is for.
    expect(systemsOf('Repl', 'Grille upper w/ lane keeping assist')).toEqual(['Front Radar', 'Surround View Camera']);
    expect(systemsOf('Repl', 'Tailgate handle trim w/ rear camera opening')).toEqual(['Surround View Camera', 'Rear Camera']);
  });

  it('a short set-aside word ends a name after shorthand; "no … calibration required" needs none', () => {
    expect(systemsOf('Subl', 'srnd vw calib')).toEqual(['Surround View Camera']);
    expect(systemsOf('Repl', 'Mirror glass VW')).toEqual([]);
    expect(systemsOf('', 'No front radar calibration required per OEM')).toEqual([]);
    expect(systemsOf('Repl', 'RH blind zone radar sensor module', 'REAR BUMPER')).toEqual(['Blind Spot Monitoring']);
  });

  it('a denial of the charge or of another part is no denial of the work; an aside names the part a name does not', () => {
    expect(systemsOf('Subl', 'Ln 7 Blind spot radar aim - denied as a separate line, included in Ln 6')).toEqual(['Blind Spot Monitoring']);
    expect(systemsOf('Subl', 'Forward camera aiming (windshield not replaced)')).toEqual(['Forward Camera']);
    expect(systemsOf('Subl', 'Forward camera aiming - not required')).toEqual([]);
    expect(systemsOf('Repl', 'LT Rear Carrier (Knuckle)', 'REAR SUSPENSION')).toEqual(['Steering Angle Sensor']);
    expect(systemsOf('Repl', 'Rear gate garnish (camera hole)')).toEqual(['Surround View Camera', 'Rear Camera']);
  });

  it('a CIECA line record pasted whole is read by its fields; a system name ending in a sensor word names that sensor', () => {
    expect(systemsOf('', 'LIN|4|OP11|REAR BUMPER|Cover, rear bumper w/ park sensor holes|A1234567890|1|612.00|2.1|0.0')).toEqual([
      'Blind Spot Monitoring',
      'Park Assist',
    ]);
    expect(systemsOf('', 'LIN|9|OP2|FRT BUMPER|Bracket, front bumper side LH|A1234567891|0|0.00|0.3|0.0')).toEqual([]);
    expect(systemsOf('Subl', 'Millimeter wave radar aiming (Toyota Safety Sense)')).toEqual(['Front Radar']);
  });

  it('an add-on’s "for" names the part; a part sold without its own bracket; "leave" leaves the part as it is', () => {
    expect(systemsOf("Add'l Labor", 'Add for park sensor retainers, bond (4)', 'REAR BUMPER')).toEqual(['Park Assist']);
    expect(systemsOf('Repl', 'Frt bumper beam (w/o brkt)')).toEqual(['Front Radar']);
    expect(systemsOf('', 'frt emblem - scratched, leave')).toEqual([]);
  });

  it('after a part’s condition, the rest says where the damage is; a lesser work allowed instead is still work', () => {
    expect(systemsOf('', 'windshld cracked lower lt corner - replaced by glass co')).toEqual(['Forward Camera']);
    expect(systemsOf('', 'Ln 4 frt radar bracket DENIED (no damage) - R&I radar only allowed', 'DESK REVIEW')).toEqual(['Front Radar']);
    expect(systemsOf('', 'Ln 4 frt radar bracket DENIED (no damage)', 'DESK REVIEW')).toEqual([]);
  });

  it('a quoted procedure is read; learning is a calibration word; unclip is an R&I; BSML is the blind spot module', () => {
    expect(systemsOf('', "'Millimeter wave radar axis learning - completed'")).toEqual(['Front Radar']);
    expect(systemsOf('R&I', 'Front camera - unclip from bracket')).toEqual(['Forward Camera']);
    expect(systemsOf('', 'BSMR: C1001-54 sensor alignment not learned', 'PRE-SCAN')).toEqual(['Blind Spot Monitoring']);
    expect(systemsOf('', 'SIDE RADAR LH: RADAR MIS-ALIGNMENT - current', 'PRE-SCAN')).toEqual(['Blind Spot Monitoring']);
  });

  it('a feature naming a system’s sensors is the ones at the part’s place', () => {
    expect(systemsOf('Repl', 'Radiator grille w/ SVM camera hole')).toEqual(['Front Radar', 'Surround View Camera']);
    expect(systemsOf('Repl', 'Front bumper cover w/ 360 camera opening')).toEqual(['Front Radar', 'Park Assist', 'Surround View Camera']);
  });

  it('a module a procedure or finding is read in is no system of its own when the line names another’s sensor', () => {
    expect(systemsOf('Pre-scan', 'SCC/ADAS: U1234 front camera aiming incomplete', 'DIAGNOSTICS')).toEqual(['Forward Camera']);
    expect(systemsOf('Sublet', 'Back-up camera calibration (PAM)')).toEqual(['Rear Camera']);
    // The module stays when the finding names its own sensor, or a sensor only the module places.
    expect(systemsOf('Pre-scan', 'BSM: rear radar not calibrated', 'DIAGNOSTICS')).toEqual(['Blind Spot Monitoring']);
    expect(systemsOf('Pre-scan', 'SVM: right camera calibration not done', 'DIAGNOSTICS')).toEqual(['Surround View Camera', 'Side Camera']);
  });

  it('a labour name that is also an operation, before parts, is their operation', () => {
    expect(systemsOf('Job 2', 'Blend LT fender and LT qtr panel', 'PAINT')).toEqual([]);
    expect(systemsOf('Job 2', 'Repl LT qtr panel', 'BODY')).toEqual(['Blind Spot Monitoring']);
  });

  it('words a PDF runs together are parted: a known word glued to "w/", "w/o" or a figure', () => {
    expect(systemsOf('Repl', 'Rear bumper coverw/o sensor holes 12345-AB000 1 318.00')).toEqual(['Blind Spot Monitoring']);
    expect(systemsOf('Subl', 'Perform four wheel alignment1 99.95')).toEqual(['Steering Angle Sensor']);
    expect(systemsOf('Repl', 'Window/door weatherstrip')).toEqual([]);
  });

  it('a sensor word that may be two sensors is the one its section carries or holds beside it', () => {
    expect(systemsOf('R&I', 'Front view camera', 'FRONT BUMPER')).toEqual(['Surround View Camera']);
    expect(systemsOf('R&I', 'Front view camera', 'WINDSHIELD')).toEqual(['Forward Camera']);
    expect(scrub('R&I', 'Front view camera').checks.map((c) => c.system)).toEqual(['Forward Camera', 'Surround View Camera']);
  });

  it('a surround-view camera calibration on a side is the side camera’s too; "(360)" and "360 cal" are the surround view', () => {
    expect(systemsOf('Sublet', 'Surround view camera calibration - RT side', 'ADAS')).toEqual(['Surround View Camera', 'Side Camera']);
    expect(systemsOf('Sublet', 'Surround view camera calibration - front', 'ADAS')).toEqual(['Surround View Camera']);
    expect(systemsOf('', 'RH mirror camera teach-in (360)', 'ADAS')).toEqual(['Surround View Camera', 'Side Camera']);
    expect(systemsOf('Subl', 'SVM/360 cal')).toEqual(['Surround View Camera']);
    expect(systemsOf('Repl', 'Frt bumper cover 1 360')).toEqual(['Front Radar', 'Park Assist']);
  });

  it('a bracket of a bracket is that bracket; a part’s condition in shorthand is set aside', () => {
    const [why, ...more] = whyOf('', 'radr brkt crkd rplc brkt');
    expect(more).toEqual([]);
    expect(why).toMatch(/^radar bracket: replaced → Front Radar \(holds the front radar\)/);
    expect(why).toContain('crkd → cracked');
  });

  it('a system’s name said of another kind of sensor names that sensor only', () => {
    expect(systemsOf('CAL', 'TSS millimeter wave radar beam axis adjustment', 'CALIBRATION')).toEqual(['Front Radar']);
    expect(systemsOf('Sublet', 'Front camera calibration (LKA/FCA)')).toEqual(['Forward Camera']);
    expect(systemsOf('Subl', 'Static & dynamic calibration, forward camera & radar')).toEqual(['Forward Camera', 'Front Radar']);
    expect(systemsOf('Subl', 'EyeSight camera calibration')).toEqual(['Forward Camera']);
  });

  it('"no" negates what follows it, a procedure too', () => {
    expect(systemsOf('', 'Rear camera guideline check - OK, no adjustment', 'NOTES')).toEqual(['Rear Camera']);
    expect(systemsOf('', 'AVM frnt cam - base trim, no AVM')).toEqual([]);
    expect(systemsOf('Repl', 'Frt bumper cover no sensors')).toEqual(['Front Radar']);
  });

  it('a make before a head-first name does not keep it from turning; a sensor of a kind its owner has none of is not the owner’s', () => {
    expect(systemsOf('Repl', 'GMC emblem tailgate')).toEqual([]);
    expect(systemsOf('Repl', 'LT front corner parking sensor', 'FRONT BUMPER')).toEqual(['Park Assist']);
    expect(systemsOf('Post-scan', 'ACC/ADAS: camera aiming incomplete', 'DIAGNOSTICS')).not.toContain('Front Radar');
    expect(systemsOf('Repl', 'Frt bumper carrier', 'FRONT BUMPER')).toEqual(['Front Radar']);
  });

  it('Audatex’s REP is a repair; a part retained or reused is removed and installed', () => {
    expect(scrub('REP', 'LIFTGATE 2.0', 'LIFTGATE').nothing).toMatch(/A repair leaves the part in place/);
    expect(systemsOf("Add'l Labor", 'Clean & retain camera bracket', 'WINDSHIELD')).toEqual(['Forward Camera']);
  });

  it('a review’s verdict and a swap are words the scrub knows', () => {
    const o = scrub('', 'Ln 9 ACC radar R&I for bracket swap - approved', 'SUBLET');
    expect(o.triggers.map((t) => t.system)).toEqual(['Front Radar']);
    expect(o.checks).toEqual([]);
    expect(systemsOf('Sublet', 'PAM rear sensors function test')).toEqual(['Park Assist']);
  });
});

describe('checks and lines not read', () => {
  it('a sensor the words do not place is a check with its candidates', () => {
    const o = scrub('Repl', 'Camera');
    expect(o.triggers).toEqual([]);
    expect(o.nothing).toBeNull();
    expect(o.checks.map((c) => c.system)).toEqual(['Forward Camera', 'Surround View Camera', 'Rear Camera', 'Side Camera']);
    expect(o.checks[0]?.why).toBe(
      '“camera” names a camera but not which part it is on; it may be Forward Camera, Surround View Camera, Rear Camera, Side Camera.',
    );
    expect(checksOf('Repl', 'Front view camera')).toEqual(['Forward Camera', 'Surround View Camera']);
    expect(scrub('Repl', 'Front view camera').checks[0]?.why).toBe(
      'front view camera: the line does not say which sensor it is; it may be the windshield camera or the front surround-view camera.',
    );
  });

  it('a part at either end that the line does not place: what holds at both ends is raised, what holds at one is a check', () => {
    const o = scrub('Repl', 'Bumper cover');
    expect(o.triggers.map((t) => t.system)).toEqual(['Park Assist']);
    expect(o.checks.map((c) => c.system)).toEqual(['Front Radar', 'Blind Spot Monitoring']);
    expect(o.checks[0]?.why).toBe(
      'bumper cover: the line does not say front or rear; the front one requires Front Radar (in front of the front radar).',
    );
    expect(o.checks[1]?.why).toBe(
      'bumper cover: the line does not say front or rear; the rear one requires Blind Spot Monitoring (in front of the rear corner radars).',
    );
    // The section, the line or an aside places it.
    expect(systemsOf('Repl', 'Bumper cover', 'REAR BUMPER')).toEqual(['Blind Spot Monitoring', 'Park Assist']);
    expect(checksOf('Repl', 'Bumper cover', 'FRONT BUMPER')).toEqual([]);
    expect(systemsOf('Repl', 'Radar unit (rear right)')).toEqual(['Blind Spot Monitoring']);
    // Paint work is no check at either end.
    expect(checksOf('Rfn', 'Bumper cover')).toEqual([]);
  });

  it('a bare sensor or system word among unknown words is a check, not a trigger', () => {
    const o = scrub('Repl', 'Zorblax radar quux');
    expect(o.triggers).toEqual([]);
    expect(o.checks.map((c) => c.why)).toEqual([
      '“radar” stands among words the scrub does not know (zorblax, quux): it would require Front Radar (the front radar itself) if it is the vehicle’s own.',
    ]);
    expect(checksOf('Repl', 'Blind spot flurbix')).toEqual(['Blind Spot Monitoring']);
    // A known part among unknown words is still the part; so is a sensor with its part.
    expect(systemsOf('Repl', 'Frt bumper cover zorblax')).toEqual(['Front Radar', 'Park Assist']);
    expect(systemsOf('Repl', 'Radar sensor', '')).toEqual(['Front Radar']);
  });

  it('a line of unknown words is not read, with its words; one of figures, with why', () => {
    expect(scrub('Repl', 'Zorblax quuxle').unread).toBe('No word of it is one the scrub knows: zorblax, quuxle.');
    expect(scrub('Repl', '*** 12.00').unread).toBe('“*** 12.00” has no words, only numbers or signs.');
    expect(scrub('Repl', '').unread).toBe('The line has no description.');
    expect(scrub('Repl', 'LT').unread).toBe('“LT” names no part: only a side.');
  });
});

describe('the make matrices', () => {
  it('say where a make mounts the sensors: a side only, other positions, extra carriers', () => {
    const lanewatch = system(7, 'Side Camera', 7, { location: 'Passenger outside mirror' });
    expect(systemsOf('R&I', 'LT mirror', '', [lanewatch])).toEqual([]);
    expect(scrub('R&I', 'LT mirror', '', [lanewatch]).nothing).toBe(
      'mirror: on the left; this make mounts the side camera (Side Camera) on the right side only.',
    );
    expect(systemsOf('R&I', 'RT mirror', '', [lanewatch])).toEqual(['Side Camera']);
    expect(systemsOf('Repl', 'LH side view camera', '', [lanewatch])).toEqual(['Side Camera']);
    const tesla = system(7, 'Side Camera', 7, { location: 'B-pillars and front fenders' });
    expect(systemsOf('Repl', 'LT fender', '', [tesla])).toEqual(['Side Camera']);
    expect(systemsOf('Repl', 'LT mirror', '', [tesla])).toEqual([]);
    const subaru = system(3, 'Blind Spot Monitoring', 3, { locations: ['rear bumper', 'rear bumper reinforcement'] });
    expect(systemsOf('Repl', 'Rr bumper reinforcement', '', [subaru])).toEqual(['Blind Spot Monitoring']);
    expect(whyOf('Repl', 'Frt bumper reinforcement')[0]).toMatch(/holds the front radar/);
    const extra = system(2, 'Front Radar', 2, { line: ['hood'] });
    expect(systemsOf('Repl', 'Hood', '', [extra])).toEqual(['Front Radar']);
  });

  it('exceptions, exclusions, systems not equipped and their own names', () => {
    const tesla = system(2, 'Front Radar', 2, { exceptions: [{ keyword: 'grille', reason: 'No grille in front of the radar.' }] });
    expect(scrub('Repl', 'Grille', '', [tesla]).nothing).toBe(
      'Make exception for Front Radar: “grille” does not trigger it (No grille in front of the radar).',
    );
    expect(scrub('Repl', 'Show car frt bumper cover').triggers.map((t) => t.system)).toEqual(['Park Assist']);
    expect(scrub('Repl', 'Salvage yard frt bumper cover').nothing).toBe(
      'Excluded: a line with “salvage yard” never triggers a calibration (Not on this vehicle).',
    );
    expect(scrub('Repl', 'Frt bumper cover', '', [system(2, 'Front Radar', 2, { notEquipped: true })]).nothing).toBe(
      'It would require Front Radar, which the inspection found the vehicle is not equipped with.',
    );
    const named = system(2, 'Front Radar', 2, { sublet: ['zappo beam'] });
    expect(systemsOf('Subl', 'Zappo beam calibration', '', [named])).toEqual(['Front Radar']);
    const untyped = system(9, 'Front Radar', null, { names: ['Distance sensor'] });
    expect(systemKind(matcher([untyped]), 9)).toBe('frontRadar');
    expect(systemKind(matcher([system(9, 'Lane Camera', null)]), 9)).toBe('forwardCamera');
    expect(systemKind(matcher([system(9, 'Seat massage', null)]), 9)).toBeNull();
    expect(systemKind(matcher(), 99)).toBeNull();
  });

  it('are compiled once per set of rules', () => {
    expect(matcher()).toBe(matcher());
    expect(matcher([FC])).not.toBe(matcher());
  });

  it('a line marked not equipped is not scrubbed', () => {
    const o = scrubLine({ lineNum: 1, operation: 'Repl', description: 'Windshield', isNotEquipped: true }, matcher());
    expect(o).toMatchObject({ triggers: [], nothing: 'Marked not equipped on the job: the line is not scrubbed.' });
  });
});

describe('what a line says of its own work', () => {
  it('a labour name that is an operation word is the part’s operation after other labour names too', () => {
    expect(scrub('', "Add'l labor mask PDC sensors").nothing).toBe(
      'Masked for paint: the part stays where it is and no sensor moves (Park Assist).',
    );
    expect(systemsOf('', 'Add’l labor R&I PDC sensors')).toEqual(['Park Assist']);
    // A labour name with no part after it is the labour itself.
    expect(scrub('', 'Blend labor').nothing).toBe('Labor: paperwork or labour time, not a part.');
  });

  it('paint work after a part the column replaces or removes is done besides, not instead', () => {
    expect(whyOf('Repl', 'LT Frt ultrasonic sensor (USS) - paint PPSW', 'FRONT BUMPER')).toEqual([
      'front ultrasonic sensor: replaced → Park Assist (the park sensors themselves)',
    ]);
    expect(systemsOf('R&I', 'Frt bumper cover - refinish')).toContain('Front Radar');
    // With no column operation a clause of work is the part's work ("bmpr cvr torn - rplce"): refinished, the
    // cover's park sensors come out to paint it, and the corner radars stay.
    expect(systemsOf('', 'Rr bumper cover - refinish')).toEqual(['Park Assist']);
    expect(systemsOf('', 'Rr bumper cover torn - rplce')).toEqual(['Blind Spot Monitoring', 'Park Assist']);
  });

  it('an aside that only spells a system the name says adds no feature to the part', () => {
    expect(scrub('Repl', 'Lane keeping assist switch panel (LKAS)', 'INSTRUMENT PANEL').nothing).toBe(
      'Switch panel: carries no driver-assistance sensor.',
    );
    // An aside naming a system the name does not say is still the part's feature.
    expect(systemsOf('Repl', 'Grille (SVM)')).toContain('Surround View Camera');
  });

  it('a fee’s aside says why it is charged: no part is worked on', () => {
    expect(scrub('', 'S01 Addl rental 4 days - parts delay (radar bracket B/O)', 'MISCELLANEOUS OPERATIONS').nothing).toBe(
      'Rental: a fee or a charge, not a part.',
    );
    // Labour time's aside is where the labour is done.
    expect(systemsOf("Add'l Labor", 'Access time (radar bracket)', 'FRONT BUMPER')).toEqual(['Front Radar']);
  });

  it('a supplement line that deletes an earlier line is no work', () => {
    expect(scrub('', 'S01 Delete ln 7 Rr bumper cover repair 2.5', 'REAR BUMPER').nothing).toBe(
      'The line says the work is not done or not needed (“delete”): it requires no calibration.',
    );
  });

  it('“f/” followed by a word is “for” or “from”, not the front', () => {
    expect(systemsOf('R&I', 'RT lane change assist control unit f/ cover', 'REAR BUMPER')).toEqual(['Blind Spot Monitoring']);
  });

  it('a road test that verifies functions calibrates none of them, and says so', () => {
    expect(scrub('', 'HDA/LFA functions verified on road test 11 mi', 'SCAN').nothing).toBe(
      'A road test tries the systems it names; it calibrates none of them.',
    );
    // A calibration verified on the road test is still that calibration.
    expect(systemsOf('', 'SAS calibration verified on road test', 'SUBLET')).toEqual(['Steering Angle Sensor']);
    expect(systemsOf('', 'LKA verified', 'SCAN')).toEqual(['Forward Camera']);
  });

  it('segments after a comma that each name a system or sensor are a list of them, not a head-first name', () => {
    expect(systemsOf('', 'Calibrations done: FVC static, SCC radar, SVM, SAS - see vendor invoice', 'SCAN')).toEqual([
      'Forward Camera',
      'Front Radar',
      'Surround View Camera',
      'Steering Angle Sensor',
    ]);
    // A piece before the comma is still the named part's ("SENSOR, PARK ASSIST"); one segment is no list.
    expect(whyOf('Repl', 'SENSOR, PARK ASSIST', 'REAR BUMPER')).toEqual([
      'rear park assist sensor: replaced → Park Assist (the park sensors themselves)',
    ]);
    expect(scrub('Repl', 'Parking sensor harness front bumper').triggers).toEqual([]);
  });

  it('a sensor joined to another sensor by a slash is a sensor of its own', () => {
    expect(systemsOf('Remove/Install', 'Camera/Radar Module (City Safety, Windshield Mounted)', 'Windshield')).toEqual([
      'Forward Camera',
      'Front Radar',
    ]);
    // A sensor and a piece joined are both the named part's.
    expect(systemsOf('Repl', 'Sensor & bracket front bumper')).toEqual(['Park Assist']);
  });

  it('a quarter panel’s corner carries the rear corner radar; its tail lamp pocket sits beside it', () => {
    expect(systemsOf('Remove/Replace', 'LT Quarter Panel Corner Section (Sectioning, Per GM SI)', 'Quarter Panel')).toEqual([
      'Blind Spot Monitoring',
    ]);
    expect(systemsOf('Repl', 'LT tail lamp pocket', 'QUARTER PANEL')).toEqual([]);
  });

  it('Hyundai’s ADAS driving unit (ADAS_DRV) is its front view camera', () => {
    expect(systemsOf('', 'ADAS_DRV front view camera U3433-00 camera not calibrated - CURRENT', 'SCAN')).toEqual(['Forward Camera']);
  });
});

describe('what printouts, reviews and scans say besides the work', () => {
  it('OCR’s figures inside a word and a small l for an i are read back as letters', () => {
    const quarter = scrub('Repl', 'LT Qtr pane1 0uter assy', 'QUARTER PANEL');
    expect(quarter.triggers.map((t) => t.system)).toEqual(['Blind Spot Monitoring']);
    expect(quarter.reading.notes).toContain("pane1 → panel (a printout's figure read as a letter)");
    const sensor = scrub('Repl', 'Rr bumper PDW sens0r lnner RH 99310-S8OOO', 'REAR BUMPER');
    expect(sensor.triggers.map((t) => t.system)).toEqual(['Park Assist']);
    expect(sensor.reading.notes).toContain("lnner → inner (a printout's l read for an i)");
    // A known word glued to a quantity is still parted from it.
    expect(systemsOf('', 'Perform 4 wheel alignment1 129.95')).toEqual(['Steering Angle Sensor']);
  });

  it('a note that the part was not touched is no work', () => {
    expect(scrub('', 'backup cam ok didnt touch it').nothing).toBe(
      'The line says the work is not done or not needed (“didnt touch”): it requires no calibration.',
    );
  });

  it('a review that upgrades the work names the work it was before and after', () => {
    expect(systemsOf('Repl', 'S01 Rear bumper cover - upgrade R&I to Repl (mounting tabs torn)', 'REAR BUMPER')).toEqual([
      'Blind Spot Monitoring',
      'Park Assist',
    ]);
  });

  it('a price adjustment or a supplier’s credit is money, not work', () => {
    expect(scrub('', 'S02 Parts price adjustment - supplier credit (BLIS module)', 'MISCELLANEOUS OPERATIONS').nothing).toBe(
      'The line states terms or money (a warranty, a disclaimer, a price adjustment or a credit), not work on the vehicle: it requires no calibration.',
    );
  });

  it('a scan’s code reported as past is a check, never a calibration', () => {
    const o = scrub('', 'Surround view - C1683 Front camera view blocked - History', 'POST-REPAIR SCAN');
    expect(o.triggers).toEqual([]);
    expect(o.checks.map((c) => c.why)).toEqual([
      "A scan's past code (“history”): Surround View Camera is due if its sensor is replaced or removed, which the line does not say.",
    ]);
    // A past code that a calibration is missing is still that finding.
    expect(systemsOf('', 'U3433-00 front camera not calibrated - History', 'SCAN')).toEqual(['Forward Camera']);
  });

  it('knows a bumper’s cross member from the suspension’s, and an Audi wheel carrier as the knuckle', () => {
    expect(systemsOf('REPLACE', 'CROSS MEMBER, REAR BUMPER', 'REAR BUMPER')).toEqual([]);
    expect(systemsOf('Repl', 'Front cross member', 'SUSPENSION')).toEqual(['Steering Angle Sensor']);
    expect(systemsOf('Remove/Replace', 'RT Rear Wheel Carrier', 'Rear Suspension')).toEqual(['Steering Angle Sensor']);
  });
});

describe('records and notes as different people write them', () => {
  it('a CIECA record’s type codes, sublet mark and EXISTING part number are marks, not its description', () => {
    const record = (operation: string, description: string) => systemsOf(operation, description);
    expect(record('OP11', '001|OP11|RR BUMPER FACE (PARKING SENSOR TYPE)|04715-THR-A90ZZ|1|LAB|2.6')).toEqual([
      'Blind Spot Monitoring',
      'Park Assist',
    ]);
    expect(record('OP2', '004|OP2|SENSOR ASSY, BSI (L)|EXISTING|1|LAB|0.3')).toEqual(['Blind Spot Monitoring']);
    expect(record('OP4', '013|OP4|FOUR WHEEL ALIGNMENT|0|LAB|1.5')).toEqual(['Steering Angle Sensor']);
    expect(record('OP16', '017|OP16|REARVIEW CAMERA AIMING (HDS TARGET)|0|SUB|0.8')).toEqual(['Rear Camera']);
  });

  it('a part said to be fine is not worked on', () => {
    expect(scrub('RPL', 'LF MIR GLASS ONLY - CAM OK', 'LF').triggers).toEqual([]);
    expect(scrub('Replace', 'Replace right door mirror cover only - camera and glass are fine').triggers).toEqual([]);
    const note = scrub('', 'fsc cam on wndshld ok, glass ok - no chng');
    expect(note.nothing).toBe(
      'The line says the work is not done or not needed (“fsc camera on windshield ok, glass ok”): it requires no calibration.',
    );
    expect(note.reading.notes).toContain('“glass ok” says the part is fine; it is not read as worked on.');
    // A procedure's result stays the procedure.
    expect(systemsOf('', '4 whl alignment - ok')).toEqual(['Steering Angle Sensor']);
  });

  it('a radar cover is the cover of the radar at its end: the front radar’s unless the line or section says rear', () => {
    expect(whyOf('Repl', 'Radar cover', 'REAR BUMPER')).toEqual([
      'rear radar cover: replaced → Blind Spot Monitoring (in front of the rear corner radars)',
    ]);
    expect(systemsOf('Repl', 'Radar cover')).toEqual(['Front Radar']);
  });

  it('a VW coupling rod is the stabilizer link, which sets no wheel', () => {
    expect(systemsOf('R&R', 'RF coupling rod (stabilizer link)', 'FRONT SUSPENSION')).toEqual([]);
  });
});
