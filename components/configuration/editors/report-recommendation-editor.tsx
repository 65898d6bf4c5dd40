'use client';
/**
 * The report recommendation editor (docs/configuration.md#fields, #validation): title, the model years (yearStart never exceeds
 * yearEnd: the other year follows as the user types), the systems and makes it applies to (lists; none =
 * every one), and the content, which the hints ask to word as advice (docs/report.md#recommendations). Unsaved changes
 * are marked (the specification's isChanged).
 */
import type { MakeMatrixCategories } from '@/lib/contract/admin';
import type { ReportRecommendation } from '@/lib/contract/report';
import { EditorDialog, type FieldDef } from '../editor';
import { configApi } from '../api';
import { checkYearRange, clampYears } from '../rules';

export function ReportRecommendationEditor({
  recommendation: r,
  categories,
  onClose,
  onSaved,
}: {
  recommendation: ReportRecommendation | null;
  categories: MakeMatrixCategories;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const fields: FieldDef[] = [
    { kind: 'text', key: 'title', label: 'Title', required: true, max: 200, wide: true },
    { kind: 'year', key: 'yearStart', label: 'Year start', required: true, hint: 'Never after the end year: the end year follows.' },
    { kind: 'year', key: 'yearEnd', label: 'Year end', required: true, hint: 'Never before the start year: the start year follows.' },
    {
      kind: 'checks',
      key: 'systems',
      label: 'Systems',
      hint: 'None checked: every system. Checked: printed only when one of them has a result on the inspection, neither Not equipped nor Not applicable.',
      options: categories.systems.filter((s) => !s.isInactive).map((s) => ({ value: s.adasChecklistMatrix, label: s.matrixItem })),
    },
    {
      kind: 'chips',
      key: 'makes',
      label: 'Makes',
      noun: 'makes',
      keywords: false,
      suggestions: categories.makes,
      hint: 'None: every make.',
    },
    {
      kind: 'textarea',
      key: 'content',
      label: 'Content',
      required: true,
      max: 4000,
      // docs/report.md#recommendations: the report prints it as written, and nobody recorded the work.
      hint: 'Write advice to follow ("Measure the paint film thickness…"), never work as done: the report prints it as written.',
    },
  ];
  return (
    <EditorDialog
      title={r ? `Report recommendation: ${r.title}` : 'Adding report recommendation'}
      history={r && { kind: 'reportRecommendation', id: r.reportRecommendation, label: `report recommendation ${r.title}` }}
      fields={fields}
      initial={{
        title: r?.title ?? '',
        yearStart: r ? String(r.yearStart) : '',
        yearEnd: r ? String(r.yearEnd) : '',
        systems: r?.systems ?? [],
        makes: r?.makes ?? [],
        content: r?.content ?? '',
      }}
      change={(d, key, value) =>
        key === 'yearStart' || key === 'yearEnd'
          ? { ...d, ...clampYears({ yearStart: String(d.yearStart), yearEnd: String(d.yearEnd) }, key, String(value)) }
          : { ...d, [key]: value }
      }
      validate={checkYearRange}
      save={(d) =>
        configApi.saveReportRecommendation({
          reportRecommendation: r?.reportRecommendation ?? -1,
          title: String(d.title),
          yearStart: Number(d.yearStart),
          yearEnd: Number(d.yearEnd),
          systems: d.systems as number[],
          makes: d.makes as string[],
          content: String(d.content),
        })
      }
      onClose={onClose}
      onSaved={() => {
        onSaved('Report recommendation saved.');
        onClose();
      }}
    />
  );
}
