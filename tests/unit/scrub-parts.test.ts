/**
 * What a part is to the sensors (docs/scrub.md "The part lexicon", "Reading a line"; lib/calibrations/parts.ts),
 * each rule pinned by the estimate lines it reads: which sensor a phrase names or settles on, what holds it,
 * what it sees through, which owner a piece takes its meaning from, where a feature's sensors sit, and what the
 * scrub then says of the line. Synthetic make matrices, as in scrub-rules.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { POSITIONS } from '../../lib/calibrations/lexicon-data';
import { compileMatcher, scrubLines, type MatchSystem } from '../../lib/calibrations/match';
import { compileVocabulary, readLine, type Phrase } from '../../lib/calibrations/normalise';
import {
  ofType,
  onlyAtOtherEnd,
  placedOn,
  positionsOf,
  resolvePhrase,
  systemPositions,
  systemsPositionsOn,
  type Thing,
} from '../../lib/calibrations/parts';
import { must } from '../../testkit/must';

const vocab = compileVocabulary();

const system = (id: number, name: string, type: number): MatchSystem => ({
  adasChecklistMatrix: id,
  system: name,
  systemType: type,
  location: '',
  isRR: true,
  isRI: true,
  keywords: { line: [], location: [], sublet: [] },
});
const SYSTEMS = [
  system(1, 'Forward Camera', 1),
  system(2, 'Front Radar', 2),
  system(3, 'Blind Spot Monitoring', 3),
  system(4, 'Park Assist', 4),
  system(5, 'Surround View Camera', 5),
  system(6, 'Rear Camera', 6),
  system(7, 'Side Camera', 7),
  system(8, 'Steering Angle Sensor', 8),
];
const matcher = compileMatcher(SYSTEMS, [], vocab);
const scrub = (operation: string, description: string, section = '') =>
  must(scrubLines([{ lineNum: 1, operation, description, section }], matcher)[0], 'the outcome');
const whyOf = (operation: string, description: string, section = '') => scrub(operation, description, section).triggers.map((t) => t.why);

const read = (description: string, section: string) => readLine({ operation: 'Repl', description, section }, vocab);
const resolve = (description: string, section: string, p: Phrase, owner?: Phrase) => {
  const r = read(description, section);
  return resolvePhrase(p, { vocab, end: r.end, section: r.section, ...(owner ? { owner } : {}) });
};
/** What a line's (first) main phrase names, read as the scrub reads it: with its end and its section. */
const thingOf = (description: string, section = ''): Thing => {
  const main = must(
    read(description, section).phrases.find((p) => p.role === 'main'),
    `a main phrase in ${description}`,
  );
  return must(resolve(description, section, main), `the thing ${description} names`);
};
/** What a line's "with" phrase or aside names, read after its main phrase ("Mirror w/ camera": the mirror's camera). */
const featureOf = (description: string, section = ''): Thing => {
  const phrases = read(description, section).phrases;
  const p = must(
    phrases.find((q) => q.role === 'with' || q.role === 'aside'),
    `a "with" phrase or an aside in ${description}`,
  );
  const main = phrases.find((q) => q.role === 'main' && q.clause === p.clause);
  return must(resolve(description, section, p, main), `the thing ${description} comes with`);
};
/** The sensor positions a thing names: settled, or left open between several. */
const sensorsOf = (t: Thing) => ({ sensors: t.sensors, either: t.either });

describe('what kind of sensor a position is', () => {
  it('a camera word means the cameras, a radar word the radars and the lidar, a sensor word any sensor but a camera', () => {
    const of = (type: Parameters<typeof ofType>[1]) => POSITIONS.filter((p) => ofType(p, type));
    expect(of('camera')).toEqual([
      'fwdCamera',
      'grilleCamera',
      'mirrorCamera',
      'rearCamera',
      'fenderCamera',
      'pillarCamera',
      'driverCamera',
      'nightVision',
    ]);
    expect(of('radar')).toEqual(['frontRadar', 'cornerRadar', 'lidar']);
    expect(of('ultrasonic')).toEqual(['park']);
    // The steering angle sensor, the headlamps and the head-up display are no sensor a "sensor" names.
    expect(of('any')).toEqual(['frontRadar', 'cornerRadar', 'park', 'lidar']);
    // No type: every position.
    expect(of(null)).toEqual([...POSITIONS]);
  });
});

