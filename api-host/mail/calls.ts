/** The email log (admin/getEmails, admin/getEmail): the mails the stand-in kept, scoped to the caller's firms. */
import { contract } from '../../lib/contract';
import { EMAIL_SORTS, type EmailRecord, type EmailRow } from '../../lib/contract/admin';
import { firmScope, ftsPhrase, oneRow, prepared, preparedValue } from '../core/sql';
import { notFound } from '../core/errors';
import { implement } from '../core/implement';

const ORDER: Record<(typeof EMAIL_SORTS)[number], string> = { sentAt: 'm.sent_at', recipient: 'm.recipient', subject: 'm.subject' };

/** A mail as the contract's EmailRow names it; the record's read adds the body after `sentAt`. */
const ROW_SQL = `SELECT m.mail, m.recipient, m.subject, m.sent_at AS sentAt, m.firm, f.name AS firmName,
  (SELECT count(*) FROM mail_attachment a WHERE a.mail = m.mail) AS attachmentCount
  FROM mail m LEFT JOIN firm f ON f.firm = m.firm`;

export const mailCalls = [
  implement(contract.admin.getEmails, ({ query, caller, ctx }) => {
    const where = ['1'];
    const args: (string | number)[] = [];
    const term = query.email.trim();
    if (term.length >= 3) {
      // The trigram index finds the substring; a quoted phrase keeps the term's punctuation literal.
      where.push('m.mail IN (SELECT rowid FROM mail_recipient_fts WHERE mail_recipient_fts MATCH ?)');
      args.push(ftsPhrase(term));
    } else if (term) {
      where.push("m.recipient LIKE ? ESCAPE '\\'");
      args.push(`%${term.replace(/[\\%_]/g, '\\$&')}%`);
    }
    const scope = firmScope(ctx.db, caller.firms, 'm');
    const whereSql = where.join(' AND ') + scope;
    const count = oneRow(preparedValue<number>(ctx.db, `SELECT count(*) FROM mail m WHERE ${whereSql}`).get(...args));
    const dir = query.direction === 'desc' ? 'DESC' : 'ASC';
    const items = prepared<EmailRow>(
      ctx.db,
      `${ROW_SQL} WHERE ${whereSql} ORDER BY ${ORDER[query.orderBy]} ${dir}, m.mail ${dir} LIMIT ? OFFSET ?`,
    ).all(...args, query.pageSize, (query.page - 1) * query.pageSize);
    return { count, items };
  }),
  implement(contract.admin.getEmail, ({ query, caller, ctx }): EmailRecord => {
    const row = prepared<Omit<EmailRecord, 'attachments'>>(
      ctx.db,
      `${ROW_SQL.replace('AS sentAt,', 'AS sentAt, m.body,')} WHERE m.mail = ?${firmScope(ctx.db, caller.firms, 'm')}`,
    ).get(query.id);
    if (!row) throw notFound('Mail');
    const attachments = prepared<EmailRecord['attachments'][number]>(
      ctx.db,
      'SELECT file_name AS fileName, content_type AS contentType, size FROM mail_attachment WHERE mail = ? ORDER BY mail_attachment',
    ).all(row.mail);
    return { ...row, attachments };
  }),
];
