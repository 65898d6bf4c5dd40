/**
 * Readiness (lib/readiness.ts): 200 when the API host, the auth host, the push hub and Redis can be reached
 * (those configured), else 503; the body names each one's state (up, failing, unreachable, down or off)
 * and nothing else: no address, no error text.
 */
import { NextResponse } from 'next/server';
import { readiness } from '@/lib/readiness';

export const dynamic = 'force-dynamic';

export async function GET() {
  const { ready, checks } = await readiness();
  return NextResponse.json(
    { status: ready ? 'ready' : 'not ready', checks },
    { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}
