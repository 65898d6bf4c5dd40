'use client';
/**
 * Administration → Lookups (docs/lookups.md#fields, #calls, #errors): the groups by section, and the chosen group's values
 * (key, id, value, code, type3, inactive) with add, edit, reorder, delete (deactivate) and reactivate; the
 * group itself can be renamed. The group is in the URL. After a change the page renders again from the
 * server, and other screens read the values again on their next load.
 */
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Icon } from '@/components/ui/icon';
import { useMemo, useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SimpleTable } from '@/components/ui/simple-table';
import type { LookupGroup, LookupGroupRecord, LookupItem } from '@/lib/contract/lookups';
import { lookupApi } from '@/components/admin';
import { deleteOutcome, movedTo } from './rules';

const ValueDialog = dynamic(() => import('./lookup-dialogs').then((m) => m.ValueDialog), { ssr: false });
const RenameGroupDialog = dynamic(() => import('./lookup-dialogs').then((m) => m.RenameGroupDialog), { ssr: false });
const DeleteConfirm = dynamic(() => import('@/components/ui/delete-confirm').then((m) => m.DeleteConfirm), { ssr: false });

export function LookupsScreen({ groups, current }: { groups: readonly LookupGroupRecord[]; current: LookupGroup }) {
  const group = groups.find((g) => g.key === current) ?? groups[0];
  if (!group) return <p className="text-sm text-slate-600">There are no lookup groups.</p>;
  return <GroupScreen groups={groups} group={group} />;
}

function GroupScreen({ groups, group }: { groups: readonly LookupGroupRecord[]; group: LookupGroupRecord }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const sections = useMemo(() => [...new Set(groups.map((g) => g.sectionName))], [groups]);

  const [editing, setEditing] = useState<LookupItem | 'new' | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState<LookupItem | null>(null);
  const [flash, setFlash] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const refresh = (text?: string) => {
    if (text) setFlash({ kind: 'success', text });
    startTransition(() => router.refresh());
  };

  const save = async (item: LookupItem, change: Partial<LookupItem> & { sort?: number }) => {
    await lookupApi.upsert({
      key: group.key,
      id: item.id,
      value: change.value ?? item.value,
      code: change.code ?? item.code,
      type3: change.type3 ?? item.type3,
      isInactive: change.isInactive ?? item.isInactive,
      sort: change.sort,
    });
  };

  const act = async (fn: () => Promise<void>, done: string) => {
    setFlash(null);
    try {
      await fn();
      refresh(done);
    } catch (e) {
      setFlash({
        kind: 'error',
        text: (e as { fieldErrors?: Record<string, string[]> }).fieldErrors?.isInactive?.[0] ?? (e as Error).message,
      });
    }
  };

  if (!group) return <p className="text-slate-700">There are no lookup groups.</p>;
  const values = group.children;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <nav aria-label="Lookup groups" className="min-w-0">
        {sections.map((section) => (
          <div key={section} className="mb-3">
            <h2 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{section}</h2>
            <ul className="flex flex-wrap gap-1 lg:flex-col">
              {groups
                .filter((g) => g.sectionName === section)
                .map((g) => (
                  <li key={g.key}>
                    <Link
                      href={`/admin?section=lookups&group=${g.key}`}
                      aria-current={g.key === group.key ? 'page' : undefined}
                      className={`block rounded px-2 py-1.5 text-sm ${g.key === group.key ? 'bg-brand-600 text-white' : 'text-slate-800 hover:bg-slate-100'}`}
                    >
                      {g.text}
                    </Link>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </nav>

      <section aria-labelledby="lookup-group-heading" className="flex min-w-0 flex-col gap-3" aria-busy={pending || undefined}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="lookup-group-heading" className="text-xl font-semibold text-slate-900">
            {group.text} <span className="text-sm font-normal text-slate-600">({group.key})</span>
          </h2>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setRenaming(true)}>
              <Icon name="pencil" className="size-4" />
              Rename group
            </Button>
            <Button onClick={() => setEditing('new')}>
              <Icon name="plus" className="size-4" />
              Add value
            </Button>
          </div>
        </div>
        <div aria-live="polite">{flash && <Alert kind={flash.kind}>{flash.text}</Alert>}</div>

        <SimpleTable
          caption={`Values of ${group.text}, in the order screens show them`}
          columns={[
            { id: 'value', header: 'Value', rowHeader: true, cell: (v) => <span className="font-medium">{v.value}</span> },
            { id: 'id', header: 'Id', cell: (v) => v.id },
            { id: 'code', header: 'Code', cell: (v) => v.code ?? '' },
            { id: 'type3', header: 'Type 3', cell: (v) => v.type3 ?? '' },
            {
              id: 'status',
              header: 'Status',
              cell: (v) =>
                v.isInactive ? <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-900">Inactive</span> : 'Active',
            },
            {
              id: 'actions',
              header: 'Actions',
              headerHidden: true,
              cell: (v) => {
                const i = values.indexOf(v);
                return (
                  <div className="flex flex-wrap justify-end gap-1">
                    <Button variant="ghost" aria-label={`Edit ${v.value}`} onClick={() => setEditing(v)}>
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      aria-label={`Move ${v.value} up`}
                      disabled={pending || movedTo(i, -1, values.length) === null}
                      onClick={() => act(() => save(v, { sort: movedTo(i, -1, values.length)! }), `${v.value} moved up.`)}
                    >
                      <Icon name="arrow-up" className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      aria-label={`Move ${v.value} down`}
                      disabled={pending || movedTo(i, 1, values.length) === null}
                      onClick={() => act(() => save(v, { sort: movedTo(i, 1, values.length)! }), `${v.value} moved down.`)}
                    >
                      <Icon name="arrow-down" className="size-4" />
                    </Button>
                    {v.isInactive ? (
                      <Button
                        variant="ghost"
                        aria-label={`Reactivate ${v.value}`}
                        onClick={() => act(() => save(v, { isInactive: false }), `${v.value} is active again.`)}
                      >
                        Reactivate
                      </Button>
                    ) : (
                      <Button variant="ghost" className="text-red-800" aria-label={`Delete ${v.value}`} onClick={() => setDeleting(v)}>
                        Delete
                      </Button>
                    )}
                  </div>
                );
              },
            },
          ]}
          rows={values}
          rowKey={(v) => v.id}
          rowAttributes={(v) => ({ className: v.isInactive ? 'text-slate-700' : 'text-slate-900' })}
          empty="This group has no values yet."
          tableClassName="min-w-[36rem]"
        />
        <p className="text-sm text-slate-600">
          Deleting a value makes it inactive: records that use it keep it, and forms no longer offer it.
        </p>
      </section>

      {editing && (
        <ValueDialog
          group={group}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(value) => {
            setEditing(null);
            refresh(`${value} saved.`);
          }}
        />
      )}
      {renaming && (
        <RenameGroupDialog
          group={group}
          onClose={() => setRenaming(false)}
          onSaved={(text) => {
            setRenaming(false);
            refresh(`The group is now named ${text}.`);
          }}
        />
      )}
      {deleting && (
        <DeleteConfirm
          tag="Value"
          name={deleting.value}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            const outcome = deleteOutcome(await lookupApi.remove({ key: group.key, id: deleting.id }));
            if (!outcome.done) throw new Error(outcome.reasons.join(' '));
            refresh(`${deleting.value} deleted (inactive).`);
          }}
        />
      )}
    </div>
  );
}
