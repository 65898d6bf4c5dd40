/**
 * The scrub's word classes (docs/scrub.md "Reading a line"): plain data, client-safe. Each list says how a
 * word takes part in a line — the parts themselves are in lexicon-data.ts, the systems' names in
 * system-names.ts.
 *
 * - SET_ASIDE: words that are not parts — makes, models, trims, colours, finishes, materials, supplier and
 *   part-type marks, units. A line's word in one of them is set aside and never blocks a part.
 * - ABBREVIATIONS: the word abbreviations estimating systems print (CCC ONE "Frt", "Bpr", "Qtr"; Mitchell
 *   "Assy", "Reinf"; Audatex "RH", "F/"), each to its full words ("a|b": either, the neighbours decide). Words an estimator shortens another way
 *   are read by the shorthand reader (shorthand.ts), never listed here.
 * - DESCRIPTORS qualify a part without naming another one (upper, outer, assembly, heated…); ENDS are
 *   front and rear; SIDES say left or right (a calibration does not depend on the side, except where a
 *   make mounts a sensor on one side only).
 * - CALIBRATION_WORDS make a line a procedure (a calibration of the system it names); WITH_WORDS and
 *   WITHOUT_WORDS join a feature to the part ("w/ camera", "w/o surround view", "less sensors"); PURPOSE_WORDS
 *   start why the part is worked on ("for radar access"), which is not a part of its own.
 */

const list = (text: string) => new Set(text.trim().split(/\s+/));

/** Makes and marques (and the makers' group names). */
export const MAKES = list(`
  acura alfa romeo aston martin audi bentley bmw buick cadillac chevrolet chevy chrysler dodge ferrari fiat fisker ford genesis gm gmc
  honda hummer hyundai infiniti isuzu jaguar jeep kia lamborghini land rover lexus lincoln lotus lucid maserati mazda mclaren mercedes
  benz mercedes-benz mb mini mitsubishi nissan oldsmobile plymouth polestar pontiac porsche ram rivian rolls royce saab saturn scion
  smart subaru suzuki tesla toyota volkswagen vw volvo stellantis hyundai-kia mopar motorcraft acdelco denso bosch valeo continental
  aptiv magna hella koito stanley depo tyc keystone
`);

/** Model names that estimates print beside a part ("Windshield Palisade", nameplate "ODYSSEY"). */
export const MODELS = list(`
  accord civic cr-v crv hr-v hrv pilot odyssey ridgeline passport insight fit element clarity prologue mdx rdx tlx ilx integra zdx nsx
  camry corolla rav4 highlander tacoma tundra prius sienna sequoia 4runner venza avalon yaris c-hr chr supra crown bz4x grand
  es is gs ls nx rx ux gx lx rc lc tx
  f-150 f150 f-250 f250 f-350 escape explorer expedition mustang edge bronco sport ranger maverick fusion focus fiesta taurus transit
  ecosport flex mach-e aviator navigator corsair nautilus continental mkz mkx mkc
  silverado sierra equinox malibu traverse tahoe suburban colorado canyon blazer trailblazer trax terrain acadia yukon escalade
  xt4 xt5 xt6 ct4 ct5 lyriq encore envision enclave bolt camaro corvette spark sonic impala cruze volt hummer
  altima sentra maxima rogue murano pathfinder armada frontier titan kicks versa leaf ariya qx50 qx55 qx60 qx80 q50 q60
  elantra sonata tucson santa fe palisade kona ioniq venue accent veloster nexo santa cruz g70 g80 g90 gv60 gv70 gv80
  forte k5 k900 sportage sorento telluride soul ev6 ev9 niro seltos carnival stinger rio optima cadenza sedona
  outback forester crosstown crosstrek impreza legacy ascent wrx brz solterra
  cx-3 cx-30 cx-5 cx-50 cx-9 cx-90 mazda3 mazda6 mx-5 miata
  jetta passat golf gti tiguan atlas taos id.4 id4 arteon beetle
  a3 a4 a5 a6 a7 a8 q3 q5 q7 q8 e-tron etron
  x1 x2 x3 x4 x5 x6 x7 i3 i4 i7 ix 3-series 5-series 7-series
  c-class e-class s-class glc gle gls gla glb cla eqs eqe sprinter
  xc40 xc60 xc90 s60 s90 v60 v90
  wrangler cherokee grand compass renegade gladiator wagoneer 1500 2500 3500 promaster pacifica voyager durango charger challenger
  outlander eclipse mirage cooper countryman clubman cayenne macan taycan panamera
  r1t r1s r2
`);

