/**
 * The scrub's rules (issue 32, docs/scrub.md): how a line is read (the normaliser), how it is matched
 * (parts, operations, sensors, calibration lines, ends, exclusions, exceptions, not equipped), how pasted
 * text becomes lines, and that every line ends in exactly one place with its reason. Rules written here,
 * independent of the demo knowledge base (tests/unit/scrub-set.test.ts holds the labelled set).
 */
import { describe, expect, it } from 'vitest';
import { compileMatcher, scrubLine, type MatchSystem } from '../../lib/calibrations/match';
import { compileVocabulary, readLine, singular } from '../../lib/calibrations/normalise';
import { readPasted } from '../../lib/intake/paste';
import { must } from '../../testkit/must';

const vocab = compileVocabulary([], ['windshield', 'bumper', 'cover', 'liftgate', 'alignment', 'camera']);

const system = (
  id: number,
  name: string,
  o: Partial<MatchSystem> & { line?: string[]; sublet?: string[]; location?: string[] },
): MatchSystem => ({
  adasChecklistMatrix: id,
  system: name,
  isRR: o.isRR ?? true,
  isRI: o.isRI ?? true,
  keywords: { line: o.line ?? [], sublet: o.sublet ?? [], location: o.location ?? [] },
  exceptions: o.exceptions,
  notEquipped: o.notEquipped,
});

const CAMERA = system(1, 'Forward Camera', {
  line: ['windshield', 'forward camera', 'forward camera bracket'],
  sublet: ['forward camera'],
  location: ['windshield'],
});
const RADAR = system(2, 'Front Radar', {
  line: ['front bumper cover', 'repair front bumper cover', 'grille', 'front emblem', 'radar', 'radar sensor', 'adaptive cruise sensor'],
  sublet: ['radar', 'front radar'],
  location: ['front bumper', 'grille'],
});
const CORNER = system(3, 'Blind Spot Monitoring', {
  line: ['rear bumper cover', 'quarter panel', 'blind spot radar'],
  sublet: ['blind spot', 'blind spot radar'],
  location: ['rear bumper', 'quarter panel'],
});
const PARK = system(4, 'Park Assist', {
  isRI: false,
  line: ['front bumper cover', 'rear bumper cover', 'park sensor'],
  sublet: ['park sensor'],
  location: ['front bumper', 'rear bumper'],
});
const MIRROR = system(5, 'Side Camera', { line: ['mirror', 'mirror camera'], sublet: ['side camera'], location: ['outside mirror'] });
const REAR = system(6, 'Rear Camera', {
  line: ['liftgate', 'rear camera', 'liftgate camera'],
  sublet: ['rear camera'],
  location: ['liftgate', 'rear bumper'],
});
const SAS = system(7, 'Steering Angle Sensor', {
  line: ['wheel alignment', 'tie rod', 'strut', 'steering wheel'],
  sublet: ['steering angle sensor'],
  location: ['suspension'],
});
const SYSTEMS = [CAMERA, RADAR, CORNER, PARK, MIRROR, REAR, SAS];
const EXCLUSIONS = [
  { adasChecklistMatrix: 2, phrase: 'cowl', reason: 'The cowl grille is not the front grille.' },
  { adasChecklistMatrix: null, phrase: 'radar detector', reason: 'Not a vehicle sensor.' },
  { adasChecklistMatrix: 7, phrase: 'gas strut', reason: 'Not a suspension strut.' },
];
const matcher = (systems = SYSTEMS) => compileMatcher(systems, EXCLUSIONS, vocab);
const scrub = (operation: string, description: string, section = '', systems = SYSTEMS) =>
  scrubLine({ lineNum: 1, operation, description, section }, matcher(systems));
const systemsOf = (operation: string, description: string, section = '') =>
  scrub(operation, description, section).triggers.map((t) => t.system);