describe('a system’s sensors at an end', () => {
  it('the surround view’s camera at the front is the grille camera, at the rear the rear camera, with no end all three', () => {
    expect(systemPositions('surroundView', 'front')).toEqual(['grilleCamera']);
    expect(systemPositions('surroundView', 'rear')).toEqual(['rearCamera']);
    expect(systemPositions('surroundView', null)).toEqual(['grilleCamera', 'mirrorCamera', 'rearCamera']);
    expect(sensorsOf(thingOf('Frt SVM camera'))).toEqual({ sensors: ['grilleCamera'], either: [] });
    expect(sensorsOf(thingOf('Rr SVM camera'))).toEqual({ sensors: ['rearCamera'], either: [] });
    expect(sensorsOf(thingOf('SVM camera'))).toEqual({ sensors: [], either: ['grilleCamera', 'mirrorCamera', 'rearCamera'] });
  });

  it('any other system has its sensors whatever end the line names', () => {
    expect(systemPositions('frontRadar', 'rear')).toEqual(['frontRadar']);
    expect(systemPositions('blindSpot', 'front')).toEqual(['cornerRadar']);
    expect(systemPositions('parkAssist', 'front')).toEqual(['park']);
    expect(systemPositions('sideCamera', 'front')).toEqual(['mirrorCamera']);
    expect(systemPositions('rearCamera', 'front')).toEqual(['rearCamera']);
  });
});

describe('where each sensor sits', () => {
  const at = (description: string) => placedOn(POSITIONS, thingOf(description));

  it('a part’s place holds the sensors that sit there: front, rear, side, glass, roof, interior, under-body', () => {
    expect(at('Frt bumper cover')).toEqual(['frontRadar', 'park', 'grilleCamera', 'fenderCamera', 'headlamp', 'nightVision', 'lidar']);
    expect(at('Rr bumper cover')).toEqual(['cornerRadar', 'park', 'rearCamera']);
    expect(at('LT outside mirror')).toEqual(['mirrorCamera', 'fenderCamera', 'pillarCamera']);
    expect(at('Windshield')).toEqual(['fwdCamera', 'hud']);
    expect(at('Roof panel')).toEqual(['fwdCamera', 'lidar']);
    expect(at('Dome lamp')).toEqual(['fwdCamera', 'steeringAngle', 'hud', 'driverCamera']);
    expect(at('Floor pan')).toEqual(['steeringAngle']);
  });

  it('a part of no place (a harness, a bumper cover of no end) may hold any of them', () => {
    expect(at('Wiring harness')).toEqual([...POSITIONS]);
    expect(at('Bumper cover')).toEqual([...POSITIONS]);
  });

  it('a piece is where its owner is: a mirror’s housing is at the side', () => {
    const housing = thingOf('HOUSING ASSY, OUTSIDE MIRROR (SVM/BVM)');
    expect(housing.text).toBe('housing of the outside mirror (assembly)');
    expect(placedOn(['grilleCamera', 'mirrorCamera', 'rearCamera'], housing)).toEqual(['mirrorCamera']);
    expect(whyOf('Repl', 'HOUSING ASSY, OUTSIDE MIRROR (SVM/BVM)')).toEqual([
      'housing of the outside mirror (assembly): replaced → Surround View Camera (carries the mirror camera)',
      'housing of the outside mirror (assembly): replaced → Side Camera (carries the mirror camera)',
    ]);
  });

  it('of the sensors a feature names, those at the part’s place; none there: all of them, unless a system’s name only says which car it is', () => {
    const grille = thingOf('Upper grille');
    expect(placedOn(['grilleCamera', 'mirrorCamera', 'rearCamera'], grille)).toEqual(['grilleCamera']);
    expect(placedOn(['fwdCamera'], grille)).toEqual(['fwdCamera']);
    // "Upper grille w/Honda Sensing": the windshield camera is not on the grille; the name says which car.
    expect(placedOn(['fwdCamera'], grille, true)).toEqual([]);
    expect(whyOf('Repl', 'Upper grille w/Honda Sensing')).not.toContain(expect.stringContaining('Forward Camera'));
  });

  it('a sensor only at the other end: the rear corner radars and the rear camera from the front, the front radar and grille camera from the rear', () => {
    const other = (end: 'front' | 'rear') => POSITIONS.filter((p) => onlyAtOtherEnd(p, end));
    expect(other('front')).toEqual(['cornerRadar', 'rearCamera']);
    expect(other('rear')).toEqual(['frontRadar', 'grilleCamera', 'headlamp', 'nightVision']);
    // With no end, nothing is at the other one.
    expect(POSITIONS.filter((p) => onlyAtOtherEnd(p, null))).toEqual([]);
  });
});

