/**
 * The id the browser uses for its push connection: the hub's connection token, encrypted and bound to the
 * signed-in user (AES-256-GCM, key derived from AUTH_SECRET). The browser cannot read or forge it, and a
 * copied id is useless in another user's session: the push route opens it only for the same user.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const IV = 12;
const TAG = 16;

const keys = new Map<string, Buffer>();
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHash('sha256').update('adas push connection\0').update(secret).digest();
    keys.set(secret, key);
  }
  return key;
}

export function sealConnection(secret: string, user: number, hubToken: string): string {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(`${user}\n${hubToken}`, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The hub's token inside a sealed id, or null when it is forged, damaged or another user's. */
export function openConnection(secret: string, user: number, sealed: string): string | null {
  if (!/^[A-Za-z0-9_-]{40,400}$/.test(sealed)) return null;
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length <= IV + TAG) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, IV));
    decipher.setAuthTag(raw.subarray(IV, IV + TAG));
    const text = Buffer.concat([decipher.update(raw.subarray(IV + TAG)), decipher.final()]).toString('utf8');
    const nl = text.indexOf('\n');
    if (nl < 0 || text.slice(0, nl) !== String(user)) return null;
    return text.slice(nl + 1);
  } catch {
    return null;
  }
}
