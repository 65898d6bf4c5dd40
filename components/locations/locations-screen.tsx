'use client';
/**
 * The interactive part of /locations: the list (search, type filter, sort, paging, CSV export) or the
 * network tree (show-inactive switch), and the location dialog. The server page renders the data from
 * the URL; a save or removal re-renders it.
 */
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { Icon } from '@/components/ui/icon';
import { useCallback, useMemo, useState } from 'react';
import { DataTable, FilterSelect, ListLink, LiveStatus, fetchAllPages, useList, type FilterOption } from '@/components/data-table';
import { loadInviteDialog } from '@/components/onboard';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/field';
import { PageHeading } from '@/components/ui/page-heading';
import type { FirmList, FirmRow, TreeLevel } from '@/lib/contract/locations';
import { EDITABLE_FIRM_TYPES, FIRM_TYPE_LABELS, type FirmType } from '@/lib/contract/locations-constants';
import { formatCount } from '@/lib/format';
import { listHref } from '@/lib/list-state';
import { firmApi } from './api';
import { locationColumns } from './columns';
import type { FirmTarget } from './firm-editor';
import type { LocationListSpec, LocationListState } from './list-spec';
import { firmListQuery } from './query';
import { NEW_FIRM, childType } from './rules';

const FirmEditor = dynamic(() => import('./firm-editor').then((m) => m.FirmEditor), { ssr: false });
const InviteDialog = dynamic(() => loadInviteDialog().then((m) => m.InviteDialog), { ssr: false });
// Rendered on the server like the rest, but its code loads only with the network view.
const NetworkTree = dynamic(() => import('./network-tree').then((m) => m.NetworkTree));

const TYPE_OPTIONS: readonly FilterOption[] = [
  { value: 'all', label: 'All types' },
  ...EDITABLE_FIRM_TYPES.map((t) => ({ value: t, label: FIRM_TYPE_LABELS[t] })),
];

export type LocationsView = { kind: 'list'; data: FirmList } | { kind: 'tree'; root: number; tree: TreeLevel };

export interface LocationsScreenProps {
  spec: LocationListSpec;
  state: LocationListState;
  canEdit: boolean;
  /** May see and set locations' calibration prices. */
  canPrice: boolean;
  /** May issue onboarding invitations (lib/contract/onboard-constants INVITER_ROLES). */
  canInvite: boolean;
  /** The user's own location. */
  home: number;
  userDefaults: { timezoneId: number | null; languageId: number | null };
  view: LocationsView;
}

