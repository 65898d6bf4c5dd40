/** One search hit: name, then phone, email and the address (cut to 37 characters + "…" past 40). */
import type { SearchResult } from '@/lib/contract/contacts';
import { shortenAddress } from './rules';

export function SearchResultLine({ r }: { r: Pick<SearchResult, 'fileAs' | 'name' | 'phoneNo' | 'email' | 'address'> }) {
  const extra = [r.phoneNo, r.email, shortenAddress(r.address)].filter(Boolean);
  return (
    <span className="flex flex-col">
      <span className="font-medium text-slate-900">{r.fileAs || r.name}</span>
      {extra.length > 0 && <span className="text-xs text-slate-600">{extra.join(' · ')}</span>}
    </span>
  );
}
