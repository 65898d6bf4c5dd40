/** Who is calling: the verified caller of a call, the firms they may reach, and the address a request stands for. */
import type { FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { SessionProfile } from '../../lib/contract/auth';
import { CLIENT_ADDRESS_HEADER, SERVICE_SECRET_HEADER } from '../../lib/contract/define';
import type { HostContext } from './context';
import { notFound } from './errors';

/** Who is calling: the verified token's profile and the firms that user may access. */
export interface Caller {
  profile: SessionProfile;
  user: number;
  /** The user's main location now, from the database like the role (the token's `firm` may be stale after a move). */
  firm: number;
  /** The user's role now, from the database (a role change applies at once, whatever the token says). */
  role: number | null;
  /** The token's id (jti). */
  tokenId: string;
  /** Firms whose records the caller may read or change: their locations and every firm below them (core/reach.ts). */
  firms: ReadonlySet<number>;
}

/** Roles 1 and 2 administer every firm they can reach. */
export const isAdministrator = (caller: Caller) => caller.role === 1 || caller.role === 2;

/** Throws 404 unless the caller may access the firm: other firms' records are not acknowledged. */
export function assertFirm(caller: Caller, firm: number, what = 'Record'): void {
  if (!caller.firms.has(firm)) throw notFound(what);
}

/** A request of the app's own server: the service secret header equals the configured secret (constant time). */
export function isService(ctx: HostContext, request: FastifyRequest): boolean {
  const sent = request.headers[SERVICE_SECRET_HEADER];
  if (!ctx.serviceSecret || typeof sent !== 'string') return false;
  const a = createHash('sha256').update(sent).digest();
  const b = createHash('sha256').update(ctx.serviceSecret).digest();
  return timingSafeEqual(a, b);
}

/**
 * The address a request stands for. The app server calls on behalf of browsers, all from its own address:
 * with the service secret it names the client (CLIENT_ADDRESS_HEADER: an IP address, or `unknown` when it
 * cannot tell, answered null). Anyone else is their own socket address; a client address they claim is ignored.
 */
export function clientAddressOf(ctx: HostContext, request: FastifyRequest): string | null {
  const named = request.headers[CLIENT_ADDRESS_HEADER];
  if (typeof named !== 'string' || !isService(ctx, request)) return request.ip;
  if (named === 'unknown') return null;
  return isIP(named) ? named : request.ip;
}
