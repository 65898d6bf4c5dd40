/** The application log's calls, the browser's log entries and usage records. */
import { contract } from '../../lib/contract';
import { MACHINE_NAME } from './logger';
import { listLog, logRecord } from './query';
import { writeRecord } from './store';
import { notFound } from '../core/errors';
import { OK, implement } from '../core/implement';

const { log } = contract;

export const logCalls = [
  implement(log.entries, ({ query, ctx }) => listLog(ctx.db, query, { scrubbed: true })),
  implement(log.entriesNoScrub, ({ query, ctx }) => listLog(ctx.db, query, { scrubbed: false })),
  implement(log.queryLog, ({ query, ctx }) => listLog(ctx.db, query, { scrubbed: true })),
  implement(log.entry, ({ query, ctx }) => {
    const record = logRecord(ctx.db, query.id, { scrubbed: true });
    if (!record) throw notFound('Log record');
    return record;
  }),
  // A Log entry (name and value) from the browser: an Error record of the browser, naming the user.
  implement(log.saveEntry, ({ body, caller, ctx }) => {
    writeRecord(ctx.db, {
      timestamp: new Date().toISOString(),
      level: 'Error',
      name: `browser.${body.name}`,
      message: body.value,
      title: `user ${caller.user} (${caller.profile.username})`,
      machineName: 'browser',
    });
    return OK;
  }),
  implement(log.saveRecord, ({ body, ctx }) => {
    writeRecord(ctx.db, { ...body, timestamp: body.timestamp ?? new Date().toISOString(), machineName: body.machineName || MACHINE_NAME });
    return OK;
  }),
  implement(contract.data.saveUsage, ({ body, caller, ctx }) => {
    ctx.db
      .prepare('INSERT INTO usage (user, area, action, detail) VALUES (?, ?, ?, ?)')
      .run(caller.user, body.area, body.action, body.detail ?? null);
    return OK;
  }),
];
