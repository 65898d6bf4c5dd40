'use client';
/**
 * Links (docs/configuration.md#calls): OEM procedure links by make, model and years — ADAS procedures or general
 * information. New links (added here or imported) are marked until someone reviews them.
 */
import { Icon } from '@/components/ui/icon';
import { FilterSelect, type DataColumn } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import type { AdasLink } from '@/lib/contract/alldata';
import { LINK_TYPES, LINK_TYPE_LABELS, type LinkType } from '@/lib/configuration/constants';
import { formatDate } from '@/lib/dates';
import type { FieldDef } from '../editor';
import { EditorDialog, call } from '../lazy';
import { checkYearRange } from '../rules';
import { OpenCell, Tag } from '../kit';
import { sectionQuery } from '../queries';
import { RecordSection } from '../record-section';
import { MakeFilter, type SectionProps } from '../section-setup';

const yearOrNull = (v: unknown) => (v === '' || v == null ? null : Number(v));

export function LinksSection({ spec, state, data, categories, timezone }: SectionProps<'links', AdasLink> & { timezone: number }) {
  const fields: FieldDef[] = [
    { kind: 'text', key: 'title', label: 'Title', required: true, max: 200, wide: true },
    { kind: 'url', key: 'url', label: 'URL', required: true, wide: true },
    {
      kind: 'select',
      key: 'type',
      label: 'Type',
      required: true,
      placeholder: null,
      options: LINK_TYPES.map((t) => ({ value: t, label: LINK_TYPE_LABELS[t] })),
    },
    { kind: 'text', key: 'make', label: 'Make', required: true, max: 60, suggestions: categories.makes },
    { kind: 'text', key: 'model', label: 'Model', max: 80, hint: 'Leave empty for every model of the make.' },
    { kind: 'year', key: 'yearStart', label: 'Year start', hint: 'Leave the years empty for every year.' },
    { kind: 'year', key: 'yearEnd', label: 'Year end' },
  ];
  const columns = (open: (r: AdasLink) => void): DataColumn<AdasLink>[] => [
    {
      id: 'title',
      header: 'Title',
      sortable: true,
      rowHeader: true,
      canHide: false,
      csv: (r) => r.title,
      cell: (r) => (
        <OpenCell label={r.title} onOpen={() => open(r)}>
          {r.isNew && <Tag tone="amber">New</Tag>}
        </OpenCell>
      ),
    },
    { id: 'make', header: 'Make', sortable: true, csv: (r) => r.make, cell: (r) => r.make },
    {
      id: 'model',
      header: 'Model',
      csv: (r) => r.model || 'All models',
      cell: (r) => r.model || <span className="text-slate-600">All models</span>,
    },
    { id: 'years', header: 'Years', sortable: true, className: 'whitespace-nowrap', csv: (r) => r.year, cell: (r) => r.year },
    {
      id: 'url',
      header: 'Link',
      csv: (r) => r.url,
      cell: (r) => (
        <a
          href={r.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${new URL(r.url).host} (opens in a new tab)`}
          className="inline-flex items-center gap-1 break-all text-brand-700 underline"
        >
          {new URL(r.url).host}
          <Icon name="external-link" className="size-3.5 shrink-0" />
        </a>
      ),
    },
    {
      id: 'created',
      header: 'Added',
      sortable: true,
      className: 'whitespace-nowrap',
      csv: (r) => formatDate(r.createdAt, timezone),
      cell: (r) => formatDate(r.createdAt, timezone),
    },
  ];
  return (
    <RecordSection
      title="Links"
      noun="links"
      tag="link"
      spec={spec}
      state={state}
      data={data}
      query={sectionQuery.links(state)}
      fetchPage={(q) => call('links', q)}
      columns={columns}
      rowId={(r) => r.id}
      rowLabel={(r) => r.title}
      search={{ label: 'Search links', placeholder: 'Title, make, model or address' }}
      filters={(list) => (
        <>
          <FilterSelect
            label="Kind"
            value={state.type}
            options={LINK_TYPES.map((t) => ({ value: t, label: LINK_TYPE_LABELS[t] }))}
            onChange={(v) => list.go({ type: v as LinkType })}
          />
          <MakeFilter categories={categories} value={state.make} go={(make) => list.go({ make })} />
          <FilterSelect
            label="Review"
            value={state.isNew}
            options={[
              { value: '', label: 'All links' },
              { value: 'new', label: 'New only' },
            ]}
            onChange={(v) => list.go({ isNew: v as '' | 'new' })}
          />
        </>
      )}
      filtered={state.searchTerm !== '' || state.make !== '' || state.isNew !== ''}
      addLabel="Add link"
      bulkActions={({ rows, clear }, act) => (
        <Button
          variant="secondary"
          disabled={!rows.some((r) => r.isNew)}
          onClick={async () => {
            try {
              const { count } = await call('updateLinks', { ids: rows.map((r) => r.id), isNew: false });
              clear();
              act.flash(`${count} link${count === 1 ? '' : 's'} marked reviewed.`);
              act.refresh();
            } catch (e) {
              act.fail(`The links were not changed: ${(e as Error).message}`);
            }
          }}
        >
          Mark reviewed
        </Button>
      )}
      editor={({ target, close, done }) => {
        const r = target === 'new' ? null : target;
        return (
          <EditorDialog
            title={r ? `Link: ${r.title}` : 'Adding link'}
            history={r && { kind: 'link', id: r.id, label: `link ${r.title}` }}
            fields={fields}
            initial={{
              title: r?.title ?? '',
              url: r?.url ?? '',
              type: r?.type ?? state.type,
              make: r?.make ?? state.make,
              model: r?.model ?? '',
              yearStart: r?.yearStart == null ? '' : String(r.yearStart),
              yearEnd: r?.yearEnd == null ? '' : String(r.yearEnd),
            }}
            validate={checkYearRange}
            save={async (d) => {
              const link = {
                title: String(d.title),
                url: String(d.url),
                type: d.type as LinkType,
                make: String(d.make),
                model: String(d.model),
                yearStart: yearOrNull(d.yearStart),
                yearEnd: yearOrNull(d.yearEnd),
              };
              if (r) await call('saveLink', { id: r.id, ...link });
              else await call('createLinks', { links: [link] });
            }}
            onClose={close}
            onSaved={() => done(r ? 'Link saved and marked reviewed.' : 'Link added.')}
          />
        );
      }}
      remove={(r) => call('removeLinks', [r.id])}
    />
  );
}
