'use client';
/**
 * Administration → Insurance (docs/insurance.md#fields, #validation, #calls, #limits): the insurers of the caller's locations, searched
 * by a case-insensitive part of the name, with add, edit, remove, and each insurer's lookups (program codes
 * and agreed calibration prices).
 */
import dynamic from 'next/dynamic';
import { Icon } from '@/components/ui/icon';
import { useCallback, useMemo, useState } from 'react';
import { DataTable, OpenCell, dash, fetchAllPages, useList, type DataColumn } from '@/components/data-table';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { InsuranceRecord } from '@/lib/contract/insurance';
import { insuranceApi, type InsuranceListSpec, type InsuranceListState } from '@/components/admin';
import type { NewInsurerFirm } from './insurer-dialog';

const InsurerDialog = dynamic(() => import('./insurer-dialog').then((m) => m.InsurerDialog), { ssr: false });
const InsurerLookupsDialog = dynamic(() => import('./insurer-lookups').then((m) => m.InsurerLookupsDialog), { ssr: false });
const DeleteConfirm = dynamic(() => import('@/components/ui/delete-confirm').then((m) => m.DeleteConfirm), { ssr: false });

export function InsuranceScreen({
  spec,
  state,
  data,
  newFirm,
}: {
  spec: InsuranceListSpec;
  state: InsuranceListState;
  data: { count: number; items: InsuranceRecord[] };
  newFirm: NewInsurerFirm;
}) {
  const list = useList(spec, state);
  const [editing, setEditing] = useState<InsuranceRecord | 'new' | null>(null);
  const [lookups, setLookups] = useState<InsuranceRecord | null>(null);
  const [removing, setRemoving] = useState<InsuranceRecord | null>(null);
  const [flash, setFlash] = useState<string | null>(null);

  const columns = useMemo<DataColumn<InsuranceRecord>[]>(
    () => [
      {
        id: 'insuranceName',
        header: 'Name',
        sortable: true,
        rowHeader: true,
        canHide: false,
        csv: (r) => r.insuranceName,
        cell: (r) => <OpenCell label={r.insuranceName} onOpen={() => setEditing(r)} />,
      },
      { id: 'firmName', header: 'Location', sortable: true, csv: (r) => r.firmName, cell: (r) => r.firmName },
      {
        id: 'insuranceContact',
        header: 'Contact',
        csv: (r) => r.insuranceContact,
        className: 'break-words',
        cell: (r) => r.insuranceContact || dash,
      },
      {
        id: 'isInactive',
        header: 'Inactive',
        sortable: true,
        csv: (r) => (r.isInactive ? 'Yes' : 'No'),
        cell: (r) =>
          r.isInactive ? (
            <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-800">Yes</span>
          ) : (
            <span className="text-slate-600">No</span>
          ),
      },
      {
        id: 'actions',
        header: 'Actions',
        canHide: false,
        cell: (r) => (
          <span className="flex flex-wrap gap-1">
            <Button variant="secondary" aria-label={`Lookups of ${r.insuranceName}`} onClick={() => setLookups(r)}>
              Lookups
            </Button>
            <Button variant="ghost" className="text-red-800" aria-label={`Remove ${r.insuranceName}`} onClick={() => setRemoving(r)}>
              Remove
            </Button>
          </span>
        ),
      },
    ],
    [],
  );

  const exportAll = useCallback(
    (onProgress: (done: number, total: number) => void) =>
      fetchAllPages(
        (page, pageSize) =>
          insuranceApi.list({ orderBy: state.orderBy, direction: state.direction, searchTerm: state.searchTerm, page, pageSize }),
        { onProgress },
      ),
    [state],
  );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold text-slate-900">Insurance</h2>
        <Button onClick={() => setEditing('new')}>
          <Icon name="plus" className="size-4" />
          Add insurer
        </Button>
      </div>
      <div aria-live="polite">{flash && <Alert kind="success">{flash}</Alert>}</div>
      <DataTable<InsuranceRecord>
        caption="Insurers"
        noun="insurers"
        columns={columns}
        rows={data.items}
        count={data.count}
        rowId={(r) => String(r.insurance)}
        rowLabel={(r) => r.insuranceName}
        list={list}
        search={{ label: 'Search insurers', placeholder: 'Part of the name' }}
        exportCsv={{ filename: 'insurers', fetchAll: exportAll }}
        empty={state.searchTerm ? `No insurer's name contains “${state.searchTerm}”.` : 'No insurers yet.'}
      />

      {editing && (
        <InsurerDialog
          insurer={editing === 'new' ? null : editing}
          newFirm={newFirm}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            setFlash(`${name} saved.`);
            list.refresh();
          }}
        />
      )}
      {lookups && <InsurerLookupsDialog insurer={lookups} onClose={() => setLookups(null)} />}
      {removing && (
        <DeleteConfirm
          tag="Insurer"
          name={removing.insuranceName}
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await insuranceApi.remove(removing.insurance);
            setFlash(`${removing.insuranceName} removed.`);
            list.refresh();
          }}
        />
      )}
    </div>
  );
}
