'use client';
/**
 * Which location a screen works on (?firm= in the URL): the user's own by default; users who reach
 * several locations pick another by name (firm/firmAdvancedSearch).
 */
import { usePathname, useRouter } from 'next/navigation';
import { Typeahead } from '@/components/ui/typeahead';
import { bff } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import type { FirmRow } from '@/lib/contract/firm';
import { FIRM_TYPE_LABELS } from '@/lib/contract/firm-constants';

export function LocationPicker({ firm, firmName, canPick }: { firm: number; firmName: string; canPick: boolean }) {
  const router = useRouter();
  const pathname = usePathname();
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
      <p className="text-sm text-slate-700">
        Location: <strong className="text-slate-900">{firmName}</strong> <span className="text-slate-500">(#{firm})</span>
      </p>
      {canPick && (
        <Typeahead<FirmRow>
          label="Another location"
          placeholder="Search by name or city"
          className="w-full sm:w-72"
          search={async (searchterm, signal) =>
            (await bff<typeof contract.firm.firmAdvancedSearch>('GET', 'firm/firmAdvancedSearch', { query: { searchterm, pageSize: 10 }, signal })).items
          }
          itemKey={(r) => r.firm}
          renderItem={(r) => (
            <span className="flex justify-between gap-2">
              <span>{r.name}</span>
              <span className="text-xs text-slate-600">
                {FIRM_TYPE_LABELS[r.firmType]}
                {r.city ? ` · ${r.city}` : ''}
              </span>
            </span>
          )}
          onSelect={(r) => router.push(`${pathname}?firm=${r.firm}`)}
        />
      )}
    </div>
  );
}
