/** The blog's constants and texts, without zod so client components can import them (lib/contract/blog.ts). */
export const BLOG_SORTS = ['createdBy', 'blogName', 'blogType', 'blogStatus', 'scheduledOn', 'createdOn', 'sort'] as const;
export const BLOG_LIST_DEFAULTS = { pageSize: 10, orderBy: 'createdBy', direction: 'desc' } as const;
/** A new post (docs/blog.md#states): sort 0, sticky off, comments off, shop off, no attachments. */
export const BLOG_DEFAULTS = { sort: 0, isSticky: false, isAllowComments: false, isIncludeShop: false, attachments: 0 } as const;
export const BLOG_CONTENT_MAX = 100_000;
export const COMMENT_MAX = 2_000;
export const ATTACHMENT_MAX_BYTES = 512 * 1024;
/** The earliest schedule accepted: anything before is a mistake (an unset date read as 1970). */
export const EARLIEST_SCHEDULE = '2000-01-01T00:00:00.000Z';
export const SCHEDULE_TOO_EARLY = 'Choose a date from 01/01/2000 on';
export const COMMENTS_OFF = 'Comments are turned off for this post.';
/** What may be attached, by extension, with the type its content must be (checked by content on the host). */
export const ATTACHMENT_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain',
  csv: 'text/csv',
} as const;
export const ATTACHMENT_EXTENSIONS = Object.keys(ATTACHMENT_TYPES) as readonly (keyof typeof ATTACHMENT_TYPES)[];
export const FORBIDDEN_ATTACHMENT =
  'This type of file cannot be attached. Allowed: PDF, PNG, JPEG, GIF, WebP, Word (.docx), Excel (.xlsx), text (.txt) and CSV.';
