'use client';
/**
 * Who calibrates (docs/dispatch.md#screens "Choosing a provider"): in house at the location's own prices, or
 * one of its calibration providers, nearest first, each with how far it is, whether it calibrates on site or
 * in its bay, how many vehicles it has scheduled on the date asked for against how many it takes a day, and
 * its price for each calibration asked for (its own pricing). With a provider: where (when it offers both)
 * and the date asked for. A radio group: one choice, by keyboard with the arrow keys.
 */
import { useEffect, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { SelectField, TextField } from '@/components/ui/field';
import type { ProviderChoice } from '@/lib/contract/dispatch';
import { MODE_LABELS, OFFERING_LABELS, type DispatchMode } from '@/lib/dispatch/rules';
import { formatMiles, formatMoney } from '@/lib/format';
import { dispatchApi } from './api';

/** What the user chose: in house (null), or a provider with where and when. */
export interface ProviderPick {
  provider: number;
  name: string;
  mode: DispatchMode;
  requestedDate: string;
}

export interface ProviderChooserProps {
  adasInspection: number;
  value: ProviderPick | null;
  onChange: (pick: ProviderPick | null) => void;
  /** Tomorrow at the location, the date first asked for. */
  defaultDate: string;
  /** Whether "In house" is offered (not when sending a request already in house to a provider). */
  inHouse?: boolean;
  errors?: { provider?: string; mode?: string; requestedDate?: string };
}

type Answer = Awaited<ReturnType<typeof dispatchApi.providers>>;

const total = (p: Pick<ProviderChoice, 'total' | 'unpriced'>) => `${formatMoney(p.total)}${p.unpriced ? ` (${p.unpriced} unpriced)` : ''}`;

export function ProviderChooser({ adasInspection, value, onChange, defaultDate, inHouse = true, errors = {} }: ProviderChooserProps) {
  const groupId = useId();
  const [date, setDate] = useState(value?.requestedDate ?? defaultDate);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    dispatchApi
      .providers(adasInspection, date, ctrl.signal)
      .then((a) => {
        setAnswer(a);
        setFailed(null);
      })
      .catch((e: Error) => !ctrl.signal.aborted && setFailed(e.message));
    return () => ctrl.abort();
  }, [adasInspection, date]);

  const pick = (p: ProviderChoice) => onChange({ provider: p.provider, name: p.name, mode: p.modes[0] ?? 'in-bay', requestedDate: date });
  const chosen = answer?.providers.find((p) => p.provider === value?.provider) ?? null;

  return (
    <fieldset
      className="flex flex-col gap-2 rounded-md border border-slate-200 p-3"
      aria-describedby={errors.provider ? `${groupId}-error` : undefined}
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">Who calibrates</legend>
      {failed && <Alert>{failed}</Alert>}
      {!answer && !failed && <p className="text-sm text-slate-600">Loading the providers…</p>}
      {answer && (
        <div className="flex flex-col gap-1">
          {inHouse && (
            <label className="flex cursor-pointer items-start gap-2 rounded p-2 hover:bg-slate-50">
              <input
                type="radio"
                name={groupId}
                className="mt-1 size-5 shrink-0"
                checked={value === null}
                onChange={() => onChange(null)}
              />
              <span className="text-sm">
                <span className="font-medium">In house</span> · {answer.shopName}&apos;s own prices: {total(answer.inHouse)}
              </span>
            </label>
          )}
          {answer.providers.length === 0 && (
            <p className="text-sm text-slate-700">{answer.shopName} has no calibration providers yet: choose some on the Providers page.</p>
          )}
          {answer.providers.map((p) => (
            <label
              key={p.provider}
              className="flex cursor-pointer items-start gap-2 rounded p-2 hover:bg-slate-50"
              data-testid="provider-choice"
            >
              <input
                type="radio"
                name={groupId}
                className="mt-1 size-5 shrink-0"
                checked={value?.provider === p.provider}
                onChange={() => pick(p)}
              />
              <span className="flex min-w-0 flex-col text-sm">
                <span>
                  <span className="font-medium">{p.name}</span> · {total(p)}
                </span>
                <span className="text-xs text-slate-600">
                  {[
                    [p.city, p.state].filter(Boolean).join(', '),
                    p.distance != null && formatMiles(p.distance),
                    OFFERING_LABELS[p.offering],
                    `${p.booked} of ${p.capacity} a day booked on that date`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <span className="text-xs text-slate-600">
                  {p.lines.map((l) => `${l.system} ${l.price == null ? 'unpriced' : formatMoney(l.price)}`).join('; ')}
                </span>
              </span>
            </label>
          ))}
        </div>
      )}
      {errors.provider && (
        <p id={`${groupId}-error`} role="alert" className="text-sm text-red-700">
          {errors.provider}
        </p>
      )}
      {value && (
        <div className="grid gap-2 sm:grid-cols-2">
          <TextField
            label="Date asked for"
            type="date"
            required
            value={date}
            error={errors.requestedDate}
            onChange={(e) => {
              setDate(e.target.value);
              onChange({ ...value, requestedDate: e.target.value });
            }}
          />
          <SelectField
            label="Where"
            placeholder={null}
            options={(chosen?.modes ?? [value.mode]).map((m) => ({ value: m, label: MODE_LABELS[m] }))}
            value={value.mode}
            error={errors.mode}
            onChange={(e) => onChange({ ...value, mode: e.target.value as DispatchMode })}
          />
        </div>
      )}
    </fieldset>
  );
}
