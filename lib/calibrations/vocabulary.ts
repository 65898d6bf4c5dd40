/**
 * The estimate vocabulary the scrub reads lines with (docs/scrub.md "The normaliser"): plain data, client-safe.
 * A firm extends it in Configuration → Estimate terms (lib/contract/estimateterms.ts); its terms come after
 * these and win over them.
 *
 * - OPERATION_CODES: the operation column as CCC ONE, Mitchell and Audatex/Qapter print it, and the words
 *   estimators type, mapped to one set of operations. Keys are compared in lower case without spaces.
 * - TERMS: abbreviations, other names and misspellings, [written, meaning], compared word by word after
 *   plurals are made singular; the longest written form wins. Meanings use the words of the knowledge base.
 * - The word classes below say how a word takes part in a part name (docs/scrub.md "The matching rule").
 */

import type { Operation } from './operations';

export { OPERATIONS, OPERATION_NAMES, type Operation } from './operations';

const codes = (op: Operation, list: string) => list.split(' ').map((c) => [c, op] as const);

/** Operation codes and words, keyed in lower case without spaces. */
export const OPERATION_CODES: Readonly<Record<string, Operation>> = Object.fromEntries([
  ...codes('replace', 'repl rpl rplc replace replaced replacement r&r r+r r/r remove/replace remove&replace removeandreplace rem/repl rmv/repl rmv&repl rmv/rpl rem&repl replace/refinish repl/refn new exch exchange section sect sectioning'),
  ...codes('remove', 'r&i r+i r/i ri remove/install remove&install removeandinstall removeandreinstall remove&reinstall rem/inst d&r d/r detach&reset remove removal reinstall r&ionly remove/reinstall rmv/inst rmv&inst rem&inst rem/install removeonly'),
  ...codes('overhaul', 'o/h oh overhaul o/hl ovh'),
  ...codes('repair', 'rpr repair repaired straighten pdr repair/refinish rpr/refn rpr/rfn'),
  ...codes('refinish', 'refn rfn refinish ref refin paint pnt refinishonly'),
  ...codes('blend', 'blnd blend bld'),
  ...codes('align', 'algn align alignment'),
  ...codes('sublet', 'subl sublet sub s/l sblt'),
  ...codes('labor', "add'llabor addllabor add'lopr addlopr add'lcost addlcost add'l addl additionallabor additionalcost additionaloperation laboronly labor lbr misc other mech mechanical"),
  ...codes('check', 'chk check check/adjust inspect insp inspection diag diagnose diagnosis test measure'),
]);

/** Operation words recognised inside a description ("repl frt bumper", "windshield replacement"). */
export const DESCRIPTION_OPERATIONS: ReadonlySet<string> = new Set(
  'repl rpl rplc replace replaced replacement r&r r+r remove/replace r&i r+i r/i ri remove removal reinstall o/h overhaul rpr repair repaired straighten pdr refn rfn refinish paint blnd blend subl sublet check inspect inspection diag diagnose diagnosis'.split(' '),
);

