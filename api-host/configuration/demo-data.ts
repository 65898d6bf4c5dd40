/**
 * DEMO KNOWLEDGE BASE — illustrative data for demonstrations and tests, not OEM repair information.
 *
 * It is modelled on how the ADAS make matrices of the trade look (systems, where they sit, which repairs
 * disturb them, static or dynamic calibration, the words a CCC ONE estimate uses for those repairs), for
 * ten makes over recent model years. System names follow the makes' public marketing names; the URLs
 * point at the makes' public service-information portals. Do not use it to decide a real calibration.
 * The scrub's rules in it (RULES, exceptions, exclusions) and their basis: docs/scrub.md "The demo knowledge base".
 */
import type { CalibrationMode } from '../../lib/configuration/constants';

/** The keyword lists an estimate line is matched on: its section (location), its description (line), its sublet. */
export interface Keywords {
  location: readonly string[];
  line: readonly string[];
  sublet: readonly string[];
}

export interface SystemDemo {
  name: string;
  notice: string;
  hints: string;
  keywords: readonly string[];
  items: readonly string[];
  highlight?: boolean;
  inactive?: boolean;
}

export const DEMO_SYSTEMS: readonly SystemDemo[] = [
  {
    name: 'Forward Camera',
    notice: 'Windshield replacement, or removing the camera or its bracket, requires a forward camera calibration.',
    hints: 'Check the windshield is OEM or OE-equivalent glass with the camera bracket bonded in the right place.',
    keywords: ['windshield', 'front camera', 'camera bracket', 'lane departure'],
    items: ['Camera lens clean and unobstructed', 'Windshield is OEM or OE-equivalent glass', 'Camera bracket secure, no cracks', 'No fault codes after calibration'],
    highlight: true,
  },
  {
    name: 'Front Radar',
    notice: 'Removing the bumper cover, grille or emblem in front of the radar, or the radar bracket, requires a radar aiming.',
    hints: 'Radar covers and emblems must be OEM parts: aftermarket paint or emblems block the radar beam.',
    keywords: ['front radar', 'adaptive cruise', 'grille emblem'],
    items: ['Radar cover or emblem undamaged and unpainted', 'Radar bracket not bent', 'Radar aim within specification'],
    highlight: true,
  },
  {
    name: 'Blind Spot Monitoring',
    notice: 'Replacing, removing or repairing the rear bumper or a quarter panel near the corner radars, or the radars or their brackets, requires a blind-spot radar calibration.',
    hints: 'Paint film build on the bumper cover over the sensor must stay within the OEM limit.',
    keywords: ['blind spot', 'rear cross traffic'],
    items: ['Sensor brackets secure', 'Bumper cover paint thickness within limit', 'Indicator lamps in the mirrors work'],
  },
  {
    name: 'Park Assist',
    notice: 'Replacing a bumper cover with parking sensors, or removing a sensor or its retainer, requires the sensors to be initialized.',
    hints: 'Sensors must sit flush in their retainers; the retainers are often bonded to the new bumper cover.',
    keywords: ['parking sensor', 'park assist', 'sonar'],
    items: ['All sensors present and flush', 'Retainers bonded at the right angle', 'System test passes'],
  },
  {
    name: 'Surround View Camera',
    notice: 'Removing or replacing an outside mirror, the grille, the liftgate or trunk lid (each carries a camera), or a camera itself, requires a surround-view camera calibration.',
    hints: 'Static surround-view calibration needs the OEM target mats and a level floor.',
    keywords: ['surround view', '360 camera', 'around view'],
    items: ['All four cameras show an image', 'Camera housings undamaged', 'Overhead view stitched correctly'],
  },
  {
    name: 'Rear Camera',
    notice: 'Removing or replacing the liftgate, trunk lid or rear camera requires a rear camera calibration.',
    hints: 'Guidelines on the screen must match the vehicle track after repair.',
    keywords: ['backup camera', 'rear camera'],
    items: ['Image clear', 'Guidelines aligned'],
  },
  {
    name: 'Side Camera',
    notice: 'Removing or replacing an outside mirror with its camera, or the camera, requires a side camera calibration.',
    hints: 'Passenger-side mirror cameras (LaneWatch and similar) are aimed with a target.',
    keywords: ['side camera', 'mirror camera'],
    items: ['Image shown on signal', 'Mirror glass and housing undamaged'],
  },
  {
    name: 'Steering Angle Sensor',
    notice: 'A wheel alignment, or steering or suspension parts that change it removed or replaced, requires a steering angle sensor reset.',
    hints: 'Reset after the alignment, with the wheels straight ahead.',
    keywords: ['steering angle', 'alignment'],
    items: ['Steering wheel centered', 'Sensor reset after alignment', 'No stability control warning'],
  },
  {
    name: 'Adaptive Headlamps',
    notice: 'Replacing a headlamp or its mounting requires the headlamps to be aimed and the leveling system initialized.',
    hints: 'Aim on a level floor with the vehicle at curb weight.',
    keywords: ['headlamp', 'afs'],
    items: ['Beam pattern aimed', 'Leveling initialized'],
  },
  {
    name: 'Head-Up Display',
    notice: 'Windshield replacement on a vehicle with a head-up display requires the image to be adjusted.',
    hints: 'Head-up displays need HUD-compatible windshield glass.',
    keywords: ['head-up display', 'hud'],
    items: ['HUD-compatible glass fitted', 'Image not doubled or tilted'],
  },
  {
    name: 'Driver Monitoring',
    notice: 'Removing the steering column cover or instrument panel with the driver camera requires the camera to be initialized.',
    hints: 'The driver-attention camera must see the driver with no trim in the way.',
    keywords: ['driver monitoring', 'driver attention'],
    items: ['Camera unobstructed', 'System initialized'],
  },
  {
    name: 'Night Vision',
    notice: 'Replacing the grille or bumper with the night-vision camera requires a static calibration.',
    hints: 'Thermal cameras need the OEM calibration target, warmed up.',
    keywords: ['night vision'],
    items: ['Camera window clean', 'Image aligned'],
  },
  {
    name: 'Lidar',
    notice: 'Lidar sensors are not in this demo knowledge base yet.',
    hints: '',
    keywords: ['lidar'],
    items: [],
    inactive: true,
  },
];