describe('the systems a feature names', () => {
  it('of several systems, the sensors at the part’s place: a front bumper cover w/ SCC & SVM has the front radar and the grille camera', () => {
    const cover = thingOf('Frt bumper cover w/ SCC & SVM');
    expect(systemsPositionsOn(['frontRadar', 'surroundView'], cover)).toEqual(['frontRadar', 'grilleCamera']);
    expect(whyOf('Repl', 'Frt bumper cover w/ SCC & SVM')).toEqual([
      'front bumper cover: replaced → Front Radar (carries the front radar)',
      'front bumper cover: replaced → Park Assist (carries the park sensors)',
      'front bumper cover: replaced → Surround View Camera (carries the front surround-view camera)',
    ]);
  });

  it('on a piece of no part, at the line’s end: a front garnish w/ SVM has the grille camera', () => {
    expect(thingOf('Frt garnish w/ SVM').end).toBe('front');
    expect(whyOf('Repl', 'Frt garnish w/ SVM')).toEqual([
      'garnish: replaced → Surround View Camera (carries the front surround-view camera)',
    ]);
  });

  it('on a part of no place, every sensor of the system: a harness w/ SVM', () => {
    expect(systemsPositionsOn(['surroundView'], thingOf('Wiring harness'))).toEqual(['grilleCamera', 'mirrorCamera', 'rearCamera']);
    expect(systemsPositionsOn(['surroundView'], thingOf('Bumper cover'))).toEqual(['grilleCamera', 'mirrorCamera', 'rearCamera']);
  });

  it('none of whose sensors sits at the part’s place: the name says which car the part is for, not what it carries', () => {
    expect(systemsPositionsOn(['forwardCamera'], thingOf('Upper grille'))).toEqual([]);
    expect(systemsPositionsOn(['forwardCamera', 'blindSpot'], thingOf('Frt bumper cover'))).toEqual([]);
  });
});

