/**
 * Administration calls (operations §7 Import). This issue: the make-matrix-links import, whose outcome
 * reaches administrators as a push notice (lib/push/messages.ts). Decisions, since the specification shows
 * no shapes:
 * - the links file travels as JSON {fileName, content}: the CSV text, at most LINKS_FILE_MAX_CHARS;
 * - columns, in order: make, model, yearStart, yearEnd, title, url; a first row naming them is a header;
 *   model empty = every model of the make; years empty = every year;
 * - the call answers at once {import, status: 'queued'}; the rows are checked and stored in the background,
 *   and when done the notice {kind: 'makeMatrixLinks', import, fileName, imported, rejected} goes to the
 *   connections of roles 1 and 2 only.
 */
import { z } from 'zod';
import { sectionRoles } from '../routes';
import { MESSAGES } from '../validation/messages';
import { defineCall, q, requiredText } from './define';

/** Largest links file, in characters (the BFF and the host accept bodies up to 1 MB). */
export const LINKS_FILE_MAX_CHARS = 900_000;
/** The columns of a links file, in order. */
export const MAKE_MATRIX_LINK_COLUMNS = ['make', 'model', 'yearStart', 'yearEnd', 'title', 'url'] as const;

const year = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? null : typeof v === 'string' ? Number(v.trim()) : v),
  z.number({ error: 'A year such as 2019' }).int('A year such as 2019').min(1950, 'A year from 1950').max(2100, 'A year up to 2100').nullable(),
);

/** One row of a links file, as checked by the importer; rows that fail are counted as rejected. */
export const makeMatrixLinkRow = z
  .object({
    make: requiredText(60),
    model: z.string().trim().max(80, 'At most 80 characters').default(''),
    yearStart: year,
    yearEnd: year,
    title: requiredText(200),
    url: z
      .string()
      .trim()
      .max(2000, 'At most 2000 characters')
      .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), 'An http(s) address'),
  })
  .refine((r) => r.yearStart == null || r.yearEnd == null || r.yearStart <= r.yearEnd, {
    path: ['yearEnd'],
    message: 'The end year is before the start year',
  });
export type MakeMatrixLinkRow = z.infer<typeof makeMatrixLinkRow>;

export const importMakeMatrixLinks = defineCall({
  method: 'POST',
  path: 'admin/importMakeMatrixLinks',
  body: z.object({
    fileName: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, MESSAGES.required)
      .max(200, 'At most 200 characters')
      .regex(/^[^/\\\0]+$/, 'A file name without folders'),
    content: z
      .string({ error: MESSAGES.required })
      .min(1, MESSAGES.required)
      .max(LINKS_FILE_MAX_CHARS, `The file is larger than ${LINKS_FILE_MAX_CHARS / 1000} kB`),
  }),
  response: z.object({ import: z.number().int(), status: z.literal('queued') }),
  access: [1, 2],
  bff: true,
});

// ── Email log (overview §7 admin/getEmails) ──────────────────────────────────────────────────────
/**
 * The mails the product sent (password resets, reports, onboarding), kept by the reference host's mail
 * stand-in (api-host/mail). admin/getEmails?email answers {count, items} of one page, newest first;
 * `email` finds recipients containing the text (case-insensitive); admin/getEmail?id (an extension) is
 * one mail with its body and the names, types and sizes of its attachments.
 */
export const EMAIL_SORTS = ['sentAt', 'recipient', 'subject'] as const;
export const EMAIL_DEFAULTS = { pageSize: 10, orderBy: 'sentAt', direction: 'desc' } as const;

export const emailRow = z.object({
  mail: z.number().int(),
  recipient: z.string(),
  subject: z.string(),
  sentAt: z.string(),
  firm: z.number().int().nullable(),
  firmName: z.string().nullable(),
  attachmentCount: z.number().int(),
});
export type EmailRow = z.infer<typeof emailRow>;

export const emailRecord = emailRow.extend({
  body: z.string(),
  attachments: z.array(z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() })),
});
export type EmailRecord = z.infer<typeof emailRecord>;

const EMAIL_ADMINS = sectionRoles('emails');

export const getEmails = defineCall({
  method: 'GET',
  path: 'admin/getEmails',
  query: z.object({
    email: q.text(200).default(''),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(EMAIL_DEFAULTS.pageSize),
    orderBy: z.enum(EMAIL_SORTS).default(EMAIL_DEFAULTS.orderBy),
    direction: z.enum(['asc', 'desc']).default(EMAIL_DEFAULTS.direction),
  }),
  response: z.object({ count: z.number().int().nonnegative(), items: z.array(emailRow) }),
  access: EMAIL_ADMINS,
  bff: true,
});

export const getEmail = defineCall({
  method: 'GET',
  path: 'admin/getEmail',
  query: z.object({ id: q.id() }),
  response: emailRecord,
  access: EMAIL_ADMINS,
  bff: true,
});
