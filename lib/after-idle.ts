/**
 * Runs `task` once the page has loaded and the main thread is idle: what a page can do without in its first
 * seconds (the push connection, prefetching dialogs) waits until hydration and the first paints are over.
 * `timeout` bounds the wait for an idle moment on a busy page. Returns a cancel function.
 */
export function afterIdle(task: () => void, timeout = 3000): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => cancelled || task(), { timeout });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(() => cancelled || task(), 200);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
    cancelIdle();
  };
}