describe('what a part’s name makes of it', () => {
  it('a part at either end is named with its end, once', () => {
    expect(thingOf('Frt bumper cover').text).toBe('front bumper cover');
    expect(scrub('Repl', 'LT Rr reflector', 'REAR BUMPER').nothing).toBe(
      'Rear reflector: carries no driver-assistance sensor and is in no sensor’s view.',
    );
  });

  it('a sensor, its mount, a part around it: the front radar, the radar bracket, the bumper cover in front of the radar', () => {
    expect(thingOf('Frt radar')).toMatchObject({ kind: 'sensor', sensors: ['frontRadar'] });
    expect(thingOf('Radar brkt')).toMatchObject({ kind: 'mount', mounts: ['frontRadar'], sensors: [] });
    expect(thingOf('Frt bumper cover')).toMatchObject({ kind: 'body', carries: ['park'], path: ['frontRadar'], near: ['grilleCamera'] });
    // A name of two sensors leaves them open: "front camera", the windshield's or the grille's.
    expect(thingOf('Front camera')).toMatchObject({ kind: 'sensor', sensors: [], either: ['fwdCamera', 'grilleCamera'] });
  });

  it('a bare "radar" is the front radar only because the line says no end; a radar named with its end is not', () => {
    expect(thingOf('Radar')).toMatchObject({ sensors: ['frontRadar'], generic: true });
    expect(thingOf('Frt radar').generic).toBe(false);
    expect(thingOf('Rr radar')).toMatchObject({ sensors: ['cornerRadar'], generic: false });
    expect(thingOf('BSM').generic).toBe(false);
  });

  it('an aftermarket device is no sensor of the vehicle', () => {
    expect(thingOf('Dash cam', 'INSTRUMENT PANEL').kind).toBe('aftermarket');
    expect(scrub('R&I', 'Dash cam', 'INSTRUMENT PANEL').nothing).toBe(
      'Dash camera: an aftermarket device, not one of the vehicle’s own sensors.',
    );
    expect(scrub('R&I', 'Radar detector').triggers).toEqual([]);
  });

  it('a piece of no sensor is in no sensor’s view', () => {
    const molding = thingOf('Frt molding');
    expect(molding).toMatchObject({ kind: 'piece', path: [], near: [], generic: false });
    expect(scrub('Repl', 'Bumper unit').nothing).toBe('Unit of the bumper: carries no driver-assistance sensor.');
  });
});

describe('a piece read with its owner', () => {
  it('a shell, skin or assembly is its owner itself', () => {
    expect(thingOf('Lift Gate Handle Assy', 'LIFT GATE')).toMatchObject({ kind: 'body', text: 'liftgate handle (assembly)' });
    expect(whyOf('Repl', 'Column assy', 'STEERING COLUMN')).toEqual([
      'column (assembly): replaced → Steering Angle Sensor (on the steering column, where the sensor sits)',
    ]);
  });

  it('the unit or module of a sensor is the sensor; of a part that sets the wheels, that part; of anything else a piece', () => {
    expect(whyOf('Repl', 'RH blind zone radar sensor module', 'REAR BUMPER')).toEqual([
      'rear radar sensor module: replaced → Blind Spot Monitoring (the rear corner radars themselves)',
    ]);
    expect(whyOf('Repl', 'Strut assy unit')).toEqual(['strut assembly unit: replaced → Steering Angle Sensor (sets the wheel alignment)']);
    expect(thingOf('Navigation display unit', 'INSTRUMENT PANEL')).toMatchObject({ kind: 'piece', text: 'unit of the navigation display' });
  });

  it('a bracket of a sensor holds it; the bracket of a bracket is that bracket; a bracket of a part that holds none is a piece', () => {
    expect(thingOf('Camera bracket', 'WINDSHIELD')).toMatchObject({
      kind: 'mount',
      mounts: ['fwdCamera'],
      text: 'bracket of the windshield camera',
    });
    expect(whyOf('R&I', 'Sensor bracket', 'FRONT BUMPER')).toEqual([
      'bracket of the front bumper sensor: removed and installed → Park Assist (holds the park sensors)',
    ]);
    expect(thingOf('Radar bracket retainer')).toMatchObject({ kind: 'mount', text: 'radar bracket', mounts: ['frontRadar'] });
    expect(thingOf('Frt bumper bracket retainer')).toMatchObject({ kind: 'piece', mounts: [] });
    // A bracket of a sensor the name leaves open holds whichever it is.
    expect(thingOf('Frt camera bracket')).toMatchObject({ kind: 'mount', either: ['fwdCamera', 'grilleCamera'] });
  });
});