/** Trim and package names. */
export const TRIMS = list(`
  lx ex ex-l exl touring elite sport base le xle xse se sel sl sv sr limited platinum premium preferred calligraphy signature
  denali ltz rs ss zr2 trailhawk laredo overland summit rubicon sahara titanium st xlt lariat raptor king ranch tremor
  prestige premier luxury advance technology tech pkg package pkg. ultimate nightfall n-line nline hybrid plug-in phev awd fwd
  rwd 4wd 2wd 4x4 4x2 v6 v8 turbo diesel lt1 type-s a-spec
`);

/** Colours and paint words. */
export const COLOURS = list(`
  black white silver gray grey red blue green yellow orange brown beige tan gold bronze maroon burgundy charcoal graphite
  pearl metallic tricoat tri-coat tri-stage 2-stage 3-stage two-stage three-stage basecoat base-coat solid ebony ivory
  crystal midnight magnetic lunar sonic platinum champagne copper titanium gunmetal
  blk wht slv slvr sil gry blu grn brn bge ylw org mrn
`);

/** Finishes and materials. */
export const FINISHES = list(`
  chrome chromed primed prime primer-coated painted paintable unpainted textured smooth gloss glossy matte satin dark tinted clear
  ptm paint-to-match bright black-out blackout carbon fiber fibre aluminum aluminium steel plastic alloy rubber leather vinyl cloth
  fabric abs pp tpo epp eps urethane-foam composite fiberglass stainless forged cast lightweight acoustic laminated tempered solar
  infrared ir heated-glass privacy
  chrm txtd txtr ptd unptd prmd alum
`);

/**
 * Supplier and part-type marks, and other words estimates print that are not parts: A/M, RECOND, CAPA,
 * LKQ, OEM… (read before the abbreviations, so "A/M" is one mark).
 */
export const MARKS = list(`
  a/m am aftermarket oem oe oes genuine original recond reconditioned reman remanufactured rebuilt used lkq recycled rcy salvage
  capa nsf certified cert opt optional alternate alt qrp non-oem nonoem economy eco
  kit set pair pr ea each qty pc pcs piece hr hrs hour hours min minute day days unit units mfr mfg manufacturer cust customer
  customer's owner owner's dealer vendor supplied supply only included incl inc req required std standard approx estimate est
  ref see note item no. p/n pn sku supplement supp suppl
`);

/** What the line says of the part's state ("radar bracket broken", "cracked"): not a part, no work. */
export const CONDITIONS = list(`
  broken broke cracked crack bent torn tear damaged damage dmg dmgd missing scratched scuffed dented dent punctured
  loose crushed kinked split shattered chipped melted distorted buckled deformed misaligned failed faulty inoperative
  inop found discovered hidden noted visible blocked obstructed hanging dangling sagging
  open shorted fine good intact undamaged
`);

/** A desk review's verdict on an operation ("Ln 23 … - approved"): the reviewer's word, not a part. */
export const VERDICTS = list(`
  approved approve approval accepted allowed authorized authorised agreed ok okay paid pending denied deny declined rejected
  disallowed
`);

export const PLAIN = 'plain word';

/** Plain English words of a note or a sentence ("icc radar looks ok but the brkt is bent"): never a part's shorthand. */
export const PLAIN_WORDS = list(`
  the is are was were be been being but so if then than this that these those it its there their they he she we you my our
  your has have had do does did look looks looked says said seems seemed appears appeared also just very still would should
  could must might
`);

