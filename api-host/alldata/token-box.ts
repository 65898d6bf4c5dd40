/**
 * A firm's ALLDATA tokens at rest: sealed with AES-256-GCM under a key from configuration
 * (API_HOST_ALLDATA_KEY, at least 32 characters; the embedded default generates one into
 * .data/alldata-key). A database copy alone reveals no token. Stored as `v1.{iv}.{ciphertext}.{tag}`
 * (base64url). A value that does not open (sealed under another key, or altered) reads as no token, and
 * the firm's administrator connects ALLDATA again.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { HostContext } from '../core/context';

export interface TokenBox {
  seal(plain: string): string;
  open(sealed: string): string | null;
}

export function tokenBox(secret: string): TokenBox {
  const key = createHash('sha256').update('adas alldata tokens\0').update(secret).digest();
  return {
    seal(plain) {
      if (!plain) return '';
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, data, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed) {
      if (!sealed) return '';
      const [version, iv, data, tag] = sealed.split('.');
      if (version !== 'v1' || !iv || data === undefined || !tag) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

const boxes = new WeakMap<HostContext, TokenBox>();
/** The host's box: its configured key, or (hosts built by tests without one) a random key of its own. */
export function tokenBoxOf(ctx: HostContext): TokenBox {
  let box = boxes.get(ctx);
  if (!box) boxes.set(ctx, (box = tokenBox(ctx.alldataKey ?? randomBytes(32).toString('base64url'))));
  return box;
}