describe('a cover, a sensor word, a feature of a part', () => {
  it('the cover of a radar is in its path; of a camera beside it; of anything else a piece', () => {
    expect(whyOf('RPL', 'COVER, RADAR SENSOR', 'FRONT BUMPER')).toEqual([
      'cover of the front radar sensor: replaced → Front Radar (in front of the front radar)',
    ]);
    expect(thingOf('COVER, RADAR SENSOR', 'FRONT BUMPER')).toMatchObject({ kind: 'body', path: ['frontRadar'], near: [] });
    expect(scrub('R&I', 'Windshield Camera Cover', 'WINDSHIELD').nothing).toBe(
      'Cover of the windshield camera: sits beside the windshield camera but does not carry or hold it — no calibration unless the sensor itself was disturbed.',
    );
    expect(thingOf('Windshield Camera Cover', 'WINDSHIELD')).toMatchObject({ kind: 'piece', path: [], near: ['fwdCamera'] });
    expect(thingOf('Liftgate handle cover')).toMatchObject({ kind: 'piece', path: [], near: [] });
  });

  it('a camera, sensor or radar of a part is the sensor the part carries, holds, or (not a "sensor") sits behind or beside', () => {
    // The bumper cover carries the park sensors and sits in front of the radar: its "sensor" is a park sensor.
    expect(thingOf('Frt bumper sensor').sensors).toEqual(['park']);
    expect(thingOf('Frt bumper radar').sensors).toEqual(['frontRadar']);
    expect(thingOf('Grille sensor').kind).toBe('piece');
    // The inside mirror and the headliner sit beside the windshield camera.
    expect(whyOf('', 'repl rear view mirror camera')).toEqual([
      'camera of the rear view mirror: replaced → Forward Camera (the windshield camera itself)',
    ]);
    expect(thingOf('Headliner camera').sensors).toEqual(['fwdCamera']);
  });

  it('where nothing ties one to the part, a camera or radar on a front, rear, side or glass part is the one there', () => {
    expect(whyOf('Repl', 'Liftgate handle w/ camera')).toEqual([
      'camera of the liftgate handle: replaced → Surround View Camera (the rear camera itself)',
      'camera of the liftgate handle: replaced → Rear Camera (the rear camera itself)',
    ]);
    expect(featureOf('Frt lower bumper cover w/ camera').sensors).toEqual(['grilleCamera']);
    expect(featureOf('Puddle lamp w/ camera').sensors).toEqual(['mirrorCamera']);
    expect(featureOf('Cowl w/ camera').sensors).toEqual(['fwdCamera']);
    expect(featureOf('Frt bumper molding w/ transceiver').sensors).toEqual(['frontRadar']);
    expect(featureOf('Rr bumper step pad w/ transceiver').sensors).toEqual(['cornerRadar']);
    // An interior part has no such camera of its own.
    expect(thingOf('Dome lamp camera').kind).toBe('piece');
  });

  it('a camera named after a labour or an aftermarket device is no sensor of the vehicle', () => {
    expect(featureOf('Windshield urethane w/ camera')).toMatchObject({ kind: 'piece', sensors: [] });
    expect(featureOf('Trailer camera w/ camera')).toMatchObject({ kind: 'piece', sensors: [] });
    expect(thingOf('LH camera', 'PRE-SCAN')).toMatchObject({ kind: 'piece', sensors: [] });
  });
});

describe('holes, provisions and types: features', () => {
  it('a feature naming a sensor carries it; one naming a sensor left open, any of them (the part’s place settles which)', () => {
    expect(featureOf('Liftgate w/ camera hole')).toMatchObject({ kind: 'feature', carries: ['rearCamera'] });
    const opening = featureOf('Frt bumper cover w/ 360 camera opening');
    expect(opening).toMatchObject({ kind: 'feature', carries: ['grilleCamera', 'mirrorCamera', 'rearCamera'] });
    expect(whyOf('Repl', 'Frt bumper cover w/ 360 camera opening')).toContain(
      'front bumper cover: replaced → Surround View Camera (carries the front surround-view camera)',
    );
  });

  it('a feature of a feature is one too, with the system it names: an SVM camera hole provision', () => {
    expect(featureOf('Bumper w/ SVM camera hole provision')).toMatchObject({
      kind: 'feature',
      systems: ['surroundView'],
      carries: ['grilleCamera', 'mirrorCamera', 'rearCamera'],
    });
    expect(featureOf('Frt bumper cover w/ park sensor hole provision').kind).toBe('feature');
  });

  it('the cover of a hole is a piece beside no sensor', () => {
    expect(featureOf('Grille w/ SVM camera hole cover')).toMatchObject({ kind: 'piece', near: [], path: [] });
  });

  it('a hole in a part of no sensor is a piece', () => {
    expect(featureOf('Door trim panel w/ hole')).toMatchObject({ kind: 'piece', carries: [] });
  });
});

