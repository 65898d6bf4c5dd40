'use client';
/**
 * Which location a screen works on (?firm= in the URL): the user's own by default; users who reach
 * several locations pick another by name (firm/firmAdvancedSearch).
 */
import { usePathname, useRouter } from 'next/navigation';
import { locationSearch } from '@/components/locations/location-search';
import { Typeahead } from '@/components/ui/typeahead';
import type { FirmRow } from '@/lib/contract/locations';

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
          className="w-full sm:w-72"
          {...locationSearch}
          onSelect={(r) => router.push(`${pathname}?firm=${r.firm}`)}
        />
      )}
    </div>
  );
}
