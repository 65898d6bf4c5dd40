'use client';
/**
 * The VIN field (docs/adas.md#validation): checked as the user types — only letters and digits, never I, O or Q, 17
 * characters, the North-American check digit — with a message naming the rule that failed, and decoded
 * at the host as soon as the 17th valid character is in (the result is announced and handed to the form).
 */
import { Icon } from '@/components/ui/icon';
import { useEffect, useId, useRef, useState } from 'react';
import type { VinDecode } from '@/lib/contract/decode';
import { VIN_LENGTH, normalizeVin, vinProblem } from '@/lib/vehicle/vin';
import { decodeApi } from './api';

type DecodeState =
  | { kind: 'idle' }
  | { kind: 'decoding'; vin: string }
  | { kind: 'done'; vin: string; decode: VinDecode }
  | { kind: 'failed'; vin: string; message: string };

export interface VinFieldProps {
  value: string;
  onChange: (vin: string) => void;
  /** A decode of the complete, valid VIN. */
  onDecoded?: (decode: VinDecode) => void;
  /** An error from the server for this field. */
  error?: string | null;
  required?: boolean;
  autoFocus?: boolean;
  label?: string;
  /** A VIN the page has decoded already (rendered on the server): not asked for again. */
  decoded?: string;
}

export function VinField({ value, onChange, onDecoded, error, required, autoFocus, label = 'VIN', decoded }: VinFieldProps) {
  const id = useId();
  const [state, setState] = useState<DecodeState>({ kind: 'idle' });
  const problem = vinProblem(value, { partial: true });
  const complete = value.length === VIN_LENGTH && !problem && value !== decoded;
  const onDecodedRef = useRef(onDecoded);
  useEffect(() => {
    onDecodedRef.current = onDecoded;
  });

  useEffect(() => {
    if (!complete) return;
    const ctrl = new AbortController();
    // Decoding is asynchronous: the state follows the request, not the render.
    queueMicrotask(() => !ctrl.signal.aborted && setState({ kind: 'decoding', vin: value }));
    decodeApi
      .vin(value, ctrl.signal)
      .then((decode) => {
        if (ctrl.signal.aborted) return;
        setState({ kind: 'done', vin: value, decode });
        onDecodedRef.current?.(decode);
      })
      .catch((e: Error) => {
        if (!ctrl.signal.aborted) setState({ kind: 'failed', vin: value, message: e.message });
      });
    return () => ctrl.abort();
  }, [value, complete]);

  const message = problem?.message ?? error ?? null;
  // The outcome of this very VIN (a decode the page already showed stays in view after it reloads).
  const shownState = state.kind !== 'idle' && state.vin === value ? state : { kind: 'idle' as const };
  const status =
    shownState.kind === 'decoding'
      ? 'Decoding the VIN…'
      : shownState.kind === 'done'
        ? shownState.decode.isDecoded
          ? `Decoded: ${shownState.decode.year} ${shownState.decode.make} ${shownState.decode.model}${shownState.decode.bodystyle ? ` (${shownState.decode.bodystyle})` : ''}.`
          : `Decoded in part: ${[shownState.decode.year, shownState.decode.make].filter(Boolean).join(' ') || 'nothing known'}. ${shownState.decode.reason} Please complete the vehicle below.`
        : shownState.kind === 'failed'
          ? `The VIN could not be decoded: ${shownState.message}`
          : value && value !== decoded
            ? `${value.length} of ${VIN_LENGTH} characters`
            : '';

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(normalizeVin(e.target.value).slice(0, VIN_LENGTH + 1))}
        maxLength={VIN_LENGTH + 4}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        autoFocus={autoFocus}
        aria-required={required || undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={`${id}-status${message ? ` ${id}-error` : ''}`}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-base tracking-wider text-slate-900 uppercase shadow-sm aria-[invalid=true]:border-red-600 sm:text-sm"
      />
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
      <p id={`${id}-status`} role="status" aria-live="polite" className="flex items-center gap-1.5 text-xs text-slate-600">
        {shownState.kind === 'decoding' && <Icon name="loader-circle" className="size-3.5 animate-spin" />}
        {status}
      </p>
    </div>
  );
}

/** Why the VIN cannot be submitted ('' is allowed when not required), or null. */
export function vinSubmitProblem(vin: string, required = false): string | null {
  const v = normalizeVin(vin);
  if (!v) return required ? 'This field is required' : null;
  return vinProblem(v)?.message ?? null;
}