/** [system type, name, mode, network price in dollars or null]. System types: schema.ts. */
export const DEMO_CALIBRATIONS: readonly (readonly [number, string, CalibrationMode, number | null])[] = [
  [1, 'Forward camera – static', 'static', 295],
  [1, 'Forward camera – dynamic', 'dynamic', 195],
  [1, 'Forward camera – static + dynamic', 'static-dynamic', 395],
  [2, 'Front radar – static', 'static', 275],
  [2, 'Front radar – dynamic', 'dynamic', 195],
  [3, 'Corner radar – static', 'static', 225],
  [3, 'Corner radar – dynamic', 'dynamic', 175],
  [4, 'Parking sensors – initialization', 'initialization', 95],
  [5, 'Surround-view cameras – static', 'static', 350],
  [6, 'Rear camera – static', 'static', 150],
  [6, 'Rear camera – initialization', 'initialization', 85],
  [7, 'Side camera – static', 'static', 175],
  [7, 'Side camera – dynamic', 'dynamic', 150],
  [8, 'Steering angle sensor – reset', 'initialization', 75],
  [9, 'Headlamp aim – static', 'static', 125],
  [10, 'Head-up display – adjustment', 'initialization', 150],
  [11, 'Driver monitoring camera – initialization', 'initialization', 125],
  [12, 'Night vision camera – static', 'static', 325],
  [13, 'Lidar – static', 'static', null],
];

/** Firms' own prices: [firm, calibration name, dollars]. */
export const DEMO_FIRM_PRICES: readonly (readonly [number, string, number])[] = [
  [6, 'Forward camera – static', 325],
  [6, 'Front radar – static', 289.5],
  [9, 'Forward camera – dynamic', 175],
  [12, 'Steering angle sensor – reset', 65],
];

// ── the rules: the estimate words of each kind of repair ───────────────────────────────────────────
/**
 * One general rule per system, as I-CAR/SCRS guidance and the OEM position statements put it, for all ten
 * makes (docs/scrub.md "The demo knowledge base"): line keywords name the parts whose replacement or removal
 * requires the calibration (a keyword starting with "repair" also its repair; one naming the sensor, its
 * mount or a wheel alignment any work but paint), sublet keywords the names a calibration line gives the
 * system, location keywords where its sensors sit. Written in the scrub's words (lib/calibrations/vocabulary.ts
 * reads "fascia", "Frt", "R&I"… into them). A make that really differs has an exception (DEMO_MAKE_EXCEPTIONS).
 */
export const RULES = {
  // Windshield replacement or removal, and the camera or its bracket, require a forward camera calibration.
  forwardCamera: {
    location: ['windshield', 'glass'],
    line: ['windshield', 'forward camera', 'front camera', 'forward camera bracket', 'front camera bracket', 'forward camera cover', 'front camera cover', 'forward camera mount'],
    sublet: ['forward camera', 'front camera', 'windshield camera', 'lane departure camera', 'lane keep assist camera', 'multipurpose camera', 'forward collision camera', 'lane departure', 'lane keep', 'forward collision', 'eyesight', 'ipma', 'kafas'],
  },
  // The front bumper cover, grille or emblem in front of the radar removed (or the cover repaired), and the radar or its bracket.
  frontRadar: {
    location: ['front bumper', 'grille'],
    line: [
      'front bumper cover', 'front bumper', 'repair front bumper cover', 'repair front bumper', 'grille', 'front emblem', 'grille emblem', 'front bumper reinforcement', 'front bumper absorber',
      'radar', 'radar sensor', 'radar bracket', 'radar cover', 'radar mount', 'adaptive cruise sensor', 'cruise control sensor', 'distance sensor', 'cruise control module',
    ],
    sublet: ['front radar', 'radar', 'adaptive cruise', 'cruise control', 'distance sensor', 'millimeter wave radar', 'long range radar'],
  },
  // Rear bumper and quarter panel work near the corners (replaced, removed or repaired), and the corner radars.
  blindSpot: {
    location: ['rear bumper', 'quarter panel'],
    line: [
      'rear bumper cover', 'rear bumper', 'repair rear bumper cover', 'repair rear bumper', 'quarter panel', 'repair quarter panel', 'rear bumper reinforcement',
      'blind spot sensor', 'blind spot radar', 'blind spot bracket', 'blind spot sensor bracket', 'blind spot radar bracket', 'rear radar', 'rear radar sensor', 'rear radar bracket', 'corner radar', 'side radar',
      'rear cross traffic sensor', 'rear cross traffic radar',
    ],
    sublet: ['blind spot', 'blind spot radar', 'blind spot sensor', 'rear radar', 'corner radar', 'side radar', 'rear cross traffic', 'lane change assist'],
  },
  // A bumper replaced with its sensors moved to it, and the sensors or their retainers.
  park: {
    location: ['front bumper', 'rear bumper'],
    line: ['front bumper cover', 'rear bumper cover', 'front bumper', 'rear bumper', 'park sensor', 'park sensor bracket', 'park sensor retainer', 'park sensor bezel', 'park sensor holder', 'bumper sensor', 'bumper sensor bracket', 'bumper sensor retainer'],
    sublet: ['park sensor', 'park assist', 'park', 'sonar', 'ultrasonic sensor'],
  },
  // Mirror, grille and liftgate work with a camera, and the cameras themselves.
  surround: {
    location: ['outside mirror', 'front door', 'grille', 'liftgate', 'trunk lid'],
    line: ['outside mirror', 'mirror', 'mirror cover', 'grille', 'liftgate', 'trunk lid', 'surround view camera', 'surround camera', 'grille camera', 'front bumper camera', 'mirror camera', 'door camera', 'side camera', 'rear camera', 'liftgate camera', 'trunk lid camera'],
    sublet: ['surround view', 'surround view camera', 'surround camera', 'around view monitor', '360 camera', 'multi view camera', 'panoramic view monitor'],
  },
  // The liftgate, trunk lid or rear camera removed or replaced.
  rearCamera: {
    location: ['liftgate', 'trunk lid', 'rear bumper'],
    line: ['liftgate', 'trunk lid', 'rear camera', 'liftgate camera', 'trunk lid camera', 'rear camera bracket'],
    sublet: ['rear camera', 'backup camera', 'rear view camera'],
  },
  // An outside mirror with its camera removed or replaced, and the camera.
  sideCamera: {
    location: ['outside mirror', 'front door'],
    line: ['outside mirror', 'mirror', 'mirror cover', 'side camera', 'mirror camera', 'door camera', 'lanewatch camera', 'lanewatch'],
    sublet: ['side camera', 'mirror camera', 'lanewatch', 'side view camera'],
  },
  // Tesla's side cameras sit in the front fender repeaters and the B-pillars.
  fenderCamera: {
    location: ['front fender', 'b pillar'],
    line: ['fender', 'fender camera', 'repeater camera', 'side repeater', 'b pillar', 'b pillar camera', 'side camera'],
    sublet: ['side camera', 'repeater camera', 'b pillar camera'],
  },
  // A wheel alignment, and steering and suspension parts that change it.
  steeringAngle: {
    location: ['steering column', 'steering', 'suspension'],
    line: [
      'wheel alignment', 'steering angle sensor', 'steering wheel', 'steering column', 'steering shaft', 'intermediate shaft', 'steering gear', 'tie rod', 'clock spring', 'control arm', 'knuckle', 'strut', 'subframe',
      'trailing arm', 'toe link', 'lateral link', 'radius arm', 'ball joint', 'camber arm', 'toe arm',
    ],
    sublet: ['steering angle sensor', 'steering angle', 'steering sensor'],
  },
  headlamp: { location: ['headlamp', 'front lamp'], line: ['headlamp', 'headlamp bracket', 'headlamp leveling sensor'], sublet: ['headlamp', 'headlamp leveling'] },
  hud: { location: ['windshield', 'instrument panel'], line: ['windshield', 'head up display', 'hud'], sublet: ['head up display', 'hud'] },
  dms: { location: ['steering column', 'instrument panel'], line: ['driver monitoring camera', 'driver camera', 'steering column cover', 'instrument panel'], sublet: ['driver monitoring', 'driver attention', 'driver camera'] },
  nightVision: { location: ['grille', 'front bumper'], line: ['grille', 'night vision camera', 'front bumper cover'], sublet: ['night vision'] },
} satisfies Record<string, Keywords>;
const K = RULES;

