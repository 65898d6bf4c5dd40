'use client';
/**
 * The links a signed-in user shared (at /links without a link): what each opens, until when, its status;
 * copy one again, revoke the checked ones (after a confirmation), export them as CSV. The firms'
 * administrators can switch to every link of the firms they reach (who shared each one) and revoke any.
 */
import { roText } from '@/lib/adas/rules';
import dynamic from 'next/dynamic';
import { useMemo, useState } from 'react';
import { DataTable, FilterSelect, fetchAllPages, useList, type DataColumn, type Selection } from '@/components/data-table';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeading } from '@/components/ui/page-heading';
import type { Paged } from '@/lib/contract/list';
import type { ShareLink } from '@/lib/contract/links';
import { SHARE_STATUS_LABELS } from '@/lib/contract/links-constants';
import { formatDateTime, type Zone } from '@/lib/dates';
import { linkApi, sharedUrl } from './api';
import type { LinkListSpec, LinkListState } from './list-spec';

const ConfirmDialog = dynamic(() => import('@/components/ui/confirm-dialog').then((m) => m.ConfirmDialog), { ssr: false });

function CopyButton({ link, onCopied }: { link: ShareLink; onCopied: (text: string) => void }) {
  return (
    <Button
      variant="ghost"
      aria-label={`Copy the link of the ${link.vehicle}, ${roText(link.ronumber)}`}
      onClick={() =>
        navigator.clipboard.writeText(sharedUrl(link.token)).then(
          () => onCopied('Link copied.'),
          () => onCopied('The link could not be copied here.'),
        )
      }
    >
      Copy
    </Button>
  );
}

const SCOPES = [
  { value: 'mine', label: 'You' },
  { value: 'firm', label: 'Anyone at your locations' },
] as const;

export function LinksScreen({
  spec,
  state,
  data,
  zone,
  isAdmin,
}: {
  spec: LinkListSpec;
  state: LinkListState;
  data: Paged<ShareLink>;
  zone: Zone;
  isAdmin: boolean;
}) {
  const list = useList(spec, state);
  const firmWide = state.scope === 'firm';
  const [flash, setFlash] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Selection<ShareLink> | null>(null);

  const columns = useMemo<DataColumn<ShareLink>[]>(
    () => [
      { id: 'vehicle', header: 'Vehicle', rowHeader: true, canHide: false, csv: (l) => l.vehicle, cell: (l) => l.vehicle },
      { id: 'ronumber', header: 'RO', csv: (l) => l.ronumber, cell: (l) => l.ronumber },
      ...(firmWide
        ? [
            {
              id: 'sharedBy',
              header: 'Shared by',
              csv: (l: ShareLink) => l.sharedBy,
              cell: (l: ShareLink) => (l.own ? `${l.sharedBy} (you)` : l.sharedBy),
            },
          ]
        : []),
      {
        id: 'created',
        header: 'Created',
        sortable: true,
        csv: (l) => formatDateTime(l.createdAt, zone),
        cell: (l) => formatDateTime(l.createdAt, zone),
      },
      {
        id: 'expires',
        header: 'Expires',
        sortable: true,
        csv: (l) => formatDateTime(l.expiresAt, zone),
        cell: (l) => formatDateTime(l.expiresAt, zone),
      },
      { id: 'status', header: 'Status', csv: (l) => SHARE_STATUS_LABELS[l.status], cell: (l) => SHARE_STATUS_LABELS[l.status] },
      {
        id: 'link',
        header: 'Link',
        canHide: false,
        cell: (l) => (l.status === 'active' ? <CopyButton link={l} onCopied={setFlash} /> : '—'),
      },
    ],
    [zone, firmWide],
  );
  const heading = firmWide ? 'Shared links of your locations' : 'Your shared links';

  return (
    <div className="flex flex-col gap-3" data-wide>
      <PageHeading>{heading}</PageHeading>
      <p className="text-sm text-slate-700">
        Each link opens one inspection&apos;s report without signing in until it expires. Revoke a link to close it at once.
        {isAdmin && ' A link also stops working when whoever shared it is deactivated or no longer reaches the location.'}
      </p>
      <div aria-live="polite">{flash && <Alert kind="success">{flash}</Alert>}</div>
      <DataTable<ShareLink>
        caption={heading}
        noun="links"
        columns={columns}
        rows={data.items}
        count={data.count}
        rowId={(l) => String(l.link)}
        rowLabel={(l) => `${l.vehicle}, ${roText(l.ronumber)}`}
        list={list}
        search={{ label: 'Search vehicle or RO' }}
        filters={
          isAdmin ? (
            <FilterSelect
              label="Shared by"
              value={state.scope}
              options={SCOPES}
              onChange={(v) => list.go({ scope: v as LinkListState['scope'] })}
            />
          ) : undefined
        }
        selectable
        canSelectRow={(l) => l.status === 'active'}
        bulkActions={(selection) => (
          <Button variant="secondary" disabled={selection.rows.length === 0} onClick={() => setRevoking(selection)}>
            Revoke
          </Button>
        )}
        exportCsv={{
          filename: 'shared-links',
          fetchAll: (onProgress) => fetchAllPages((page, pageSize) => linkApi.list({ ...state, page, pageSize }), { onProgress }),
        }}
        empty={
          state.searchTerm
            ? 'No links match the search.'
            : firmWide
              ? 'Nobody at your locations has shared a link yet.'
              : 'You have not shared any links yet. Share one from an inspection’s calibration report.'
        }
      />
      {revoking && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setRevoking(null)}
          title="Revoke links"
          confirmLabel="Revoke"
          message={
            revoking.rows.length === 1 && revoking.rows[0]
              ? `Revoke the link of the ${revoking.rows[0].vehicle}, ${roText(revoking.rows[0].ronumber)}? It stops working at once.`
              : `Revoke the ${revoking.rows.length} checked links? They stop working at once.`
          }
          onConfirm={async () => {
            for (const l of revoking.rows) await linkApi.revoke(l.link);
            setFlash(revoking.rows.length === 1 ? 'Link revoked.' : `${revoking.rows.length} links revoked.`);
            revoking.clear();
            list.refresh();
          }}
        />
      )}
    </div>
  );
}