describe('the normaliser', () => {
  const read = (operation: string, description: string, section = '') => readLine({ operation, description, section }, vocab);

  it('maps the operation codes of CCC ONE, Mitchell and Audatex to one set', () => {
    for (const [code, op] of [
      ['Repl', 'replace'],
      ['RPL', 'replace'],
      ['Remove/Replace', 'replace'],
      ['R&R', 'replace'],
      ['R&I', 'remove'],
      ['Remove / Install', 'remove'],
      ['r/i', 'remove'],
      ['O/H', 'overhaul'],
      ['Rpr', 'repair'],
      ['Refn', 'refinish'],
      ['RFN', 'refinish'],
      ['Blnd', 'blend'],
      ['Subl', 'sublet'],
      ['Algn', 'align'],
      ["Add'l Labor", 'labor'],
      ['Additional Labor', 'labor'],
    ] as const)
      expect(read(code, 'Hood').operation, code).toBe(op);
    expect(read('', 'repl frt bumper cover').operation).toBe('replace');
    expect(read('Subl', 'Windshield replacement').operation).toBe('replace');
  });

  it('reads abbreviations, reversed names, side markers and plurals into the knowledge base words', () => {
    expect(read('', 'R&I frt bmpr cvr').phrases.map((p) => p.words.join(' '))).toEqual(['front bumper cover']);
    expect(read('RPL', 'COVER, FRONT BUMPER').phrases[0]).toMatchObject({
      words: ['front', 'bumper', 'cover'],
      head: 'cover',
      mods: ['bumper'],
      zone: 'front',
    });
    expect(must(read('RPL', 'GLASS, WINDSHIELD').phrases[0], 'phrases[0]').words).toEqual(['windshield']);
    expect(read('Repl', 'LT Quarter Panels').phrases[0]).toMatchObject({ head: 'quarter', mods: [] });
    expect(must(read('', '4 whl algn').phrases[0], 'phrases[0]').words).toEqual(['wheel', 'alignment']);
    expect(must(read('Repl', 'Lift gate shell').phrases[0], 'phrases[0]').head).toBe('liftgate');
    expect(singular('assemblies')).toBe('assembly');
    expect(singular('glass')).toBe('glass');
  });

  it('reads part numbers, quantities and lettering as no part', () => {
    const words = (operation: string, description: string) =>
      read(operation, description).phrases.map((p) => p.words.filter((w) => !/\d/.test(w)).join(' '));
    expect(read('Repl', 'Bumper cover 04711-THR-A90ZZ').phrases[0]).toMatchObject({ head: 'cover', mods: ['bumper'] });
    expect(read('', 'rpr rt qtr 3.5hrs').phrases[0]).toMatchObject({ head: 'quarter', mods: [] });
    expect(read('Repl', 'Grille assy 71121-THR-A01').phrases[0]).toMatchObject({ head: 'grille', mods: [] });
    expect(words('R&I', '"H" emblem')).toEqual(['emblem']);
    expect(read('Repl', 'Grille Emblem "H"').phrases[0]).toMatchObject({ head: 'emblem', mods: ['grille'] });
    expect(read('Repl', 'Battery 12V').phrases[0]).toMatchObject({ head: 'battery', mods: [] });
    expect(read('', 'repl frt bmpr 2.5 hrs').phrases[0]).toMatchObject({ head: 'bumper', mods: [], zone: 'front' });
    // A letter outside quotes still names the part: a B pillar is not an A pillar.
    const pillar = system(8, 'Side Camera', { line: ['b pillar', 'b pillar camera'] });
    expect(scrub('Repl', 'A pillar', '', [pillar]).triggers).toEqual([]);
    expect(scrub('Repl', 'B pillar', '', [pillar]).triggers.map((t) => t.system)).toEqual(['Side Camera']);
  });

  it('reads a comma as the head-first name of estimating systems, never as a list of parts', () => {
    const first = (description: string) => read('RPL', description).phrases.map((p) => `${p.mods.join(' ')} ${p.head}`.trim());
    expect(first('ADHESIVE KIT, WINDSHIELD')).toEqual(['windshield adhesive kit']);
    expect(first('WIRING HARNESS, FRONT BUMPER')).toEqual(['bumper wiring harness']);
    expect(first('Turn signal lamp, mirror')).toEqual(['mirror turn signal lamp']);
    expect(first('END, TIE ROD OUTER RH')).toEqual(['tie rod']);
    expect(first('Bumper cover, lower')).toEqual(['bumper cover']);
    expect(first('ARM ASSY, FRONT SUSPENSION LOWER NO.1 LH')).toEqual(['control arm']);
  });

  it('says what it corrected, set aside or did not know', () => {
    const typo = read('Repl', 'windsheild');
    expect(must(typo.phrases[0], 'phrases[0]').words).toEqual(['windshield']);
    expect(typo.notes).toContain('“windsheild” is read as “windshield”.');
    const purpose = read('R&I', 'Grille for radar access');
    expect(purpose.phrases.map((p) => p.words.join(' '))).toEqual(['grille']);
    expect(purpose.notes.join(' ')).toMatch(/radar access.*not read as a part/);
    const unknown = read('ZZ9', 'Front bumper cover');
    expect(unknown.operation).toBeNull();
    expect(unknown.operationNote).toBe('The operation “ZZ9” is not one the scrub knows.');
    expect(read('Repl', '*** 123').unread).toMatch(/no words/);
    expect(read('Repl', '').unread).toBe('The line has no description.');
  });

  it('reads "with" parts after their part and splits joined parts', () => {
    const withCamera = read('Repl', 'Mirror assy w/ camera');
    expect(withCamera.phrases.map((p) => [p.kind, p.words.join(' ')])).toEqual([
      ['main', 'mirror assembly'],
      ['with', 'mirror camera'],
    ]);
    expect(read('Repl', 'front & rear bumper covers').phrases.map((p) => p.words.join(' '))).toEqual([
      'front bumper cover',
      'rear bumper cover',
    ]);
    expect(read('Repl', 'upper & lower control arm').phrases.map((p) => p.words.join(' '))).toEqual([
      'upper control arm',
      'lower control arm',
    ]);
  });
});

