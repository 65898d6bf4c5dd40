/**
 * The locations area's rules: the tree's keyboard and roll-up line, opt-in/provider changes, preference
 * and price change detection, distance, the add form.
 */
import { describe, expect, it } from 'vitest';
import { boundingBox, milesBetween, resolvePostalCode } from '@/api-host/locations/geo';
import {
  addEntry,
  hasChanges,
  programsToSave,
  providersToSave,
  toggleOptIn,
  type PartnerFlags,
} from '@/components/locations/partners/rules';
import {
  changedPreferences,
  childType,
  inheritedValue,
  ownValues,
  preferenceErrors,
  rollUp,
  validateFirm,
} from '@/components/locations/rules';
import { priceChanges, priceText } from '@/components/locations/pricing-rules';
import { PRICE_MESSAGES } from '@/lib/configuration/money';
import type { TreeNode } from '@/lib/contract/locations';
import { keyAction, visibleNodes, type TreeShape } from '@/lib/tree-nav';

describe('tree keyboard (WAI-ARIA tree view)', () => {
  interface N {
    id: string;
    kids?: N[];
  }
  const tree: N[] = [
    { id: 'root', kids: [{ id: 'a', kids: [{ id: 'a1' }, { id: 'a2' }] }, { id: 'b', kids: [{ id: 'b1' }] }, { id: 'c' }] },
  ];
  const byId = new Map<string, N>();
  const index = (ns: N[]) => ns.forEach((n) => (byId.set(n.id, n), n.kids && index(n.kids)));
  index(tree);
  const shape: TreeShape<N> = {
    roots: tree,
    idOf: (n) => n.id,
    textOf: (n) => n.id,
    expandable: (n) => !!n.kids,
    childrenOf: (id) => byId.get(id)?.kids,
  };
  const visible = (...open: string[]) => visibleNodes(shape, new Set(open));

  it('shows roots and the children of expanded nodes, in order, with levels', () => {
    expect(visible('root').map((n) => `${n.id}@${n.level}`)).toEqual(['root@1', 'a@2', 'b@2', 'c@2']);
    expect(visible('root', 'a').map((n) => n.id)).toEqual(['root', 'a', 'a1', 'a2', 'b', 'c']);
    // A collapsed parent hides its expanded children.
    expect(visible('a').map((n) => n.id)).toEqual(['root']);
  });

  it('arrows move, open and close; Home/End jump; Enter activates; * opens siblings; letters type ahead', () => {
    const v = visible('root', 'a');
    expect(keyAction(v, 'a', 'ArrowDown')).toEqual({ kind: 'focus', id: 'a1' });
    expect(keyAction(v, 'a1', 'ArrowUp')).toEqual({ kind: 'focus', id: 'a' });
    expect(keyAction(v, 'c', 'ArrowDown')).toEqual({ kind: 'none' });
    expect(keyAction(v, 'b', 'ArrowRight')).toEqual({ kind: 'expand', id: 'b' });
    expect(keyAction(v, 'a', 'ArrowRight')).toEqual({ kind: 'focus', id: 'a1' });
    expect(keyAction(v, 'a1', 'ArrowRight')).toEqual({ kind: 'none' });
    expect(keyAction(v, 'a', 'ArrowLeft')).toEqual({ kind: 'collapse', id: 'a' });
    expect(keyAction(v, 'a2', 'ArrowLeft')).toEqual({ kind: 'focus', id: 'a' });
    expect(keyAction(v, 'root', 'ArrowLeft')).toEqual({ kind: 'collapse', id: 'root' });
    expect(keyAction(v, 'b', 'Home')).toEqual({ kind: 'focus', id: 'root' });
    expect(keyAction(v, 'root', 'End')).toEqual({ kind: 'focus', id: 'c' });
    expect(keyAction(v, 'b', 'Enter')).toEqual({ kind: 'activate', id: 'b' });
    expect(keyAction(v, 'b', ' ')).toEqual({ kind: 'activate', id: 'b' });
    expect(keyAction(v, 'a', '*')).toEqual({ kind: 'expandSiblings', ids: ['b'] });
    expect(keyAction(v, 'root', 'c')).toEqual({ kind: 'focus', id: 'c' });
    expect(keyAction(v, 'a2', 'a')).toEqual({ kind: 'focus', id: 'a' });
    expect(keyAction(v, 'gone', 'ArrowDown')).toEqual({ kind: 'focus', id: 'root' });
  });
});

