/**
 * OEM links that open through the firm's ALLDATA access (docs/adas.md#decisions). Decision: a link is ALLDATA's when
 * it is a repair document of the configured ALLDATA service — its origin is ALLDATA_URL's and its path lies
 * under ALLDATA_URL + ALLDATA_DOCUMENT_PATH ('repair/'), whatever the configuration calls the link. Such a
 * link is rendered as OPEN_ROUTE?url=…; that route asks the API for a single-use ticket made with the
 * firm's stored token and sends the browser to the document with it (no token ever reaches the browser).
 * Any other link is rendered as it is. The route accepts ALLDATA document URLs only, so it is no open
 * redirect.
 */
import { ALLDATA_DOCUMENT_PATH } from '../contract/alldata-account';
import { config } from '../config';

export const OPEN_ROUTE = '/api/alldata/open';

/** Whether `url` is a document of the ALLDATA service at `base` (ALLDATA_URL). */
export function isAlldataDocument(url: string, base: string): boolean {
  let link: URL, root: URL;
  try {
    link = new URL(url);
    root = new URL(ALLDATA_DOCUMENT_PATH, base.endsWith('/') ? base : `${base}/`);
  } catch {
    return false;
  }
  return (
    link.origin === root.origin &&
    link.pathname.startsWith(root.pathname) &&
    link.pathname.length > root.pathname.length &&
    !link.username &&
    !link.password
  );
}

/** The href an OEM link is rendered with (server only: it reads ALLDATA_URL). */
export const oemHref = (url: string): string =>
  isAlldataDocument(url, config().ALLDATA_URL) ? `${OPEN_ROUTE}?url=${encodeURIComponent(url)}` : url;
