/**
 * Demo insurers (fictional names): network-wide ones at the platform (firm 1) and a few of single
 * locations, each with program codes and agreed calibration prices.
 */
import type { Db } from '../core/db';
import { DEMO_CALIBRATION_PRICES } from '../configuration/service';

/**
 * The calibration types insurers agree prices for: the demo knowledge base's own that have a list price
 * (the quote matches an agreed price to a calibration by its type's name; names of types nobody calibrates
 * never matched).
 */
export const CALIBRATION_TYPES = DEMO_CALIBRATION_PRICES.filter(
  (type): type is { name: string; listPrice: number } => type.listPrice !== null,
);

const INSURERS: readonly { name: string; firm: number; contact: string; inactive?: boolean }[] = [
  { name: 'Allied Auto Insurance', firm: 1, contact: 'Claims desk, (800) 555-0110, claims@alliedauto.example' },
  { name: 'Beacon Mutual', firm: 1, contact: 'Dana Reyes, (800) 555-0131' },
  { name: 'Cardinal Casualty', firm: 1, contact: 'ADAS programs, adas@cardinal.example' },
  { name: 'Evergreen Indemnity', firm: 1, contact: '(800) 555-0175' },
  { name: 'Granite State Insurance', firm: 1, contact: 'Repair network, (603) 555-0142' },
  { name: 'Harbor Point Insurance', firm: 1, contact: 'Lee Thompson, lee.thompson@harborpoint.example' },
  { name: 'Keystone Auto Group', firm: 1, contact: '(717) 555-0166' },
  { name: 'Lakeshore Mutual', firm: 1, contact: 'Claims, (312) 555-0190' },
  { name: 'Meridian General', firm: 1, contact: 'Preferred shops desk, (888) 555-0104' },
  { name: 'Pinnacle Auto Insurance', firm: 1, contact: 'Sam Okoro, (877) 555-0158' },
  { name: 'Statewide Insurance Co.', firm: 1, contact: 'claims@statewide.example' },
  { name: 'Summit Casualty', firm: 1, contact: 'Closed to new claims', inactive: true },
  { name: 'Empire Claims Network', firm: 3, contact: 'NY desk, (212) 555-0127' },
  { name: 'Brooklyn Mutual Auto', firm: 6, contact: 'Rosa Lind, (718) 555-0199' },
  { name: 'Pacific Coast Auto', firm: 4, contact: '(415) 555-0112' },
  { name: 'Lone Star Mutual', firm: 5, contact: 'Austin office, (512) 555-0135' },
];

export function seedInsurance(db: Db): void {
  const insertInsurer = db.prepare('INSERT INTO insurance (insurance_name, firm, is_inactive, insurance_contact) VALUES (?, ?, ?, ?)');
  const insertLookup = db.prepare(
    'INSERT INTO insurance_lookup (insurance, lookup_type, code, description, calibration_type, price_cents) VALUES (?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    INSURERS.forEach((ins, i) => {
      const id = Number(insertInsurer.run(ins.name, ins.firm, ins.inactive ? 1 : 0, ins.contact).lastInsertRowid);
      const prefix = ins.name.replace(/[^A-Z]/g, '').slice(0, 3);
      insertLookup.run(id, 'program', `${prefix}-DRP-${100 + i}`, 'Direct repair program', '', null);
      if (i % 3 === 0) insertLookup.run(id, 'program', `${prefix}-ADAS-${200 + i}`, 'ADAS calibration program', '', null);
      // Agreed prices for some calibration types, varying by insurer: 85 to 100 % of the type's list price
      // (an insurer negotiates a discount; a shop quoting its list price is never under the agreed one).
      CALIBRATION_TYPES.forEach(({ name, listPrice }, k) => {
        if ((i + k) % 3 === 2) return;
        const share = 85 + ((i * 37 + k * 53) % 4) * 5;
        insertLookup.run(id, 'price', '', '', name, Math.round((listPrice * share) / 100) * 100);
      });
    });
  })();
}
