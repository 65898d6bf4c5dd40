/** User calls of the shell: profile and password change. */
import { contract } from '../../lib/contract';
import { maySetPassword } from '../../lib/roles';
import { forbidden, implement, notFound } from '../server';
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
    const target = ctx.db.prepare('SELECT user, firm, role FROM user WHERE username = ?').get(body.username) as
      | { user: number; firm: number; role: number | null }
      | undefined;
    // A user the caller cannot reach is answered as unknown; one they reach but may not administer is 403.
    if (!target || (target.user !== caller.user && !caller.firms.has(target.firm))) throw notFound('User');
    if (!maySetPassword(caller, target)) throw forbidden('You may not change the password of this user.');
    // The caller keeps their own session when the password was their own.
    await setPassword(ctx, target.user, body.password, target.user === caller.user ? caller.tokenId : null);
    return { success: true as const, user: target.user };
  }),
];
