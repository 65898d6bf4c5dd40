'use client';
/**
 * The assistant (decode/ai): a question about a vehicle and a repair, answered from the knowledge base
 * (systems, calibration types, prices, links) with what it could not make out said plainly. The question
 * stays in the box whatever the answer; a refused one shows the host's message.
 */
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/field';
import { useForm } from '@/components/ui/use-form';
import type { AiAnswer } from '@/lib/contract/dashboard';
import { formatMoney } from '@/lib/format';
import { MESSAGES } from '@/lib/validation/messages';
import { dashboardApi } from './api';

const PROMPT_MAX = 2000;

export function Assistant() {
  const [answer, setAnswer] = useState<AiAnswer | null>(null);
  const form = useForm({
    initial: { prompt: '' },
    check: (d) => ({ prompt: d.prompt.trim() ? null : MESSAGES.required }),
    invalid: null,
    save: async (d) => {
      try {
        setAnswer(await dashboardApi.ask({ prompt: d.prompt }));
      } catch (e) {
        setAnswer(null);
        throw e;
      }
    },
  });
  const { busy } = form;
  // The question's own error, else the host's refusal: both beside the box.
  const error = form.errors.prompt ?? form.message?.text ?? null;

  return (
    <form onSubmit={(e) => void form.submit(e)} className="mt-3 flex flex-col gap-3" aria-busy={busy}>
      <TextArea
        label="Your question"
        value={form.draft.prompt}
        maxLength={PROMPT_MAX}
        rows={2}
        placeholder="2021 Camry, windshield replaced: what needs calibrating?"
        onChange={(e) => form.set('prompt', e.target.value)}
        error={error}
      />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Asking…' : 'Ask'}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {answer && (
          <div className="flex flex-col gap-2 text-sm text-slate-800">
            <p>{answer.answer}</p>
            {answer.systems.length > 0 && (
              <ul className="list-disc pl-5">
                {answer.systems.map((s) => (
                  <li key={s.system}>
                    <span className="font-medium">{s.system}</span>: {s.calibrationType || 'calibration type not listed'}
                    {s.price != null ? ` — ${formatMoney(s.price)}` : ''} ({s.because})
                    {s.url && (
                      <>
                        {' '}
                        <a href={s.url} target="_blank" rel="noreferrer" className="text-brand-700 underline">
                          procedure
                        </a>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {answer.unknown.length > 0 && <Alert kind="info">Could not make out: {answer.unknown.join('; ')}.</Alert>}
          </div>
        )}
      </div>
    </form>
  );
}
