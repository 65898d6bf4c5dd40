'use client';
/** Report recommendations (docs/configuration.md#calls), edited in their own editor. */
import dynamic from 'next/dynamic';
import { type DataColumn } from '@/components/data-table';
import type { ReportRecommendation } from '@/lib/contract/report';
import { call } from '../lazy';
import { Clip, OpenCell, yearsColumn } from '../kit';
import { sectionQuery } from '../queries';
import { RecordSection } from '../record-section';
import { type SectionProps } from '../section-setup';

const ReportRecommendationEditor = dynamic(
  () => import('../editors/report-recommendation-editor').then((m) => m.ReportRecommendationEditor),
  { ssr: false },
);

export function ReportsSection({ spec, state, data, categories }: SectionProps<'reports', ReportRecommendation>) {
  const columns = (open: (r: ReportRecommendation) => void): DataColumn<ReportRecommendation>[] => [
    {
      id: 'title',
      header: 'Title',
      sortable: true,
      rowHeader: true,
      canHide: false,
      csv: (r) => r.title,
      cell: (r) => <OpenCell label={r.title} onOpen={() => open(r)} />,
    },
    yearsColumn(),
    {
      id: 'systems',
      header: 'Systems',
      csv: (r) => r.systemNames.join(', ') || 'Every system',
      cell: (r) => (r.systemNames.length ? r.systemNames.join(', ') : <span className="text-slate-600">Every system</span>),
    },
    {
      id: 'makes',
      header: 'Makes',
      csv: (r) => r.makes.join(', ') || 'Every make',
      cell: (r) => (r.makes.length ? r.makes.join(', ') : <span className="text-slate-600">Every make</span>),
    },
    { id: 'content', header: 'Content', csv: (r) => r.content, cell: (r) => <Clip text={r.content} max={80} /> },
  ];
  return (
    <RecordSection
      title="Report recommendations"
      noun="report recommendations"
      tag="report recommendation"
      spec={spec}
      state={state}
      data={data}
      query={sectionQuery.reports(state)}
      fetchPage={(q) => call('reportRecommendations', q)}
      columns={columns}
      rowId={(r) => r.reportRecommendation}
      rowLabel={(r) => r.title}
      search={{ label: 'Search report recommendations', placeholder: 'Title, content or make' }}
      filtered={state.searchTerm !== ''}
      addLabel="Add report recommendation"
      editor={({ target, close, saved }) => (
        <ReportRecommendationEditor
          recommendation={target === 'new' ? null : target}
          categories={categories}
          onClose={close}
          onSaved={saved}
        />
      )}
      remove={(r) => call('removeReportRecommendation', r.reportRecommendation)}
    />
  );
}
