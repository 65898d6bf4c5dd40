'use client';
/**
 * Administration → Email log (docs/log.md#calls admin/getEmails): the mails the product sent (password resets,
 * reports, onboarding), newest first, searched by recipient address; a mail opens with its subject, body
 * and attachment names.
 */
import dynamic from 'next/dynamic';
import { useCallback, useMemo, useState } from 'react';
import { DataTable, OpenCell, dash, fetchAllPages, useList, type DataColumn } from '@/components/data-table';
import type { EmailRow } from '@/lib/contract/admin';
import { formatDateTime } from '@/lib/dates';
import { emailApi, type EmailListSpec, type EmailListState } from '@/components/admin';

const EmailDialog = dynamic(() => import('./email-dialog').then((m) => m.EmailDialog), { ssr: false });

export function EmailsScreen({
  spec,
  state,
  data,
  zone,
}: {
  spec: EmailListSpec;
  state: EmailListState;
  data: { count: number; items: EmailRow[] };
  zone: string;
}) {
  const list = useList(spec, state);
  const [open, setOpen] = useState<EmailRow | null>(null);
  const columns = useMemo<DataColumn<EmailRow>[]>(
    () => [
      {
        id: 'sentAt',
        header: 'Sent',
        sortable: true,
        className: 'whitespace-nowrap',
        csv: (r) => r.sentAt,
        cell: (r) => formatDateTime(r.sentAt, zone),
      },
      {
        id: 'recipient',
        header: 'To',
        sortable: true,
        rowHeader: true,
        canHide: false,
        className: 'break-all',
        csv: (r) => r.recipient,
        cell: (r) => <OpenCell label={r.recipient} name={`Open the mail to ${r.recipient}: ${r.subject}`} onOpen={() => setOpen(r)} />,
      },
      { id: 'subject', header: 'Subject', sortable: true, csv: (r) => r.subject, cell: (r) => r.subject },
      { id: 'firmName', header: 'Location', csv: (r) => r.firmName ?? '', cell: (r) => r.firmName ?? dash },
      { id: 'attachmentCount', header: 'Attachments', csv: (r) => r.attachmentCount, cell: (r) => r.attachmentCount || dash },
    ],
    [zone],
  );
  const exportAll = useCallback(
    (onProgress: (done: number, total: number) => void) =>
      fetchAllPages(
        (page, pageSize) => emailApi.list({ email: state.searchTerm, orderBy: state.orderBy, direction: state.direction, page, pageSize }),
        { onProgress },
      ),
    [state],
  );
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <h2 className="text-xl font-semibold text-slate-900">Email log</h2>
      <DataTable<EmailRow>
        caption="Sent emails"
        noun="emails"
        columns={columns}
        rows={data.items}
        count={data.count}
        rowId={(r) => String(r.mail)}
        rowLabel={(r) => `${r.recipient}: ${r.subject}`}
        list={list}
        search={{ label: 'Search by address', placeholder: 'name@example.com' }}
        exportCsv={{ filename: 'email-log', fetchAll: exportAll }}
        empty={state.searchTerm ? `No email was sent to an address containing “${state.searchTerm}”.` : 'No emails have been sent yet.'}
      />
      {open && <EmailDialog row={open} zone={zone} onClose={() => setOpen(null)} />}
    </div>
  );
}
