import { describe, expect, it } from 'vitest';
import { roleLabel } from '@/lib/roles';
import { leftMenu, topBarMenu } from '@/lib/routes';

const labels = (role: number | null) => leftMenu(role).map((i) => i.label);

/** docs/shell.md#screens Menus and docs/roles.md#role-ids, written out per role independently of the route table. */
const STAFF = [1, 2, 3, 5, 7, 9, 12];
function expectedMenu(role: number | null): string[] {
  const shop = role != null && [15, 16, 17].includes(role);
  const out = ['Home'];
  if (role != null && [...STAFF, 15].includes(role)) out.push(shop ? 'Location' : 'Locations');
  if (role === 1) out.push('Users');
  if (role != null) out.push('ADAS');
  out.push('ADAS Systems Overview', 'Providers');
  if (role != null && STAFF.includes(role)) out.push('Dashboard');
  if (role === 1) out.push('ADAS Matrix');
  return out;
}

describe('left menu', () => {
  for (const role of [...Array.from({ length: 17 }, (_, i) => i + 1), null]) {
    it(`role ${role ?? 'Guest'}`, () => expect(labels(role)).toEqual(expectedMenu(role)));
  }

  it('shop roles see at most Home, Location, ADAS, ADAS Systems Overview and Providers', () => {
    const allowed = ['Home', 'Location', 'ADAS', 'ADAS Systems Overview', 'Providers'];
    for (const role of [15, 16, 17]) for (const l of labels(role)) expect(allowed).toContain(l);
    expect(labels(15)).toEqual(allowed);
    expect(labels(16)).toEqual(['Home', 'ADAS', 'ADAS Systems Overview', 'Providers']);
  });

  it('only role 1 sees ADAS Matrix (/configuration)', () => {
    expect(leftMenu(1).find((i) => i.label === 'ADAS Matrix')?.path).toBe('/configuration');
    expect(labels(2)).not.toContain('ADAS Matrix');
  });
});

describe('top bar', () => {
  it('lists only ADAS, for the roles allowed there', () => {
    expect(topBarMenu(1)).toEqual([{ path: '/adas', label: 'ADAS' }]);
    expect(topBarMenu(null)).toEqual([]);
  });
});

describe('role labels', () => {
  const expected: Record<number, string> = {
    3: 'Franchiser (admin)',
    7: 'Franchiser (user)',
    8: 'Franchisee (admin)',
    9: 'Franchisee (user)',
    4: 'Shop (admin)',
    5: 'Shop (user)',
    15: 'Shop (technician)',
    16: 'Shop (estimator)',
    17: 'Shop (read only)',
  };
  for (let role = 1; role <= 17; role++) {
    it(`role ${role}`, () => expect(roleLabel(role)).toBe(expected[role] ?? 'Admin'));
  }
  it('no role is Guest', () => {
    expect(roleLabel(null)).toBe('Guest');
    expect(roleLabel(undefined)).toBe('Guest');
  });
});
