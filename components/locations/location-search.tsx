/**
 * "Search by name or city" for a location typeahead (firm/firmAdvancedSearch, the caller's reach): what the
 * screens that work on one chosen location (storage, the partner programs) spread into their Typeahead.
 */
import type { FirmRow } from '@/lib/contract/locations';
import { FIRM_TYPE_LABELS } from '@/lib/contract/locations-constants';
import { firmApi } from './api';

export const locationSearch = {
  placeholder: 'Search by name or city',
  search: async (searchterm: string, signal: AbortSignal) => (await firmApi.list({ searchterm, pageSize: 10 }, signal)).items,
  itemKey: (r: FirmRow) => r.firm,
  renderItem: (r: FirmRow) => (
    <span className="flex justify-between gap-2">
      <span>{r.name}</span>
      <span className="text-xs text-slate-600">
        {FIRM_TYPE_LABELS[r.firmType]}
        {r.city ? ` · ${r.city}` : ''}
      </span>
    </span>
  ),
};
