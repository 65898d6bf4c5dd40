/**
 * The systems' rules (docs/scrub.md "System rules"): plain data, client-safe. A system is one kind of
 * driver-assistance sensor (its knowledge-base system type); its rule says which positions are its sensors
 * and which work on the parts around them requires its calibration. Which part carries, holds or sits in
 * front of a position is the part lexicon's (lexicon-data.ts); where a make mounts the sensors is its make
 * matrix's (the location it names, editable in Configuration).
 *
 * The general rule, for every kind (match.ts applies it, operations.ts names the operations):
 * - the sensor itself, or its mount (bracket, retainer, the structure it bolts to), removed, replaced,
 *   overhauled, transferred, repaired or worked on at all but paint and a check: calibrate;
 * - a part carrying the sensor, or in front of it (its beam or view passes through), replaced (when the make
 *   matrix is marked R&R) or removed and installed (marked R&I); an overhaul takes either mark;
 * - `repairs`: a repair of a carrying or in-front part requires it too (radars: filler and paint film in
 *   the beam path); `refinishes`: a refinish of a carrying part requires it (park sensors are taken out of
 *   a bumper cover to paint it);
 * - `geometry`: a part that sets the wheel alignment removed or replaced, and the wheel alignment itself;
 *   `column`: a part on the steering column (the sensor sits in it).
 */
import type { Position } from './lexicon-data';

export const SYSTEM_KINDS = [
  'forwardCamera',
  'frontRadar',
  'blindSpot',
  'parkAssist',
  'surroundView',
  'rearCamera',
  'sideCamera',
  'steeringAngle',
  'headlamp',
  'headUpDisplay',
  'driverMonitor',
  'nightVision',
  'lidar',
] as const;
export type SystemKind = (typeof SYSTEM_KINDS)[number];

export interface KindRule {
  /** The knowledge base's system type id (api-host/configuration/schema.ts SYSTEM_TYPES). */
  systemType: number;
  /** How the kind is named in explanations ("the front radar"). */
  label: string;
  /** The positions of its sensors, on every make unless its make matrix says where they are. */
  positions: readonly Position[];
  /** Positions only a make matrix's location brings in (Tesla's fender and pillar side cameras). */
  optional?: readonly Position[];
  /** The sensor word a procedure line names it by ("camera calibration"). */
  sensor: 'camera' | 'radar' | 'ultrasonic' | 'steering' | 'lamp' | 'display' | 'lidar';
  repairs?: boolean;
  refinishes?: boolean;
  geometry?: boolean;
  /** The one system of its sensor word a bare procedure line means when the estimate does not say ("radar aim"). */
  primary?: boolean;
}

export const KIND_RULES: Readonly<Record<SystemKind, KindRule>> = {
  forwardCamera: { systemType: 1, label: 'the windshield camera', positions: ['fwdCamera'], sensor: 'camera', primary: true },
  frontRadar: { systemType: 2, label: 'the front radar', positions: ['frontRadar'], sensor: 'radar', repairs: true, primary: true },
  blindSpot: { systemType: 3, label: 'the rear corner radars', positions: ['cornerRadar'], sensor: 'radar', repairs: true },
  parkAssist: { systemType: 4, label: 'the park sensors', positions: ['park'], sensor: 'ultrasonic', refinishes: true, primary: true },
  surroundView: {
    systemType: 5,
    label: 'the surround-view cameras',
    positions: ['grilleCamera', 'mirrorCamera', 'rearCamera'],
    sensor: 'camera',
  },
  rearCamera: { systemType: 6, label: 'the rear camera', positions: ['rearCamera'], sensor: 'camera' },
  sideCamera: {
    systemType: 7,
    label: 'the side camera',
    positions: ['mirrorCamera'],
    optional: ['fenderCamera', 'pillarCamera'],
    sensor: 'camera',
  },
  steeringAngle: {
    systemType: 8,
    label: 'the steering angle sensor',
    positions: ['steeringAngle'],
    sensor: 'steering',
    geometry: true,
    primary: true,
  },
  headlamp: { systemType: 9, label: 'the headlamps', positions: ['headlamp'], sensor: 'lamp', primary: true },
  headUpDisplay: { systemType: 10, label: 'the head-up display', positions: ['hud'], sensor: 'display', primary: true },
  driverMonitor: { systemType: 11, label: 'the driver monitoring camera', positions: ['driverCamera'], sensor: 'camera' },
  nightVision: { systemType: 12, label: 'the night vision camera', positions: ['nightVision'], sensor: 'camera' },
  lidar: { systemType: 13, label: 'the lidar', positions: ['lidar'], sensor: 'lidar', primary: true },
};

/** The kind of a knowledge-base system type id. */
export const kindOfSystemType = (type: number | null | undefined): SystemKind | null =>
  type == null ? null : (SYSTEM_KINDS.find((k) => KIND_RULES[k].systemType === type) ?? null);
