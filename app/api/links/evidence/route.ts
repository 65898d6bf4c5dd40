/**
 * GET /api/links/evidence?t={link}&e={evidence}&size=thumb|full: a photo or file of the inspection a shared
 * link opens, without signing in (links/sharedEvidence, anonymous; docs/adas.md#evidence). Anything the host refuses
 * (another inspection's evidence, a withdrawn or expired link) is a bare 404: an image has no page to go back to.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { sendUpstream, upstreamUrl } from '@/lib/api/upstream';
import { fileAnswer } from '@/lib/bff/forward';
import { contract } from '@/lib/contract';

export async function GET(req: NextRequest) {
  const p = req.nextUrl.searchParams;
  const call = contract.links.sharedEvidence;
  const query = call.query.safeParse({ token: p.get('t') ?? '', adasEvidence: p.get('e') ?? '', size: p.get('size') ?? undefined });
  if (!query.success) return new NextResponse('Not found', { status: 404 });
  const res = await sendUpstream(call, upstreamUrl(call, query.data), { method: 'GET', streamResponse: true });
  if (!res.ok) {
    await res.body?.cancel();
    return new NextResponse('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
  }
  return fileAnswer(res);
}
