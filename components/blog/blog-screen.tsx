'use client';
/**
 * Administration → Blog (docs/blog.md#screens Blog screen, #states): the posts with count, paging (10) and sorting
 * (createdBy descending by default); each row expands to show either its comments or its attachments,
 * never both; create, edit and delete, each deletion confirmed.
 */
import dynamic from 'next/dynamic';
import { Icon } from '@/components/ui/icon';
import { useCallback, useMemo, useState } from 'react';
import { DataTable, FilterSelect, OpenCell, fetchAllPages, useList, type DataColumn, type FilterOption } from '@/components/data-table';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { BlogRow } from '@/lib/contract/blog';
import { formatDate } from '@/lib/dates';
import { blogApi, type BlogListSpec, type BlogListState } from '@/components/admin';
import { toggleExpansion, type Expansion, type Expansions } from './rules';

// A row's comments or attachments load when it is first expanded.
const expanding = () => <p role="status">Loading…</p>;
const CommentsPanel = dynamic(() => import('./comments-panel').then((m) => m.CommentsPanel), { ssr: false, loading: expanding });
const AttachmentsPanel = dynamic(() => import('./attachments-panel').then((m) => m.AttachmentsPanel), { ssr: false, loading: expanding });
const BlogEditor = dynamic(() => import('./blog-editor').then((m) => m.BlogEditor), { ssr: false });
const DeleteConfirm = dynamic(() => import('@/components/ui/delete-confirm').then((m) => m.DeleteConfirm), { ssr: false });

interface Props {
  spec: BlogListSpec;
  state: BlogListState;
  data: { count: number; items: BlogRow[] };
  types: readonly FilterOption[];
  statuses: readonly FilterOption[];
  /** The author's firm (a new post's). */
  firm: number;
  zone: string;
}

function ExpandButton({
  row,
  kind,
  shown,
  count,
  onClick,
}: {
  row: BlogRow;
  kind: Expansion;
  shown: boolean;
  count: number;
  onClick: () => void;
}) {
  const label = kind === 'comments' ? 'Comments' : 'Attachments';
  return (
    <button
      type="button"
      aria-expanded={shown}
      aria-controls={shown ? `blog-${row.blog}-${kind}` : undefined}
      aria-label={`${shown ? 'Hide' : 'Show'} the ${label.toLowerCase()} of ${row.blogName} (${count})`}
      onClick={onClick}
      className={`inline-flex min-h-9 items-center rounded-md border px-2.5 text-sm ${shown ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'}`}
    >
      {label} ({count})
    </button>
  );
}