describe('a sensor word after a sensor', () => {
  it('is that sensor, named once: a cruise control radar sensor, a rear camera cam, a mirror camera sensor', () => {
    expect(whyOf('Remove/Replace', 'Cruise Control Radar Sensor', 'FRONT BUMPER')).toEqual([
      'cruise control radar sensor: replaced → Front Radar (the front radar itself)',
    ]);
    expect(thingOf('Rear camera cam')).toMatchObject({ kind: 'sensor', text: 'rear camera', sensors: ['rearCamera'] });
    // "Sensor" is any sensor: after a camera, the camera.
    expect(whyOf('Repl', 'Mirror camera sensor')).toEqual([
      'mirror camera sensor: replaced → Surround View Camera (the mirror camera itself)',
      'mirror camera sensor: replaced → Side Camera (the mirror camera itself)',
    ]);
  });

  it('of a kind the sensor is not, is no sensor of it: an ICC (a radar) camera', () => {
    expect(thingOf('ICC camera')).toMatchObject({ kind: 'piece', sensors: [], either: [] });
    expect(scrub('Repl', 'ICC camera').triggers).toEqual([]);
  });

  it('after a sensor the name leaves open (a front camera), names a piece of whichever it is', () => {
    expect(thingOf('Front camera imager')).toMatchObject({
      kind: 'sensor',
      text: 'imager of the front camera',
      either: ['fwdCamera', 'grilleCamera'],
    });
  });

  it('after a camera read from its part (a cowl camera), names a piece of that camera', () => {
    expect(whyOf('Repl', 'Cowl camera imager')).toEqual([
      'imager of the camera of the cowl: replaced → Forward Camera (the windshield camera itself)',
    ]);
  });
});

describe('a piece that is its owner', () => {
  it('the glass of a glass part is the part; of a mirror or a door a piece', () => {
    expect(whyOf('R&R', 'W/S glass')).toEqual(['w/s glass: replaced → Forward Camera (carries the windshield camera)']);
    expect(scrub('Repl', 'LH side mirror glass').nothing).toBe('Glass of the side mirror: carries no driver-assistance sensor.');
    expect(thingOf('LT slide door glass', 'REAR DOOR')).toMatchObject({ kind: 'piece', text: 'glass of the slide door' });
    // A BSM glass (the mirror glass with the blind-spot lamp) is no glass part, and no corner radar.
    expect(scrub('Repl', 'BSM glass').nothing).toBe('Glass of the bsm: carries no driver-assistance sensor.');
  });

  it('the end of a part that sets the wheels is that part; of anything else a piece', () => {
    expect(whyOf('Repl', 'TIE-ROD END')).toEqual(['tie-rod end: replaced → Steering Angle Sensor (sets the wheel alignment)']);
    expect(thingOf('Windshield end')).toMatchObject({ kind: 'piece', text: 'end of the windshield', carries: [] });
    expect(thingOf('W/S moulding')).toMatchObject({ kind: 'piece', carries: [] });
  });
});

