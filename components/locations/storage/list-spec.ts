/**
 * The storage list's URL state (docs/locations-storage.md#limits: page size 10, sort descending by id, filter 9999 = every
 * location). Server-side: the page hands the plain object to the client components.
 */
import 'server-only';
import { STORAGE_DEFAULTS } from '@/lib/contract/locations-storage';
import { STORAGE_SORTS } from '@/lib/contract/locations-constants';
import { defineList, field, type ListStateOf } from '@/lib/list-state';

export const storageList = defineList({
  key: 'storage',
  path: '/storage',
  sorts: STORAGE_SORTS,
  orderBy: STORAGE_DEFAULTS.orderBy,
  direction: STORAGE_DEFAULTS.direction,
  pageSize: STORAGE_DEFAULTS.pageSize,
  fields: { filterBy: field.int(STORAGE_DEFAULTS.filterBy, { min: 1 }) },
});

export type StorageListSpec = typeof storageList;
export type StorageListState = ListStateOf<StorageListSpec>;
