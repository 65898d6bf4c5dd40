/**
 * Uploaded images nothing refers to. An upload is stored before the form that uses it is saved (the image
 * uploader answers a URL the form keeps), so an image whose form was never saved, or whose photo or brand
 * image was replaced since, stays on disk with no record naming it. Such a file is removed once it is older
 * than ORPHAN_GRACE_MS (a form still open may save it until then): at the host's start and every
 * ORPHAN_SWEEP_EVERY_MS (main.ts), and for one firm when its images reach their quota (files/calls.ts).
 *
 * What refers to an uploaded image (its URL `file/image?firm=…&name=…`): REFERENCES below. A new place that
 * keeps such a URL must be added there, or its images would be taken for orphans.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../core/db';
import { type HostContext, hostLog } from '../core/context';
import { firmPath } from './storage';

export const ORPHAN_GRACE_MS = 24 * 3600_000;
export const ORPHAN_SWEEP_EVERY_MS = 6 * 3600_000;

/** Every column that may hold an uploaded image's URL. */
const REFERENCES = [
  'SELECT image_photo_path FROM user WHERE image_photo_path IS NOT NULL',
  'SELECT image_url FROM blog WHERE image_url IS NOT NULL',
  "SELECT value FROM firm_preference WHERE value LIKE 'file/image?%'",
  // Evidence files and their thumbnails (api-host/evidence), named as the URL the pattern below reads.
  "SELECT 'file/image?firm=' || firm || '&name=' || stored_name FROM adas_evidence",
  "SELECT 'file/image?firm=' || firm || '&name=' || thumb_name FROM adas_evidence WHERE thumb_name IS NOT NULL",
] as const;
const URL = /^file\/image\?firm=(\d{1,9})&name=([A-Za-z0-9._-]+)$/;

/** The stored images something refers to, as `{firm}/{name}`. */
function referenced(db: Db): Set<string> {
  const urls = db.prepare<unknown[], string>(REFERENCES.join(' UNION ')).pluck().all();
  const out = new Set<string>();
  for (const url of urls) {
    const [, firm, name] = URL.exec(url) ?? [];
    if (firm && name) out.add(`${Number(firm)}/${decodeURIComponent(name)}`);
  }
  return out;
}

/** Removes the images (and interrupted uploads' temporary files) older than the grace nothing refers to; answers how many. */
export async function removeOrphans(ctx: HostContext, { firm, now = Date.now() }: { firm?: number; now?: number } = {}): Promise<number> {
  const keep = referenced(ctx.db);
  const firms =
    firm !== undefined ? [String(firm)] : (await readdir(ctx.filesDir).catch(() => [] as string[])).filter((n) => /^\d{1,9}$/.test(n));
  let removed = 0;
  for (const f of firms) {
    const folder = firmPath(ctx.filesDir, Number(f));
    for (const name of await readdir(folder).catch(() => [] as string[])) {
      if (keep.has(`${Number(f)}/${name}`)) continue;
      const path = join(folder, name);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile() || now - info.mtimeMs < ORPHAN_GRACE_MS) continue;
      await rm(path, { force: true });
      removed++;
    }
  }
  if (removed) hostLog(ctx, 'files').info('Removed %d uploaded file(s) nothing refers to', removed);
  return removed;
}

/** Sweeps at start and every ORPHAN_SWEEP_EVERY_MS; answers the stop. */
export function scheduleOrphanSweeps(ctx: HostContext): () => void {
  const sweep = () =>
    void removeOrphans(ctx).catch((e: Error) => hostLog(ctx, 'files').error({ err: e }, 'Removing orphaned uploads failed'));
  sweep();
  const timer = setInterval(sweep, ORPHAN_SWEEP_EVERY_MS).unref();
  return () => clearInterval(timer);
}
