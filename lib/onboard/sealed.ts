/**
 * Sealed state of the anonymous flows (docs/architecture.md#identity-and-sessions): iron-session seals it
 * (encrypted and authenticated with AUTH_SECRET), so the browser carries it but can neither read nor
 * change it; a tampered or expired seal reads as nothing.
 */
import { sealData, unsealData } from 'iron-session';
import { config } from '../config';

/** Seals `data` for `ttlSeconds`. */
export const seal = (data: object, ttlSeconds: number) => sealData(data, { password: config().AUTH_SECRET, ttl: ttlSeconds });

/** The sealed data, or null when the seal is missing, forged, tampered with or expired. */
export async function unseal<T extends object>(sealed: string | undefined, ttlSeconds: number): Promise<T | null> {
  if (!sealed) return null;
  try {
    const data = await unsealData<T>(sealed, { password: config().AUTH_SECRET, ttl: ttlSeconds });
    return Object.keys(data).length ? data : null;
  } catch {
    return null;
  }
}