describe('a bare piece under a section of two parts', () => {
  it('is read with each of them, as one: the names joined, what each carries, holds, sits behind or beside', () => {
    expect(thingOf('Camera', 'FRONT BUMPER & GRILLE')).toMatchObject({
      kind: 'sensor',
      text: 'front bumper camera / grille camera',
      sensors: ['grilleCamera'],
    });
    expect(thingOf('Panel', 'LIFTGATE & REAR BUMPER')).toMatchObject({
      kind: 'body',
      text: 'liftgate (panel) / rear bumper (panel)',
      carries: ['rearCamera', 'park'],
      path: ['cornerRadar'],
    });
    expect(thingOf('Reinforcement', 'FRONT BUMPER & GRILLE')).toMatchObject({
      kind: 'mount',
      mounts: ['frontRadar'],
      near: ['frontRadar'],
    });
    expect(whyOf('Repl', 'Reinforcement', 'FRONT BUMPER & GRILLE')).toEqual([
      'front bumper reinforcement / grille reinforcement: replaced → Front Radar (holds the front radar)',
    ]);
  });

  it('is a sensor when either reading is, and names the systems and the sensors left open of both', () => {
    // The strut's unit is the strut, the radar's the radar: a sensor that sets the wheels.
    expect(thingOf('Unit', 'STRUT & RADAR')).toMatchObject({ kind: 'sensor', sensors: ['frontRadar'], geometry: true });
    expect(thingOf('Unit', 'RADAR & STRUT')).toMatchObject({ kind: 'sensor', geometry: true, column: false });
    expect(thingOf('Unit', 'RADAR & STEERING COLUMN')).toMatchObject({ kind: 'sensor', geometry: false, column: true });
    expect(thingOf('Sensor', 'PDC & BSM')).toMatchObject({ systems: ['parkAssist', 'blindSpot'], sensors: ['park', 'cornerRadar'] });
    expect(thingOf('Bracket', 'BSM & SVM')).toMatchObject({
      kind: 'mount',
      mounts: ['cornerRadar', 'grilleCamera', 'mirrorCamera', 'rearCamera'],
      either: ['grilleCamera', 'mirrorCamera', 'rearCamera'],
    });
  });
});

describe('a wheel alignment', () => {
  it('named with its angles, its wheels or its hardware is the alignment; with a part of its own, that part', () => {
    expect(featureOf('Front End Alignment (Toe/Camber)', 'Miscellaneous')).toMatchObject({ text: 'front end alignment', owner: null });
    expect(featureOf('Wheel alignment (rim)').text).toBe('wheel alignment');
    expect(featureOf('4 wheel alignment (hardware)').text).toBe('4 wheel alignment');
    expect(featureOf('Wheel alignment (SAS)')).toMatchObject({ kind: 'sensor', sensors: ['steeringAngle'] });
    expect(featureOf('Wheel alignment (tie rod)')).toMatchObject({ text: 'tie rod', geometry: true });
  });
});

describe('a part named with a maker’s system name', () => {
  it('a sensor or mount of the system’s kind is that system’s: an RCTA radar, a BCW radar bracket are the corner radars’', () => {
    expect(thingOf('RCTA radar')).toMatchObject({ kind: 'sensor', sensors: ['cornerRadar'], either: [] });
    expect(whyOf('Repl', 'BCW radar bracket')).toEqual(['radar bracket: replaced → Blind Spot Monitoring (holds the rear corner radars)']);
  });

  it('a sensor that says where it is, among the system’s, is that one: a PVM back camera, an SVM side camera', () => {
    expect(thingOf('PVM back camera').sensors).toEqual(['rearCamera']);
    expect(thingOf('SVM side camera')).toMatchObject({ sensors: ['mirrorCamera'], either: [] });
  });

  it('a sensor the system does not have is left open between the system’s of its kind', () => {
    expect(thingOf('SVM windshield camera')).toMatchObject({ sensors: [], either: ['grilleCamera', 'mirrorCamera', 'rearCamera'] });
  });

  it('a system with no sensor of the part’s kind changes nothing: a LaneWatch (camera) radar is the radar', () => {
    expect(thingOf('LaneWatch radar')).toMatchObject({ sensors: ['frontRadar'], either: [] });
    expect(thingOf('SVM lower grille')).toMatchObject({ text: 'lower grille', path: ['frontRadar'], near: ['grilleCamera'] });
  });

  it('a part in a sensor’s view is in front of the system’s sensor, and beside no other: a BSM radar cover, an SCC lower grille', () => {
    expect(whyOf('Repl', 'BSM radar cover')).toEqual([
      'bsm radar cover: replaced → Blind Spot Monitoring (in front of the rear corner radars)',
    ]);
    expect(thingOf('SCC lower grille')).toMatchObject({ text: 'scc lower grille', path: ['frontRadar'], near: [] });
  });

  it('a part that carries a sensor keeps its own name and what it is in front of: an SCC grille', () => {
    expect(thingOf('SCC grille')).toMatchObject({ text: 'grille', carries: ['grilleCamera', 'nightVision'], path: ['frontRadar'] });
  });

  it('two names of one system in a row are one sensor', () => {
    expect(featureOf('Surround view monitor (SVM) calibration', 'SUBLET')).toMatchObject({
      text: 'surround view monitor',
      systems: ['surroundView'],
      owner: null,
    });
  });
});

