'use client';
/**
 * Asks before leaving a page with unsaved changes: the browser's own question on a reload, a closed tab or
 * another address (beforeunload), and a confirmation before following a link of the app (a click on an
 * <a href> anywhere on the page, caught before Next's router sees it). Nothing is asked while `unsaved` is
 * false. `question` is the confirmation's text (browsers word their own for beforeunload).
 */
import { useEffect } from 'react';

export function useLeaveGuard(unsaved: boolean, question: string): void {
  useEffect(() => {
    if (!unsaved) return;
    const beforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers need a returnValue set to ask.
      e.returnValue = '';
    };
    const click = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      const to = new URL(link.href, location.href);
      if (to.origin !== location.origin || (to.pathname === location.pathname && to.search === location.search)) return;
      if (!window.confirm(question)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [unsaved, question]);
}
