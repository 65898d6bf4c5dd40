/**
 * Which lookup values may not be deactivated (lib/contract/lookups.ts, lookup/Delete): the defaults new
 * records rely on, and a group's last active value (a screen needs something to choose).
 */
import { BLOG_STATUS, type LookupGroup } from '../../lib/contract/lookups-groups';
import type { Db } from '../core/db';
import { oneRow, preparedValue } from '../core/sql';

const PROTECTED: readonly { key: LookupGroup; id: number; why: string }[] = [
  { key: 'TimeZone', id: 12, why: 'the time zone new users start with' },
  { key: 'Language', id: 1, why: 'the language new users start with' },
  { key: 'Country', id: 1, why: 'the country new addresses start with' },
  { key: 'BlogStatus', id: BLOG_STATUS.draft, why: 'the status new posts start with' },
  { key: 'BlogStatus', id: BLOG_STATUS.published, why: 'the status that puts posts on Home' },
];

/** Why the value cannot be deactivated, or null when it can. */
export function deactivationProblem(db: Db, key: LookupGroup, id: number, value: string): string | null {
  const guarded = PROTECTED.find((p) => p.key === key && p.id === id);
  if (guarded) return `${value} is ${guarded.why} and cannot be deleted.`;
  const othersActive = oneRow(
    preparedValue<number>(db, 'SELECT count(*) FROM lookup WHERE key = ? AND firm = 1 AND is_inactive = 0 AND id <> ?').get(key, id),
  );
  if (othersActive === 0) return `${value} is the last active value of its group and cannot be deleted.`;
  return null;
}