describe('a phrase of pieces only', () => {
  it('is read with its section’s part: LIFT GATE | Camera is the liftgate camera', () => {
    expect(whyOf('R&I', 'Camera', 'LIFT GATE')).toEqual([
      'liftgate camera: removed and installed → Surround View Camera (the rear camera itself)',
      'liftgate camera: removed and installed → Rear Camera (the rear camera itself)',
    ]);
  });

  it('leaves out a section part it makes no sense with: FRONT BUMPER & GRILLE | Sensor is the bumper’s', () => {
    expect(thingOf('Sensor', 'FRONT BUMPER & GRILLE')).toMatchObject({ text: 'front bumper sensor', sensors: ['park'] });
  });

  it('with no section, is the piece’s part’s at the line’s end: a front emblem is the grille’s; with no end, a piece', () => {
    expect(whyOf('Repl', 'Frt emblem')).toEqual(['grille emblem: replaced → Front Radar (in front of the front radar)']);
    expect(thingOf('Emblem')).toMatchObject({ kind: 'piece', text: 'emblem' });
  });

  it('stays itself when the piece’s part makes a piece of it too: a front lens emblem', () => {
    expect(thingOf('Frt lens emblem')).toMatchObject({ kind: 'piece', text: 'emblem of the lens' });
  });

  it('a phrase naming a part of its own is not read with its section’s parts', () => {
    expect(thingOf('Bumper cover', 'FRONT BUMPER & GRILLE').text).toBe('front bumper cover');
    expect(thingOf('LT Fender', 'FENDER').text).toBe('fender');
    // A sensor and a piece of it: the sensor's.
    expect(whyOf('Remove/Replace', 'Rear Camera Bracket', 'Liftgate')).toEqual([
      'bracket of the rear camera: replaced → Surround View Camera (holds the rear camera)',
      'bracket of the rear camera: replaced → Rear Camera (holds the rear camera)',
    ]);
  });

  it('an aside naming a part after words the scrub does not know is that part, not its section’s', () => {
    expect(featureOf('LT Rear Carrier (Knuckle)', 'REAR SUSPENSION')).toMatchObject({ text: 'knuckle', geometry: true });
  });
});

describe('a sensor the name leaves open', () => {
  it('is settled by the section that carries one of them: FRONT CAMERA under GRILLE or WINDSHIELD', () => {
    expect(sensorsOf(thingOf('Front camera', 'GRILLE'))).toEqual({ sensors: ['grilleCamera'], either: [] });
    expect(sensorsOf(thingOf('Front camera', 'WINDSHIELD'))).toEqual({ sensors: ['fwdCamera'], either: [] });
  });

  it('is settled by the part it is named with: (SVM) of a door mirror housing is the mirror camera', () => {
    expect(sensorsOf(featureOf('HOUSING, DOOR MIRROR RH (SVM)'))).toEqual({ sensors: ['mirrorCamera'], either: [] });
  });

  it('else stays open', () => {
    expect(sensorsOf(thingOf('Front camera'))).toEqual({ sensors: [], either: ['fwdCamera', 'grilleCamera'] });
    expect(positionsOf(thingOf('Front camera bracket'))).toEqual(['fwdCamera', 'grilleCamera']);
  });
});
