/**
 * The location a per-location screen (/insurance, /providers) works on: ?firm= when the user may pick
 * locations and reaches it, else the user's own.
 */
import 'server-only';
import { redirect } from 'next/navigation';
import { api } from '@/lib/api/server';
import { UpstreamError } from '@/lib/api/errors';
import type { AppSession } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import { isShopRole } from '@/lib/roles';
import type { RawParams } from '@/lib/list-state';

export interface ScreenLocation {
  firm: number;
  firmName: string;
  /** The user may choose another location (those who may search the locations list). */
  canPick: boolean;
}

export async function screenLocation(session: AppSession, params: RawParams, path: string): Promise<ScreenLocation> {
  const own = session.profile.firm;
  const access = contract.locations.firmAdvancedSearch.access as readonly number[];
  const canPick = session.role != null && access.includes(session.role) && !isShopRole(session.role);
  const raw = params instanceof URLSearchParams ? params.get('firm') : [params.firm].flat()[0];
  const asked = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : own;
  if (asked === own || !canPick) return { firm: own, firmName: session.profile.firmName, canPick };
  try {
    const record = await api(contract.locations.firm, { query: { firm: asked } });
    return { firm: asked, firmName: record.company, canPick };
  } catch (e) {
    // A location the user does not reach (an old link): their own instead.
    if (e instanceof UpstreamError && e.kind === 'not-found') redirect(path);
    throw e;
  }
}
