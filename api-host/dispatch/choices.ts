/**
 * The providers a shop may send an inspection's calibrations to (dispatch/providers): its providers as
 * firm/providers lists them (chosen, and those of its own network), nearest first by great-circle distance
 * from the shop, each with how it works (on site, in its bay), how many vehicles a day it takes and how many
 * it has scheduled on the date asked about, and its price for each calibration asked for — its own pricing,
 * else its network's (configuration calibrationPrice), the price the request's lines take when it is sent
 * there. The calibrations are the request's lines when the inspection has a request, else its last scrub's.
 * The shop's own prices of the same calibrations come first (in house).
 */
import type { z } from 'zod';
import type { contract } from '../../lib/contract';
import { dollars } from '../../lib/calibrations/rules';
import { isDay, modesOf } from '../../lib/dispatch/rules';
import type { Caller } from '../core/caller';
import type { Db } from '../core/db';
import { prepared, preparedValue } from '../core/sql';
import { inspectionJob, storedScrub } from '../calibrations/service';
import { calibrationPrice } from '../configuration/service';
import { milesBetween, providersOf } from '../locations/service';
import { bookedOn, offeringOf } from './relation';

type Answer = z.input<typeof contract.dispatch.providers.response>;
type Priced = Answer['inHouse'];

interface Wanted {
  adasChecklistMatrix: number;
  system: string;
  calibrationType: string;
  typeId: number | null;
}

/** The calibrations asked for: the request's lines, else the last scrub's. */
function wanted(db: Db, adasInspection: number, scrubbed: () => Wanted[]): Wanted[] {
  const request = preparedValue<number>(db, 'SELECT calibrate_request FROM calibrate_request WHERE adas_inspection = ?').get(
    adasInspection,
  );
  if (request === undefined) return scrubbed();
  return prepared<Wanted>(
    db,
    `SELECT l.adas_checklist_matrix AS adasChecklistMatrix, l.system, l.calibration_type AS calibrationType,
            (SELECT t.calibration_type FROM adas_calibration_type t WHERE t.name = l.calibration_type ORDER BY t.calibration_type LIMIT 1) AS typeId
     FROM calibrate_request_line l WHERE l.calibrate_request = ? ORDER BY l.calibrate_request_line`,
  ).all(request);
}

/** The calibrations at a firm's prices, with their total (summed in cents) and how many have none. */
export function pricedAt(db: Db, firm: number, calibrations: readonly Wanted[]): Priced {
  let total = 0;
  let unpriced = 0;
  const lines = calibrations.map((c) => {
    const p = c.typeId == null ? { cents: null, source: 'none' as const } : calibrationPrice(db, c.typeId, firm);
    if (p.cents == null) unpriced++;
    else total += p.cents;
    return {
      adasChecklistMatrix: c.adasChecklistMatrix,
      system: c.system,
      calibrationType: c.calibrationType,
      price: p.cents == null ? null : dollars(p.cents),
      priceSource: p.source,
    };
  });
  return { lines, total: dollars(total), unpriced };
}

interface Place {
  firm: number;
  name: string;
  city: string;
  state: string;
  phone: string;
  latitude: number | null;
  longitude: number | null;
}

export function providerChoices(db: Db, caller: Caller, adasInspection: number, date: string | undefined): Answer {
  const job = inspectionJob(db, caller, adasInspection, 'own');
  const calibrations = wanted(db, adasInspection, () =>
    (storedScrub(db, job)?.calibrations ?? []).map((c) => ({
      adasChecklistMatrix: c.adasChecklistMatrix,
      system: c.system,
      calibrationType: c.calibrationType,
      typeId: c.calibrationTypeId,
    })),
  );
  const related = providersOf(db, job.firm);
  const places = prepared<Place>(
    db,
    `SELECT f.firm, f.name, f.city, coalesce(sp.code, '') AS state, f.phone_no AS phone, f.latitude, f.longitude
     FROM firm f LEFT JOIN lookup sp ON sp.key = 'StateProvince' AND sp.id = f.state_province
     WHERE f.firm IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify([job.firm, ...related.keys()]));
  const shop = places.find((p) => p.firm === job.firm)!;
  const at = (p: Place) => (p.latitude == null || p.longitude == null ? null : { latitude: p.latitude, longitude: p.longitude });
  const from = at(shop);
  const day = date && isDay(date) ? date : null;
  const providers = places
    .filter((p) => p.firm !== job.firm)
    .map((p) => {
      const to = at(p);
      const { offering, capacity } = offeringOf(db, p.firm);
      return {
        provider: p.firm,
        name: p.name,
        city: p.city,
        state: p.state,
        phone: p.phone,
        distance: from && to ? Math.round(milesBetween(from, to) * 10) / 10 : null,
        relationship: related.get(p.firm)!,
        offering,
        modes: modesOf(offering),
        capacity,
        booked: day ? bookedOn(db, p.firm, day) : 0,
        ...pricedAt(db, p.firm, calibrations),
      };
    })
    .sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity) || a.name.localeCompare(b.name));
  return { adasInspection, shop: job.firm, shopName: shop.name, inHouse: pricedAt(db, job.firm, calibrations), providers };
}