describe('the matching rule', () => {
  it('triggers by part and operation: replacement and removal as the flags say, repair only where a keyword says', () => {
    expect(systemsOf('Repl', 'Bumper cover', 'FRONT BUMPER & GRILLE')).toEqual(['Front Radar', 'Park Assist']);
    expect(systemsOf('R&I', 'Bumper cover', 'FRONT BUMPER & GRILLE')).toEqual(['Front Radar']);
    expect(systemsOf('Rpr', 'Bumper cover', 'FRONT BUMPER & GRILLE')).toEqual(['Front Radar']);
    const park = scrub('R&I', 'Rear bumper cover').refusals.find((r) => r.system === 'Park Assist');
    expect(park?.why).toMatch(/not marked R&I/);
  });

  it('never triggers on refinish, blend or a check, and says so', () => {
    for (const op of ['Refn', 'Blnd']) {
      const o = scrub(op, 'Quarter panel');
      expect(o.triggers).toEqual([]);
      expect(o.nothing).toMatch(/paint work/);
    }
    expect(scrub('', 'check alignment').nothing).toMatch(/check/i);
    // …unless a keyword starts with that operation.
    const painted = [{ ...RADAR, keywords: { ...RADAR.keywords, line: [...RADAR.keywords.line, 'refinish front bumper cover'] } }];
    expect(scrub('Refn', 'Front bumper cover', '', painted).triggers[0]).toMatchObject({
      keyword: 'refinish front bumper cover',
      why: expect.stringMatching(/and the line refinishes it/),
    });
  });

  it("reads a sensor's \"with\" part as the sensor's, not the section's", () => {
    const radar = system(2, 'Front Radar', { line: ['radar', 'radar sensor', 'radar bracket'], location: ['front bumper'] });
    const park = system(4, 'Park Assist', {
      isRI: false,
      line: ['park sensor', 'bumper sensor', 'bumper sensor bracket'],
      location: ['front bumper', 'rear bumper'],
    });
    const of = (operation: string, description: string, section: string) =>
      scrub(operation, description, section, [radar, park, REAR]).triggers.map((t) => t.system);
    expect(of('Remove/Replace', 'ACC Radar Sensor w/ Bracket', 'Front Bumper')).toEqual(['Front Radar']);
    expect(of('Repl', 'Sensor w/ bracket', 'FRONT BUMPER')).toContain('Park Assist');
    expect(of('Repl', 'Applique w/ camera', 'LIFT GATE')).toEqual(['Rear Camera']);
  });

  it('triggers on any work on the sensor itself or its mount', () => {
    expect(systemsOf('R&I', 'Radar sensor')).toEqual(['Front Radar']);
    expect(systemsOf('Repl', 'ACC sensor bracket')).toEqual(['Front Radar']);
    expect(systemsOf('Rpr', 'Forward camera bracket')).toEqual(['Forward Camera']);
    expect(systemsOf('Refn', 'Park sensor')).toEqual([]);
  });

  it('reads the head of a name: a mirror glass is not a mirror, a liftgate spoiler not a liftgate', () => {
    expect(systemsOf('Repl', 'RT Mirror glass')).toEqual([]);
    expect(scrub('Repl', 'RT Mirror glass').nothing).toMatch(/glass of the mirror/);
    expect(systemsOf('Repl', 'Liftgate spoiler')).toEqual([]);
    expect(systemsOf('Repl', 'Windshield urethane kit')).toEqual([]);
    expect(systemsOf('Repl', 'Mirror assy w/ camera')).toEqual(['Side Camera']);
    expect(systemsOf('Repl', 'Front bumper radar cover')).toEqual(['Front Radar']);
  });

  it('reads a bare piece with its section, and the end of the vehicle from the line or its section', () => {
    expect(systemsOf('Repl', 'Cover', 'REAR BUMPER')).toEqual(['Blind Spot Monitoring', 'Park Assist']);
    expect(systemsOf('R&I', 'Camera', 'LIFT GATE')).toEqual(['Rear Camera']);
    expect(systemsOf('Repl', 'Emblem', 'FRONT BUMPER & GRILLE')).toEqual(['Front Radar']);
    expect(systemsOf('Repl', 'Emblem', 'HOOD')).toEqual([]);
    expect(systemsOf('Repl', 'Hood emblem', 'FRONT BODY')).toEqual([]);
    expect(systemsOf('Repl', 'Radar sensor', 'REAR BUMPER')).toEqual([]);
    expect(scrub('Repl', 'Radar sensor', 'REAR BUMPER').nothing).toMatch(/at the rear; Front Radar sits at the front/);
  });

  it('reads a line that names no end for both ends, and says so', () => {
    const o = scrub('Repl', 'Bumper cover');
    expect(o.triggers.map((t) => t.system)).toEqual(['Front Radar', 'Blind Spot Monitoring', 'Park Assist']);
    expect(must(o.triggers[0], 'triggers[0]').why).toMatch(/neither front nor rear/);
    // …unless the line names another part ("hood emblem" is not a "front emblem").
    expect(systemsOf('Repl', 'Hood emblem')).toEqual([]);
  });

  it('triggers a calibration line on the system it names; the longer name wins; alignment is read in context', () => {
    expect(systemsOf('Subl', 'Front radar calibration')).toEqual(['Front Radar']);
    expect(systemsOf('Subl', 'Static aim forward facing camera')).toEqual(['Forward Camera']);
    expect(systemsOf('', 'SAS reset')).toEqual(['Steering Angle Sensor']);
    expect(systemsOf('Subl', 'Blind spot radar calibration')).toEqual(['Blind Spot Monitoring']);
    expect(systemsOf('Subl', 'Radar alignment')).toEqual(['Front Radar']);
    expect(systemsOf('Subl', 'Four wheel alignment')).toEqual(['Steering Angle Sensor']);
    expect(systemsOf('Algn', 'Hood')).toEqual([]);
    expect(scrub('Algn', 'Hood').nothing).toMatch(/not a wheel alignment/);
    expect(scrub('Subl', 'ADAS calibration').nothing).toBe('A calibration that names none of this vehicle’s systems.');
  });

  it('stops on an exclusion, a make exception or a system not equipped, naming it', () => {
    expect(scrub('R&I', 'Cowl vent grille').nothing).toMatch(
      /Excluded: a line with “cowl” never triggers Front Radar \(The cowl grille is not the front grille\)/,
    );
    expect(scrub('R&I', 'Radar detector').triggers).toEqual([]);
    expect(systemsOf('Repl', 'Liftgate gas strut')).toEqual([]);
    const excepted = scrub('Repl', 'Quarter panel', '', [
      { ...CORNER, exceptions: [{ keyword: 'quarter panel', reason: 'Sensors are on the bumper beam.' }] },
    ]);
    expect(excepted.nothing).toBe(
      'Make exception for Blind Spot Monitoring: “quarter panel” does not trigger it (Sensors are on the bumper beam).',
    );
    const notEquipped = scrub('Repl', 'Windshield', '', [{ ...CAMERA, notEquipped: true }]);
    expect(notEquipped.nothing).toMatch(/not equipped with/);
    expect(scrubLine({ lineNum: 1, operation: 'Repl', description: 'Windshield', isNotEquipped: true }, matcher()).nothing).toBe(
      'Marked not equipped on the job: the line is not scrubbed.',
    );
  });

  it('puts every line in one place: triggering with its reasons, or nothing with one, or unread', () => {
    const lines = ['Repl|Windshield', 'Refn|Hood', 'Repl|***', 'ZZ|Grille', '|Tow'].map((t, i) => {
      const [operation = '', description = ''] = t.split('|');
      return scrubLine({ lineNum: i + 1, operation, description }, matcher());
    });
    for (const o of lines) expect([o.triggers.length > 0, o.nothing != null, o.unread != null].filter(Boolean)).toHaveLength(1);
    expect(must(lines[0], 'lines[0]').triggers[0]).toMatchObject({
      system: 'Forward Camera',
      keyword: 'windshield',
      kind: 'part',
      words: 'windshield',
    });
    expect(must(must(lines[3], 'lines[3]').triggers[0], 'triggers[0]').why).toMatch(
      /“ZZ”, which the scrub does not know, read as removing or replacing it/,
    );
    expect(must(lines[4], 'lines[4]').nothing).toMatch(/no part or sensor/);
  });
});

