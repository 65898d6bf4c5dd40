'use client';
/**
 * Make matrices (docs/configuration.md#calls): which systems a make's models have over which years, where they sit,
 * how they are calibrated and which estimate words trigger them. Filters by make, system and year;
 * search; rows move within their make; the keywords-and-triggers CSV export.
 */
import dynamic from 'next/dynamic';
import { Icon } from '@/components/ui/icon';
import { useCallback, useMemo } from 'react';
import { FilterSelect, type DataColumn } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import type { MakeMatrixRow } from '@/lib/contract/admin';
import { CALIBRATION_MODE_LABELS, modelYearMax } from '@/lib/configuration/constants';
import { Clip, SectionMessage, Tag, dash, openColumn, useCsvDownload, yesNo, years, yearsColumn } from '../kit';
import { call } from '../lazy';
import { sectionQuery } from '../queries';
import { RecordSection, type SectionActions } from '../record-section';
import { MakeFilter, SystemFilter, type SectionProps } from '../section-setup';

const MakeMatrixEditor = dynamic(() => import('../editors/make-matrix-editor').then((m) => m.MakeMatrixEditor), { ssr: false });

const label = (r: MakeMatrixRow) => `${r.vehicleMake} ${r.matrixItem} ${years(r.yearStart, r.yearEnd)}`;

async function move(r: MakeMatrixRow, to: number, act: SectionActions) {
  try {
    await call('moveMakeMatrix', r.adasChecklistMatrixVehicle, to);
    act.flash(`${label(r)} moved to position ${to} of ${r.vehicleMake}.`);
    act.refresh();
  } catch (e) {
    act.fail(`The make matrix was not moved: ${(e as Error).message}`);
  }
}

const columns = (open: (r: MakeMatrixRow) => void, act: SectionActions): DataColumn<MakeMatrixRow>[] => [
  openColumn('make', 'Make', (r) => r.vehicleMake, open),
  {
    id: 'models',
    header: 'Models',
    csv: (r) => r.vehicleModel || 'All models',
    cell: (r) => (r.vehicleModel ? <Clip text={r.vehicleModel} max={40} /> : <span className="text-slate-600">All models</span>),
  },
  yearsColumn(),
  {
    id: 'system',
    header: 'System',
    sortable: true,
    csv: (r) => r.matrixItem,
    cell: (r) => (
      <span className="flex flex-col">
        <span>{r.matrixItem}</span>
        {r.system && <span className="text-xs text-slate-600">{r.system}</span>}
      </span>
    ),
  },
  { id: 'location', header: 'Location', csv: (r) => r.location, cell: (r) => r.location || dash },
  {
    id: 'calibration',
    header: 'Calibration',
    csv: (r) => r.calibrationTypeName,
    cell: (r) =>
      r.calibrationTypeName ? (
        <span className="flex flex-col items-start gap-1">
          <span>{r.calibrationTypeName}</span>
          {r.calibrationMode && (
            <Tag tone={r.calibrationMode === 'static' ? 'amber' : 'brand'}>{CALIBRATION_MODE_LABELS[r.calibrationMode]}</Tag>
          )}
        </span>
      ) : (
        dash
      ),
  },
  {
    id: 'rr',
    header: 'RR / RI',
    className: 'whitespace-nowrap',
    csv: (r) => `${yesNo(r.isRR)} / ${yesNo(r.isRI)}`,
    cell: (r) => `${yesNo(r.isRR)} / ${yesNo(r.isRI)}`,
  },
  { id: 'line', header: 'Line keywords', csv: (r) => r.cccLineKeywords, cell: (r) => <Clip text={r.cccLineKeywords} max={45} /> },
  {
    id: 'locationKeywords',
    header: 'Location keywords',
    hidden: true,
    csv: (r) => r.cccLocationKeywords,
    cell: (r) => <Clip text={r.cccLocationKeywords} />,
  },
  {
    id: 'sublet',
    header: 'Sublet keywords',
    hidden: true,
    csv: (r) => r.cccSubletKeywords,
    cell: (r) => <Clip text={r.cccSubletKeywords} />,
  },
  {
    id: 'order',
    header: 'Order',
    className: 'whitespace-nowrap',
    csv: (r) => r.sort,
    cell: (r) => (
      <span className="inline-flex items-center gap-1">
        <span className="w-6 text-right tabular-nums">{r.sort}</span>
        <button
          type="button"
          className="rounded p-1.5 text-slate-700 hover:bg-slate-100 disabled:text-slate-300"
          aria-label={`Move up: ${label(r)}`}
          disabled={r.sort <= 1}
          onClick={() => move(r, r.sort - 1, act)}
        >
          <Icon name="arrow-up" className="size-4" />
        </button>
        <button
          type="button"
          className="rounded p-1.5 text-slate-700 hover:bg-slate-100"
          aria-label={`Move down: ${label(r)}`}
          onClick={() => move(r, r.sort + 1, act)}
        >
          <Icon name="arrow-down" className="size-4" />
        </button>
      </span>
    ),
  },
];

