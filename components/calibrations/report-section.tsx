'use client';
/**
 * The calibration report and CCC (docs/calibrations.md#screens "Report"): download the PDF in the preference's language (or
 * another), send it through the mail stand-in to someone or to the location's report recipients, and push
 * the calibration lines to CCC after a preview of what goes (ccc-preview.tsx), whose refusal is shown in its
 * own words.
 */
import dynamic from 'next/dynamic';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useForm } from '@/components/ui/use-form';
import type { ReportPreference } from '@/lib/contract/calibrations';
import { ShareLink } from '@/components/links';
import { calibrationApi } from './api';
import { ReportDownload } from './report-download';

// Loaded on first use: the dialog is not part of /view's first load.
const CccPreviewDialog = dynamic(() => import('./ccc-preview').then((m) => m.CccPreviewDialog), { ssr: false });

export function ReportSection({
  adasInspection,
  preference,
  onPushed,
}: {
  adasInspection: number;
  preference: ReportPreference;
  onPushed?: () => void;
}) {
  const headingId = useId();
  const [previewing, setPreviewing] = useState(false);
  const [language, setLanguage] = useState<ReportPreference['language']>(preference.language);
  const [to, setTo] = useState('');
  const calls = useForm();
  const { busy, message: notice } = calls;
  const toError = calls.errors.to ?? null;

  const run = (fn: () => Promise<string>) => void calls.run(fn);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Calibration report
      </h2>
      <p className="text-sm text-slate-700">
        {preference.title}
        {preference.recipients.length > 0 && ` · Sent to ${preference.recipients.join(', ')} unless you name someone`}
      </p>
      <ReportDownload adasInspection={adasInspection} language={language} onLanguage={setLanguage} />
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          run(async () => {
            const sent = await calibrationApi.send(adasInspection, to.trim(), language);
            return `The report was sent to ${sent.to.join(', ')}.`;
          });
        }}
      >
        <TextField label="Send to (email)" type="email" value={to} error={toError} onChange={(e) => setTo(e.target.value)} />
        <Button type="submit" disabled={busy}>
          Send report
        </Button>
      </form>
      <div>
        <Button variant="secondary" disabled={busy} onClick={() => setPreviewing(true)}>
          Push to CCC…
        </Button>
      </div>
      {previewing && (
        <CccPreviewDialog
          adasInspection={adasInspection}
          onClose={() => setPreviewing(false)}
          onSent={(answer) => {
            setPreviewing(false);
            // CCC's refusal, in its own words.
            calls.say(answer.message, answer.accepted ? 'success' : 'error');
            onPushed?.();
          }}
        />
      )}
      <div aria-live="polite">{notice && <Alert kind={notice.kind}>{notice.text}</Alert>}</div>
      <ShareLink adasInspection={adasInspection} />
    </section>
  );
}
