'use client';
/**
 * Lookup values (lookup/ByKeys) for the forms (contacts, their items, the user profile), fetched once per
 * group and page load (or after a change in Administration → Lookups) and shared by every dialog. Inactive
 * values are left out of the choices unless one is the current value.
 */
import { useEffect, useState } from 'react';
import { lookupApi } from '@/components/admin';
import type { SelectOption } from '@/components/ui/field';
import type { LookupGroup, LookupItem } from '@/lib/contract/lookups';
import { LOOKUPS_CHANGED_EVENT } from '@/lib/contract/lookups-groups';

const cache = new Map<LookupGroup, Promise<LookupItem[]>>();
// Administration → Lookups announces its changes: the next use reads the values again.
if (typeof window !== 'undefined') window.addEventListener(LOOKUPS_CHANGED_EVENT, () => cache.clear());

function load(groups: readonly LookupGroup[]): Promise<LookupItem[]> {
  const missing = groups.filter((g) => !cache.has(g));
  if (missing.length) {
    const all = lookupApi.byKeys(missing);
    for (const g of missing) {
      const p = all.then((items) => items.filter((i) => i.key === g));
      // A failed load is tried again next time.
      p.catch(() => cache.delete(g));
      cache.set(g, p);
    }
  }
  return Promise.all(groups.map((g) => cache.get(g)!)).then((lists) => lists.flat());
}

export const lookupLabel = (i: LookupItem) => i.value || i.name;

export interface Lookups {
  ready: boolean;
  error: string | null;
  /** Choices of a group; `current` keeps an inactive current value choosable; `where` narrows them. */
  options: (group: LookupGroup, current?: number | null, where?: (item: LookupItem) => boolean) => SelectOption[];
  /** One value of a group. */
  item: (group: LookupGroup, id: number | null | undefined) => LookupItem | undefined;
  /** The label of a value, or ''. */
  label: (group: LookupGroup, id: number | null | undefined) => string;
}

export function useLookups(groups: readonly LookupGroup[]): Lookups {
  const key = groups.join(',');
  const [items, setItems] = useState<LookupItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    load(key.split(',') as LookupGroup[])
      .then((found) => live && setItems(found))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [key]);
  return {
    ready: items !== null,
    error,
    options: (group, current, where) =>
      (items ?? [])
        .filter((i) => i.key === group && (i.id === current || (!i.isInactive && (!where || where(i)))))
        .map((i) => ({ value: i.id, label: lookupLabel(i) })),
    item: (group, id) => (items ?? []).find((i) => i.key === group && i.id === id),
    label: (group, id) => {
      const found = (items ?? []).find((i) => i.key === group && i.id === id);
      return found ? lookupLabel(found) : '';
    },
  };
}
