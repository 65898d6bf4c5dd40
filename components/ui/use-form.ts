'use client';
/**
 * The one form hook: what every editor, dialog and action button keeps while the user works. The draft and
 * what it started from (`dirty`: the specification's isChanged), one error per field, one form-level
 * message, the busy flag while a call runs. `submit` runs the form's own checks, then saves; `run` is the
 * same busy/message handling for any other call (a status change, a delete, an upload). A refused call
 * keeps everything typed: its text becomes the message and the server's field errors show beside the
 * fields (lib/validation/field-errors.ts `failure`, the one mapper). The frame that shows a form in the one
 * dialog is FormDialog (form-dialog.tsx).
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { CORRECT_FIELDS, collect, failure, withoutError, type FieldErrors } from '@/lib/validation/field-errors';

export interface FormMessage {
  kind: 'error' | 'success' | 'info';
  text: string;
}

export interface FormOptions<D> {
  /** The draft to start from, and what `dirty` compares with until `reset`. Read once, as useState does. */
  initial: D;
  /** The form's own checks: field → message, null (or nothing) for a field that passes. */
  check?: (draft: D) => Readonly<Record<string, string | null | undefined>>;
  /** The message when the checks find something; null shows the field errors alone. */
  invalid?: string | null;
  /** Saves the draft; a returned text is shown as a success. Throws (a BffError) when the server refuses. */
  save?: (draft: D) => Promise<string | void | unknown>;
  /** A field change may rewrite the draft (a year clamped, a dependent field cleared). */
  change?: (draft: D, key: keyof D, value: D[keyof D]) => D;
  /** A part of the body whose fields the form shows among its own ("vehicle": "vehicle.vin" → vin). */
  inner?: string;
  /** Words a refused save's text ("The configuration was not saved: …"). */
  failed?: (message: string) => string;
  /** A message shown from the start (a notice the page brings along). Read once. */
  notice?: FormMessage | null;
}

export interface Form<D> {
  draft: D;
  /** Changes one field; its error goes (the user is fixing it). */
  set: <K extends keyof D>(key: K, value: D[K]) => void;
  /** Changes several fields at once. */
  patch: (change: Partial<D>) => void;
  errors: FieldErrors;
  setErrors: (errors: FieldErrors | ((errors: FieldErrors) => FieldErrors)) => void;
  message: FormMessage | null;
  /** Shows a message (an error unless told), or none. */
  say: (text: string | null, kind?: FormMessage['kind']) => void;
  busy: boolean;
  /** What the draft started from (loaded or last reset); `dirty` compares with it. */
  saved: D;
  /** The draft differs from what it started from. */
  dirty: boolean;
  /** Starts again from `next` (a record loaded or saved): the draft, what `dirty` compares with, no errors. */
  reset: (next: D) => void;
  /** Checks, then saves: a form's onSubmit. Answers true when saved. */
  submit: (e?: { preventDefault(): void }) => Promise<boolean>;
  /**
   * Runs a call with `busy` set; answers true when it succeeded. A returned text is shown as a success; a
   * failure's text as an error, worded by `failed` when given ("Nothing was imported: …").
   */
  run: (action: () => unknown, o?: RunOptions) => Promise<boolean>;
}

export interface RunOptions {
  /**
   * Words the failure's text ("The export failed: …"), given the field errors too; null when the fields say
   * it all (a wrong current password is said beside its field alone).
   */
  failed?: (message: string, fields: FieldErrors) => string | null;
  /** The text of a failure that brings none of its own (a dropped connection); "not saved" unless told. */
  fallback?: string;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

const NOTHING = {};

export function useForm<D extends object = Record<string, never>>(options: FormOptions<D> = { initial: NOTHING as D }): Form<D> {
  const [draft, setDraft] = useState<D>(options.initial);
  const [base, setBase] = useState<D>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<FormMessage | null>(options.notice ?? null);
  const [busy, setBusy] = useState(false);
  // The latest options and draft for the callbacks below; a second submit while one runs is ignored.
  const latest = useRef({ options, draft });
  useLayoutEffect(() => {
    latest.current = { options, draft };
  });
  const running = useRef(false);

  const set = useCallback(<K extends keyof D>(key: K, value: D[K]) => {
    const { change } = latest.current.options;
    setDraft((d) => (change ? change(d, key, value) : { ...d, [key]: value }));
    setErrors((e) => withoutError(e, String(key)));
  }, []);

  const patch = useCallback((change: Partial<D>) => {
    setDraft((d) => ({ ...d, ...change }));
    setErrors((e) => Object.keys(change).reduce(withoutError, e));
  }, []);

  const say = useCallback(
    (text: string | null, kind: FormMessage['kind'] = 'error') => setMessage(text === null ? null : { kind, text }),
    [],
  );

  const reset = useCallback((next: D) => {
    setDraft(next);
    setBase(next);
    setErrors({});
  }, []);

  const run = useCallback(async (action: () => unknown, o: RunOptions = {}) => {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    setMessage(null);
    try {
      const answer = await action();
      if (typeof answer === 'string' && answer) setMessage({ kind: 'success', text: answer });
      return true;
    } catch (err) {
      const refused = failure(err, latest.current.options.inner, o.fallback);
      setErrors(refused.fields);
      const words = o.failed ?? latest.current.options.failed;
      const text = words ? words(refused.message, refused.fields) : refused.message;
      setMessage(text === null ? null : { kind: 'error', text });
      return false;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  const submit = useCallback(
    async (e?: { preventDefault(): void }) => {
      e?.preventDefault();
      const { options: o, draft: d } = latest.current;
      const found = collect(o.check?.(d) ?? {});
      setErrors(found);
      if (Object.keys(found).length) {
        const text = o.invalid === undefined ? CORRECT_FIELDS : o.invalid;
        setMessage(text === null ? null : { kind: 'error', text });
        return false;
      }
      return run(() => o.save?.(d));
    },
    [run],
  );

  const dirty = useMemo(() => !same(draft, base), [draft, base]);
  // "Correct the fields marked" goes with the last field error it points at (each clears as it is typed).
  const shown = message?.text === CORRECT_FIELDS && Object.keys(errors).length === 0 ? null : message;
  return { draft, set, patch, errors, setErrors, message: shown, say, busy, saved: base, dirty, reset, submit, run };
}
