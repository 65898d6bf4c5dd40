/** The application log (viewer calls, the host's logger, the app's and the browser's reports) and usage records. */
import type { Area } from '../core/area';
import { logCalls } from './calls';
import { logRecords } from './data';
import { APP_LOG_SCHEMA, LOG_SCHEMA } from './schema';
import { writeRecords } from './store';

export const DEMO_LOG_RECORDS = 2000;

export const log: Area = {
  name: 'log',
  migrations: [LOG_SCHEMA, APP_LOG_SCHEMA],
  calls: logCalls,
  seed: (db) => writeRecords(db, logRecords(DEMO_LOG_RECORDS)),
};
