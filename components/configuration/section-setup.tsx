'use client';
/**
 * What every section of /configuration starts from: the props the server page hands it (its list's spec and
 * URL state, the page of records, the choices of admin/getAdasMakeMatrixCategories), and the choices its
 * filters and editors build from those categories.
 */
import { FilterSelect } from '@/components/data-table';
import type { MakeMatrixCategories } from '@/lib/contract/admin';
import type { Paged } from '@/lib/contract/list';
import type { ListStateOf } from '@/lib/list-state';
import type { SectionLists } from './list-specs';

export type SectionState<K extends keyof SectionLists> = ListStateOf<SectionLists[K]>;

export interface SectionProps<K extends keyof SectionLists, Row> {
  spec: SectionLists[K];
  state: SectionState<K>;
  data: Paged<Row>;
  categories: MakeMatrixCategories;
}

/** An optional number field of an editor's draft: empty is none. */
export const optionalNumber = (v: unknown) => (v === '' || v == null ? null : Number(v));

export const systemOptions = (c: MakeMatrixCategories) => c.systems.map((s) => ({ value: s.adasChecklistMatrix, label: s.matrixItem }));

export const makeOptions = (c: MakeMatrixCategories, all = 'All makes') => [
  { value: '', label: all },
  ...c.makes.map((m) => ({ value: m, label: m })),
];

/** The locations a per-location list can show; the platform's records are the network's. */
export const firmOptions = (c: MakeMatrixCategories) =>
  c.firms.map((f) => ({ value: f.firm, label: f.firm === 1 ? `${f.name} (network)` : f.name }));

export const firmName = (c: MakeMatrixCategories, firm: number) => c.firms.find((f) => f.firm === firm)?.name ?? `Location ${firm}`;

/** The "Make" filter of a list kept per make ("All makes" first). */
export function MakeFilter({ categories, value, go }: { categories: MakeMatrixCategories; value: string; go: (make: string) => void }) {
  return <FilterSelect label="Make" value={value} options={makeOptions(categories)} onChange={go} />;
}

/** The "System" filter of a list kept per system; 0 is every system. */
export function SystemFilter({ categories, value, go }: { categories: MakeMatrixCategories; value: number; go: (system: number) => void }) {
  return (
    <FilterSelect
      label="System"
      value={value}
      options={[{ value: 0, label: 'All systems' }, ...systemOptions(categories)]}
      onChange={(v) => go(Number(v))}
    />
  );
}

/** The "Location" filter of a per-location list. */
export function LocationFilter({ categories, firm, go }: { categories: MakeMatrixCategories; firm: number; go: (firm: number) => void }) {
  return <FilterSelect label="Location" value={firm} options={firmOptions(categories)} onChange={(v) => go(Number(v))} />;
}
