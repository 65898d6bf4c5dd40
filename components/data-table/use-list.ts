'use client';
/**
 * The client half of URL list state: navigates to the URL of a changed state inside a transition (so the
 * table can show its loading state until the server has rendered the new page) and remembers the
 * preferences in the list's session cookie before each navigation (the server reads it when the bare
 * path is opened). A change the page can show by itself (the columns shown) is kept without a server
 * render: the URL is replaced in place and the preferences written, so a reload or a later navigation
 * carries it.
 */
import { usePathname, useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useState, useTransition } from 'react';
import { changeList, listHref, prefsCookie, prefsValue, type Fields, type ListSpec, type ListState } from '@/lib/list-state';

export interface ListController<F extends Fields = Fields> {
  spec: ListSpec<F>;
  /** The state the page was rendered with (from the URL), with what was kept since. */
  state: ListState<F>;
  /** A navigation to a new state is under way. */
  pending: boolean;
  /** The URL of the state after a change (page resets to 1 unless the change is the page). */
  href(change: Partial<ListState<F>>): string;
  /** Goes to the state after a change. `replace` for typing (no history entry per keystroke). */
  go(change: Partial<ListState<F>>, opts?: { replace?: boolean }): void;
  /** Re-renders the current URL on the server (after a mutation). */
  refresh(): void;
  /** Keeps a change the page already shows (no server render): in the URL, in place, and in the preferences. */
  keep(change: Partial<ListState<F>>): void;
}

/**
 * A plain GET form that changes one field of the list (the search box, the page size): before hydration and
 * without JavaScript the browser submits it to the list's path, the list's other state riding along as
 * hidden fields (the page goes back to 1).
 */
export interface FormTarget {
  action: string;
  hidden: readonly (readonly [string, string])[];
}

export function formTarget<F extends Fields>(list: ListController<F>, field: keyof ListState<F> & string): FormTarget {
  const query = new URL(list.href({ page: 1 } as Partial<ListState<F>>), 'http://list').searchParams;
  return { action: list.spec.path, hidden: [...query].filter(([name]) => name !== field) };
}

function remember<F extends Fields>(spec: ListSpec<F>, state: ListState<F>) {
  document.cookie = prefsCookie(spec, state, window.location.protocol === 'https:');
}

export function useList<F extends Fields>(spec: ListSpec<F>, rendered: ListState<F>): ListController<F> {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();

  // What was kept since the server rendered `rendered`; a new render (its URL carries what was kept) starts afresh.
  const [kept, setKept] = useState<{ of: ListState<F>; change: Partial<ListState<F>> }>({ of: rendered, change: {} });
  if (kept.of !== rendered) setKept({ of: rendered, change: {} });
  const state = useMemo(() => (kept.of === rendered ? { ...rendered, ...kept.change } : rendered), [kept, rendered]);

  // A URL opened directly (a link, a reload) also becomes the remembered preference.
  const prefs = prefsValue(spec, state);
  useEffect(() => {
    if (pathname === spec.path) remember(spec, state);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- prefs is the part of state that matters
  }, [prefs, pathname, spec]);

  const href = useCallback((change: Partial<ListState<F>>) => listHref(spec, changeList(state, change)), [spec, state]);
  const go = useCallback(
    (change: Partial<ListState<F>>, opts: { replace?: boolean } = {}) => {
      const next = changeList(state, change);
      // Before navigating: the server render of the bare path reads this cookie.
      remember(spec, next);
      const url = listHref(spec, next);
      startTransition(() => (opts.replace ? router.replace(url, { scroll: false }) : router.push(url, { scroll: false })));
    },
    [router, spec, state],
  );
  const refresh = useCallback(() => startTransition(() => router.refresh()), [router]);
  const keep = useCallback(
    (change: Partial<ListState<F>>) => {
      const next = { ...state, ...change };
      remember(spec, next);
      // Next's router follows history.replaceState (usePathname, useSearchParams, a later refresh) without a render.
      window.history.replaceState(null, '', listHref(spec, next));
      setKept((k) => ({ of: rendered, change: { ...(k.of === rendered ? k.change : {}), ...change } }));
    },
    [spec, state, rendered],
  );

  return useMemo(() => ({ spec, state, pending, href, go, refresh, keep }), [spec, state, pending, href, go, refresh, keep]);
}