/** [written, meaning]. Written forms are matched as whole words; a meaning may be several words. */
export const TERMS: readonly (readonly [string, string])[] = [
  // sides and ends
  ['lt', 'left'], ['lh', 'left'], ['l', 'left'], ['drvr', 'left'], ['rt', 'right'], ['rh', 'right'], ['r', 'right'], ['pass', 'right'],
  ['both sides', 'both'], ['both side', 'both'], ['each side', 'both'], ['l&r', 'both'], ['lt/rt', 'both'], ['lh/rh', 'both'], ['l/r', 'both'], ['r/l', 'both'], ['l+r', 'both'],
  ['frt', 'front'], ['fr', 'front'], ['fnt', 'front'], ['frnt', 'front'], ['ft', 'front'], ['fwd', 'forward'],
  ['rr', 'rear'], ['rer', 'rear'], ['lf', 'left front'], ['rf', 'right front'], ['lr', 'left rear'],
  ['ctr', 'center'], ['cntr', 'center'], ['upr', 'upper'], ['lwr', 'lower'], ['otr', 'outer'], ['inr', 'inner'], ['outr', 'outer'],
  // assemblies and descriptors
  ['assy', 'assembly'], ['asm', 'assembly'], ['assm', 'assembly'], ['ass', 'assembly'], 
  // operations written as words
  ['remove and install', 'r&i'], ['remove & install', 'r&i'], ['remove and reinstall', 'r&i'], ['remove & reinstall', 'r&i'], ['remove install', 'r&i'],
  ['remove and replace', 'r&r'], ['remove & replace', 'r&r'], ['remove replace', 'r&r'], ['r & i', 'r&i'], ['r & r', 'r&r'],
  ['pre-repair', 'prerepair'], ['pre repair', 'prerepair'], ['post-repair', 'postrepair'], ['post repair', 'postrepair'], ['pre-scan', 'prescan'], ['post-scan', 'postscan'],
  // bumpers
  ['bpr', 'bumper'], ['bmpr', 'bumper'], ['bump', 'bumper'], ['bumber', 'bumper'], ['cvr', 'cover'], ['fascia', 'bumper cover'], ['facia', 'bumper cover'], ['bumper skin', 'bumper cover'],
  ['bumper face bar', 'bumper'], ['face bar', 'bumper'], ['reinf', 'reinforcement'], ['reinforcment', 'reinforcement'], ['rebar', 'bumper reinforcement'], ['impact bar', 'bumper reinforcement'],
  ['bumper beam', 'bumper reinforcement'], ['impact beam', 'reinforcement'], ['absrbr', 'absorber'], ['absorbr', 'absorber'], ['energy absorber', 'absorber'], ['impact absorber', 'absorber'],
  ['retnr', 'retainer'], ['brkt', 'bracket'], ['brk', 'bracket'], ['mtg', 'mounting'], ['mounting bracket', 'bracket'],
  // grille and emblems
  ['grl', 'grille'], ['grill', 'grille'], ['grle', 'grille'], ['emblm', 'emblem'], ['embl', 'emblem'], ['nameplate', 'emblem'], ['name plate', 'emblem'], ['badge', 'emblem'], ['logo', 'emblem'],
  ['mldg', 'molding'], ['moulding', 'molding'], ['mldng', 'molding'], ['mold', 'molding'],
  // glass
  ['w/s', 'windshield'], ['ws', 'windshield'], ['w/shield', 'windshield'], ['wshield', 'windshield'], ['windscreen', 'windshield'], ['front glass', 'windshield'], ['windshield glass', 'windshield'],
  ['glass windshield', 'windshield'], ['w/s glass', 'windshield'], ['whsld', 'windshield'], ['wndshld', 'windshield'],
  // cameras
  ['cam', 'camera'], ['camra', 'camera'], ['camer', 'camera'],
  ['backup camera', 'rear camera'], ['back up camera', 'rear camera'], ['back-up camera', 'rear camera'], ['b/u camera', 'rear camera'], ['rear view camera', 'rear camera'], ['rearview camera', 'rear camera'],
  ['reverse camera', 'rear camera'], ['reversing camera', 'rear camera'], ['rear vision camera', 'rear camera'], ['rvc', 'rear camera'], ['rear view monitor', 'rear camera'], ['rearview monitor', 'rear camera'],
  ['rear view mirror', 'inside mirror'], ['rearview mirror', 'inside mirror'], ['inside rear view mirror', 'inside mirror'], ['inside rearview mirror', 'inside mirror'], ['interior mirror', 'inside mirror'], ['inner mirror', 'inside mirror'],
  ['front view camera', 'forward camera'], ['forward view camera', 'forward camera'], ['forward facing camera', 'forward camera'], ['front facing camera', 'forward camera'], ['windshield camera', 'forward camera'],
  ['lane departure camera', 'forward camera'], ['lane keep camera', 'forward camera'], ['lane keeping camera', 'forward camera'], ['lane keep assist camera', 'forward camera'],
  ['multipurpose camera', 'forward camera'], ['multi purpose camera', 'forward camera'], ['mpc', 'forward camera'], ['forward collision camera', 'forward camera'], ['fcw camera', 'forward camera'],
  ['lka', 'lane keep assist'], ['lkas', 'lane keep assist'], ['ldw', 'lane departure warning'], ['fcw', 'forward collision warning'], ['aeb', 'automatic emergency braking'],
  ['side view camera', 'side camera'], ['lane watch', 'lanewatch'], 
  ['360 camera', 'surround view camera'], ['360 degree camera', 'surround view camera'], ['360-degree camera', 'surround view camera'], ['360 view', 'surround view'], ['surround vision', 'surround view'],
  ['around view monitor', 'surround view'], ['around view', 'surround view'], ['avm', 'surround view'], ['svm', 'surround view'], ['multi view', 'surround view'],
  ['multiview', 'surround view'], ['multi-view', 'surround view'], ['panoramic view monitor', 'surround view'], ['panoramic view', 'surround view'], ['pvm', 'surround view'], ['bird eye view', 'surround view'],
  ['bird eye', 'surround view'], ['birds eye view', 'surround view'], ['top view', 'surround view'], ['surround view monitor', 'surround view'],
  // radar
  ['radr', 'radar'], ['rdr', 'radar'], ['acc', 'adaptive cruise'], ['adaptive cruise control', 'adaptive cruise'], ['icc', 'adaptive cruise'],
  ['scc', 'adaptive cruise'], ['smart cruise control', 'adaptive cruise'], ['ccm', 'cruise control module'], ['lrr', 'long range radar'], ['mmw', 'millimeter wave'], ['millimetre', 'millimeter'],
  ['bsm', 'blind spot'], ['bsi', 'blind spot'], ['blis', 'blind spot'], ['bsd', 'blind spot'], ['sbza', 'blind spot'], ['srvd', 'blind spot'], ['bsw', 'blind spot'], ['blind-spot', 'blind spot'],
  ['blindspot', 'blind spot'], ['blind spot monitor', 'blind spot'], ['blind spot monitoring', 'blind spot'], ['blind spot detection', 'blind spot'], ['blind spot information', 'blind spot'],
  ['rcta', 'rear cross traffic'], ['rcw', 'rear cross traffic'], ['rear cross traffic alert', 'rear cross traffic'], ['cross traffic', 'cross traffic'],
  // park sensors
  ['parking', 'park'], ['pdc', 'park'], ['park distance control', 'park'], ['park distance', 'park'], ['parking distance', 'park'], ['park aid', 'park'], ['park assist', 'park'],
  ['backup sensor', 'rear park sensor'], ['back up sensor', 'rear park sensor'], ['back-up sensor', 'rear park sensor'], ['reverse sensor', 'rear park sensor'], ['reversing sensor', 'rear park sensor'],
  ['ultrasonic sensor', 'park sensor'], ['ultrasonic', 'park sensor'], ['sonar sensor', 'park sensor'], ['clearance sonar', 'park sensor'], ['sonar', 'park sensor'], 
  ['snsr', 'sensor'], ['sens', 'sensor'], ['sen', 'sensor'], ['sensr', 'sensor'],
  // mirrors
  ['mirr', 'mirror'], ['mir', 'mirror'], ['mirrow', 'mirror'], ['door mirror', 'outside mirror'], ['side mirror', 'outside mirror'], ['side view mirror', 'outside mirror'], ['exterior mirror', 'outside mirror'],
  ['outside rear view mirror', 'outside mirror'], ['outside rearview mirror', 'outside mirror'], ['power mirror', 'outside mirror'], ['o/s mirror', 'outside mirror'], ['otsd', 'outside'], ['cap', 'cover'], ['skull cap', 'cover'],
  // rear closures
  ['lift gate', 'liftgate'], ['lift-gate', 'liftgate'], ['lftgt', 'liftgate'], ['lgate', 'liftgate'], ['l/gate', 'liftgate'], ['liftgat', 'liftgate'], ['tailgate', 'liftgate'], ['tail gate', 'liftgate'],
  ['back door', 'liftgate'], ['backdoor', 'liftgate'], ['rear gate', 'liftgate'], ['hatch', 'liftgate'], ['hatchback', 'liftgate'], ['rear hatch', 'liftgate'],
  ['deck lid', 'trunk lid'], ['decklid', 'trunk lid'], ['trunklid', 'trunk lid'], ['trunk-lid', 'trunk lid'], ['dlid', 'trunk lid'],
  // quarter panels and body
  ['qtr', 'quarter'], ['qrtr', 'quarter'], ['qtr pnl', 'quarter panel'], ['pnl', 'panel'], ['quarter outer panel', 'quarter panel'], ['quarter skin', 'quarter panel'], ['rad supt', 'radiator support'],
  ['supt', 'support'], ['sppt', 'support'], ['fndr', 'fender'], ['whl', 'wheel'], ['wheelhouse', 'wheelhouse'],
  // lamps
  ['hdlmp', 'headlamp'], ['hdlp', 'headlamp'], ['headlight', 'headlamp'], ['head lamp', 'headlamp'], ['head light', 'headlamp'], ['tail light', 'tail lamp'], ['taillight', 'tail lamp'],
  // steering and suspension
  ['str', 'steering'], ['strg', 'steering'], ['stg', 'steering'], ['steer', 'steering'], ['col', 'column'], ['clmn', 'column'], ['colum', 'column'],
  ['sas', 'steering angle sensor'], ['steering angle sensor', 'steering angle sensor'], ['steering wheel angle sensor', 'steering angle sensor'], ['str angle sensor', 'steering angle sensor'],
  ['clockspring', 'clock spring'], ['spiral cable', 'clock spring'], ['spiral spring', 'clock spring'], ['cable reel', 'clock spring'], ['spiral cable clock spring', 'clock spring'],
  ['tre', 'tie rod end'], ['tie-rod', 'tie rod'], ['tierod', 'tie rod'], ['tie rod end', 'tie rod'], 
  ['rack and pinion', 'steering gear'], ['rack & pinion', 'steering gear'], ['r&p', 'steering gear'], ['steering rack', 'steering gear'], ['gear box', 'steering gear'], ['gearbox', 'steering gear'],
  ['steering gear box', 'steering gear'], ['steering box', 'steering gear'],
  ['ctrl arm', 'control arm'], ['cntrl arm', 'control arm'], ['cont arm', 'control arm'], ['lca', 'lower control arm'], ['uca', 'upper control arm'], ['lower arm', 'lower control arm'], ['upper arm', 'upper control arm'],
  ['a-arm', 'control arm'], ['a arm', 'control arm'], ['wishbone', 'control arm'], ['track control arm', 'control arm'], ['arm lower control', 'lower control arm'],
  ['kncl', 'knuckle'], ['knckl', 'knuckle'], ['knuck', 'knuckle'], ['spindle', 'knuckle'], ['steering knuckle', 'knuckle'], ['upright', 'knuckle'],
  ['sub frame', 'subframe'], ['sub-frame', 'subframe'], ['crossmember', 'subframe'], ['cross member', 'subframe'], ['x-member', 'subframe'], ['k-member', 'subframe'], ['k member', 'subframe'],
  ['k-frame', 'subframe'], ['k frame', 'subframe'], ['cradle', 'subframe'], ['engine cradle', 'subframe'], ['suspension member', 'subframe'],
  ['strt', 'strut'], ['strut assembly', 'strut'], ['quick strut', 'strut'], ['shock and strut', 'strut'], ['macpherson strut', 'strut'], 
  ['stab', 'stabilizer'], ['sway bar', 'stabilizer'], ['swaybar', 'stabilizer'], ['anti-roll bar', 'stabilizer'], ['stabilizer bar', 'stabilizer'], ['toe link', 'toe link'], ['trailing link', 'trailing arm'],
  ['balljoint', 'ball joint'], ['ball jt', 'ball joint'],
  // alignment and calibration words
  ['algn', 'alignment'], ['align', 'alignment'], ['alignmt', 'alignment'], ['alinement', 'alignment'], ['aligment', 'alignment'], ['allignment', 'alignment'], ['alighnment', 'alignment'],
  ['4', 'four'], ['4-wheel', 'four wheel'], ['4whl', 'four wheel'], ['4wheel', 'four wheel'], ['2', 'two'], ['2-wheel', 'two wheel'], ['4wd', 'four wheel'], ['awd', 'four wheel'],
  ['calibraton', 'calibration'], ['calabration', 'calibration'], ['callibration', 'calibration'], ['calib', 'calibration'], ['cal', 'calibration'], ['cali', 'calibration'], ['calibrate', 'calibration'],
  ['recalibrate', 'calibration'], ['recalibration', 'calibration'], ['re-calibrate', 'calibration'], ['re-calibration', 'calibration'], ['calibrating', 'calibration'], ['calibrated', 'calibration'],
  ['re-aim', 'aim'], ['reaim', 'aim'], ['aiming', 'aim'], ['aimed', 'aim'], ['initialise', 'initialization'], ['initialize', 'initialization'], ['initialisation', 'initialization'], ['init', 'initialization'],
  ['zero point calibration', 'calibration'], ['zero point', 'calibration'], ['re-learn', 'relearn'], ['reprogram', 'programming'], ['program', 'programming'], ['adjust', 'adjustment'],
  ['beam axis adjustment', 'aim'], ['axis adjustment', 'aim'],
  // other names
  ['air bag', 'airbag'], ['srs', 'airbag'], ['dashcam', 'dash camera'], ['dash cam', 'dash camera'], ['tpms', 'tire pressure'], ['a/c', 'air conditioning'],
];

