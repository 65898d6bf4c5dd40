/**
 * A table of opt-in programs or providers (administration §3 "Opt-in program and provider"): name with
 * its MCP and pending-change marks, license, address, phone, optionally the relationship and the
 * distance, and one action cell per row. At narrow widths it scrolls inside its own box.
 */
import type { PartnerEntry } from '@/lib/contract/partner';
import { RELATIONSHIP_LABELS } from '@/lib/contract/firm-constants';
import { formatMiles } from '@/lib/format';

export interface PartnerTableProps {
  caption: string;
  entries: readonly PartnerEntry[];
  showRelationship?: boolean;
  showDistance?: boolean;
  actionHeader: string;
  action: (e: PartnerEntry) => React.ReactNode;
}

const address = (e: PartnerEntry) => [e.addressLines, [e.city, [e.state, e.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean).join(', ');

export function PartnerTable({ caption, entries, showRelationship, showDistance, actionHeader, action }: PartnerTableProps) {
  return (
    <div className="min-w-0 overflow-x-auto rounded-md border border-slate-200 bg-white">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Name
            </th>
            <th scope="col" className="px-3 py-2">
              License
            </th>
            <th scope="col" className="px-3 py-2">
              Address
            </th>
            <th scope="col" className="px-3 py-2">
              Phone
            </th>
            {showRelationship && (
              <th scope="col" className="px-3 py-2">
                Relationship
              </th>
            )}
            {showDistance && (
              <th scope="col" className="px-3 py-2 text-right">
                Distance
              </th>
            )}
            <th scope="col" className="px-3 py-2">
              {actionHeader}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((e) => (
            <tr key={e.firm2} data-testid="partner-row">
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span>{e.firmName}</span>
                  {e.isMCP && <span className="rounded bg-brand-50 px-1.5 text-xs text-brand-800">MCP</span>}
                  {e.isAdd && <span className="rounded bg-green-50 px-1.5 text-xs text-green-800">New</span>}
                  {e.isRemove && <span className="rounded bg-red-50 px-1.5 text-xs text-red-800">Will be removed</span>}
                </span>
              </th>
              <td className="px-3 py-2 whitespace-nowrap text-slate-700">{e.license || '—'}</td>
              <td className="px-3 py-2 text-slate-700">{address(e) || '—'}</td>
              <td className="px-3 py-2 whitespace-nowrap text-slate-700">{e.phone || '—'}</td>
              {showRelationship && <td className="px-3 py-2 text-slate-700">{RELATIONSHIP_LABELS[e.relationship] ?? 'Other provider'}</td>}
              {showDistance && (
                <td className="px-3 py-2 text-right whitespace-nowrap text-slate-700 tabular-nums" data-testid="distance">
                  {e.distance == null ? '—' : formatMiles(e.distance)}
                </td>
              )}
              <td className="px-3 py-2">{action(e)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
