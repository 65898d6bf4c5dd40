/**
 * The stand-in's own catalogue (illustrative, not OEM data): which driver-assistance components a make
 * fits from which model year, where, and how each is calibrated — independent of the product's knowledge
 * base, as a third-party service is.
 * [make, from model year, component, location, calibration (static | dynamic | static and dynamic | none), body styles]
 */
export const COMPONENTS: readonly (readonly [string, number, string, string, string, string?])[] = [
  ...['Toyota', 'Honda', 'Nissan', 'Hyundai', 'Kia', 'Subaru', 'Ford', 'Chevrolet', 'BMW', 'Tesla'].flatMap((make) => [
    [
      make,
      2016,
      'Forward-facing camera',
      'Windshield, behind the rear-view mirror',
      make === 'Subaru' ? 'static' : 'static and dynamic',
    ] as const,
    [make, 2016, 'Rear-view camera', 'Tailgate or trunk lid', 'none'] as const,
  ]),
  ['Toyota', 2018, 'Millimeter-wave radar sensor', 'Behind the front emblem', 'static'],
  ['Toyota', 2018, 'Blind spot monitor sensors', 'Rear bumper corners', 'static', 'SUV,Pickup,Minivan,Sedan'],
  ['Honda', 2018, 'Millimeter-wave radar', 'Front bumper, behind the emblem', 'static'],
  ['Honda', 2018, 'Blind spot information radar', 'Rear bumper corners', 'dynamic', 'SUV,Minivan,Pickup'],
  ['Nissan', 2017, 'Distance sensor (radar)', 'Front bumper', 'static'],
  ['Nissan', 2018, 'Around view monitor cameras', 'Mirrors, grille and back door', 'static', 'SUV'],
  ['Hyundai', 2019, 'Front radar (smart cruise control)', 'Front bumper', 'static'],
  ['Hyundai', 2020, 'Blind-spot collision warning radar', 'Rear bumper corners', 'none'],
  ['Kia', 2019, 'Front radar (smart cruise control)', 'Front bumper', 'static'],
  ['Kia', 2020, 'Surround view monitor cameras', 'Mirrors, grille and tailgate', 'static', 'SUV'],
  ['Subaru', 2018, 'EyeSight stereo camera', 'Windshield, upper centre', 'static'],
  ['Subaru', 2019, 'Rear vehicle detection radar', 'Rear bumper corners', 'none', 'Wagon,SUV'],
  ['Ford', 2018, 'Cruise control module radar', 'Lower grille', 'static'],
  ['Ford', 2019, '360-degree camera system', 'Mirrors, grille and tailgate', 'static', 'Pickup,SUV'],
  ['Chevrolet', 2019, 'Front long-range radar', 'Grille', 'static'],
  ['Chevrolet', 2019, 'Side blind zone radar', 'Rear bumper corners', 'none', 'Pickup,SUV'],
  ['BMW', 2018, 'Front radar sensor', 'Front bumper, left of centre', 'static'],
  ['BMW', 2018, 'Head-up display', 'Instrument panel', 'static', 'Sedan,SUV'],
  ['Tesla', 2017, 'Forward radar', 'Behind the front fascia', 'dynamic'],
  ['Tesla', 2019, 'Side repeater cameras', 'Front fender turn-signal housings', 'dynamic'],
];
