/** User calls of the shell: profile and password change. */
import { contract } from '../../lib/contract';
import { OK, implement, isAdministrator, notFound } from '../server';
import { setPassword } from './credentials';

const { user } = contract;

export const userCalls = [
  implement(user.profile, ({ query, caller, ctx }) => {
    const row = ctx.db
      .prepare(
        `SELECT u.user, u.contact, u.firm, f.name AS firmName, u.username, c.first_name AS firstName, c.last_name AS lastName,
                u.role, c.timezone, tz.value AS timezoneName, c.language, lang.value AS languageName, u.labor_rate AS laborRate,
                u.is_inactive, u.receives_report, u.receives_invoice
         FROM user u JOIN contact c ON c.contact = u.contact JOIN firm f ON f.firm = u.firm
         LEFT JOIN lookup tz ON tz.key = 'TimeZone' AND tz.id = c.timezone
         LEFT JOIN lookup lang ON lang.key = 'Language' AND lang.id = c.language
         WHERE u.username = ?`,
      )
      .get(query.username) as Record<string, unknown> & { firm: number; user: number; role: number | null } | undefined;
    // Another firm's user is answered as unknown: the caller learns nothing about it.
    if (!row || (row.user !== caller.user && !caller.firms.has(row.firm))) throw notFound('User');
    return {
      user: row.user,
      contact: row.contact as number,
      firm: row.firm,
      firmName: row.firmName as string,
      username: row.username as string,
      firstName: row.firstName as string,
      lastName: row.lastName as string,
      email: row.username as string,
      roles: row.role == null ? '' : String(row.role),
      role: row.role,
      timezone: row.timezone as number,
      timezoneName: (row.timezoneName as string | null) ?? '',
      language: row.language as number,
      languageName: (row.languageName as string | null) ?? '',
      laborRate: row.laborRate as number | null,
      isInactive: !!row.is_inactive,
      receivesReport: !!row.receives_report,
      receivesInvoice: !!row.receives_invoice,
    };
  }),
  implement(user.saveCredentials, async ({ body, caller, ctx }) => {
    const target = ctx.db.prepare('SELECT user, firm FROM user WHERE username = ?').get(body.username) as
      | { user: number; firm: number }
      | undefined;
    // Users change their own password; administrators also those of users in their firms.
    const allowed = target && (target.user === caller.user || (isAdministrator(caller) && caller.firms.has(target.firm)));
    if (!target || !allowed) throw notFound('User');
    await setPassword(ctx, target.user, body.password);
    return OK;
  }),
];
