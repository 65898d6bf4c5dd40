/** The mail stand-in (outbox.ts sendMail) and the email log calls. */
import type { Area } from '../core/area';
import { mailCalls } from './calls';
import { MAIL_SCHEMA } from './schema';
import { seedMail } from './seed';

export const mail: Area = { name: 'mail', migrations: [MAIL_SCHEMA], calls: mailCalls, seed: seedMail };
