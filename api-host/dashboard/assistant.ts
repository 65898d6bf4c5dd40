/**
 * decode/ai, the reference host's assistant: answers "2021 Camry, windshield replaced: what needs
 * calibrating?" from the knowledge base alone. It finds in the prompt a VIN (decoded) or a model year, make
 * and model (the makes and models the configuration and the VIN table know), reads each phrase of the prompt
 * (split at commas, semicolons, full stops, question marks and "and") as an estimate line with the scrub's
 * own reader and rules (api-host/calibrations/scrub.ts), and answers the systems the scrub triggers with
 * their calibration types, prices for the caller's location and procedure links, each with the scrub's why,
 * and says plainly what it could not make out. It invents nothing.
 */
import type { AiAnswer } from '../../lib/contract/dashboard';
import { isValidVin } from '../../lib/vehicle/vin';
import { scrubLines } from '../calibrations/service';
import { linksFor, type Vehicle } from '../configuration/service';
import type { Db } from '../core/db';
import type { Caller } from '../core/caller';
import { prepared } from '../core/sql';
import { decodeValidVin } from '../vehicles/service';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whether `phrase` occurs in `text` as whole words (any case; a trailing plural s or "ed"/"d" allowed). */
const mentions = (text: string, phrase: string) =>
  new RegExp(`(^|[^\\p{L}\\p{N}])${escape(phrase.toLowerCase())}(s|es|d|ed)?(?![\\p{L}\\p{N}])`, 'u').test(text);

interface KnownModel {
  make: string;
  model: string;
}

function knownModels(db: Db): KnownModel[] {
  return prepared<KnownModel>(
    db,
    `SELECT DISTINCT vehicle_make AS make, vehicle_model AS model FROM adas_make_matrix_model
     UNION SELECT m.name, p.model FROM vehicle_pattern p JOIN vehicle_wmi w ON w.wmi = p.wmi JOIN vehicle_make m ON m.make_id = w.make_id`,
  ).all();
}

function findVehicle(db: Db, prompt: string, text: string): { vehicle: AiAnswer['vehicle']; unknown: string[] } {
  const vin = /\b[A-HJ-NPR-Z0-9]{17}\b/i.exec(prompt)?.[0]?.toUpperCase();
  if (vin && isValidVin(vin)) {
    const d = decodeValidVin(db, vin);
    if (d.isDecoded) return { vehicle: { vin, year: d.year, make: d.make, model: d.model }, unknown: [] };
    return { vehicle: { vin, year: d.year, make: d.make, model: d.model }, unknown: [`the vehicle of VIN ${vin}: ${d.reason}`] };
  }
  const unknown: string[] = vin ? [`${vin} is not a valid VIN (its check digit or characters are wrong)`] : [];
  const year = Number(/\b(19[5-9]\d|20[0-4]\d)\b/.exec(text)?.[1]) || null;
  const models = knownModels(db).sort((a, b) => b.model.length - a.model.length);
  const makes = [...new Set(models.map((m) => m.make))].sort((a, b) => b.length - a.length);
  const make = makes.find((m) => mentions(text, m)) ?? '';
  const model = models.find((m) => (!make || m.make.toLowerCase() === make.toLowerCase()) && mentions(text, m.model));
  const found = { vin: '', year, make: model?.make ?? make, model: model?.model ?? '' };
  if (!year) unknown.push('the model year (write it as four digits, e.g. 2021)');
  if (!found.make) unknown.push('the make');
  if (!found.model) unknown.push('the model');
  return { vehicle: year || found.make || found.model ? found : null, unknown };
}

const money = (cents: number | null) => (cents == null ? 'no price set' : `$${(cents / 100).toFixed(2)}`);

export function answerPrompt(db: Db, caller: Caller, prompt: string): AiAnswer {
  const text = prompt.toLowerCase();
  const { vehicle, unknown } = findVehicle(db, prompt, text);
  const complete = vehicle && vehicle.year && vehicle.make && vehicle.model;
  if (!complete) {
    const missing = `I could not make out ${unknown.join(', ')}.`;
    return {
      answer: `${missing} Name the vehicle by VIN, or by year, make and model, and the repair.`,
      vehicle,
      repairs: [],
      systems: [],
      links: [],
      unknown,
    };
  }
  const v: Vehicle = { year: vehicle.year!, make: vehicle.make, model: vehicle.model };
  const phrases = prompt
    .split(/[,;.?!\n]+|\band\b/i)
    .map((p) => p.trim())
    .filter(Boolean);
  const scrub = scrubLines(
    db,
    { ...v, vin: vehicle.vin },
    caller.firm,
    phrases.map((description, i) => ({ lineNum: i + 1, uniqueSequenceNumber: i + 1, operation: '', description })),
  );
  const triggering = scrub.outcomes.filter((o) => o.triggers.length > 0);
  const repairs = new Set(triggering.flatMap((o) => o.triggers.map((t) => t.words)));
  const systems: AiAnswer['systems'] = scrub.calibrations.map((c) => ({
    system: c.system,
    calibrationType: c.calibrationType,
    calibrationMode: c.calibrationMode,
    price: c.price,
    url: c.url,
    because: [
      ...new Set(triggering.flatMap((o) => o.triggers.filter((t) => t.adasChecklistMatrix === c.adasChecklistMatrix).map((t) => t.why))),
    ].join('; '),
  }));
  const label = `${v.year} ${v.make} ${v.model}`;
  const links = linksFor(db, v).map((l) => ({ title: l.title, url: l.url }));
  if (repairs.size === 0) unknown.push('a repair the knowledge base lists for this vehicle (e.g. windshield replaced, front bumper cover)');
  const answer =
    systems.length === 0
      ? `For the ${label} I found no calibration triggered by the repair described.${repairs.size === 0 ? ' I could not make out the repair.' : ''}`
      : `For the ${label}: ${systems.map((s) => `${s.system} — ${s.calibrationType || 'calibration type not listed'} (${money(s.price == null ? null : Math.round(s.price * 100))})`).join('; ')}.`;
  return { answer, vehicle, repairs: [...repairs], systems, links, unknown };
}
