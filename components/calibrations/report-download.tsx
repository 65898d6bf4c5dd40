'use client';
/** The calibration report's download: the PDF in a chosen language (the report preference's by default). */
import { buttonClass } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import type { ReportPreference } from '@/lib/contract/calibrations';
import { reportHref } from './api';

const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Spanish' },
  { value: 'fr', label: 'French' },
];

type Language = ReportPreference['language'];

export function ReportDownload({
  adasInspection,
  language,
  onLanguage,
}: {
  adasInspection: number;
  language: Language;
  onLanguage: (language: Language) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <SelectField
        label="Language"
        placeholder={null}
        options={LANGUAGES}
        value={language}
        onChange={(e) => onLanguage(e.target.value as Language)}
      />
      <a className={buttonClass('secondary')} href={reportHref(adasInspection, language)} download>
        Download PDF
      </a>
    </div>
  );
}
