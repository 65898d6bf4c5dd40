'use client';
/**
 * The dispatch of an inspection, on the inspection itself (docs/dispatch.md#screens): for the shop, beside its
 * calibration request — the provider it went to and where it stands, the steps the shop may take, and, while
 * nobody holds it, sending it to a provider (or changing the provider before one accepts: the request is
 * re-priced and the notice says how); for the provider's users, the dispatch they work under. Earlier
 * dispatches (declined, cancelled) are listed with why.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useForm } from '@/components/ui/use-form';
import type { DispatchDetail, DispatchRow, StepAnswer } from '@/lib/contract/dispatch';
import { showDay } from '@/lib/dispatch/rules';
import { dispatchApi } from './api';
import { DispatchDetailView } from './dispatch-detail';
import { ProviderChooser, type ProviderPick } from './provider-chooser';
import { repricedText } from './repriced';

export interface InspectionDispatchProps {
  adasInspection: number;
  /** The inspection's calibration request (the shop sends it); null: none yet. */
  calibrateRequest: number | null;
  /** Its status: a closed or completed request is sent nowhere. */
  requestStatus: string | null;
  role: number | null;
  timezone: number;
  /** The location's today (YYYY-MM-DD): dates are asked for from tomorrow on by default. */
  tomorrow: string;
  /** After a step (the request's prices or status may have changed). */
  onChanged?: () => void;
}

const CLOSED = ['Completed', 'Declined', 'Cancelled'];

export function InspectionDispatch({
  adasInspection,
  calibrateRequest,
  requestStatus,
  role,
  timezone,
  tomorrow,
  onChanged,
}: InspectionDispatchProps) {
  const headingId = useId();
  const [current, setCurrent] = useState<DispatchDetail | null>(null);
  const [past, setPast] = useState<DispatchRow[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [pick, setPick] = useState<ProviderPick | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const sending = useForm();

  const load = useCallback(
    (signal?: AbortSignal) =>
      dispatchApi
        .ofInspection(adasInspection, signal)
        .then((a) => {
          setCurrent(a.current);
          setPast(a.past);
        })
        .catch((e: Error) => !signal?.aborted && sending.say(e.message))
        .finally(() => !signal?.aborted && setLoaded(true)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form's say is stable
    [adasInspection],
  );
  useEffect(() => {
    const ctrl = new AbortController();
    void load(ctrl.signal);
    return () => ctrl.abort();
  }, [load]);

  const stepped = (answer: StepAnswer, text: string) => {
    setSaid(text);
    void load();
    onChanged?.();
    return answer;
  };

  const shop = current ? current.side === 'shop' : true;
  const mayChoose =
    shop &&
    calibrateRequest != null &&
    !CLOSED.includes(requestStatus ?? '') &&
    (!current || current.status === 'Requested' || current.status === 'Proposed');

  const send = () =>
    sending.run(async () => {
      if (!pick || calibrateRequest == null) return void sending.setErrors({ provider: 'Choose a provider' });
      const answer = await dispatchApi.send({
        calibrateRequest,
        provider: pick.provider,
        mode: pick.mode,
        requestedDate: pick.requestedDate,
      });
      setChoosing(false);
      setPick(null);
      stepped(answer, [`Sent to ${pick.name}: the provider is told.`, repricedText(answer.repriced)].filter(Boolean).join(' '));
    });

  if (!loaded) return <p className="text-sm text-slate-600">Loading the dispatch…</p>;
  if (!current && !mayChoose && past.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4"
      data-testid="inspection-dispatch"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {shop ? 'Calibration provider' : 'Dispatched to your location'}
      </h2>
      <div aria-live="polite">
        {said && <Alert kind="success">{said}</Alert>}
        {sending.message && <Alert kind={sending.message.kind}>{sending.message.text}</Alert>}
      </div>
      {current ? (
        <DispatchDetailView detail={current} role={role} timezone={timezone} onChanged={stepped} onInspection />
      ) : (
        shop && <p className="text-sm text-slate-700">Calibrated in house: no provider has this request.</p>
      )}
      {mayChoose &&
        (choosing ? (
          <form
            noValidate
            className="flex flex-col gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (!sending.busy) void send();
            }}
          >
            <ProviderChooser
              adasInspection={adasInspection}
              value={pick}
              onChange={(p) => {
                setPick(p);
                sending.setErrors({});
              }}
              defaultDate={tomorrow}
              inHouse={false}
              errors={sending.errors}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" aria-disabled={sending.busy || undefined} className="aria-disabled:opacity-60">
                {sending.busy ? 'Sending…' : current ? 'Send to this provider instead' : 'Send to this provider'}
              </Button>
              <Button variant="ghost" onClick={() => setChoosing(false)}>
                Back
              </Button>
            </div>
          </form>
        ) : (
          <div>
            <Button variant="secondary" onClick={() => setChoosing(true)}>
              {current ? 'Change the provider' : 'Send to a provider'}
            </Button>
          </div>
        ))}
      {past.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-700">Earlier dispatches ({past.length})</summary>
          <ul className="mt-1 flex flex-col gap-1">
            {past.map((p) => (
              <li key={p.dispatch}>
                {p.providerName}: {p.status}
                {p.reason ? ` (${p.reason})` : ''}, asked for {showDay(p.requestedDate)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
