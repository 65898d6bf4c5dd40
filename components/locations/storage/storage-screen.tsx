'use client';
/**
 * The interactive part of /storage: the files of the user's locations (search, sort, paging, CSV export,
 * download, remove after confirmation) and, for a chosen location, its storage account and bucket with
 * the uploader. The server page renders the data from the URL; changes re-render it.
 */
import dynamic from 'next/dynamic';
import { useCallback, useMemo, useState } from 'react';
import { CELL_LINK, DataTable, dash, fetchAllPages, useList, type DataColumn } from '@/components/data-table';
import { HistoryButton } from '@/components/history';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { deleteQuestion } from '@/lib/validation/messages';
import { PageHeading } from '@/components/ui/page-heading';
import { useForm } from '@/components/ui/use-form';
import { locationSearch } from '@/components/locations/location-search';
import { LazyTypeahead } from '@/components/ui/lazy-typeahead';
import { BFF_PREFIX } from '@/lib/bff/protocol';
import type { FirmRow } from '@/lib/contract/locations';
import { ALL_LOCATIONS } from '@/lib/contract/locations-constants';
import type { StorageList, StorageState, StoredFile } from '@/lib/contract/locations-storage';
import { formatBytes } from '@/lib/format';
import { storageApi } from '../api';
import type { StorageListSpec, StorageListState } from './list-spec';

const ConfirmDialog = dynamic(() => import('@/components/ui/confirm-dialog').then((m) => m.ConfirmDialog), { ssr: false });
const FileUploader = dynamic(() => import('@/components/ui/file-uploader').then((m) => m.FileUploader), {
  ssr: false,
  loading: () => <p className="text-sm text-slate-600">Loading the uploader…</p>,
});

export const downloadHref = (f: { firm: number; name: string }) =>
  `${BFF_PREFIX}firm/downloadFromBucket?${new URLSearchParams({ firm: String(f.firm), filename: f.name })}`;

export interface StorageScreenProps {
  spec: StorageListSpec;
  state: StorageListState;
  data: StorageList;
  /** Upload times of the rows, by id, in the user's time zone (formatted on the server). */
  dates: Readonly<Record<number, string>>;
  /** The chosen location's storage (filterBy ≠ 9999), with its creation time formatted. */
  account: (StorageState & { createdText: string | null }) | null;
  home: { firm: number; name: string };
}

