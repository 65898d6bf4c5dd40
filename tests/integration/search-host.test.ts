/**
 * The command palette's search (search/palette, issue 19) on the reference host: every kind found, each
 * kind only for the roles that may list it (a role that may not see Users finds no users), records of
 * other firms never found, the per-kind limit, bad input (400) and no token (401). The queries use the
 * areas' indexes (EXPLAIN QUERY PLAN).
 */
import { roText } from '../../lib/adas/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subtree } from '../../api-host/locations/seed';
import { kindsFor } from '../../api-host/search/calls';
import { contract } from '../../lib/contract';
import { SEARCH_KIND_LIMIT, SEARCH_KIND_ROLES, type SearchItem } from '../../lib/contract/search';
import { startTestHost, type TestHost } from '../../testkit/host';

const palette = contract.search.palette;
let host: TestHost;
let admin: string;
/** role9@example.com: a franchisee user of Northstar East (firm 3 and its shops). */
let franchise: string;

beforeAll(async () => {
  host = await startTestHost();
  admin = await host.token(1);
  franchise = await host.token(9);
}, 60_000);
afterAll(() => host?.close());

async function search(token: string, term: string): Promise<SearchItem[]> {
  const res = await host.api(token, palette, { query: { term } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return palette.response.parse(res.body).items;
}
const one = <T>(sql: string, ...params: unknown[]) => host.db.prepare(sql).get(...params) as T;

describe('search/palette', () => {
  it('finds a job by the last six characters of its VIN, and by its RO number', async () => {
    const job = one<{ adas: number; vin: string; ronumber: string }>(
      "SELECT adas, vin, ronumber FROM adas WHERE length(vin) = 17 AND ronumber <> '' ORDER BY adas LIMIT 1",
    );
    const byVin = await search(admin, job.vin.slice(-6).toLowerCase());
    expect(byVin.filter((i) => i.kind === 'job').map((i) => i.id)).toContain(job.adas);
    const byRo = await search(admin, job.ronumber);
    expect(byRo.find((i) => i.kind === 'job' && i.id === job.adas)?.title).toBe(roText(job.ronumber));
  });

  it('finds vehicles by model and make, not only by VIN ("Accord")', async () => {
    // The newest vehicle with a VIN comes first among equals (newest first), so the kind's limit cannot hide it.
    const v = one<{ vehicle: number; make: string; model: string }>(
      "SELECT vehicle, make, model FROM vehicle WHERE vin <> '' AND length(model) >= 3 ORDER BY vehicle DESC LIMIT 1",
    );
    const byModel = await search(admin, v.model.toLowerCase());
    expect(byModel.filter((i) => i.kind === 'vehicle').map((i) => i.id)).toContain(v.vehicle);
    expect(byModel.find((i) => i.kind === 'vehicle' && i.id === v.vehicle)?.detail).toContain(v.model);
  });

  it('finds a vehicle by its make and model typed together, in either order ("Honda Accord")', async () => {
    const v = one<{ vehicle: number; make: string; model: string }>(
      "SELECT vehicle, make, model FROM vehicle WHERE vin <> '' AND length(make) >= 3 AND length(model) >= 3 AND instr(model, ' ') = 0 ORDER BY vehicle DESC LIMIT 1",
    );
    for (const term of [`${v.make} ${v.model}`, `${v.model.toLowerCase()}  ${v.make.toLowerCase()}`]) {
      const found = (await search(admin, term)).filter((i) => i.kind === 'vehicle');
      expect(
        found.map((i) => i.id),
        term,
      ).toContain(v.vehicle);
      // Every vehicle found has both words: the words narrow the search, they do not widen it.
      for (const i of found) expect(i.detail.toLowerCase(), term).toContain(v.model.toLowerCase());
    }
    // A word of another make narrows to nothing of this one.
    const other = await search(admin, `${v.model} Zzqx`);
    expect(other.filter((i) => i.kind === 'vehicle')).toEqual([]);
    // The vehicles list (ADAS › Vehicles) searches the same way.
    const list = await host.api(admin, contract.vehicles.vehicles, { query: { searchTerm: `${v.make} ${v.model}`, pageSize: 500 } });
    expect(list.status).toBe(200);
    const items = contract.vehicles.vehicles.response.parse(list.body).items;
    expect(items.map((i) => i.vehicle)).toContain(v.vehicle);
    for (const i of items) expect(`${i.make} ${i.model}`.toLowerCase()).toContain(v.model.toLowerCase());
  });

  it('finds vehicles by VIN, contacts, users and locations by name', async () => {
    const vehicle = one<{ vehicle: number; vin: string }>(
      'SELECT vehicle, vin FROM vehicle WHERE length(vin) = 17 ORDER BY vehicle LIMIT 1',
    );
    expect(
      (await search(admin, vehicle.vin.slice(4, 12))).some(
        (i) => i.kind === 'vehicle' && i.id === vehicle.vehicle && i.searchTerm === vehicle.vin,
      ),
    ).toBe(true);

    const user = one<{ user: number; username: string; last_name: string }>(
      "SELECT u.user, u.username, c.last_name FROM user u JOIN contact c ON c.contact = u.contact WHERE u.username = 'role5@example.com'",
    );
    expect((await search(admin, 'role5@')).some((i) => i.kind === 'user' && i.id === user.user && i.searchTerm === user.username)).toBe(
      true,
    );

    const contact = one<{ contact: number; last_name: string }>(
      "SELECT contact, last_name FROM contact WHERE merged_into IS NULL AND is_inactive = 0 AND last_name <> '' AND firm = 1 ORDER BY contact LIMIT 1",
    );
    expect((await search(admin, contact.last_name)).some((i) => i.kind === 'contact' && i.id === contact.contact)).toBe(true);

    const firm = one<{ firm: number; name: string }>('SELECT firm, name FROM firm WHERE firm = 6');
    const found = await search(admin, firm.name.slice(0, 5).toLowerCase());
    expect(found.some((i) => i.kind === 'location' && i.id === firm.firm && i.searchTerm === firm.name)).toBe(true);
  });

  it('answers kinds in order, each at most the limit', async () => {
    const items = await search(admin, 'an');
    const kinds = items.map((i) => i.kind);
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds).toEqual([...kinds].sort((x, y) => kindsFor(1).indexOf(x) - kindsFor(1).indexOf(y)));
    for (const kind of new Set(kinds)) expect(kinds.filter((k) => k === kind).length).toBeLessThanOrEqual(SEARCH_KIND_LIMIT);
  });

  it('searches only the kinds a role may list: a role that may not see Users finds no users', async () => {
    expect(SEARCH_KIND_ROLES.user).not.toContain(9);
    expect(kindsFor(9)).not.toContain('user');
    expect(kindsFor(9)).not.toContain('contact');
    expect(kindsFor(1)).toEqual(['job', 'vehicle', 'contact', 'user', 'location']);
    // "role" is the start of every demo username, which role 1 finds as users.
    expect((await search(admin, 'role')).some((i) => i.kind === 'user')).toBe(true);
    const asFranchise = await search(franchise, 'role');
    expect(asFranchise.filter((i) => i.kind === 'user' || i.kind === 'contact')).toEqual([]);
    // A shop role (17) lists neither users nor locations.
    expect(kindsFor(17)).toEqual(['job', 'vehicle']);
  });

  it("never finds another firm's records", async () => {
    const scope = new Set(subtree(3));
    const outside = one<{ adas: number; vin: string }>(
      `SELECT adas, vin FROM adas WHERE firm NOT IN (${[...scope].join(',')}) AND length(vin) = 17 LIMIT 1`,
    );
    expect((await search(admin, outside.vin.slice(-6))).some((i) => i.kind === 'job' && i.id === outside.adas)).toBe(true);
    const found = await search(franchise, outside.vin.slice(-6));
    expect(found.some((i) => i.kind === 'job' && i.id === outside.adas)).toBe(false);
    for (const item of found.filter((i) => i.kind === 'job'))
      expect(scope.has(one<{ firm: number }>('SELECT firm FROM adas WHERE adas = ?', item.id).firm)).toBe(true);
    const firmOutside = one<{ name: string }>(
      `SELECT name FROM firm WHERE firm NOT IN (${[...scope].join(',')}) ORDER BY firm DESC LIMIT 1`,
    );
    expect((await search(franchise, firmOutside.name)).filter((i) => i.kind === 'location')).toEqual([]);
  });

  it('answers 400 for a term too short or too long, 401 without a token', async () => {
    for (const term of ['', 'a', 'x'.repeat(101)]) {
      const res = await host.api(admin, palette, { query: { term } });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors?.term?.length).toBeGreaterThan(0);
    }
    expect((await host.api(admin, palette, {})).status).toBe(400);
    expect((await host.api(null, palette, { query: { term: 'ab' } })).status).toBe(401);
  });

  it('treats search syntax as text', async () => {
    for (const term of ['""', 'a"b', 'NEAR(', '%_', "o'neil", '{vin}:x', 'a*', '1H'])
      expect((await search(admin, term)).length).toBeGreaterThanOrEqual(0);
  });

  it('uses the indexes', () => {
    const plan = (sql: string, ...p: unknown[]) =>
      (host.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...p) as { detail: string }[]).map((r) => r.detail).join(' | ');
    expect(plan("SELECT u.user FROM user u WHERE u.deleted_at IS NULL AND u.username LIKE ? ESCAPE '\\'", 'role%')).toMatch(
      /USING (COVERING )?INDEX/,
    );
    expect(plan('SELECT f.firm FROM firm f WHERE f.name COLLATE NOCASE >= ? AND f.name COLLATE NOCASE < ?', 'a', 'b')).toMatch(
      /firm_by_name/,
    );
    const shortJobs = plan(
      'SELECT adas FROM adas WHERE ronumber >= ? AND ronumber < ? UNION SELECT adas FROM adas WHERE vin >= ? AND vin < ?',
      'A',
      'B',
      'A',
      'B',
    );
    expect(shortJobs).toMatch(/adas_by_ronumber/);
    expect(shortJobs).toMatch(/adas_by_vin/);
    expect(plan('SELECT vehicle FROM vehicle v WHERE v.vin >= ? AND v.vin < ?', 'A', 'B')).toMatch(/INDEX vehicle_(by_)?vin/);
    expect(plan('SELECT rowid FROM adas_search WHERE adas_search MATCH ?', '"ABC123"')).toMatch(/VIRTUAL TABLE/);
  });
});
