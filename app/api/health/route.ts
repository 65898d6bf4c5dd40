/**
 * Liveness: 200 while this instance answers requests. No upstream is asked (that is /api/ready), no session
 * read, nothing configured is shown. The start scripts, the container's HEALTHCHECK and the compose file poll it.
 */
import { NextResponse } from 'next/server';

export const dynamic = 'force-dynamic';

const HEADERS = { 'Cache-Control': 'no-store' };

export function GET() {
  return NextResponse.json({ status: 'ok' }, { headers: HEADERS });
}

export function HEAD() {
  return new NextResponse(null, { headers: HEADERS });
}
