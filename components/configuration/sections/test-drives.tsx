'use client';
/** Test-drive recommendations per location; the platform location holds the network's (docs/configuration.md#calls). */
import { type DataColumn } from '@/components/data-table';
import type { TestDriveRecommendation } from '@/lib/contract/testdrive';
import { DRIVE_TYPES } from '@/lib/configuration/constants';
import type { FieldDef } from '../editor';
import { EditorDialog, call } from '../lazy';
import { Clip, OpenCell } from '../kit';
import { sectionQuery } from '../queries';
import { RecordSection } from '../record-section';
import { LocationFilter, firmName, type SectionProps } from '../section-setup';

const driveTypes = DRIVE_TYPES.map((d) => ({ value: d.id, label: d.name }));
const makeLabel = (make: string) => make || <span className="text-slate-600">Every make</span>;

export function TestDrivesSection({ spec, state, data, categories }: SectionProps<'testdrives', TestDriveRecommendation>) {
  const fields: FieldDef[] = [
    { kind: 'text', key: 'recommendation', label: 'Recommendation', required: true, max: 200, wide: true },
    { kind: 'select', key: 'driveType', label: 'Drive type', required: true, options: driveTypes },
    { kind: 'text', key: 'vehicleMake', label: 'Make', max: 60, suggestions: categories.makes, hint: 'Leave empty for every make.' },
    { kind: 'textarea', key: 'recommendationText', label: 'What the technician should do', required: true, max: 4000 },
  ];
  const columns = (open: (r: TestDriveRecommendation) => void): DataColumn<TestDriveRecommendation>[] => [
    {
      id: 'recommendation',
      header: 'Recommendation',
      sortable: true,
      rowHeader: true,
      canHide: false,
      csv: (r) => r.recommendation,
      cell: (r) => <OpenCell label={r.recommendation} onOpen={() => open(r)} />,
    },
    { id: 'driveType', header: 'Drive type', sortable: true, csv: (r) => r.driveTypeName, cell: (r) => r.driveTypeName },
    { id: 'make', header: 'Make', sortable: true, csv: (r) => r.vehicleMake || 'Every make', cell: (r) => makeLabel(r.vehicleMake) },
    { id: 'text', header: 'Text', csv: (r) => r.recommendationText, cell: (r) => <Clip text={r.recommendationText} max={90} /> },
  ];
  const locationName = firmName(categories, state.firm);
  return (
    <RecordSection
      title="Test-drive recommendations"
      noun="recommendations"
      tag="recommendation"
      spec={spec}
      state={state}
      data={data}
      query={sectionQuery.testdrives(state)}
      fetchPage={(q) => call('testDrives', q)}
      columns={columns}
      rowId={(r) => r.testDriveRecommendation}
      rowLabel={(r) => r.recommendation}
      search={{ label: 'Search recommendations', placeholder: 'Title, make or text' }}
      filters={(list) => <LocationFilter categories={categories} firm={state.firm} go={(firm) => list.go({ firm })} />}
      filtered={state.searchTerm !== ''}
      addLabel="Add recommendation"
      editor={({ target, close, done }) => {
        const r = target === 'new' ? null : target;
        return (
          <EditorDialog
            title={r ? `Recommendation: ${r.recommendation}` : `Adding recommendation for ${locationName}`}
            history={r && { kind: 'testdriveRecommendation', id: r.testDriveRecommendation, label: `recommendation ${r.recommendation}` }}
            fields={fields}
            initial={{
              recommendation: r?.recommendation ?? '',
              driveType: r ? String(r.driveType) : '',
              vehicleMake: r?.vehicleMake ?? '',
              recommendationText: r?.recommendationText ?? '',
            }}
            save={(d) =>
              call('saveTestDrive', {
                firm: r?.firm ?? state.firm,
                testDriveRecommendation: r?.testDriveRecommendation ?? -1,
                recommendation: String(d.recommendation),
                driveType: Number(d.driveType) as 1 | 2,
                vehicleMake: String(d.vehicleMake),
                recommendationText: String(d.recommendationText),
              })
            }
            onClose={close}
            onSaved={() => done('Recommendation saved.')}
          />
        );
      }}
      remove={(r) => call('deleteTestDrive', r.testDriveRecommendation)}
    />
  );
}
