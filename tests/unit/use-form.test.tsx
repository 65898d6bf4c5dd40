// @vitest-environment happy-dom
/**
 * The one form hook (components/ui/use-form.ts) as its screens use it: a form's checks and save, and `run`
 * for a button's own call (an export, a delete, a link) with its busy flag and one message.
 */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useForm } from '@/components/ui/use-form';
import { CORRECT_FIELDS } from '@/lib/validation/field-errors';

const refusal = (message: string, fieldErrors?: Record<string, string[]>) => Object.assign(new Error(message), { fieldErrors });

function deferred() {
  let settle!: (fail?: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    settle = (fail) => (fail ? reject(fail) : resolve());
  });
  return { promise, settle };
}

describe('useForm: run (a button’s call)', () => {
  it('is busy while the call runs, and ignores a second press meanwhile', async () => {
    const { result } = renderHook(() => useForm());
    const call = deferred();
    let calls = 0;
    let first!: Promise<boolean>;
    act(() => {
      first = result.current.run(() => {
        calls++;
        return call.promise;
      });
    });
    expect(result.current.busy).toBe(true);
    let second!: boolean;
    await act(async () => {
      second = await result.current.run(() => calls++);
    });
    expect(second).toBe(false);
    expect(calls).toBe(1);
    await act(async () => {
      call.settle();
      expect(await first).toBe(true);
    });
    expect(result.current.busy).toBe(false);
    expect(result.current.message).toBeNull();
  });

  it('shows a returned text as a success, and clears the last message when a call starts', async () => {
    const { result } = renderHook(() => useForm());
    act(() => result.current.say('Something old'));
    expect(result.current.message).toEqual({ kind: 'error', text: 'Something old' });
    await act(() => result.current.run(async () => 'Link created.'));
    expect(result.current.message).toEqual({ kind: 'success', text: 'Link created.' });
  });

  it('words a failure with `failed`, and the field errors go beside the fields', async () => {
    const { result } = renderHook(() => useForm());
    let ok = true;
    await act(async () => {
      ok = await result.current.run(
        () => {
          throw refusal('The host is down', { currentPassword: ['Wrong password'] });
        },
        { failed: (m) => `The export failed: ${m}` },
      );
    });
    expect(ok).toBe(false);
    expect(result.current.busy).toBe(false);
    expect(result.current.message).toEqual({ kind: 'error', text: 'The export failed: The host is down' });
    expect(result.current.errors).toEqual({ currentPassword: 'Wrong password' });
  });

  it('`failed` given the field errors may leave the message out: the field says it', async () => {
    const { result } = renderHook(() => useForm());
    const failed = (text: string, fields: Record<string, string>) => (fields.currentPassword ? null : (fields.password ?? text));
    await act(() =>
      result.current.run(() => Promise.reject(refusal('Invalid request', { currentPassword: ['Wrong password'] })), { failed }),
    );
    expect(result.current.message).toBeNull();
    expect(result.current.errors).toEqual({ currentPassword: 'Wrong password' });
    await act(() => result.current.run(() => Promise.reject(refusal('Invalid request', { password: ['Too common'] })), { failed }));
    expect(result.current.message).toEqual({ kind: 'error', text: 'Too common' });
    expect(result.current.errors).toEqual({ password: 'Too common' });
  });

  it('says the fallback when a failure brings no text of its own, "not saved" when none is given', async () => {
    const { result } = renderHook(() => useForm());
    await act(() => result.current.run(() => Promise.reject(new Error('')), { fallback: 'The CSV file could not be made.' }));
    expect(result.current.message?.text).toBe('The CSV file could not be made.');
    await act(() => result.current.run(() => Promise.reject(new Error(''))));
    expect(result.current.message?.text).toBe('The record could not be saved.');
  });
});

describe('useForm: notice (a message the page brings)', () => {
  it('shows the notice from the start, until a call or `say` replaces it', async () => {
    const { result } = renderHook(() => useForm({ initial: {}, notice: { kind: 'success', text: 'Welcome back.' } }));
    expect(result.current.message).toEqual({ kind: 'success', text: 'Welcome back.' });
    act(() => result.current.say('The email does not match.'));
    expect(result.current.message).toEqual({ kind: 'error', text: 'The email does not match.' });
    await act(async () => {
      await result.current.run(() => undefined);
    });
    expect(result.current.message).toBeNull();
  });

  it('shows nothing when the page brings no notice', () => {
    const { result } = renderHook(() => useForm({ initial: {}, notice: null }));
    expect(result.current.message).toBeNull();
  });
});

describe('useForm: submit (a form)', () => {
  it('keeps the draft and shows the checks’ errors without saving; a field’s error goes as it is typed', async () => {
    let saved = 0;
    const { result } = renderHook(() =>
      useForm({
        initial: { name: '' },
        check: (d) => ({ name: d.name ? null : 'Required' }),
        save: async () => {
          saved++;
        },
      }),
    );
    await act(() => result.current.submit());
    expect(saved).toBe(0);
    expect(result.current.errors).toEqual({ name: 'Required' });
    expect(result.current.message).toEqual({ kind: 'error', text: CORRECT_FIELDS });
    act(() => result.current.set('name', 'Bay 2'));
    // The field is being fixed: its error goes, and with the last one the "correct the fields" message.
    expect(result.current.errors).toEqual({});
    expect(result.current.message).toBeNull();
    expect(result.current.dirty).toBe(true);
    let ok = false;
    await act(async () => {
      ok = await result.current.submit();
    });
    expect(ok).toBe(true);
    expect(saved).toBe(1);
  });

  it('`invalid: null` shows the field errors alone', async () => {
    const { result } = renderHook(() => useForm({ initial: { a: '' }, invalid: null, check: () => ({ a: 'Too short' }) }));
    await act(() => result.current.submit());
    expect(result.current.errors).toEqual({ a: 'Too short' });
    expect(result.current.message).toBeNull();
  });
});
