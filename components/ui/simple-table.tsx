/**
 * A small read-only table inside a card (a job's inspections, its repair lines, a vehicle's systems):
 * the caption for screen readers, column headers, and a scroll box so a phone never scrolls the page
 * sideways. Long, sortable, paged lists use components/data-table instead.
 */
import type { ReactNode } from 'react';

export function SimpleTable({ caption, columns, children }: { caption: string; columns: ReactNode[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className="px-3 py-2">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
