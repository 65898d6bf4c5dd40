/**
 * The makers' names of the systems (docs/scrub.md "System names"): plain data, client-safe. Each row is a
 * maker group and the names it gives each system, in the words estimates and calibration invoices print
 * them ("LaneWatch", "SCC radar", "EyeSight", "Parktronic"). A procedure line naming a system by any of these
 * names, whichever make the vehicle is, is that system's calibration; a part line naming a sensor by them
 * ("SCC radar bracket", "BSI sensor") is that sensor. A make matrix adds its own names (its OEM system name,
 * aliases and procedure names, and its sublet keywords), editable in Configuration.
 *
 * The generic names come first (any make); names are written in full words, as the reader reads lines.
 */
import type { SystemKind } from './system-rules';

export interface MakerNames {
  makes: readonly string[];
  names: Readonly<Partial<Record<SystemKind, readonly string[]>>>;
}

const n = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const SYSTEM_NAMES: readonly MakerNames[] = [
  {
    makes: ['any'],
    names: {
      forwardCamera: n(`forward camera, windshield camera, forward facing camera, front facing camera, forward looking camera,
        lane departure camera, lane departure warning camera, lane departure warning, lane departure, ldw, lane keep assist, lane keeping assist,
        lane keep, lane keeping, lka, lkas, lane assist, lane centering, lane camera, forward collision warning camera, forward collision camera,
        forward collision warning, fcw camera, automatic emergency braking camera, aeb camera, adas camera, front camera module, forward camera module`),
      frontRadar: n(`front radar, forward radar, adaptive cruise control, adaptive cruise, acc, acc radar, acc sensor, cruise control radar,
        radar cruise control, long range radar, lrr, front long range radar, forward collision warning radar, fcw radar, aeb radar,
        collision mitigation radar, distance sensor, distance control, front radar sensor`),
      blindSpot: n(`blind spot, blind spot monitor, blind spot monitoring, blind spot detection, blind spot warning, blind spot radar,
        blind spot sensor, blind spot module, bsm, bsd, bsw, rear cross traffic, rear cross traffic alert, cross traffic alert, cross traffic, rcta, rcw,
        corner radar, rear corner radar, side radar, rear radar, short range radar, srr, lane change assist, lane change warning,
        lane change alert, side obstacle detection`),
      parkAssist: n(`park assist, parking assist, parking aid, park aid, park sensor, parking sensor, park distance, parking distance,
        sonar, ultrasonic, ultrasonic sensor, backup sensor, reverse sensor, obstacle sensor, parking sensors, park sensors, parking assistant`),
      surroundView: n(`surround view, surround view camera, surround camera, 360 camera, 360 view, 360 degree camera, 360 view camera,
        360 view monitor, bird eye view, birds eye view, top view, top view camera, overhead view, surround view monitor, around view,
        surround view system`),
      rearCamera: n(`rear camera, rear view camera, rearview camera, backup camera, back up camera, reverse camera, reversing camera,
        rear vision camera, rvc, rear view monitor, rearview monitor, rvm, back camera`),
      sideCamera: n(`side camera, side view camera, mirror camera, blind spot camera, side view monitor, blind spot view camera`),
      steeringAngle:
        n(`steering angle sensor, steering angle, sas, steering sensor, steering position sensor, steering wheel position sensor,
        steering wheel angle sensor, steering angle sensor module, sasm`),
      headlamp: n(
        `headlamp aim, headlamp aiming, headlamp, headlamps, headlight, adaptive front lighting, afs, headlamp leveling, adaptive headlamp`,
      ),
      headUpDisplay: n(`head up display, heads up display, hud, windshield display`),
      driverMonitor: n(
        `driver monitoring, driver monitor, driver monitoring camera, driver attention, driver attention camera, dms, driver camera`,
      ),
      nightVision: n(`night vision, night vision camera, night view, infrared camera, thermal camera`),
      lidar: n(`lidar, laser radar`),
    },
  },
  {
    makes: ['Honda', 'Acura'],
    names: {
      forwardCamera: n(`honda sensing, honda sensing camera, multipurpose camera, multi purpose camera, mpc, monocular camera,
        acurawatch, acurawatch camera, lane keeping assist system, road departure mitigation, rdm`),
      frontRadar: n(`millimeter wave radar, mmw radar, millimeter wave radar sensor, cmbs, cmbs radar, collision mitigation braking system,
        acc with low speed follow, honda radar`),
      blindSpot: n(`bsi, blind spot information, bsi radar, cross traffic monitor, blind spot information radar`),
      parkAssist: n(`parking sensor system, parking sensors system, honda parking sensor`),
      surroundView: n(`multi view camera, multiview camera, multi view camera system, multi view, mvcs, surround view camera system`),
      rearCamera: n(`multi angle rearview camera, multi angle rear view camera, multi angle camera, rearview camera multi angle`),
      sideCamera: n(`lanewatch, lane watch, lanewatch camera, lane watch camera`),
      steeringAngle:
        n(`vsa sensor neutral position, vsa neutral position, vsa sensor neutral position memorization, neutral position memorization,
        steering angle neutral position, vsa steering angle sensor`),
    },
  },
  {
    makes: ['Toyota', 'Lexus', 'Scion'],
    names: {
      forwardCamera: n(`toyota safety sense, tss, tss camera, tss 2.0 camera, tss 3.0 camera, lexus safety system, lss, lexus safety sense,
        forward recognition camera, front recognition camera, lane departure alert, lda, lda camera, pcs camera, pre collision camera,
        lane tracing assist, lta`),
      frontRadar:
        n(`millimeter wave radar, millimeter wave radar sensor, mmw radar, pcs radar, pre collision radar, dynamic radar cruise control,
        drcc, radar cruise control, pre collision system radar`),
      blindSpot: n(`bsm, blind spot monitor, rcta, blind spot monitor sensor, bsm radar, safe exit assist`),
      parkAssist: n(
        `clearance sonar, intelligent clearance sonar, ics, parking support brake, pksb, parking assist sensor, clearance warning`,
      ),
      surroundView: n(`panoramic view monitor, pvm, panoramic view, panoramic view monitor camera`),
      rearCamera: n(`back up camera, backup monitor, rear view monitor`),
      sideCamera: n(`side camera, side view camera`),
      steeringAngle: n(`steering angle sensor zero point, steering sensor zero point, steering angle zero point`),
    },
  },
  {
    makes: ['Hyundai', 'Kia', 'Genesis'],
    names: {
      forwardCamera:
        n(`front view camera module, fvc, multi function camera, multifunction camera, mfc, lka camera, fca camera, smartsense camera,
        drive wise camera, lane following assist, lfa, forward collision avoidance assist camera, front camera module, adas drv,
        adas driving unit, adas driving control unit`),
      frontRadar: n(`smart cruise control, scc, scc radar, scc sensor, fca radar, forward collision avoidance assist, fca, forward collision
        avoidance assist radar, front radar fca, smart cruise, highway driving assist radar, hda radar`),
      blindSpot: n(`bca, bcw, blind spot collision warning, blind spot collision avoidance assist, bca radar, bcw radar, rcca,
        rear cross traffic collision avoidance assist, rcca radar, rear corner radar, safe exit assist, sea`),
      parkAssist: n(`pdw, parking distance warning, pdw sensor, pca, parking collision avoidance assist, rspa, remote smart parking assist,
        parking distance warning sensor`),
      surroundView: n(`surround view monitor, svm, svm camera, svm system`),
      rearCamera: n(`rear view monitor, rvm, rear view monitor camera, parking guidance camera`),
      sideCamera: n(`blind spot view monitor, bvm, blind view monitor, blind spot view monitor camera, bvm camera`),
      steeringAngle: n(`sas calibration, steering angle sensor calibration, sas zero point`),
    },
  },
  {
    makes: ['Chevrolet', 'GMC', 'Buick', 'Cadillac'],
    names: {
      forwardCamera: n(`frontview camera module, front view camera module, forward camera module, fcm, lane departure warning camera,
        lane keep assist camera, super cruise camera, forward camera`),
      frontRadar: n(`front long range radar, long range radar module, forward radar sensor module, front radar module,
        front sensor module, adaptive cruise control module, forward collision alert radar`),
      blindSpot:
        n(`side blind zone alert, sbza, side blind zone, blind zone, blind zone radar, blind zone alert, lane change alert, side object sensor, side object detection,
        side object sensor module, rear cross traffic alert, short range radar module, rear short range radar`),
      parkAssist:
        n(`ultrasonic park assist, upa, rear park assist, front park assist, object sensor, park assist sensor, rear object sensor,
        front object sensor`),
      surroundView: n(`surround vision, hd surround vision, surround vision camera`),
      rearCamera: n(`rear vision camera, hd rear vision camera, rear vision`),
      steeringAngle: n(`steering wheel angle sensor, swas, steering wheel position sensor, steering angle sensor centering`),
      driverMonitor: n(`super cruise driver attention camera, driver attention system`),
    },
  },
  {
    makes: ['Ford', 'Lincoln', 'Mercury'],
    names: {
      forwardCamera:
        n(`ipma, image processing module a, image processing module, co pilot360 camera, copilot360 camera, forward camera module,
        lane keeping system, lane keeping aid`),
      frontRadar: n(`ccm, cruise control module, acc module, adaptive cruise module, pre collision assist radar, forward sensing radar,
        collision warning radar`),
      blindSpot: n(`blis, blind spot information system, blis sensor, blis module, side object detection module, sodl, sodr,
        cross traffic alert, blind spot information system sensor`),
      parkAssist: n(`parking aid, reverse sensing system, park aid sensor, parking aid sensor, front sensing system, active park assist,
        pam, parking aid module`),
      surroundView: n(`360 degree camera, 360 camera, 360 degree camera system, ipma b, ipmb, image processing module b`),
      rearCamera: n(`rear view camera, rearview camera, pro trailer backup assist camera`),
      steeringAngle: n(`sasm, steering angle sensor module, steering shaft angle sensor`),
    },
  },
  {
    makes: ['Nissan', 'Infiniti'],
    names: {
      forwardCamera: n(
        `lane camera, front camera unit, propilot camera, ldw camera, ldp camera, lane departure prevention, intelligent lane intervention`,
      ),
      frontRadar: n(`icc sensor, intelligent cruise control, icc, distance sensor, icc radar, propilot radar, emergency braking radar,
        front radar sensor, laser radar sensor`),
      blindSpot: n(`bsw, blind spot warning, blind spot intervention, bsi side radar, side radar, rear cross traffic alert`),
      parkAssist: n(`sonar, sonar sensor, intelligent park assist, rear sonar, moving object detection, front and rear sonar`),
      surroundView: n(`around view monitor, avm, intelligent around view monitor, iavm, around view, around view camera`),
      rearCamera: n(`rearview monitor, rear view monitor, rearview monitor camera`),
      steeringAngle: n(`steering angle sensor neutral position adjustment, steering angle sensor adjustment, neutral position adjustment`),
    },
  },
  {
    makes: ['Subaru'],
    names: {
      forwardCamera: n(`eyesight, eyesight camera, stereo camera, eyesight stereo camera, eyesight system, eyesight assist monitor`),
      frontRadar: n(`front radar, eyesight radar`),
      blindSpot: n(`srvd, subaru rear vehicle detection, bsd, rcta, blind spot detection, rear vehicle detection`),
      parkAssist: n(`reverse automatic braking, rab, rear sonar, rab sensor, front sonar`),
      surroundView: n(`front view monitor`),
      rearCamera: n(`rearview camera, rear view camera`),
      steeringAngle: n(`steering angle sensor calibration, vdc steering angle sensor, vdc sensor midpoint`),
      driverMonitor: n(`driverfocus, driver focus`),
    },
  },
  {
    makes: ['Mazda'],
    names: {
      forwardCamera: n(`forward sensing camera, fsc, i activsense camera, i-activsense camera, lane keep assist system camera`),
      frontRadar: n(`mrcc, mazda radar cruise control, radar cruise control sensor, front radar sensor, smart city brake support radar`),
      blindSpot: n(`bsm, blind spot monitoring, rear side radar, rear crossing traffic alert`),
      parkAssist: n(`parking sensor, parking sensors`),
      surroundView: n(`360 view monitor, 360 degree view monitor, 360 monitor`),
      steeringAngle: n(`steering angle sensor initialization`),
      driverMonitor: n(`driver attention alert, driver monitoring`),
    },
  },
  {
    makes: ['Volkswagen', 'VW', 'Audi', 'Porsche'],
    names: {
      forwardCamera:
        n(`front camera, multifunction camera, lane assist camera, front assist camera, front camera for driver assistance systems,
        travel assist camera`),
      frontRadar: n(`acc sensor, distance control unit, acc radar, front assist radar, distance regulation, adaptive cruise control unit,
        front radar sensor`),
      blindSpot: n(`side assist, lane change assist, side assist radar, audi side assist, rear radar sensor`),
      parkAssist: n(`park distance control, pdc, park pilot, parkpilot, optical parking system, acoustic parking system, park assist`),
      surroundView: n(`area view, top view camera, 360 degree camera, area view camera, top view camera system`),
      rearCamera: n(`rear view camera, rearview camera, rear assist camera`),
      steeringAngle: n(`steering angle sender, g85, steering angle sensor basic setting`),
    },
  },
  {
    makes: ['BMW', 'Mini'],
    names: {
      forwardCamera: n(`kafas, kafas camera, driving assistant camera, front camera, tri camera, fla camera, frontal camera`),
      frontRadar: n(
        `active cruise control, acc sensor, acc radar, frs, frr, front radar sensor, full range radar, long range radar sensor`,
      ),
      blindSpot: n(`active blind spot detection, lane change warning, sww, rear radar sensor, side radar sensor, rear side radar sensor`),
      parkAssist: n(`pdc, park distance control, pdc sensor, parking assistant`),
      surroundView: n(`surround view, top view, trsvc, 3d view, top rear side view camera, panorama view`),
      rearCamera: n(`rear view camera, reversing camera`),
      steeringAngle: n(`steering angle sensor, steering angle calibration`),
    },
  },
  {
    makes: ['Mercedes-Benz', 'Mercedes', 'Mercedes Benz'],
    names: {
      forwardCamera: n(`multi purpose camera, stereo multi purpose camera, smpc, mpc, multipurpose camera, stereo camera`),
      frontRadar: n(
        `distronic, distronic sensor, distronic plus, distance pilot, distance pilot distronic, long range radar, radar sensor distronic`,
      ),
      blindSpot: n(`blind spot assist, active blind spot assist, rear bumper radar sensor, short range radar sensor`),
      parkAssist: n(`parktronic, parking pilot, parktronic sensor, active parking assist`),
      surroundView: n(`360 degree camera, 360 camera, surround view, surround view system`),
      rearCamera: n(`reversing camera, rear view camera`),
      steeringAngle: n(`steering angle sensor, n49, steering angle sensor teach-in, steering angle sensor calibration`),
    },
  },
  {
    makes: ['Volvo', 'Polestar'],
    names: {
      forwardCamera: n(`forward looking camera, front camera module, city safety camera, pilot assist camera, windshield camera module,
        asdm camera`),
      frontRadar: n(`radar module, pilot assist radar, adaptive cruise radar, city safety radar, front radar module`),
      blindSpot: n(`blis, cross traffic alert, cta, blis radar, rear radar module`),
      parkAssist: n(`park assist, park assist pilot, parking sensor, park assist sensor`),
      surroundView: n(`360 camera, 360 degree camera, 360 view, surround view camera`),
      rearCamera: n(`rear park assist camera, rear camera`),
      steeringAngle: n(`steering angle sensor`),
    },
  },
  {
    makes: ['Tesla'],
    names: {
      forwardCamera: n(`autopilot camera, forward cameras, main forward camera, narrow forward camera, wide forward camera, tri camera,
        tricam, forward camera assembly, autopilot calibration, camera calibration autopilot`),
      frontRadar: n(`forward radar, autopilot radar, front radar`),
      parkAssist: n(`ultrasonic sensor, uss, ultrasonic sensors, park assist`),
      rearCamera: n(`rear camera, backup camera`),
      sideCamera: n(`repeater camera, side repeater camera, b pillar camera, pillar camera, fender camera, side camera`),
      steeringAngle: n(`steering angle`),
    },
  },
  {
    makes: ['Rivian'],
    names: {
      forwardCamera: n(`forward camera, driver plus camera, windshield camera`),
      frontRadar: n(`front radar, forward radar`),
      blindSpot: n(`corner radar, rear corner radar, blind spot`),
      parkAssist: n(`parking sensor, ultrasonic sensor`),
      surroundView: n(`360 camera, gear guard camera, surround camera`),
      rearCamera: n(`rear camera`),
      steeringAngle: n(`steering angle sensor`),
    },
  },
  {
    makes: ['Chrysler', 'Dodge', 'Jeep', 'Ram', 'Fiat', 'Alfa Romeo'],
    names: {
      forwardCamera: n(`forward facing camera, ffc, lanesense camera, lane sense camera, lanesense, forward collision warning camera,
        forward camera module, ffcm, forward facing camera module`),
      frontRadar: n(`acc radar, adaptive cruise control radar, forward collision radar, ffr, forward facing radar,
        adaptive speed control, adaptive speed control module, ascm`),
      blindSpot: n(`blind spot monitoring, blind spot monitor, rear cross path, rcp, blind spot sensor, bsm sensor, bsml, bsmr`),
      parkAssist: n(`parksense, park sense, parksense sensor, parksense rear park assist, front parksense, pam, park assist module`),
      surroundView: n(`surround view camera, 360 surround view, surround view camera system, 360 degree surround view`),
      rearCamera: n(`parkview, parkview camera, parkview rear back up camera, rear back up camera`),
      steeringAngle: n(`steering angle sensor, sas calibration`),
    },
  },
  {
    makes: ['Mitsubishi'],
    names: {
      forwardCamera: n(`forward collision mitigation camera, fcm camera, lane departure warning camera`),
      frontRadar: n(`fcm radar, forward collision mitigation, adaptive cruise control radar`),
      blindSpot: n(`bsw, blind spot warning, lane change assist`),
      parkAssist: n(`sonar, parking sensor`),
      surroundView: n(`multi around monitor, multi-around monitor, mam`),
      steeringAngle: n(`steering angle sensor`),
    },
  },
];

/** Every make the data names (the generic row aside). */
export const NAMED_MAKES: readonly string[] = SYSTEM_NAMES.flatMap((m) => m.makes.filter((x) => x !== 'any'));
