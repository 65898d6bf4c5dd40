/** The host queries of an /adas list state: adas/adass for the jobs, vehicle/vehicles for the vehicles. */
import { ADAS_SORTS, VEHICLE_SORTS, type AdasSort, type VehicleSort } from '@/lib/adas/rules';
import { dayStart } from '@/lib/dates';
import type { AdasListState } from './list-spec';

const isJobSort = (s: string): s is AdasSort => (ADAS_SORTS as readonly string[]).includes(s);
const isVehicleSort = (s: string): s is VehicleSort => (VEHICLE_SORTS as readonly string[]).includes(s);

export function jobsQuery(s: AdasListState, timezone: number) {
  return {
    page: s.page,
    pageSize: s.pageSize,
    orderBy: isJobSort(s.orderBy) ? s.orderBy : 'adas',
    direction: s.direction,
    filterBy: s.filterBy || undefined,
    firm: s.firm || undefined,
    createdFrom: s.from ? dayStart(s.from, timezone) : undefined,
    // "To" includes its whole day: the host's bound is the next day's start.
    createdTo: s.to ? dayStart(s.to, timezone, 1) : undefined,
    searchTerm: s.searchTerm,
  };
}

export function vehiclesQuery(s: AdasListState) {
  return {
    page: s.page,
    pageSize: s.pageSize,
    orderBy: isVehicleSort(s.orderBy) ? s.orderBy : 'vehicle',
    direction: s.direction,
    firm: s.firm || undefined,
    searchTerm: s.searchTerm,
  };
}