export function LocationsScreen({ spec, state, canEdit, canPrice, canInvite, home, userDefaults, view }: LocationsScreenProps) {
  const list = useList(spec, state);
  const [editor, setEditor] = useState<FirmTarget | null>(null);
  const [inviting, setInviting] = useState(false);
  // A new server render of the tree (after a change) starts the tree widget afresh.
  const tree = view.kind === 'tree' ? view.tree : null;
  const [seenTree, setSeenTree] = useState({ tree, version: 0 });
  if (seenTree.tree !== tree) setSeenTree({ tree, version: seenTree.version + 1 });
  const open = useCallback((row: { firm: number }) => setEditor({ firm: row.firm }), []);
  const columns = useMemo(() => locationColumns(open, formatCount), [open]);
  const filtered = state.searchTerm !== '' || state.type !== 'all';

  const exportAll = useCallback(
    (onProgress: (done: number, total: number) => void) =>
      fetchAllPages((page, pageSize) => firmApi.list({ ...firmListQuery(state), page, pageSize }), { onProgress }),
    [state],
  );
  const addUnder = (parent: { firm: number; name: string; type: FirmType }) =>
    setEditor({ firm: NEW_FIRM, defaults: { parent, firmType: childType(parent.type), ...userDefaults } });

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeading
        actions={
          (canEdit || canInvite) && (
            <div className="flex flex-wrap gap-2">
              {canInvite && (
                <Button variant="secondary" onClick={() => setInviting(true)}>
                  <Icon name="send" className="size-4" />
                  Invite a location
                </Button>
              )}
              {canEdit && (
                <Button onClick={() => setEditor({ firm: NEW_FIRM })}>
                  <Icon name="plus" className="size-4" />
                  Add location
                </Button>
              )}
            </div>
          )
        }
      >
        Locations
      </PageHeading>

      <nav aria-label="List or network" className="inline-flex self-start rounded-md border border-slate-300 bg-white p-0.5">
        {(['list', 'tree'] as const).map((v) => (
          <ListLink
            key={v}
            list={list}
            change={{ view: v }}
            aria-current={state.view === v ? 'page' : undefined}
            className={`rounded px-4 py-2 text-sm font-medium ${state.view === v ? 'bg-brand-600 text-white' : 'text-slate-800 hover:bg-slate-100'}`}
          >
            {v === 'list' ? 'List' : 'Network'}
          </ListLink>
        ))}
      </nav>

      {view.kind === 'list' ? (
        <DataTable<FirmRow>
          caption="Locations"
          noun="locations"
          columns={columns}
          rows={view.data.items}
          count={view.data.count}
          rowId={(r) => String(r.firm)}
          rowLabel={(r) => r.name}
          list={list}
          live="location"
          search={{ label: 'Filter the list', placeholder: 'Name, city, postal code or phone' }}
          filters={
            <FilterSelect
              label="Type"
              value={state.type}
              options={TYPE_OPTIONS}
              onChange={(v) => list.go({ type: String(v) as LocationListState['type'] })}
            />
          }
          exportCsv={{ filename: 'locations', fetchAll: exportAll }}
          empty={
            <span className="flex flex-col items-center gap-2">
              <span>{filtered ? 'No locations match the search and filter.' : 'No locations yet.'}</span>
              {filtered && (
                <Button variant="secondary" onClick={() => list.go({ searchTerm: '', type: 'all' })}>
                  Clear search and filter
                </Button>
              )}
            </span>
          }
        />
      ) : (
        <section aria-label="Network" className="flex min-w-0 flex-col gap-3" aria-busy={list.pending || undefined}>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <CheckboxField
              label="Show inactive locations"
              checked={state.inactive === 1}
              onChange={(e) => list.go({ inactive: e.target.checked ? 1 : 0 })}
            />
            {view.root !== home && (
              <Link
                href={listHref(spec, { ...state, root: 0 })}
                className="text-sm font-medium text-brand-700 underline underline-offset-2"
              >
                Back to your network
              </Link>
            )}
            {list.pending && (
              <span role="status" className="text-sm text-slate-600">
                Loading…
              </span>
            )}
          </div>
          <p className="text-sm text-slate-600">Use the arrow keys to move through the network, Enter to open a location.</p>
          {/* Always "busy": a new render restarts the tree (what is expanded), so it refreshes only when asked. */}
          <LiveStatus kind="location" rowsKey={view.tree} url={list.href({})} busy refresh={list.refresh} />
          <NetworkTree
            key={`${view.root}-${state.inactive}-${seenTree.version}`}
            root={view.root}
            tree={view.tree}
            showInactive={state.inactive === 1}
            onOpen={open}
          />
        </section>
      )}

      {inviting && <InviteDialog zone={userDefaults.timezoneId} onClose={() => setInviting(false)} />}
      {editor && (
        <FirmEditor
          key={`${editor.firm}-${editor.defaults?.parent?.firm ?? ''}`}
          target={editor}
          canEdit={canEdit}
          canPrice={canPrice}
          ownFirm={home}
          userDefaults={userDefaults}
          onClose={() => setEditor(null)}
          onChanged={() => list.refresh()}
          onAddUnder={addUnder}
          onShowInNetwork={(firm) => {
            setEditor(null);
            list.go({ view: 'tree', root: firm });
          }}
        />
      )}
    </div>
  );
}
