/**
 * A change sent with the device's own key is applied once (the offline queue's exactly-once): inside the
 * call's write transaction, a key this user sent before answers what it answered then, without applying
 * anything; a new key applies the change and keeps its answer with it, in the same transaction, so an
 * answer lost on the way (a reload, a crash, a dropped connection) is found again when the device resends.
 * Without a key the change applies as it always did.
 */
import type { z } from 'zod';
import { parseJsonColumn } from '../../lib/json-column';
import type { Db } from '../core/db';
import { prepared, preparedValue } from '../core/sql';
import { isoSeconds, nowIso } from '../core/time';

const KEPT_DAYS = 30;

export function once<S extends z.ZodType>(
  db: Db,
  user: number,
  clientKey: string | undefined,
  call: string,
  answerSchema: S,
  apply: () => z.input<S>,
): z.input<S> {
  if (!clientKey) return apply();
  const kept = preparedValue<string>(db, 'SELECT answer FROM adas_client_change WHERE user = ? AND client_key = ?').get(user, clientKey);
  if (kept !== undefined) return parseJsonColumn(answerSchema, kept, 'adas_client_change.answer') as z.input<S>;
  const answer = apply();
  const now = nowIso();
  prepared(db, 'INSERT INTO adas_client_change (user, client_key, call, answer, at) VALUES (?, ?, ?, ?, ?)').run(
    user,
    clientKey,
    call,
    JSON.stringify(answer),
    now,
  );
  prepared(db, 'DELETE FROM adas_client_change WHERE at < ?').run(isoSeconds(Date.parse(now) - KEPT_DAYS * 86_400_000));
  return answer;
}
