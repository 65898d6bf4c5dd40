'use client';
/**
 * "Share a link" beside the calibration report: a signed link to this inspection's read-only page and
 * report that lasts the chosen number of days; the owner manages (revokes) their links at /links.
 */
import Link from 'next/link';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { useForm } from '@/components/ui/use-form';
import { SHARE_DAYS } from '@/lib/contract/links-constants';
import { linkApi, sharedUrl } from './api';

const DAY_OPTIONS = [1, 7, 14, 30].map((d) => ({ value: String(d), label: d === 1 ? '1 day' : `${d} days` }));

export function ShareLink({ adasInspection }: { adasInspection: number }) {
  const headingId = useId();
  const [days, setDays] = useState(String(SHARE_DAYS.default));
  const [url, setUrl] = useState<string | null>(null);
  const calls = useForm();
  const notice = calls.message;

  const create = () =>
    calls.run(
      async () => {
        const link = await linkApi.create({ adasInspection, days: Number(days) });
        setUrl(sharedUrl(link.token));
        return `Link created. It opens this inspection's report without signing in for ${days === '1' ? '1 day' : `${days} days`}.`;
      },
      { fallback: 'The link could not be created.' },
    );

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      calls.say('Link copied.', 'success');
    } catch {
      calls.say('The link could not be copied here: select it and copy it yourself.');
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 border-t border-slate-200 pt-3">
      <h3 id={headingId} className="font-semibold text-slate-900">
        Share a link
      </h3>
      <p className="text-sm text-slate-700">
        For an insurer or a technician without an account: a read-only page of this inspection, its report and OEM procedure links.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField label="Valid for" placeholder={null} options={DAY_OPTIONS} value={days} onChange={(e) => setDays(e.target.value)} />
        <Button variant="secondary" disabled={calls.busy} onClick={create}>
          Create link
        </Button>
      </div>
      {url && (
        <div className="flex flex-wrap items-end gap-2">
          <TextField
            label="Shared link"
            readOnly
            value={url}
            maxLength={2000}
            className="min-w-0 flex-1"
            onFocus={(e) => e.target.select()}
          />
          <Button variant="secondary" onClick={copy}>
            Copy link
          </Button>
        </div>
      )}
      <div aria-live="polite">{notice && <Alert kind={notice.kind}>{notice.text}</Alert>}</div>
      <Link href="/links" className="self-start text-sm text-brand-700 underline">
        Your shared links
      </Link>
    </section>
  );
}
