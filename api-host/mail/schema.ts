/**
 * Schema of the mail stand-in's outbox: every mail the product sends, kept for the email log. Attachments
 * are kept as name, type and size (not their bytes). `mail_recipient_fts` (FTS5 trigram) finds recipients
 * containing a text of three characters or more without reading every mail.
 */
export const MAIL_SCHEMA = /* sql */ `
CREATE TABLE mail (
  mail      INTEGER PRIMARY KEY,
  recipient TEXT NOT NULL COLLATE NOCASE,
  subject   TEXT NOT NULL,
  body      TEXT NOT NULL,
  firm      INTEGER REFERENCES firm(firm),
  sent_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX mail_sent ON mail(sent_at, mail);
CREATE INDEX mail_recipient ON mail(recipient, mail);
CREATE INDEX mail_firm ON mail(firm, sent_at);

CREATE TABLE mail_attachment (
  mail_attachment INTEGER PRIMARY KEY,
  mail            INTEGER NOT NULL REFERENCES mail(mail) ON DELETE CASCADE,
  file_name       TEXT NOT NULL,
  content_type    TEXT NOT NULL,
  size            INTEGER NOT NULL
);
CREATE INDEX mail_attachment_mail ON mail_attachment(mail);

CREATE VIRTUAL TABLE mail_recipient_fts USING fts5(recipient, content = 'mail', content_rowid = 'mail', tokenize = 'trigram');
CREATE TRIGGER mail_fts_ai AFTER INSERT ON mail BEGIN
  INSERT INTO mail_recipient_fts (rowid, recipient) VALUES (NEW.mail, NEW.recipient);
END;
CREATE TRIGGER mail_fts_ad AFTER DELETE ON mail BEGIN
  INSERT INTO mail_recipient_fts (mail_recipient_fts, rowid, recipient) VALUES ('delete', OLD.mail, OLD.recipient);
END;
`;