/** Words that qualify a part without naming another: "Bumper cover assy", "Lift gate shell", "Quarter outer panel". */
export const DESCRIPTORS: ReadonlySet<string> = new Set(
  'assembly mounting complete compl upper lower inner outer center centre middle mid new oem used recycled lkq capa certified aftermarket primed textured painted unpainted chrome black smooth panel shell skin housing unit module piece pc portion section half only each set pair pr type style base the a an of in on at w'.split(' '),
);

/** Front and rear: a part's end of the vehicle, from the line or its section. */
export const ZONES: ReadonlySet<string> = new Set(['front', 'rear']);
/** Left and right (and both): read and set aside; a calibration does not depend on the side. */
export const SIDES: ReadonlySet<string> = new Set(['left', 'right', 'both']);

/** Words that name the sensor itself: a keyword holding one triggers on any work but paint and a check. */
export const SENSOR_WORDS: ReadonlySet<string> = new Set(['sensor', 'radar', 'camera', 'lidar', 'transducer']);
/** Work that is itself a calibration of a system when the system is named ("radar alignment", "SAS reset"). */
export const CALIBRATION_WORDS: ReadonlySet<string> = new Set(['calibration', 'aim', 'reset', 'relearn', 'learn', 'initialization', 'programming', 'adjustment', 'alignment', 'static', 'dynamic', 'target']);
/** What an alignment aligns when it is a wheel alignment ("Four wheel alignment", "Front end alignment", a bare "Alignment"). */
export const WHEEL_ALIGNMENT_WORDS: ReadonlySet<string> = new Set(['four', 'two', 'wheel', 'front', 'rear', 'end', 'thrust', 'angle', 'all', 'toe', 'camber', 'caster', 'total', 'suspension', 'steering']);