/** Every set-aside class, with how a note names it (plain words go unsaid). */
export const SET_ASIDE: readonly { words: ReadonlySet<string>; kind: string }[] = [
  { words: PLAIN_WORDS, kind: PLAIN },
  { words: MAKES, kind: 'make' },
  { words: MODELS, kind: 'model' },
  { words: TRIMS, kind: 'trim' },
  { words: COLOURS, kind: 'colour' },
  { words: FINISHES, kind: 'finish' },
  { words: MARKS, kind: 'supplier or quantity mark' },
  { words: CONDITIONS, kind: 'condition' },
  { words: VERDICTS, kind: 'review verdict' },
];

/**
 * Word abbreviations as estimating systems print them, to their full words. "a|b" is either: the line's
 * other words decide ("hd" is "hood" in "hd lift support" and "head" in "hd lamp").
 */
export const ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  frt: ['front'],
  fr: ['front'],
  fnt: ['front'],
  fwd: ['forward'],
  rr: ['rear'],
  rer: ['rear'],
  lt: ['left'],
  lh: ['left'],
  rt: ['right'],
  rh: ['right'],
  lf: ['left', 'front'],
  rf: ['right', 'front'],
  fl: ['front', 'left'],
  lr: ['left', 'rear'],
  rl: ['rear', 'left'],
  drvr: ['driver'],
  pass: ['passenger'],
  psgr: ['passenger'],
  ctr: ['center'],
  cntr: ['center'],
  upr: ['upper'],
  lwr: ['lower'],
  otr: ['outer'],
  inr: ['inner'],
  assy: ['assembly'],
  asm: ['assembly'],
  assm: ['assembly'],
  asy: ['assembly'],
  'sub-assy': ['assembly'],
  subassy: ['assembly'],
  bpr: ['bumper'],
  bmpr: ['bumper'],
  cvr: ['cover'],
  reinf: ['reinforcement'],
  rein: ['reinforcement'],
  absorb: ['absorber'],
  brkt: ['bracket'],
  bkt: ['bracket'],
  retnr: ['retainer'],
  mtg: ['mounting'],
  mldg: ['molding'],
  mldng: ['molding'],
  moulding: ['molding'],
  grl: ['grille'],
  grill: ['grille'],
  emb: ['emblem'],
  hdlmp: ['headlamp'],
  hdlp: ['headlamp'],
  lmp: ['lamp'],
  qtr: ['quarter'],
  pnl: ['panel'],
  whl: ['wheel'],
  whse: ['wheelhouse'],
  susp: ['suspension'],
  strg: ['steering'],
  xmbr: ['crossmember'],
  'x-mbr': ['crossmember'],
  mbr: ['member'],
  rad: ['radiator'],
  cond: ['condenser'],
  htd: ['heated'],
  pwr: ['power'],
  ext: ['exterior'],
  int: ['interior'],
  algn: ['alignment'],
  '4wa': ['four', 'wheel', 'alignment'],
  '2wa': ['two', 'wheel', 'alignment'],
  align: ['alignment'],
  calib: ['calibration'],
  cal: ['calibration'],
  recal: ['recalibration'],
  init: ['initialization'],
  cam: ['camera'],
  mir: ['mirror'],
  sens: ['sensor'],
  hd: ['hood|head'],
  lic: ['license'],
  frm: ['frame'],
  pkg: ['package'],
  tp: ['type'],
  w: ['with'],
  // Audatex and Qapter print the end and the side as one letter after the name ("BUMPER COVER F", "MIRROR
  // EXTERIOR R"): "r" is the rear of a part at either end, else the right.
  f: ['front'],
  l: ['left'],
  r: ['rear|right'],
  cpl: ['complete'],
  xfer: ['transfer'],
  'r&r': ['r&r'],
  n: ['&'],
};

/** Front and rear. */
export const ENDS: ReadonlySet<string> = new Set(['front', 'rear']);
/** Left and right, and the words that say both or which seat. */
export const SIDES: ReadonlySet<string> = list('left right both driver passenger l&r lh/rh lt/rt l/r r/l');