export function MakesSection({ spec, state, data, categories }: SectionProps<'makes', MakeMatrixRow>) {
  const triggers = useCsvDownload(
    useCallback(
      () => call('keywordsTriggersExport', { vehicleMake: state.vehicleMake, adasChecklistMatrix: state.adasChecklistMatrix }),
      [state.vehicleMake, state.adasChecklistMatrix],
    ),
  );
  const query = useMemo(() => sectionQuery.makes(state), [state]);
  const yearOptions = useMemo(() => {
    const max = modelYearMax();
    return [{ value: 0, label: 'Any year' }, ...Array.from({ length: max - 1999 }, (_, i) => ({ value: max - i, label: String(max - i) }))];
  }, []);

  return (
    <RecordSection
      title="Make matrices"
      noun="make matrices"
      tag="make matrix"
      spec={spec}
      state={state}
      data={data}
      query={query}
      fetchPage={(q) => call('makeMatrices', q)}
      columns={columns}
      rowId={(r) => r.adasChecklistMatrixVehicle}
      rowLabel={label}
      search={{ label: 'Search make matrices', placeholder: 'Make, model, system, keyword' }}
      filters={(list) => (
        <>
          <MakeFilter categories={categories} value={state.vehicleMake} go={(vehicleMake) => list.go({ vehicleMake })} />
          <SystemFilter
            categories={categories}
            value={state.adasChecklistMatrix}
            go={(adasChecklistMatrix) => list.go({ adasChecklistMatrix })}
          />
          <FilterSelect label="Year" value={state.year} options={yearOptions} onChange={(v) => list.go({ year: Number(v) })} />
        </>
      )}
      filtered={
        state.searchTerm !== '' ||
        state.vehicleMake !== '' ||
        state.adasChecklistMatrix !== 0 ||
        state.year !== 0 ||
        state.vehicleModel !== ''
      }
      addLabel="Add make matrix"
      actions={
        <Button variant="secondary" onClick={triggers.start} disabled={triggers.busy}>
          <Icon name="download" className="size-4" />
          {triggers.busy ? 'Exporting…' : 'Keywords & triggers CSV'}
        </Button>
      }
      editor={({ target, close, saved }) => (
        <MakeMatrixEditor
          key={target === 'new' ? 'new' : target.adasChecklistMatrixVehicle}
          id={target === 'new' ? null : target.adasChecklistMatrixVehicle}
          categories={categories}
          defaults={{ vehicleMake: state.vehicleMake, adasChecklistMatrix: state.adasChecklistMatrix }}
          onClose={close}
          onSaved={saved}
        />
      )}
      remove={(r) => call('deleteMakeMatrix', r.adasChecklistMatrixVehicle)}
    >
      <SectionMessage message={triggers.message} />
    </RecordSection>
  );
}
