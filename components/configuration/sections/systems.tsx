'use client';
/** Systems (checklist matrices, docs/configuration.md#calls): the ADAS systems a vehicle can have. */
import dynamic from 'next/dynamic';
import type { DataColumn } from '@/components/data-table';
import type { ChecklistMatrix } from '@/lib/contract/admin';
import type { Paged } from '@/lib/contract/list';
import type { ListStateOf } from '@/lib/list-state';
import { Clip, OpenCell, Tag, YesNo, yesNo } from '../kit';
import { call } from '../lazy';
import type { SectionLists } from '../list-specs';
import { sectionQuery } from '../queries';
import { RecordSection } from '../record-section';

const SystemEditor = dynamic(() => import('../editors/system-editor').then((m) => m.SystemEditor), { ssr: false });
type Spec = SectionLists['systems'];

const columns = (open: (r: ChecklistMatrix) => void): DataColumn<ChecklistMatrix>[] => [
  { id: 'sort', header: 'Order', sortable: true, className: 'w-16 tabular-nums', csv: (r) => r.sort, cell: (r) => r.sort },
  {
    id: 'matrixItem',
    header: 'System',
    sortable: true,
    rowHeader: true,
    canHide: false,
    csv: (r) => r.matrixItem,
    cell: (r) => (
      <OpenCell label={r.matrixItem} onOpen={() => open(r)}>
        {r.isInactive && <Tag tone="red">Inactive</Tag>}
      </OpenCell>
    ),
  },
  { id: 'keywords', header: 'Keywords', csv: (r) => r.keywords, cell: (r) => <Clip text={r.keywords} /> },
  { id: 'notice', header: 'Notice', csv: (r) => r.notice, cell: (r) => <Clip text={r.notice} max={80} /> },
  { id: 'items', header: 'Items', className: 'tabular-nums', csv: (r) => r.items.length, cell: (r) => r.items.length },
  {
    id: 'makeMatrices',
    header: 'Make matrices',
    sortable: true,
    className: 'tabular-nums',
    csv: (r) => r.makeMatrices,
    cell: (r) => r.makeMatrices,
  },
  { id: 'highlight', header: 'Highlight', csv: (r) => yesNo(r.isHighlight), cell: (r) => <YesNo value={r.isHighlight} /> },
];

export function SystemsSection({ spec, state, data }: { spec: Spec; state: ListStateOf<Spec>; data: Paged<ChecklistMatrix> }) {
  return (
    <RecordSection
      title="Systems"
      noun="systems"
      tag="system"
      spec={spec}
      state={state}
      data={data}
      query={sectionQuery.systems(state)}
      fetchPage={(q) => call('systems', q)}
      columns={columns}
      rowId={(r) => r.adasChecklistMatrix}
      rowLabel={(r) => r.matrixItem}
      search={{ label: 'Search systems', placeholder: 'Name or keyword' }}
      filtered={state.searchTerm !== ''}
      addLabel="Add system"
      editor={({ target, close, saved }) => <SystemEditor system={target === 'new' ? null : target} onClose={close} onSaved={saved} />}
      remove={(r) => call('deleteSystem', r.adasChecklistMatrix)}
    />
  );
}