/** Words that qualify a part without naming another part. */
export const DESCRIPTORS: ReadonlySet<string> = list(`
  assembly complete upper lower inner outer center centre middle mid side top bottom primary secondary main auxiliary aux
  power heated folding fold memory dimming auto-dim autodim auto-dimming electrochromic signal manual automatic auto adjustable
  partial full section sectional sectioning half new loaded quick bare whole entire single double dual twin lh rh
  sub upr lwr inboard outboard forward rearward vertical horizontal short long wide narrow large small big extra
  extended type style version design kind model-year my early late mounting mounted adjusting adjustable fixed sliding slide
  movable active passive adaptive smart intelligent electric electronic hydraulic mechanical multi multifunction
  no.1 no.2 no1 no2 1st 2nd 3rd first second third lower-left lower-right upper-left upper-right inside outside exterior interior
  driver's passenger's
`);

/** Words that make a line a calibration procedure of the system it names. */
export const CALIBRATION_WORDS: ReadonlySet<string> = list(`
  calibrate calibrated calibration calibrating recalibrate recalibration aim aiming re-aim reaim aimed adjust adjustment
  initialize initialization initialise initialisation initializing relearn re-learn learn reset resetting program programming
  reprogram reprogramming zero zero-point teach teach-in memorization memorize memorise configure configuration setup-calibration
  learning learned
  compensation alignment verify verification verified encode encoding coding
`);
/** Two-word procedures ("function check", "zero point", "neutral position"). */
export const CALIBRATION_PHRASES: readonly (readonly string[])[] = [
  ['basic', 'setting'],
  ['basic', 'settings'],
  ['function', 'check'],
  ['function', 'test'],
  ['functional', 'test'],
  ['system', 'test'],
  ['functional', 'check'],
  ['system', 'check'],
  ['operation', 'check'],
  ['operational', 'check'],
  ['zero', 'point'],
  ['neutral', 'position'],
  ['tolerance', 'compensation'],
  ['static', 'target'],
  ['dynamic', 'drive'],
];

/** "with" words join what comes with the part; "without" words negate the feature after them. */
export const WITH_WORDS: ReadonlySet<string> = list('with including incl w/ plus has');
export const WITHOUT_WORDS: ReadonlySet<string> = list('without less minus excluding except non w/o no');
/** Words that start why the part is worked on ("R&I grille for radar access"), which is set aside. */
export const PURPOSE_WORDS: ReadonlySet<string> = list('for to per due from because after before during via using while by');
/** Words that start where the part is ("cam in grl", "air deflector (under bumper)"): a place, not a part worked on. */
export const PLACE_WORDS: ReadonlySet<string> = list('at in on inside behind under beneath below above near beside');

/** What a wheel alignment is of: a bare alignment, or one of these, is the wheel alignment. */
export const WHEEL_ALIGNMENT_WORDS: ReadonlySet<string> = list(`
  wheel four 4 2 two all front end rear thrust total vehicle car toe camber caster perform set 4-wheel 2-wheel four-wheel
  two-wheel complete full
`);

/** A road test or test drive: a drive to see whether something works is not a calibration. */
export const TEST_PHRASES: readonly (readonly string[])[] = [
  ['road', 'test'],
  ['test', 'drive'],
  ['drive', 'test'],
];

/** Section words that name no part (a section "MISCELLANEOUS OPERATIONS" says nothing about the line's part). */
export const NEUTRAL_SECTION_WORDS: ReadonlySet<string> = list(`
  miscellaneous misc operation operations other others general labor labour additional add'l addl part parts material materials
  electrical mechanical body structural structure and the of area system systems items item section unit group
`);
/** Sections that describe the vehicle, not work on it ("VEHICLE", "OPTIONS", "VEHICLE INFORMATION"): every word one of these. */
export const VEHICLE_SECTION_WORDS: ReadonlySet<string> = list(`vehicle options option equipment info information description`);
/** Sections whose lines are procedures: a line there naming a system or sensor is its calibration. */
export const PROCEDURE_SECTION_WORDS: ReadonlySet<string> = list(`
  diagnostic diagnostics calibration calibrations adas sublet sublets scan scans electronic electronics programming
`);
