/** The seeded application log says only true things: a decoded VIN's entry names the make its WMI stands for (issue 31 §9). */
import { describe, expect, it } from 'vitest';
import { logRecords } from '../../api-host/log/data';
import { must } from '../../testkit/must';

const WMI_MAKE: Readonly<Record<string, string>> = {
  '1HG': 'Honda',
  '5YJ': 'Tesla',
  '1FT': 'Ford',
  JTD: 'Toyota',
  '3N1': 'Nissan',
  KM8: 'Hyundai',
};

describe('seeded log: VIN decoded entries', () => {
  it('name the make of the VIN', () => {
    const decoded = [...logRecords(2000)]
      .map((r) => /^VIN (\w{17}) decoded: (\w+) with (\d+) ADAS/.exec(r.message))
      .filter((m) => m !== null);
    expect(decoded.length).toBeGreaterThan(20);
    for (const [, vin, make] of decoded) expect(make, vin).toBe(WMI_MAKE[must(vin, 'the VIN').slice(0, 3)]);
  });

  it('give one VIN one count of ADAS systems every time', () => {
    const counts = new Map<string, Set<string>>();
    for (const r of logRecords(2000)) {
      const m = /^VIN (\w{17}) decoded: \w+ with (\d+) ADAS/.exec(r.message);
      if (m) counts.set(m[1]!, (counts.get(m[1]!) ?? new Set()).add(m[2]!));
    }
    expect(counts.size).toBeGreaterThan(1);
    for (const [vin, n] of counts) expect([...n], vin).toHaveLength(1);
  });
});
