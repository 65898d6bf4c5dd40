'use client';
/**
 * "Find a contact": a typeahead over contact/lookupContact (by name), contact/addressSearch/ and
 * contact/phoneSearch/, or contact/vendorSearch/ in the vendor view. Picking a result opens its editor.
 */
import { useId, useState } from 'react';
import { LazyTypeahead } from '@/components/ui/lazy-typeahead';
import { contactApi, type View } from './api';
import { SearchResultLine } from './search-result-line';

interface Found {
  contact: number;
  fileAs: string;
  name: string;
  phoneNo: string | null;
  email: string | null;
  address: string | null;
}

const MODES = {
  name: { label: 'Name', search: contactApi.lookup },
  address: { label: 'Address', search: contactApi.addressSearch },
  phone: { label: 'Phone', search: contactApi.phoneSearch },
} as const;
type Mode = keyof typeof MODES;

export function ContactSearch({ view, onPick }: { view: View; onPick: (contact: number) => void }) {
  const [mode, setMode] = useState<Mode>('name');
  const modeId = useId();
  const search = async (term: string, signal: AbortSignal): Promise<Found[]> => {
    if (view === 'vendors') {
      const { items } = await contactApi.vendorSearch(term, signal);
      return items.map((v) => ({
        contact: v.contact,
        fileAs: v.companyName,
        name: v.companyName,
        phoneNo: v.phoneNo,
        email: null,
        address: null,
      }));
    }
    return (await MODES[mode].search(term, signal)).items;
  };
  return (
    <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
      {view === 'contacts' && (
        <div className="flex flex-col gap-1">
          <label htmlFor={modeId} className="text-sm font-medium text-slate-800">
            Find by
          </label>
          <select
            id={modeId}
            value={mode}
            onChange={(e) => setMode(e.target.value as Mode)}
            className="rounded-md border border-slate-300 bg-white px-2 py-2 text-base shadow-sm sm:text-sm"
          >
            {Object.entries(MODES).map(([k, m]) => (
              <option key={k} value={k}>
                {m.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <LazyTypeahead<Found>
        key={`${view}-${mode}`}
        className="min-w-0 flex-1 sm:w-72 sm:flex-none"
        label={view === 'vendors' ? 'Find a vendor' : 'Find a contact'}
        placeholder={
          view === 'vendors'
            ? 'Company name or phone'
            : mode === 'name'
              ? 'Name, phone or email'
              : `Search by ${MODES[mode].label.toLowerCase()}`
        }
        search={search}
        itemKey={(r) => r.contact}
        renderItem={(r) => <SearchResultLine r={r} />}
        onSelect={(r) => onPick(r.contact)}
      />
    </div>
  );
}