export function StorageScreen({ spec, state, data, dates, account, home }: StorageScreenProps) {
  const list = useList(spec, state);
  const [removing, setRemoving] = useState<StoredFile | null>(null);
  const [flash, setFlash] = useState<string | null>(null);

  const columns = useMemo<DataColumn<StoredFile>[]>(
    () => [
      {
        id: 'name',
        header: 'File',
        sortable: true,
        rowHeader: true,
        canHide: false,
        csv: (f) => f.name,
        cell: (f) => (
          <a href={downloadHref(f)} download={f.name} className={`${CELL_LINK} whitespace-nowrap`}>
            {f.name}
          </a>
        ),
      },
      { id: 'firm', header: 'Location', sortable: true, csv: (f) => f.firmName, cell: (f) => f.firmName },
      {
        id: 'size',
        header: 'Size',
        sortable: true,
        className: 'text-right tabular-nums whitespace-nowrap',
        csv: (f) => f.size,
        cell: (f) => formatBytes(f.size),
      },
      { id: 'type', header: 'Type', csv: (f) => f.contentType, cell: (f) => f.contentType },
      // The CSV keeps the exact time (ISO 8601, UTC), which spreadsheets read as a date.
      {
        id: 'uploaded',
        header: 'Uploaded',
        className: 'whitespace-nowrap',
        csv: (f) => f.uploadedAt,
        cell: (f) => dates[f.id] ?? f.uploadedAt,
      },
      { id: 'by', header: 'Uploaded by', csv: (f) => f.uploadedBy, cell: (f) => f.uploadedBy || dash },
      {
        id: 'actions',
        header: 'Actions',
        canHide: false,
        cell: (f) => (
          <span className="flex gap-2">
            <a href={downloadHref(f)} download={f.name} className={buttonClass('secondary', 'text-xs')} aria-label={`Download ${f.name}`}>
              Download
            </a>
            <Button variant="secondary" className="text-xs" aria-label={`Remove ${f.name}`} onClick={() => setRemoving(f)}>
              Remove
            </Button>
          </span>
        ),
      },
      { id: 'id', header: 'Id', sortable: true, hidden: true, csv: (f) => f.id, cell: (f) => f.id },
    ],
    [dates],
  );

  const exportAll = useCallback(
    (onProgress: (done: number, total: number) => void) =>
      fetchAllPages((page, pageSize) => storageApi.list({ ...state, page, pageSize }), { onProgress }),
    [state],
  );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeading>Storage</PageHeading>
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <p className="text-sm text-slate-700">
          {account ? (
            <>
              Files of <strong className="text-slate-900">{account.firmName}</strong>
            </>
          ) : (
            'Files of all your locations'
          )}
        </p>
        {account ? (
          <Button variant="secondary" onClick={() => list.go({ filterBy: ALL_LOCATIONS })}>
            Show all locations
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => list.go({ filterBy: home.firm })}>
            {`Only ${home.name}`}
          </Button>
        )}
        <LazyTypeahead<FirmRow>
          label="Choose a location"
          className="w-full sm:w-72"
          {...locationSearch}
          onSelect={(r) => list.go({ filterBy: r.firm })}
        />
      </div>

      {account && <StoragePanel key={account.firm} account={account} onChanged={() => list.refresh()} />}
      {flash && <Alert kind="success">{flash}</Alert>}

      <DataTable<StoredFile>
        caption="Stored files"
        noun="files"
        columns={columns}
        rows={data.items}
        count={data.count}
        rowId={(f) => String(f.id)}
        rowLabel={(f) => f.name}
        list={list}
        search={{ label: 'Filter the list', placeholder: 'File name' }}
        exportCsv={{ filename: 'storage', fetchAll: exportAll }}
        empty={
          state.searchTerm
            ? 'No files match the search.'
            : account
              ? `${account.firmName} has no files yet.`
              : 'Your locations have no files yet.'
        }
      />

      {removing && (
        <ConfirmDialog
          open={removing !== null}
          onOpenChange={(o) => !o && setRemoving(null)}
          title="Remove file"
          message={deleteQuestion(`File (${removing.name})`)}
          onConfirm={async () => {
            await storageApi.remove(removing.firm, removing.name);
            setFlash(`${removing.name} was removed.`);
            list.refresh();
          }}
        />
      )}
    </div>
  );
}

/** A location's storage account and bucket: create them when missing; upload into the bucket. */
function StoragePanel({ account, onChanged }: { account: StorageState & { createdText: string | null }; onChanged: () => void }) {
  const calls = useForm();
  const { busy } = calls;
  const error = calls.message?.text ?? null;
  const run = async (fn: () => Promise<unknown>) => (await calls.run(fn)) && onChanged();
  return (
    <section aria-label={`Storage of ${account.firmName}`} className="flex flex-col gap-3 rounded-md border border-slate-200 bg-white p-4">
      {error && <Alert>{error}</Alert>}
      {!account.account ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-700">{account.firmName} has no storage account yet.</p>
          <Button disabled={busy} onClick={() => run(() => storageApi.createStorage(account.firm))}>
            Create storage
          </Button>
        </div>
      ) : (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-800">Storage account</dt>
          <dd className="break-all text-slate-700">
            {account.account} {account.createdText && `(created ${account.createdText})`}
          </dd>
          <dt className="font-medium text-slate-800">Bucket</dt>
          <dd className="break-all text-slate-700">{account.bucket ?? 'None yet'}</dd>
          <dt className="font-medium text-slate-800">Used</dt>
          <dd className="text-slate-700">
            {account.files} {account.files === 1 ? 'file' : 'files'}, {formatBytes(account.bytes)} of {formatBytes(account.quotaBytes)}
          </dd>
        </dl>
      )}
      {account.account && !account.bucket && (
        <div>
          <Button disabled={busy} onClick={() => run(() => storageApi.createBucket(account.firm))}>
            Create bucket
          </Button>
        </div>
      )}
      {account.bucket && (
        <FileUploader
          label={`Upload files to ${account.firmName}`}
          upload={(files) => storageApi.upload(account.firm, files)}
          onUploaded={onChanged}
        />
      )}
      <div>
        <HistoryButton kind="location" id={account.firm} label={`location ${account.firmName}`} />
      </div>
    </section>
  );
}