describe('opt-in programs and providers (docs/locations.md#states)', () => {
  const entry = (firm2: number, extra: Partial<PartnerFlags> = {}): PartnerFlags => ({
    firm2,
    isOptIn: true,
    isAdd: false,
    isRemove: false,
    relationship: 5,
    ...extra,
  });

  it('toggling flips isOptIn; un-opting an existing entry sets isRemove, opting in again clears it', () => {
    const off = toggleOptIn([entry(1)], 1);
    expect(off).toEqual([entry(1, { isOptIn: false, isRemove: true })]);
    expect(toggleOptIn(off, 1)).toEqual([entry(1)]);
    expect(hasChanges(off)).toBe(true);
  });

  it('a newly added entry is dropped instead of flagged', () => {
    const added = addEntry([entry(1)], entry(2, { isOptIn: false, relationship: 0 }));
    expect(added[1]).toEqual(entry(2, { isAdd: true }));
    expect(toggleOptIn(added, 2)).toEqual([entry(1)]);
  });

  it('adding one that is in the list already changes nothing, unless it was marked for removal', () => {
    expect(addEntry([entry(1)], entry(1, { isOptIn: false }))).toEqual([entry(1)]);
    expect(addEntry([entry(1, { isOptIn: false, isRemove: true })], entry(1))).toEqual([entry(1)]);
    // A provider of the network becomes a chosen one.
    expect(addEntry([entry(3, { relationship: 3, isOptIn: false })], entry(3, { relationship: 3, isOptIn: false }))).toEqual([
      entry(3, { isAdd: true }),
    ]);
  });

  it('network entries are not toggled; only relationship 5 is sent for providers; programs send their changes', () => {
    const list = [
      entry(1),
      entry(2, { relationship: 1, isOptIn: false }),
      entry(3, { isAdd: true }),
      entry(4, { isOptIn: false, isRemove: true }),
    ];
    expect(toggleOptIn(list, 2)).toEqual(list);
    expect(providersToSave(list).map((e) => e.firm2)).toEqual([1, 3, 4]);
    expect(providersToSave(list).every((e) => e.relationship === 5)).toBe(true);
    expect(programsToSave(list).map((e) => e.firm2)).toEqual([3, 4]);
  });
});

describe('preference change detection', () => {
  it('finds only the preferences whose value changed, trimmed, across categories', () => {
    const original = { Brand: { BrandTitle: 'Queens', BrandLogo: '/a.svg' }, Report: {} };
    expect(changedPreferences(original, { Brand: { BrandTitle: ' Queens ', BrandLogo: '/a.svg' } })).toEqual([]);
    expect(
      changedPreferences(original, { Brand: { BrandTitle: 'Queens Auto', BrandLogo: '/a.svg' }, Report: { ReportTitle: 'Cert' } }),
    ).toEqual([
      { category: 'Brand', name: 'BrandTitle', value: 'Queens Auto' },
      { category: 'Report', name: 'ReportTitle', value: 'Cert' },
    ]);
    // Clearing a value is a change (the location inherits again).
    expect(changedPreferences(original, { Brand: { BrandTitle: '', BrandLogo: '/a.svg' } })).toEqual([
      { category: 'Brand', name: 'BrandTitle', value: '' },
    ]);
  });

  it('tells own values from inherited ones, and checks values by kind', () => {
    const rows = [
      { firm: 7, name: 'BrandTitle', value: 'Queens' },
      { firm: 2, name: 'BrandLogo', value: '/n.svg' },
    ];
    expect(ownValues(7, rows)).toEqual({ BrandTitle: 'Queens' });
    expect(inheritedValue(7, rows, 'BrandLogo')).toBe('/n.svg');
    expect(inheritedValue(7, rows, 'BrandTitle')).toBe('');
    expect(
      preferenceErrors([
        { category: 'Brand', name: 'BrandLogo', value: 'javascript:alert(1)' },
        { category: 'Calibration', name: 'DefaultLaborRate', value: 'abc' },
        { category: 'Calibration', name: 'RequirePreScan', value: 'true' },
        { category: 'Brand', name: 'BrandIcon', value: 'file/image?firm=7&name=abc-icon.png' },
      ]),
    ).toEqual({
      'Brand.BrandLogo': 'Must be an uploaded image or an https address',
      'Calibration.DefaultLaborRate': 'Must be a number of at least 0 (up to 2 decimals)',
    });
  });
});

