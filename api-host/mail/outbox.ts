/**
 * The mail stand-in: the one way the reference host sends mail (password resets, calibration reports,
 * onboarding). It delivers nothing; it keeps every mail — recipient, subject, body, the names, types and
 * sizes of its attachments, when it was sent and for which firm — for the email log (admin/getEmails).
 */
import type { Db } from '../core/db';
import { prepared } from '../core/sql';

export interface OutgoingAttachment {
  fileName: string;
  contentType: string;
  /** The bytes (only their size is kept). */
  content: Uint8Array | string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain text. */
  body: string;
  attachments?: readonly OutgoingAttachment[];
  /** The firm the mail is about, when known. */
  firm?: number | null;
}

/** Sends (keeps) one mail; answers its id. */
export function sendMail(db: Db, mail: OutgoingMail): number {
  return db.transaction(() => {
    const id = Number(
      prepared(db, 'INSERT INTO mail (recipient, subject, body, firm) VALUES (?, ?, ?, ?)').run(
        mail.to.trim(),
        mail.subject,
        mail.body,
        mail.firm ?? null,
      ).lastInsertRowid,
    );
    const insert = prepared(db, 'INSERT INTO mail_attachment (mail, file_name, content_type, size) VALUES (?, ?, ?, ?)');
    for (const a of mail.attachments ?? [])
      insert.run(id, a.fileName, a.contentType, typeof a.content === 'string' ? Buffer.byteLength(a.content) : a.content.byteLength);
    return id;
  })();
}