/** A sensor's mount or cover: "ACC sensor bracket" is work on the sensor's mount. */
export const MOUNT_WORDS: ReadonlySet<string> = new Set(['bracket', 'retainer', 'mount', 'holder', 'bezel', 'cover', 'shroud', 'housing', 'clip']);
/** Words that start a "with" part ("Mirror assy w/ camera") or drop the rest ("w/o sensor holes"). */
export const WITH_WORDS: ReadonlySet<string> = new Set(['with', 'incl', 'including', 'includes', 'plus']);
export const WITHOUT_WORDS: ReadonlySet<string> = new Set(['without', 'less', 'excluding', 'excl']);
/** Words that start why a part is worked on, which is not the part itself ("R&I grille for radar access"). */
export const PURPOSE_WORDS: ReadonlySet<string> = new Set(['for', 'by', 'per', 'due', 'to', 'from', 'because']);
/** Words that join two parts of one line ("Bumper cover & grille"). */
export const CONJUNCTIONS: ReadonlySet<string> = new Set(['&', 'and', '/', '+']);
/** Section words that name no part ("MISCELLANEOUS OPERATIONS", "ELECTRICAL", "REAR BODY"). */
export const NEUTRAL_SECTION_WORDS: ReadonlySet<string> = new Set(
  'misc miscellaneous operation electrical electric diagnostic vehicle general other labor additional body mechanical sublet system systems adas add cost'.split(' '),
);
/** The end of the vehicle a location names without saying it ("grille": the front), for the zone check. */
export const PART_ZONES: Readonly<Record<string, 'front' | 'rear'>> = {
  grille: 'front', windshield: 'front', hood: 'front', radiator: 'front', headlamp: 'front', fender: 'front',
  liftgate: 'rear', trunk: 'rear', quarter: 'rear', tail: 'rear',
};
/**
 * Words that name a piece without saying whose ("Camera", "Sensor bracket", "Glass"): such a line is read
 * with its section's part in front, as CCC ONE prints it ("LIFT GATE" + "Camera" = "liftgate camera").
 */
export const GENERIC_WORDS: ReadonlySet<string> = new Set(['sensor', 'camera', 'bracket', 'cover', 'glass', 'emblem', 'retainer', 'bezel', 'holder', 'mount', 'reinforcement', 'absorber']);