describe('calibration price change detection', () => {
  const rows = [
    { calibrationType: 1, firmPrice: 325 },
    { calibrationType: 2, firmPrice: null },
    { calibrationType: 3, firmPrice: 65.5 },
  ];

  it('sends only the prices that changed: set, changed or cleared (null); the same price written otherwise is no change', () => {
    expect(priceChanges(rows, {})).toEqual({ changes: [], errors: {} });
    expect(priceChanges(rows, { 1: '325', 2: ' ', 3: '$65.50' })).toEqual({ changes: [], errors: {} });
    expect(priceChanges(rows, { 1: '', 2: '1,250.5', 3: '70' })).toEqual({
      changes: [
        { calibrationType: 1, price: null },
        { calibrationType: 2, price: 1250.5 },
        { calibrationType: 3, price: 70 },
      ],
      errors: {},
    });
    expect(priceText(65.5)).toBe('65.50');
    expect(priceText(null)).toBe('');
  });

  it('refuses text that is not a price, and prices below zero, with the price messages', () => {
    expect(priceChanges(rows, { 1: 'abc', 2: '-1', 3: '1.005' })).toEqual({
      changes: [],
      errors: { 1: PRICE_MESSAGES.notNumber('abc'), 2: PRICE_MESSAGES.negative, 3: PRICE_MESSAGES.decimals },
    });
  });
});

describe('the network tree roll-up line', () => {
  const node = (over: Partial<TreeNode>): TreeNode => ({
    firm: 3,
    name: 'Northstar East',
    firmType: 'franchisee',
    parent: 2,
    city: 'Brooklyn',
    stateCode: 'NY',
    isInactive: false,
    hasChildren: true,
    shops: 4,
    users: 12,
    openJobs: 1,
    ...over,
  });
  it('names shops (not for a shop), users and open jobs, singular and plural, formatted for the locale', () => {
    expect(rollUp(node({}))).toBe('4 shops · 12 users · 1 open job');
    expect(rollUp(node({ shops: 1, users: 1, openJobs: 1234 }))).toBe('1 shop · 1 user · 1,234 open jobs');
    expect(rollUp(node({ firmType: 'shop', shops: 0, users: 0, openJobs: 0 }))).toBe('0 users · 0 open jobs');
  });
});

describe('great-circle distance and postal codes', () => {
  it('resolves US ZIP and Canadian codes offline; unknown ones are null', () => {
    expect(resolvePostalCode('10001')).toMatchObject({ city: 'New York', state: 'NY', country: 'US' });
    expect(resolvePostalCode('10001-1234')?.code).toBe('10001');
    expect(resolvePostalCode('m5v 3l9')).toMatchObject({ code: 'M5V', country: 'CA' });
    expect(resolvePostalCode('00000')).toBeNull();
    expect(resolvePostalCode('abc')).toBeNull();
  });

  it('measures miles by the haversine formula', () => {
    const ny = { latitude: 40.7128, longitude: -74.006 };
    const la = { latitude: 34.0522, longitude: -118.2437 };
    expect(milesBetween(ny, la)).toBeCloseTo(2445.6, 0);
    expect(milesBetween(ny, ny)).toBe(0);
    expect(milesBetween({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 })).toBeCloseTo(69.1, 0);
  });

  it('the bounding box holds every point within the radius', () => {
    const c = { latitude: 40.7, longitude: -74 };
    const box = boundingBox(c, 50);
    for (const bearing of [0, 45, 90, 135, 180, 225, 270, 315]) {
      const rad = (bearing * Math.PI) / 180;
      const p = {
        latitude: c.latitude + (49.9 / 69.05) * Math.cos(rad),
        longitude: c.longitude + ((49.9 / 69.05) * Math.sin(rad)) / Math.cos((c.latitude * Math.PI) / 180),
      };
      if (milesBetween(c, p) <= 50) {
        expect(p.latitude).toBeGreaterThanOrEqual(box.minLat);
        expect(p.latitude).toBeLessThanOrEqual(box.maxLat);
        expect(p.longitude).toBeGreaterThanOrEqual(box.minLon);
        expect(p.longitude).toBeLessThanOrEqual(box.maxLon);
      }
    }
    expect(boundingBox({ latitude: 89.95, longitude: 10 }, 50)).toMatchObject({ minLon: -180, maxLon: 180 });
  });
});

describe('the Location add form', () => {
  const ok = {
    company: 'Harbor',
    firmType: 'shop' as const,
    companyId: 3,
    postalCode: '11231',
    phoneNo: '',
    email: '',
    timezoneId: 12,
    languageId: 1,
  };
  it('needs a name, type, parent (but the platform), time zone and language; checks phone and email', () => {
    expect(validateFirm(ok)).toEqual({});
    expect(validateFirm({ ...ok, company: ' ', companyId: null, timezoneId: null, phoneNo: '555', email: 'x@' })).toEqual({
      company: 'This field is required',
      companyId: 'This field is required',
      timezoneId: 'This field is required',
      phoneNo: 'Phone # must look like (555) 123-4567',
      email: 'Required, formatted email address',
    });
    expect(validateFirm({ ...ok, firmType: 'platform', companyId: null })).toEqual({});
  });
  it('a new location under another starts one type below it', () => {
    expect(childType('platform')).toBe('franchiser');
    expect(childType('franchiser')).toBe('franchisee');
    expect(childType('franchisee')).toBe('shop');
  });
});