describe("a firm's estimate terms", () => {
  it('extend the vocabulary and win over the built-in terms', () => {
    const firm = compileVocabulary([
      { written: 'FBC', meaning: 'front bumper cover', kind: 'term' },
      { written: 'RMV/INST', meaning: 'remove', kind: 'operation' },
      { written: 'cam', meaning: 'camshaft', kind: 'term' },
    ]);
    const r = readLine({ operation: 'RMV/INST', description: 'FBC' }, firm);
    expect(r.operation).toBe('remove');
    expect(must(r.phrases[0], 'phrases[0]').words).toEqual(['front', 'bumper', 'cover']);
    expect(must(readLine({ operation: '', description: 'cam' }, firm).phrases[0], 'phrases[0]').words).toEqual(['camshaft']);
    expect(
      scrubLine({ lineNum: 1, operation: 'RMV/INST', description: 'FBC' }, compileMatcher(SYSTEMS, [], firm)).triggers.map((t) => t.system),
    ).toEqual(['Front Radar']);
  });
});

describe('pasted lines', () => {
  it('reads headings, line numbers, operations and the figures estimating systems print', () => {
    const text = [
      'Line Oper Description Part Number Qty Price Labor Paint',
      '1 FRONT BUMPER & GRILLE',
      '2 Repl Bumper cover 52119-0R903 1 389.00 2.5 3.2',
      '3 R&I Grille assy 0.4',
      '4 WINDSHIELD',
      '5 Remove / Install Windshield 1.0 T',
      '',
    ].join('\n');
    const p = readPasted(text, vocab);
    expect(p.headings.map((h) => h.section)).toEqual(['FRONT BUMPER & GRILLE', 'WINDSHIELD']);
    expect(p.lines).toEqual([
      expect.objectContaining({
        lineNum: 2,
        operation: 'Repl',
        description: 'Bumper cover',
        section: 'FRONT BUMPER & GRILLE',
        partNumber: '52119-0R903',
      }),
      expect.objectContaining({ lineNum: 3, operation: 'R&I', description: 'Grille assy', section: 'FRONT BUMPER & GRILLE' }),
      expect.objectContaining({ lineNum: 5, operation: 'Remove / Install', description: 'Windshield', section: 'WINDSHIELD' }),
    ]);
  });

  it('keeps shorthand whole: a leading number is a line number only when most rows have one', () => {
    const p = readPasted('4 whl algn\nrepl frt bumper cover\nSAS reset', vocab);
    expect(p.lines.map((l) => [l.lineNum, l.operation, l.description])).toEqual([
      [1, '', '4 whl algn'],
      [2, 'repl', 'frt bumper cover'],
      [3, '', 'SAS reset'],
    ]);
  });

  it('reads tab-separated columns (a spreadsheet)', () => {
    const p = readPasted('1\tRepl\tRear bumper cover\t1\t412.00\n2\tSubl\tBlind spot calibration\t\t225.00', vocab);
    expect(p.lines.map((l) => [l.lineNum, l.operation, l.description])).toEqual([
      [1, 'Repl', 'Rear bumper cover'],
      [2, 'Subl', 'Blind spot calibration'],
    ]);
  });
});
