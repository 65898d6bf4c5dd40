'use client';
/**
 * A link to the list's state after a change (a sort header, a pager button, a tab or section switch): a
 * real `<a href>` to that URL, so it works before hydration and without JavaScript (the server renders the
 * state from the URL). Once hydrated, a plain click navigates client-side through the list controller
 * (remembered preferences, loading state, no full reload); modified clicks (new tab, new window) are left
 * to the browser. A plain anchor, not next/link: a prefetch per header and pager link is not worth it.
 */
import type { BaseFields, Fields, ListState } from '@/lib/list-state';
import type { ListController } from './use-list';

export interface ListLinkProps<F extends Fields> extends Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  list: ListController<F>;
  change: Partial<ListState<F>>;
}

export function ListLink<F extends Fields = BaseFields>({ list, change, onClick, children, ...rest }: ListLinkProps<F>) {
  return (
    <a
      {...rest}
      href={list.href(change)}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        list.go(change);
      }}
    >
      {children}
    </a>
  );
}
