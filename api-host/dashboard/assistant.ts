/**
 * decode/ai, the reference host's assistant: answers "2021 Camry, windshield replaced: what needs
 * calibrating?" from the knowledge base alone. It finds in the prompt a VIN (decoded) or a model year, make
 * and model (the makes and models the configuration and the VIN table know), and the repair words (the CCC
 * line, location and sublet keywords of the vehicle's systems, less the exclusions); it answers the systems
 * those words trigger with their calibration types, prices for the caller's location and procedure links,
 * and says plainly what it could not make out. It invents nothing.
 */
import type { AiAnswer } from '../../lib/contract/dashboard';
import { isValidVin } from '../../lib/vehicle/vin';
import { calibrationPrice, exclusions, linksFor, systemsFor, type Vehicle } from '../configuration/service';
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
  const excluded = exclusions(db).filter((e) => mentions(text, e.phrase));
  const repairs = new Set<string>();
  const systems: AiAnswer['systems'] = [];
  const seen = new Set<number>();
  for (const s of systemsFor(db, v)) {
    if (seen.has(s.adasChecklistMatrix)) continue;
    const words = [...s.keywords.line, ...s.keywords.location, ...s.keywords.sublet].filter((k) => mentions(text, k));
    if (words.length === 0 || excluded.some((e) => e.adasChecklistMatrix == null || e.adasChecklistMatrix === s.adasChecklistMatrix))
      continue;
    seen.add(s.adasChecklistMatrix);
    words.forEach((w) => repairs.add(w));
    const price = s.calibrationType == null ? null : calibrationPrice(db, s.calibrationType, caller.firm).cents;
    systems.push({
      system: s.matrixItem,
      calibrationType: s.calibrationTypeName,
      calibrationMode: s.calibrationMode,
      price: price == null ? null : price / 100,
      url: s.url,
      because: `the repair mentions ${words.map((w) => `"${w}"`).join(', ')}`,
    });
  }
  const label = `${v.year} ${v.make} ${v.model}`;
  const links = linksFor(db, v).map((l) => ({ title: l.title, url: l.url }));
  if (repairs.size === 0) unknown.push('a repair the knowledge base lists for this vehicle (e.g. windshield replaced, front bumper cover)');
  const answer =
    systems.length === 0
      ? `For the ${label} I found no calibration triggered by the repair described.${repairs.size === 0 ? ' I could not make out the repair.' : ''}`
      : `For the ${label}: ${systems.map((s) => `${s.system} — ${s.calibrationType || 'calibration type not listed'} (${money(s.price == null ? null : Math.round(s.price * 100))})`).join('; ')}.`;
  return { answer, vehicle, repairs: [...repairs], systems, links, unknown };
}
