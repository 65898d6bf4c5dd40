/**
 * GET /api/links/report?t={link}: the calibration report PDF a shared link opens, without signing in
 * (links/sharedReport, anonymous). A link the host refuses goes back to /links?t=…, which says why.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { sendUpstream, upstreamUrl } from '@/lib/api/upstream';
import { fileAnswer } from '@/lib/bff/forward';
import { contract } from '@/lib/contract';

export async function GET(req: NextRequest) {
  const token = req.nextUrl.searchParams.get('t') ?? '';
  const call = contract.links.sharedReport;
  const back = NextResponse.redirect(new URL(`/links?${new URLSearchParams({ t: token })}`, req.url), 303);
  if (!call.query.safeParse({ token }).success) return back;
  const res = await sendUpstream(call, upstreamUrl(call, { token }), { method: 'GET', streamResponse: true });
  if (!res.ok) {
    await res.body?.cancel();
    return back;
  }
  return fileAnswer(res);
}
