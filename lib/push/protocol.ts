/** What the browser's push client and the app's push route agree on. Client-safe, no dependencies. */

/** The hub as the browser sees it: the app's own origin; the route forwards to PUSH_URL with the session's bearer. */
export const PUSH_HUB_PATH = '/api/push/hub';

/**
 * Automatic reconnect delays in milliseconds (docs/shell.md#screens): after 0, 3, 5, 10, 15, 30 and 60 seconds.
 * After the last attempt fails the client stops (and logs it); the next page load starts again.
 */
export const PUSH_RECONNECT_DELAYS_MS: readonly number[] = [0, 3000, 5000, 10_000, 15_000, 30_000, 60_000];
