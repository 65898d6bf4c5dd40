/** Log entries and usage records. */
import { contract } from '../../lib/contract';
import { OK, implement } from '../server';

export const logCalls = [
  implement(contract.log.saveEntry, ({ body, caller, ctx }) => {
    ctx.db.prepare('INSERT INTO log_entry (user, name, value) VALUES (?, ?, ?)').run(caller.user, body.name, body.value);
    return OK;
  }),
  implement(contract.data.saveUsage, ({ body, caller, ctx }) => {
    ctx.db
      .prepare('INSERT INTO usage (user, area, action, detail) VALUES (?, ?, ?, ?)')
      .run(caller.user, body.area, body.action, body.detail ?? null);
    return OK;
  }),
];
