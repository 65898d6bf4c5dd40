/**
 * Opens an OEM link to an ALLDATA document through the firm's ALLDATA access (docs/adas.md#decisions; the
 * rule is lib/alldata/documents.ts). Signed in and same-site only; `url` must be an ALLDATA document, else
 * 400 (no open redirect). The API makes a single-use ticket with the firm's stored token and the browser
 * goes to the document with it (303). A firm without a usable connection opens the link as before.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { isAlldataDocument } from '@/lib/alldata/documents';
import { UpstreamError } from '@/lib/api/errors';
import { api } from '@/lib/api/server';
import { readSession } from '@/lib/auth/session';
import { loginUrl } from '@/lib/auth/redirects';
import { config } from '@/lib/config';
import { contract } from '@/lib/contract';
import { ALLDATA_MESSAGES } from '@/lib/contract/alldata-account';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

const go = (to: string | URL) => {
  const res = NextResponse.redirect(to, 303);
  res.headers.set('Cache-Control', 'private, no-store');
  return res;
};

export async function GET(request: NextRequest) {
  // A link clicked in the app (same-origin) or a bookmark (none); another site cannot spend the firm's tickets.
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none')
    return new NextResponse('Cross-site requests are not allowed.', { status: 403, headers: NO_STORE });
  const target = request.nextUrl.searchParams.get('url') ?? '';
  if (!isAlldataDocument(target, config().ALLDATA_URL))
    return new NextResponse(`${ALLDATA_MESSAGES.notADocument}.`, { status: 400, headers: NO_STORE });
  if (!(await readSession())) return go(new URL(loginUrl(request.nextUrl.pathname + request.nextUrl.search), request.url));

  try {
    const { ticket } = await api(contract.alldataAccount.documentTicket, { body: { url: target } });
    const document = new URL(target);
    document.searchParams.set('ticket', ticket);
    return go(document);
  } catch (e) {
    // Not connected (404) or the connection must be renewed (409): ALLDATA asks the user to sign in, as before.
    if (e instanceof UpstreamError && (e.kind === 'not-found' || e.kind === 'conflict')) return go(target);
    throw e;
  }
}