/** One system of a make: one make matrix per range of years. */
export interface MakeSystemDemo {
  system: string;
  oem: string;
  location: string;
  /** Location type id (schema.ts). */
  locationType: number;
  /** One calibration per range of years (the last one repeats). */
  calibrations: readonly string[];
  years: readonly (readonly [number, number])[];
  /** Omitted: every model of the make. */
  models?: readonly string[];
  rr: boolean;
  ri: boolean;
  keywords: Keywords;
  notice?: string;
  staticNames?: readonly string[];
  dynamicNames?: readonly string[];
  aliases?: readonly string[];
}

export interface MakeDemo {
  make: string;
  models: readonly string[];
  url: string;
  source: string;
  systems: readonly MakeSystemDemo[];
}

const CAMERA_NOTICE = 'Windshield replacement or camera bracket R&I: calibrate the forward camera.';

export const DEMO_MAKES: readonly MakeDemo[] = [
  {
    make: 'Toyota',
    models: ['Camry', 'Corolla', 'RAV4', 'Highlander', 'Tacoma', 'Tundra', 'Prius', 'Sienna'],
    url: 'https://techinfo.toyota.com',
    source: 'Toyota position statement',
    systems: [
      { system: 'Forward Camera', oem: 'Toyota Safety Sense forward recognition camera', location: 'Windshield, behind the rearview mirror', locationType: 1, calibrations: ['Forward camera – static'], years: [[2018, 2021], [2022, 2025]], rr: true, ri: true, keywords: K.forwardCamera, notice: 'Toyota requires a static camera calibration after windshield replacement or camera bracket removal.', staticNames: ['Front camera static calibration (target board)'], aliases: ['TSS 2.0 camera', 'TSS 3.0 camera'] },
      { system: 'Front Radar', oem: 'Millimeter wave radar sensor', location: 'Behind the grille emblem', locationType: 3, calibrations: ['Front radar – static'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.frontRadar, staticNames: ['Millimeter wave radar beam axis adjustment'] },
      { system: 'Blind Spot Monitoring', oem: 'Blind Spot Monitor (BSM) sensors', location: 'Rear bumper corners', locationType: 4, calibrations: ['Corner radar – static'], years: [[2018, 2025]], models: ['Camry', 'RAV4', 'Highlander', 'Tacoma', 'Tundra', 'Sienna'], rr: true, ri: true, keywords: K.blindSpot, staticNames: ['Blind spot monitor beam axis adjustment'] },
      { system: 'Park Assist', oem: 'Intelligent Clearance Sonar', location: 'Front and rear bumpers', locationType: 2, calibrations: ['Parking sensors – initialization'], years: [[2019, 2025]], models: ['RAV4', 'Highlander', 'Sienna', 'Tundra'], rr: true, ri: false, keywords: K.park },
      { system: 'Surround View Camera', oem: 'Panoramic View Monitor', location: 'Outside mirrors, grille and back door', locationType: 5, calibrations: ['Surround-view cameras – static'], years: [[2020, 2025]], models: ['Highlander', 'Sienna', 'RAV4', 'Tundra'], rr: true, ri: true, keywords: K.surround, staticNames: ['Panoramic view monitor calibration (target mats)'] },
      { system: 'Rear Camera', oem: 'Rear view camera', location: 'Back door or trunk lid', locationType: 6, calibrations: ['Rear camera – initialization'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.rearCamera },
      { system: 'Steering Angle Sensor', oem: 'Steering angle sensor', location: 'Steering column', locationType: 13, calibrations: ['Steering angle sensor – reset'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.steeringAngle },
      { system: 'Head-Up Display', oem: 'Color head-up display', location: 'Instrument panel, projected on the windshield', locationType: 1, calibrations: ['Head-up display – adjustment'], years: [[2020, 2025]], models: ['Camry', 'Highlander', 'Prius'], rr: true, ri: true, keywords: K.hud },
    ],
  },
  {
    make: 'Honda',
    models: ['Accord', 'Civic', 'CR-V', 'Pilot', 'Odyssey', 'HR-V', 'Ridgeline'],
    url: 'https://techinfo.honda.com',
    source: 'Honda service information',
    systems: [
      { system: 'Forward Camera', oem: 'Honda Sensing multipurpose camera', location: 'Windshield, upper center', locationType: 1, calibrations: ['Forward camera – static', 'Forward camera – static + dynamic'], years: [[2018, 2022], [2023, 2025]], rr: true, ri: true, keywords: K.forwardCamera, notice: CAMERA_NOTICE, staticNames: ['Multipurpose camera static aiming'], dynamicNames: ['Multipurpose camera dynamic aiming (drive)'], aliases: ['Honda Sensing camera'] },
      { system: 'Front Radar', oem: 'Millimeter wave radar', location: 'Front bumper, behind the H emblem', locationType: 3, calibrations: ['Front radar – static'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.frontRadar, staticNames: ['Millimeter wave radar aiming'] },
      { system: 'Blind Spot Monitoring', oem: 'Blind Spot Information (BSI) radar', location: 'Rear bumper corners', locationType: 4, calibrations: ['Corner radar – static'], years: [[2018, 2025]], models: ['Accord', 'CR-V', 'Pilot', 'Odyssey', 'HR-V', 'Ridgeline'], rr: true, ri: true, keywords: K.blindSpot },
      { system: 'Side Camera', oem: 'LaneWatch camera', location: 'Passenger outside mirror', locationType: 5, calibrations: ['Side camera – static'], years: [[2018, 2022]], models: ['Accord', 'Civic', 'Odyssey', 'HR-V'], rr: true, ri: true, keywords: K.sideCamera, staticNames: ['LaneWatch camera aiming (target)'] },
      { system: 'Surround View Camera', oem: 'Multi-view camera system', location: 'Mirrors, grille and tailgate', locationType: 5, calibrations: ['Surround-view cameras – static'], years: [[2021, 2025]], models: ['Pilot', 'Odyssey'], rr: true, ri: true, keywords: K.surround },
      { system: 'Park Assist', oem: 'Parking sensor system', location: 'Front and rear bumpers', locationType: 2, calibrations: ['Parking sensors – initialization'], years: [[2018, 2025]], models: ['Accord', 'Pilot', 'Odyssey', 'Ridgeline'], rr: true, ri: false, keywords: K.park },
      { system: 'Rear Camera', oem: 'Multi-angle rearview camera', location: 'Tailgate or trunk lid', locationType: 6, calibrations: ['Rear camera – initialization'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.rearCamera },
      { system: 'Steering Angle Sensor', oem: 'Steering angle sensor (VSA)', location: 'Steering column', locationType: 13, calibrations: ['Steering angle sensor – reset'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.steeringAngle },
    ],
  },
  {
    make: 'Ford',
    models: ['F-150', 'Escape', 'Explorer', 'Mustang', 'Edge', 'Bronco Sport', 'Ranger', 'Maverick'],
    url: 'https://www.motorcraftservice.com',
    source: 'Ford position statement',
    systems: [
      { system: 'Forward Camera', oem: 'Image processing module A (IPMA)', location: 'Windshield, upper center', locationType: 1, calibrations: ['Forward camera – dynamic', 'Forward camera – static + dynamic'], years: [[2018, 2020], [2021, 2025]], rr: true, ri: true, keywords: K.forwardCamera, notice: CAMERA_NOTICE, dynamicNames: ['IPMA camera alignment (drive)'], staticNames: ['IPMA static target alignment'] },
      { system: 'Front Radar', oem: 'Cruise control module (CCM) radar', location: 'Lower grille', locationType: 2, calibrations: ['Front radar – static'], years: [[2018, 2025]], models: ['F-150', 'Escape', 'Explorer', 'Edge', 'Mustang', 'Bronco Sport'], rr: true, ri: true, keywords: K.frontRadar, staticNames: ['CCM radar vertical alignment'] },
      { system: 'Blind Spot Monitoring', oem: 'Blind Spot Information System (BLIS)', location: 'Rear bumper and quarter panels', locationType: 7, calibrations: ['Corner radar – dynamic'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.blindSpot, dynamicNames: ['BLIS self-alignment drive'] },
      { system: 'Surround View Camera', oem: '360-degree camera', location: 'Mirrors, grille and tailgate', locationType: 5, calibrations: ['Surround-view cameras – static'], years: [[2019, 2025]], models: ['F-150', 'Explorer', 'Edge'], rr: true, ri: true, keywords: K.surround },
      { system: 'Park Assist', oem: 'Parking aid sensors', location: 'Front and rear bumpers', locationType: 2, calibrations: ['Parking sensors – initialization'], years: [[2018, 2025]], rr: true, ri: false, keywords: K.park },
      { system: 'Rear Camera', oem: 'Rear view camera', location: 'Tailgate or liftgate', locationType: 6, calibrations: ['Rear camera – static'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.rearCamera },
      { system: 'Steering Angle Sensor', oem: 'Steering angle sensor module (SASM)', location: 'Steering column', locationType: 13, calibrations: ['Steering angle sensor – reset'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.steeringAngle },
      { system: 'Adaptive Headlamps', oem: 'Adaptive front lighting', location: 'Headlamps', locationType: 10, calibrations: ['Headlamp aim – static'], years: [[2021, 2025]], models: ['F-150', 'Explorer'], rr: true, ri: true, keywords: K.headlamp },
    ],
  },
  {
    make: 'Chevrolet',
    models: ['Silverado 1500', 'Equinox', 'Malibu', 'Traverse', 'Tahoe', 'Colorado', 'Blazer'],
    url: 'https://www.gmserviceinfo.com',
    source: 'GM position statement',
    systems: [
      { system: 'Forward Camera', oem: 'Frontview camera module', location: 'Windshield, upper center', locationType: 1, calibrations: ['Forward camera – dynamic'], years: [[2018, 2021], [2022, 2025]], rr: true, ri: true, keywords: K.forwardCamera, notice: CAMERA_NOTICE, dynamicNames: ['Frontview camera service programming and calibration drive'] },
      { system: 'Front Radar', oem: 'Front long-range radar', location: 'Grille and front bumper', locationType: 2, calibrations: ['Front radar – static'], years: [[2019, 2025]], models: ['Silverado 1500', 'Tahoe', 'Traverse', 'Blazer', 'Equinox'], rr: true, ri: true, keywords: K.frontRadar },
      { system: 'Blind Spot Monitoring', oem: 'Side Blind Zone Alert radar', location: 'Rear bumper and quarter panels', locationType: 4, calibrations: ['Corner radar – static'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.blindSpot },
      { system: 'Surround View Camera', oem: 'Surround Vision', location: 'Mirrors, grille and tailgate', locationType: 5, calibrations: ['Surround-view cameras – static'], years: [[2019, 2025]], models: ['Silverado 1500', 'Tahoe', 'Traverse', 'Blazer'], rr: true, ri: true, keywords: K.surround },
      { system: 'Park Assist', oem: 'Park assist sensors', location: 'Front and rear bumpers', locationType: 2, calibrations: ['Parking sensors – initialization'], years: [[2018, 2025]], rr: true, ri: false, keywords: K.park },
      { system: 'Rear Camera', oem: 'Rear Vision Camera', location: 'Tailgate or liftgate', locationType: 6, calibrations: ['Rear camera – static'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.rearCamera },
      { system: 'Steering Angle Sensor', oem: 'Steering wheel angle sensor', location: 'Steering column', locationType: 13, calibrations: ['Steering angle sensor – reset'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.steeringAngle },
      { system: 'Driver Monitoring', oem: 'Super Cruise driver attention camera', location: 'Steering column', locationType: 11, calibrations: ['Driver monitoring camera – initialization'], years: [[2021, 2025]], models: ['Silverado 1500', 'Tahoe'], rr: true, ri: true, keywords: K.dms },
    ],
  },
  {
    make: 'Nissan',
    models: ['Altima', 'Rogue', 'Sentra', 'Pathfinder', 'Murano', 'Frontier', 'Kicks'],
    url: 'https://www.nissan-techinfo.com',
    source: 'Nissan position statement',
    systems: [
      { system: 'Forward Camera', oem: 'Front camera (Safety Shield 360)', location: 'Windshield, upper center', locationType: 1, calibrations: ['Forward camera – static'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.forwardCamera, notice: CAMERA_NOTICE, staticNames: ['Camera aiming adjustment (target board)'] },
      { system: 'Front Radar', oem: 'ICC distance sensor', location: 'Front bumper', locationType: 2, calibrations: ['Front radar – static'], years: [[2018, 2025]], models: ['Altima', 'Rogue', 'Pathfinder', 'Murano'], rr: true, ri: true, keywords: K.frontRadar, staticNames: ['Radar alignment adjustment'] },
      { system: 'Blind Spot Monitoring', oem: 'Side radar', location: 'Rear bumper corners', locationType: 4, calibrations: ['Corner radar – static'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.blindSpot },
      { system: 'Surround View Camera', oem: 'Intelligent Around View Monitor', location: 'Mirrors, grille and back door', locationType: 5, calibrations: ['Surround-view cameras – static'], years: [[2018, 2025]], models: ['Rogue', 'Pathfinder', 'Murano', 'Altima'], rr: true, ri: true, keywords: K.surround, staticNames: ['Around view monitor calibration (target mats)'] },
      { system: 'Park Assist', oem: 'Sonar system', location: 'Front and rear bumpers', locationType: 2, calibrations: ['Parking sensors – initialization'], years: [[2019, 2025]], models: ['Rogue', 'Pathfinder', 'Murano'], rr: true, ri: false, keywords: K.park },
      { system: 'Rear Camera', oem: 'RearView Monitor', location: 'Trunk lid or back door', locationType: 6, calibrations: ['Rear camera – initialization'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.rearCamera },
      { system: 'Steering Angle Sensor', oem: 'Steering angle sensor neutral position', location: 'Steering column', locationType: 13, calibrations: ['Steering angle sensor – reset'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.steeringAngle },
    ],
  },
  {
    make: 'Hyundai',
    models: ['Elantra', 'Sonata', 'Tucson', 'Santa Fe', 'Palisade', 'Kona', 'Ioniq 5'],
    url: 'https://www.hyundaitechinfo.com',
    source: 'Hyundai service information',
    systems: [
      { system: 'Forward Camera', oem: 'Front view camera (SmartSense)', location: 'Windshield, upper center', locationType: 1, calibrations: ['Forward camera – static'], years: [[2019, 2025]], rr: true, ri: true, keywords: K.forwardCamera, notice: CAMERA_NOTICE },
      { system: 'Front Radar', oem: 'Front radar (smart cruise control)', location: 'Front bumper', locationType: 2, calibrations: ['Front radar – static'], years: [[2019, 2025]], rr: true, ri: true, keywords: K.frontRadar },
      { system: 'Blind Spot Monitoring', oem: 'Blind-spot collision-avoidance assist radar', location: 'Rear bumper corners', locationType: 4, calibrations: ['Corner radar – static'], years: [[2019, 2025]], rr: true, ri: true, keywords: K.blindSpot },
      { system: 'Side Camera', oem: 'Blind-spot view monitor camera', location: 'Outside mirrors', locationType: 5, calibrations: ['Side camera – static'], years: [[2021, 2025]], models: ['Palisade', 'Santa Fe', 'Tucson', 'Sonata'], rr: true, ri: true, keywords: K.sideCamera },
      { system: 'Surround View Camera', oem: 'Surround View Monitor', location: 'Mirrors, grille and tailgate', locationType: 5, calibrations: ['Surround-view cameras – static'], years: [[2020, 2025]], models: ['Palisade', 'Santa Fe', 'Tucson', 'Ioniq 5'], rr: true, ri: true, keywords: K.surround },
      { system: 'Park Assist', oem: 'Parking distance warning', location: 'Front and rear bumpers', locationType: 2, calibrations: ['Parking sensors – initialization'], years: [[2019, 2025]], rr: true, ri: false, keywords: K.park },
      { system: 'Rear Camera', oem: 'Rear view monitor', location: 'Tailgate or trunk lid', locationType: 6, calibrations: ['Rear camera – static'], years: [[2019, 2025]], rr: true, ri: true, keywords: K.rearCamera },
      { system: 'Steering Angle Sensor', oem: 'SAS calibration', location: 'Steering column', locationType: 13, calibrations: ['Steering angle sensor – reset'], years: [[2019, 2025]], rr: true, ri: true, keywords: K.steeringAngle },
    ],
  },
  {
    make: 'Kia',
    models: ['Forte', 'K5', 'Sportage', 'Sorento', 'Telluride', 'Soul', 'EV6'],
    url: 'https://www.kiatechinfo.com',
    source: 'Kia service information',
    systems: [
      { system: 'Forward Camera', oem: 'Front view camera (Drive Wise)', location: 'Windshield, upper center', locationType: 1, calibrations: ['Forward camera – static'], years: [[2019, 2025]], rr: true, ri: true, keywords: K.forwardCamera, notice: CAMERA_NOTICE },
      { system: 'Front Radar', oem: 'Front radar (smart cruise control)', location: 'Front bumper', locationType: 2, calibrations: ['Front radar – static'], years: [[2019, 2025]], models: ['K5', 'Sportage', 'Sorento', 'Telluride', 'EV6'], rr: true, ri: true, keywords: K.frontRadar },
      { system: 'Blind Spot Monitoring', oem: 'Blind-spot collision warning radar', location: 'Rear bumper corners', locationType: 4, calibrations: ['Corner radar – static'], years: [[2019, 2025]], rr: true, ri: true, keywords: K.blindSpot },
      { system: 'Surround View Camera', oem: 'Surround View Monitor', location: 'Mirrors, grille and tailgate', locationType: 5, calibrations: ['Surround-view cameras – static'], years: [[2020, 2025]], models: ['Telluride', 'Sorento', 'Sportage', 'EV6'], rr: true, ri: true, keywords: K.surround },
      { system: 'Park Assist', oem: 'Parking distance warning', location: 'Front and rear bumpers', locationType: 2, calibrations: ['Parking sensors – initialization'], years: [[2019, 2025]], rr: true, ri: false, keywords: K.park },
      { system: 'Rear Camera', oem: 'Rear view monitor', location: 'Tailgate or trunk lid', locationType: 6, calibrations: ['Rear camera – static'], years: [[2019, 2025]], rr: true, ri: true, keywords: K.rearCamera },
      { system: 'Steering Angle Sensor', oem: 'SAS calibration', location: 'Steering column', locationType: 13, calibrations: ['Steering angle sensor – reset'], years: [[2019, 2025]], rr: true, ri: true, keywords: K.steeringAngle },
    ],
  },
  {
    make: 'Subaru',
    models: ['Outback', 'Forester', 'Crosstrek', 'Ascent', 'Impreza', 'Legacy', 'WRX'],
    url: 'https://techinfo.subaru.com',
    source: 'Subaru position statement',
    systems: [
      { system: 'Forward Camera', oem: 'EyeSight stereo camera', location: 'Windshield, either side of the mirror', locationType: 1, calibrations: ['Forward camera – static'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.forwardCamera, notice: 'EyeSight requires Subaru-approved windshield glass and a static calibration after replacement.', staticNames: ['EyeSight stereo camera calibration (target)'], aliases: ['EyeSight'] },
      { system: 'Blind Spot Monitoring', oem: 'Subaru Rear Vehicle Detection (SRVD)', location: 'Rear bumper corners', locationType: 4, calibrations: ['Corner radar – static'], years: [[2018, 2025]], models: ['Outback', 'Forester', 'Crosstrek', 'Ascent', 'Legacy'], rr: true, ri: true, keywords: K.blindSpot },
      { system: 'Driver Monitoring', oem: 'DriverFocus', location: 'Instrument panel', locationType: 12, calibrations: ['Driver monitoring camera – initialization'], years: [[2019, 2025]], models: ['Forester', 'Outback', 'Legacy'], rr: true, ri: true, keywords: K.dms },
      { system: 'Park Assist', oem: 'Reverse Automatic Braking sonar', location: 'Rear bumper', locationType: 4, calibrations: ['Parking sensors – initialization'], years: [[2018, 2025]], models: ['Outback', 'Forester', 'Ascent', 'Legacy'], rr: true, ri: false, keywords: K.park },
      { system: 'Rear Camera', oem: 'Rearview camera', location: 'Rear gate or trunk lid', locationType: 6, calibrations: ['Rear camera – static'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.rearCamera },
      { system: 'Steering Angle Sensor', oem: 'Steering angle and lateral G sensors', location: 'Steering column', locationType: 13, calibrations: ['Steering angle sensor – reset'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.steeringAngle, notice: 'Subaru: calibrate the steering angle and lateral G sensors after every alignment.' },
    ],
  },
  {
    make: 'BMW',
    models: ['3 Series', '5 Series', 'X1', 'X3', 'X5', 'X7', 'i4'],
    url: 'https://aos.bmwgroup.com',
    source: 'BMW repair information',
    systems: [
      { system: 'Forward Camera', oem: 'KAFAS camera', location: 'Windshield, upper center', locationType: 1, calibrations: ['Forward camera – dynamic'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.forwardCamera, notice: CAMERA_NOTICE, dynamicNames: ['KAFAS camera calibration (drive)'] },
      { system: 'Front Radar', oem: 'Front radar sensor (active cruise control)', location: 'Front bumper', locationType: 2, calibrations: ['Front radar – static'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.frontRadar },
      { system: 'Blind Spot Monitoring', oem: 'Lane change warning radar', location: 'Rear bumper corners', locationType: 4, calibrations: ['Corner radar – static'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.blindSpot },
      { system: 'Surround View Camera', oem: 'Surround View top-view cameras', location: 'Mirrors, bumper and trunk lid', locationType: 5, calibrations: ['Surround-view cameras – static'], years: [[2018, 2025]], models: ['5 Series', 'X3', 'X5', 'X7'], rr: true, ri: true, keywords: K.surround },
      { system: 'Park Assist', oem: 'Park Distance Control (PDC)', location: 'Front and rear bumpers', locationType: 2, calibrations: ['Parking sensors – initialization'], years: [[2018, 2025]], rr: true, ri: false, keywords: K.park },
      { system: 'Night Vision', oem: 'Night Vision with pedestrian detection', location: 'Kidney grille', locationType: 3, calibrations: ['Night vision camera – static'], years: [[2018, 2025]], models: ['5 Series', 'X5', 'X7'], rr: true, ri: true, keywords: K.nightVision },
      { system: 'Head-Up Display', oem: 'BMW Head-Up Display', location: 'Instrument panel, projected on the windshield', locationType: 1, calibrations: ['Head-up display – adjustment'], years: [[2018, 2025]], models: ['3 Series', '5 Series', 'X3', 'X5', 'X7', 'i4'], rr: true, ri: true, keywords: K.hud },
      { system: 'Adaptive Headlamps', oem: 'Adaptive LED headlights', location: 'Headlamps', locationType: 10, calibrations: ['Headlamp aim – static'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.headlamp },
      { system: 'Steering Angle Sensor', oem: 'Steering angle sensor (DSC)', location: 'Steering column', locationType: 13, calibrations: ['Steering angle sensor – reset'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.steeringAngle },
    ],
  },
  {
    make: 'Tesla',
    models: ['Model 3', 'Model Y', 'Model S', 'Model X'],
    url: 'https://service.tesla.com',
    source: 'Tesla service manual',
    systems: [
      { system: 'Forward Camera', oem: 'Autopilot forward cameras (three-camera module)', location: 'Windshield, upper center', locationType: 1, calibrations: ['Forward camera – dynamic'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.forwardCamera, notice: 'After windshield replacement, clear the camera calibration and drive until Autopilot calibration completes.', dynamicNames: ['Camera calibration (drive until complete)'] },
      { system: 'Front Radar', oem: 'Forward radar', location: 'Front bumper', locationType: 2, calibrations: ['Front radar – dynamic'], years: [[2018, 2021]], rr: true, ri: true, keywords: K.frontRadar },
      { system: 'Side Camera', oem: 'B-pillar and fender repeater cameras', location: 'B-pillars and front fenders', locationType: 9, calibrations: ['Side camera – dynamic'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.fenderCamera },
      { system: 'Park Assist', oem: 'Ultrasonic sensors', location: 'Front and rear bumpers', locationType: 2, calibrations: ['Parking sensors – initialization'], years: [[2018, 2022]], rr: true, ri: false, keywords: K.park },
      { system: 'Rear Camera', oem: 'Rear camera', location: 'Trunk lid or liftgate', locationType: 6, calibrations: ['Rear camera – initialization'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.rearCamera },
      { system: 'Steering Angle Sensor', oem: 'Steering angle sensor', location: 'Steering column', locationType: 13, calibrations: ['Steering angle sensor – reset'], years: [[2018, 2025]], rr: true, ri: true, keywords: K.steeringAngle },
    ],
  },
];

/**
 * Phrases that never trigger a calibration (of one system, or of any): words naming something else than the
 * rule's part or sensor, read in context ("Cowl vent grille" is not the front grille), and paint and fee
 * lines. [phrase, system or null, reason].
 */
export const DEMO_EXCLUSIONS: readonly (readonly [string, string | null, string])[] = [
  ['add for clear coat', null, 'Paint operation.'],
  ['tint color', null, 'Paint operation.'],
  ['feather prime & block', null, 'Paint operation.'],
  ['color sand & buff', null, 'Paint operation.'],
  ['mask jambs', null, 'Paint operation.'],
  ['hazardous waste', null, 'Fee line.'],
  ['corrosion protection', null, 'Material line.'],
  ['radar detector', null, 'An aftermarket radar detector is not a vehicle sensor.'],
  ['dash camera', null, 'An aftermarket dash camera is not a vehicle sensor.'],
  ['blind spot mirror', null, 'A stick-on blind spot mirror is not the blind spot system.'],
  ['cowl', 'Front Radar', 'The cowl grille sits below the windshield, not in front of the radar.'],
  ['cowl', 'Surround View Camera', 'The cowl grille carries no camera.'],
  ['cowl', 'Night Vision', 'The cowl grille sits below the windshield, not in front of the camera.'],
  ['fog lamp', 'Front Radar', 'A fog lamp grille or bezel sits at the bumper corner, away from the radar.'],
  ['fog lamp', 'Surround View Camera', 'A fog lamp grille or bezel carries no camera.'],
  ['inside mirror', 'Side Camera', 'The inside rearview mirror carries no side camera.'],
  ['inside mirror', 'Surround View Camera', 'The inside rearview mirror carries no surround camera.'],
  ['vanity mirror', null, 'A sun visor mirror is not an outside mirror.'],
  ['gas strut', 'Steering Angle Sensor', 'A gas strut holds a hood or gate open; it is not a suspension strut.'],
  ['support strut', 'Steering Angle Sensor', 'A support strut holds a hood or gate open; it is not a suspension strut.'],
  ['lift support', 'Steering Angle Sensor', 'A lift support holds a hood or gate open; it is not a suspension strut.'],
  ['hood strut', 'Steering Angle Sensor', 'A hood strut is not a suspension strut.'],
  ['liftgate strut', 'Steering Angle Sensor', 'A liftgate strut is not a suspension strut.'],
  ['trunk lid strut', 'Steering Angle Sensor', 'A trunk lid strut is not a suspension strut.'],
  ['park brake', 'Park Assist', 'The parking brake is not the park assist system.'],
];

/**
 * Where a make really differs from the general rules: [make, system or null (every system), keywords that
 * do not trigger it, reason].
 */
export const DEMO_MAKE_EXCEPTIONS: readonly (readonly [string, string | null, readonly string[], string])[] = [
  ['Tesla', 'Front Radar', ['grille', 'grille emblem'], 'Tesla vehicles have no grille in front of the radar.'],
  ['Subaru', 'Blind Spot Monitoring', ['quarter panel', 'repair quarter panel'], 'SRVD sensors are mounted to the rear bumper beam, not the quarter panel.'],
];

/** A demo shop's own estimate words (Configuration → Estimate terms): [firm, written, meaning, kind]. */
export const DEMO_ESTIMATE_TERMS: readonly (readonly [number, string, string, 'term' | 'operation'])[] = [
  [7, 'FBC', 'front bumper cover', 'term'],
  [7, 'RBC', 'rear bumper cover', 'term'],
  [7, 'LKA cam', 'forward camera', 'term'],
  [7, 'RMV/INST', 'remove', 'operation'],
];

/** [make, model or '' (every model), start, end, reason, inactive]. */
export const DEMO_NO_SCRUB: readonly (readonly [string, string, number, number, string, boolean?])[] = [
  ['Tesla', 'Model S', 2018, 2020, 'Calibrations on these vehicles are done by Tesla service only.'],
  ['BMW', 'i4', 2022, 2025, 'Calibrations on this model are done by the BMW dealer network only.'],
  ['Ford', 'Mustang', 2018, 2019, 'Base trims have no Co-Pilot360: confirm the equipment before scrubbing.'],
  ['Chevrolet', 'Malibu', 2018, 2018, 'Few vehicles have ADAS: decode the VIN first.', true],
];

/** Links: [make, model, start, end, title, type]; the URL is the make's service portal. */
export const DEMO_LINKS: readonly (readonly [string, string, number | null, number | null, string, 'adas' | 'general', boolean?])[] = [
  ['Toyota', '', 2018, 2025, 'Toyota Safety Sense camera calibration procedure', 'adas'],
  ['Toyota', 'RAV4', 2019, 2025, 'RAV4 millimeter wave radar beam axis adjustment', 'adas'],
  ['Honda', '', 2018, 2025, 'Honda Sensing camera and radar aiming', 'adas'],
  ['Honda', 'Odyssey', 2021, 2025, 'Odyssey multi-view camera calibration', 'adas', true],
  ['Ford', 'F-150', 2021, 2025, 'F-150 IPMA camera alignment', 'adas'],
  ['Ford', '', 2018, 2025, 'Ford BLIS sensor alignment', 'adas', true],
  ['Chevrolet', '', 2019, 2025, 'GM frontview camera service programming and calibration', 'adas'],
  ['Nissan', '', 2018, 2025, 'Nissan around view monitor calibration', 'adas'],
  ['Hyundai', '', 2019, 2025, 'Hyundai front view camera and radar calibration', 'adas'],
  ['Kia', '', 2019, 2025, 'Kia front view camera and radar calibration', 'adas', true],
  ['Subaru', '', 2018, 2025, 'EyeSight camera calibration procedure', 'adas'],
  ['BMW', '', 2018, 2025, 'BMW KAFAS camera calibration', 'adas'],
  ['Tesla', '', 2018, 2025, 'Tesla camera calibration after windshield replacement', 'adas'],
  ['Toyota', '', null, null, 'Toyota collision repair information', 'general'],
  ['Honda', '', null, null, 'Honda body repair manuals', 'general'],
  ['Ford', '', null, null, 'Ford collision repair information', 'general'],
  ['Subaru', '', null, null, 'Subaru collision repair information', 'general', true],
];

/** Info lookups: [make, system or null, start, end, type, description, keywords, isReportAdd]. */
export const DEMO_INFO: readonly (readonly [string, string | null, number, number, string, string, readonly string[], boolean])[] = [
  ['Toyota', null, 2018, 2025, 'Position statement', 'Pre- and post-repair system scanning', ['scan', 'diagnostic'], true],
  ['Toyota', 'Forward Camera', 2018, 2025, 'Position statement', 'Windshield replacement and forward camera calibration', ['windshield'], true],
  ['Honda', null, 2018, 2025, 'Position statement', 'ADAS calibration after collision repair', ['collision', 'calibration'], true],
  ['Ford', null, 2018, 2025, 'Position statement', 'Pre- and post-repair scanning', ['scan'], true],
  ['Chevrolet', 'Forward Camera', 2019, 2025, 'Calibration procedure', 'Frontview camera programming and calibration', ['windshield', 'camera'], false],
  ['Nissan', 'Front Radar', 2018, 2025, 'Repair procedure', 'Radar sensor bracket and bumper repairs', ['bumper cover', 'radar'], false],
  ['Hyundai', null, 2019, 2025, 'Position statement', 'ADAS position statement', ['calibration'], true],
  ['Kia', null, 2019, 2025, 'Position statement', 'ADAS position statement', ['calibration'], true],
  ['Subaru', 'Forward Camera', 2018, 2025, 'Position statement', 'EyeSight windshield must be Subaru-approved glass', ['windshield', 'glass'], true],
  ['BMW', 'Front Radar', 2018, 2025, 'Technical bulletin', 'Radar and paint film thickness on bumper covers', ['bumper cover', 'refinish'], false],
  ['Tesla', null, 2018, 2025, 'General information', 'Camera calibration after glass or camera service', ['windshield', 'camera'], false],
];

/** Translations: [type, language, English, translation]. */
export const DEMO_TRANSLATIONS: readonly (readonly ['Report' | 'System' | 'Notice' | 'Recommendation', 'es' | 'fr', string, string])[] = [
  ['Report', 'es', 'Calibration required', 'Calibración requerida'],
  ['Report', 'es', 'Calibration complete', 'Calibración completada'],
  ['Report', 'es', 'Not equipped', 'No equipado'],
  ['Report', 'fr', 'Calibration required', 'Étalonnage requis'],
  ['Report', 'fr', 'Calibration complete', 'Étalonnage terminé'],
  ['System', 'es', 'Forward Camera', 'Cámara frontal'],
  ['System', 'es', 'Front Radar', 'Radar frontal'],
  ['System', 'es', 'Blind Spot Monitoring', 'Monitoreo de punto ciego'],
  ['System', 'es', 'Park Assist', 'Asistente de estacionamiento'],
  ['System', 'fr', 'Forward Camera', 'Caméra avant'],
  ['System', 'fr', 'Front Radar', 'Radar avant'],
  ['Notice', 'es', 'Windshield replacement requires a forward camera calibration.', 'El reemplazo del parabrisas requiere la calibración de la cámara frontal.'],
];

/** Report recommendations: [title, start, end, systems, makes, content]. */
export const DEMO_REPORT_RECOMMENDATIONS: readonly (readonly [string, number, number, readonly string[], readonly string[], string])[] = [
  ['Road test after calibration', 2018, 2025, [], [], 'Road test the vehicle after every calibration and confirm no ADAS warning lamps are on.'],
  ['Windshield and forward camera', 2018, 2025, ['Forward Camera'], [], 'The windshield was replaced: the forward camera was calibrated to the OEM procedure.'],
  ['EyeSight glass', 2018, 2025, ['Forward Camera'], ['Subaru'], 'Only Subaru-approved windshield glass was used, as EyeSight requires.'],
  ['Radar and refinish', 2019, 2025, ['Front Radar', 'Blind Spot Monitoring'], ['BMW', 'Toyota', 'Honda'], 'Paint film thickness over the radar sensors was measured and is within the OEM limit.'],
];

/** Test-drive recommendations: [firm, title, drive type, make, text]. */
export const DEMO_TEST_DRIVES: readonly (readonly [number, string, 1 | 2, string, string])[] = [
  [1, 'Road test after calibration', 1, '', 'Drive 10 to 15 minutes on marked roads; confirm lane keeping, adaptive cruise and no warning lamps.'],
  [1, 'Dynamic camera calibration drive', 2, '', 'Drive at 35 to 65 mph on a road with clear lane markings until the scan tool reports the calibration complete.'],
  [1, 'Autopilot camera calibration', 2, 'Tesla', 'Drive on well-marked roads until the touchscreen shows camera calibration complete (typically 20 to 100 miles).'],
  [1, 'BLIS self-alignment', 2, 'Ford', 'Drive above 20 mph with traffic in the adjacent lanes until the BLIS indicator stops flashing.'],
  [6, 'Brooklyn road test route', 1, '', 'Use the BQE loop: it has lane markings and highway speeds within 10 minutes of the shop.'],
];

/** Test-drive result types of the network (firm 1): [name, code, drive type, sort]. */
export const DEMO_RESULT_TYPES: readonly (readonly [string, string, 1 | 2, number, boolean?])[] = [
  ['Passed', 'PASS', 1, 1],
  ['Failed – warning lamp on', 'FAIL-LAMP', 1, 2],
  ['Failed – lane keeping drifts', 'FAIL-LKA', 1, 3],
  ['Calibration completed', 'CAL-OK', 2, 4],
  ['Calibration did not complete', 'CAL-INC', 2, 5],
  ['Not performed – weather', 'WEATHER', 2, 6],
  ['Not performed – customer declined', 'DECLINED', 1, 7, true],
];