export function BlogScreen({ spec, state, data, types, statuses, firm, zone }: Props) {
  const list = useList(spec, state);
  const [expanded, setExpanded] = useState<Expansions>(new Map());
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BlogRow | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  const toggle = useCallback((blog: number, kind: Expansion) => setExpanded((e) => toggleExpansion(e, blog, kind)), []);

  const columns = useMemo<DataColumn<BlogRow>[]>(
    () => [
      {
        id: 'blogName',
        header: 'Title',
        sortable: true,
        rowHeader: true,
        canHide: false,
        csv: (r) => r.blogName,
        className: 'min-w-48',
        cell: (r) => (
          <span className="flex flex-col gap-0.5">
            <OpenCell label={r.blogName} name={`Edit ${r.blogName}`} onOpen={() => setEditing(r.blog)} />
            <span className="text-xs text-slate-600">
              {r.isSticky && <span className="mr-1 rounded bg-amber-50 px-1 text-amber-900">Sticky</span>}
              {r.blogTags}
            </span>
          </span>
        ),
      },
      { id: 'blogType', header: 'Type', sortable: true, csv: (r) => r.blogTypeName, cell: (r) => r.blogTypeName },
      { id: 'blogStatus', header: 'Status', sortable: true, csv: (r) => r.blogStatusName, cell: (r) => r.blogStatusName },
      { id: 'createdBy', header: 'Author', sortable: true, csv: (r) => r.createdBy, cell: (r) => r.createdBy },
      { id: 'firmName', header: 'Location', csv: (r) => r.firmName, cell: (r) => r.firmName, hidden: true },
      {
        id: 'scheduledOn',
        header: 'Scheduled',
        sortable: true,
        className: 'whitespace-nowrap',
        csv: (r) => r.scheduledOn ?? '',
        cell: (r) => formatDate(r.scheduledOn, zone),
      },
      {
        id: 'createdOn',
        header: 'Created',
        sortable: true,
        hidden: true,
        className: 'whitespace-nowrap',
        csv: (r) => r.createdOn,
        cell: (r) => formatDate(r.createdOn, zone),
      },
      { id: 'sort', header: 'Sort', sortable: true, hidden: true, csv: (r) => r.sort, cell: (r) => r.sort },
      {
        id: 'more',
        header: 'Comments and attachments',
        canHide: false,
        cell: (r) => (
          <span className="flex flex-wrap gap-1">
            <ExpandButton
              row={r}
              kind="comments"
              count={r.countComments}
              shown={expanded.get(r.blog) === 'comments'}
              onClick={() => toggle(r.blog, 'comments')}
            />
            <ExpandButton
              row={r}
              kind="attachments"
              count={r.attachments}
              shown={expanded.get(r.blog) === 'attachments'}
              onClick={() => toggle(r.blog, 'attachments')}
            />
          </span>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        canHide: false,
        cell: (r) => (
          <Button variant="ghost" className="text-red-800" aria-label={`Delete ${r.blogName}`} onClick={() => setDeleting(r)}>
            Delete
          </Button>
        ),
      },
    ],
    [expanded, toggle, zone],
  );

  const expandedRow = useCallback(
    (r: BlogRow) => {
      const kind = expanded.get(r.blog);
      if (!kind) return null;
      return (
        <div id={`blog-${r.blog}-${kind}`}>
          {kind === 'comments' ? (
            <CommentsPanel post={r} zone={zone} onChanged={list.refresh} />
          ) : (
            <AttachmentsPanel post={r} zone={zone} onChanged={list.refresh} />
          )}
        </div>
      );
    },
    [expanded, list.refresh, zone],
  );

  const statusOptions = useMemo<FilterOption[]>(() => [{ value: 0, label: 'All statuses' }, ...statuses], [statuses]);
  const exportAll = useCallback(
    (onProgress: (done: number, total: number) => void) =>
      fetchAllPages(
        (page, pageSize) =>
          blogApi.list({
            orderBy: state.orderBy,
            direction: state.direction,
            searchTerm: state.searchTerm,
            blogStatus: state.blogStatus,
            page,
            pageSize,
          }),
        {
          onProgress,
        },
      ),
    [state],
  );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold text-slate-900">Blog</h2>
        <Button onClick={() => setEditing('new')}>
          <Icon name="plus" className="size-4" />
          Add post
        </Button>
      </div>
      <div aria-live="polite">{flash && <Alert kind="success">{flash}</Alert>}</div>
      <DataTable<BlogRow>
        caption="Blog posts"
        noun="posts"
        columns={columns}
        rows={data.items}
        count={data.count}
        rowId={(r) => String(r.blog)}
        rowLabel={(r) => r.blogName}
        list={list}
        search={{ label: 'Search posts', placeholder: 'Title, tags or text' }}
        filters={
          <FilterSelect
            label="Status"
            value={state.blogStatus}
            options={statusOptions}
            onChange={(v) => list.go({ blogStatus: Number(v) })}
          />
        }
        exportCsv={{ filename: 'blog-posts', fetchAll: exportAll }}
        expandedRow={expandedRow}
        empty={state.searchTerm || state.blogStatus ? 'No posts match the search and status.' : 'No posts yet.'}
      />

      {editing !== null && (
        <BlogEditor
          blog={editing === 'new' ? null : editing}
          firm={firm}
          types={types}
          statuses={statuses}
          zone={zone}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            setFlash(`${name} saved.`);
            list.refresh();
          }}
        />
      )}
      {deleting && (
        <DeleteConfirm
          tag="Blog"
          name={deleting.blogName}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await blogApi.remove(deleting.blog);
            setFlash(`${deleting.blogName} deleted.`);
            list.refresh();
          }}
        />
      )}
    </div>
  );
}
