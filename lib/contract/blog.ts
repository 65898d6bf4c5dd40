/**
 * Blog (docs/blog.md#screens Blog screen, #fields Blog and Blog comment, #states, #calls, #limits). Where the specification does not
 * show a shape, decided here:
 * - blog/blogs answers {count, items} (docs/blog.md#calls) of one page: page size 10, ordered by createdBy descending by
 *   default (docs/blog.md#limits); `createdBy` is the author's display name ("Last, First"), ties broken by the newest post;
 * - blog/saveBlog answers {id}; blog -1 adds one, starting from BLOG_DEFAULTS (docs/blog.md#states). `content` is HTML; the
 *   host cleans it (lib/rich-text.ts) and refuses active content (scripts, frames, event handlers) with a
 *   field error; `imageUrl` is an image stored with file/upload (the image uploader) in a firm the author reaches;
 *   readers get it through blog/image?blog&name (an extension), which checks they may read the post;
 *   `blogTags` is a comma list; `scheduledOn` (UTC ISO) is when the post appears on Home, null = at once;
 * - a post's firm is the location that publishes it: it reaches the users of that firm and of every firm
 *   below it in the network; shops among them only when isIncludeShop. Home lists the Published posts
 *   whose schedule has come (blog/published, a reference-host extension), sticky ones first, then by
 *   `sort` and the schedule, newest first;
 * - comments are refused with a message while the post has isAllowComments off;
 * - attachments belong to a post (blogComment null) or to one of its comments. blog/attachments?blog&
 *   blogComment lists a post's own attachments, or with blogComment that comment's. The specification
 *   lists no call that adds one or reads its bytes: blog/saveAttachment (JSON, the file as base64) and
 *   blog/attachment?blogAttachment (the bytes, as a download) are reference-host extensions. Allowed: PDF, PNG,
 *   JPEG, GIF, WebP, Word and Excel documents, plain text and CSV, checked by content, at most 512 kB;
 * - the delete calls answer {success}; deleting a post deletes its comments and attachments with it.
 */
import { z } from 'zod';
import { sectionRoles } from '../routes';
import { MESSAGES } from '../validation/messages';
import { IMAGE_TYPES } from '../files';
import { defineCall, ok, optionalText, q, requiredText, savedId } from './define';

export * from './blog-constants';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  BLOG_DEFAULTS,
  BLOG_LIST_DEFAULTS,
  BLOG_SORTS,
  COMMENT_MAX,
  BLOG_CONTENT_MAX,
  EARLIEST_SCHEDULE,
  SCHEDULE_TOO_EARLY,
} from './blog-constants';

export const blogRow = z.object({
  blog: z.number().int(),
  firm: z.number().int(),
  firmName: z.string(),
  blogName: z.string(),
  blogType: z.number().int(),
  blogTypeName: z.string(),
  blogStatus: z.number().int(),
  blogStatusName: z.string(),
  createdBy: z.string(),
  createdOn: z.string(),
  imageUrl: z.string().nullable(),
  blogTags: z.string(),
  scheduledOn: z.string().nullable(),
  isSticky: z.boolean(),
  sort: z.number().int(),
  isAllowComments: z.boolean(),
  isIncludeShop: z.boolean(),
  /** How many attachments the post itself has. */
  attachments: z.number().int(),
  countComments: z.number().int(),
});
export type BlogRow = z.infer<typeof blogRow>;

export const blogRecord = blogRow.extend({ content: z.string() });
export type BlogRecord = z.infer<typeof blogRecord>;

export const commentRecord = z.object({
  blogComment: z.number().int(),
  blog: z.number().int(),
  createdBy: z.string(),
  createdOn: z.string(),
  content: z.string(),
  attachments: z.number().int(),
});
export type CommentRecord = z.infer<typeof commentRecord>;

export const attachmentRecord = z.object({
  blogAttachment: z.number().int(),
  blog: z.number().int(),
  blogComment: z.number().int().nullable(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdBy: z.string(),
  createdOn: z.string(),
});
export type AttachmentRecord = z.infer<typeof attachmentRecord>;

/** An image stored with file/upload (lib/contract/files.ts): `file/image?firm={firm}&name={stored name, URL-encoded}`. */
const BLOG_IMAGE_URL = /^file\/image\?firm=(\d{1,9})&name=([A-Za-z0-9](?:[A-Za-z0-9._-]|%[0-9A-Fa-f]{2}){0,200})$/;
/** The firm folder and stored name of a post's image address; null when it is not one (an escape that is no UTF-8 text). */
export function imageOf(url: string): { firm: number; name: string } | null {
  const [, firm, name] = BLOG_IMAGE_URL.exec(url) ?? [];
  if (!firm || !name) return null;
  try {
    return { firm: Number(firm), name: decodeURIComponent(name) };
  } catch {
    return null;
  }
}

const STAFF = sectionRoles('blog');
const base = { access: STAFF, bff: true } as const;
const requiredId = z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required);

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(BLOG_LIST_DEFAULTS.pageSize),
  orderBy: z.enum(BLOG_SORTS).default(BLOG_LIST_DEFAULTS.orderBy),
  direction: z.enum(['asc', 'desc']).default(BLOG_LIST_DEFAULTS.direction),
  /** 0 = every status. */
  blogStatus: z.coerce.number().int().min(0).default(0),
  searchTerm: q.text(100).default(''),
});
export type BlogListQuery = z.infer<typeof listQuery>;

export const blogs = defineCall({
  ...base,
  method: 'GET',
  path: 'blog/blogs',
  query: listQuery,
  response: z.object({ count: z.number().int().nonnegative(), items: z.array(blogRow) }),
});
export const blog = defineCall({ ...base, method: 'GET', path: 'blog/blog', query: z.object({ blog: q.id() }), response: blogRecord });
export const blogSearch = defineCall({
  ...base,
  method: 'GET',
  path: 'blog/blogSearch',
  query: z.object({ firm: q.id().optional(), searchTerm: q.text(100).pipe(z.string().min(1, 'A search term is required')) }),
  response: z.object({ items: z.array(blogRow.pick({ blog: true, firm: true, blogName: true, blogStatusName: true, scheduledOn: true })) }),
});

const schedule = z.iso
  .datetime({ offset: true, error: 'A date and time' })
  .refine((v) => Date.parse(v) >= Date.parse(EARLIEST_SCHEDULE), SCHEDULE_TOO_EARLY)
  .refine((v) => Date.parse(v) < Date.parse('2100-01-01T00:00:00Z'), 'Choose a date before 01/01/2100')
  .transform((v) => new Date(v).toISOString())
  .nullable()
  .default(null);

export const blogInput = z.object({
  blog: z.number().int(),
  /** The publishing location; a new post defaults to the author's own. */
  firm: z.number().int().positive().optional(),
  blogName: requiredText(200),
  blogType: requiredId,
  blogStatus: requiredId,
  content: z.string({ error: MESSAGES.required }).max(BLOG_CONTENT_MAX, `At most ${BLOG_CONTENT_MAX / 1000}k characters`),
  imageUrl: z.string().trim().max(300).regex(BLOG_IMAGE_URL, 'An image from the uploader').nullable().default(null),
  blogTags: optionalText(200),
  scheduledOn: schedule,
  isSticky: z.boolean().default(BLOG_DEFAULTS.isSticky),
  sort: z.number({ error: 'A whole number' }).int('A whole number').min(0, 'From 0').max(9999, 'At most 9999').default(BLOG_DEFAULTS.sort),
  isAllowComments: z.boolean().default(BLOG_DEFAULTS.isAllowComments),
  isIncludeShop: z.boolean().default(BLOG_DEFAULTS.isIncludeShop),
});
export type BlogInput = z.input<typeof blogInput>;

export const saveBlog = defineCall({ ...base, method: 'POST', path: 'blog/saveBlog', body: blogInput, response: savedId });
export const deleteBlog = defineCall({ ...base, method: 'POST', path: 'blog/deleteBlog', query: z.object({ blog: q.id() }), response: ok });

export const comments = defineCall({
  ...base,
  method: 'GET',
  path: 'blog/comments',
  query: z.object({ blog: q.id() }),
  response: z.array(commentRecord),
});
export const saveComment = defineCall({
  ...base,
  method: 'POST',
  path: 'blog/saveComment',
  body: z.object({ blogComment: z.number().int(), blog: requiredId, content: requiredText(COMMENT_MAX) }),
  response: savedId,
});
export const deleteComment = defineCall({
  ...base,
  method: 'POST',
  path: 'blog/deleteComment',
  query: z.object({ blogComment: q.id() }),
  response: ok,
});

export const attachments = defineCall({
  ...base,
  method: 'GET',
  path: 'blog/attachments',
  query: z.object({ blog: q.id(), blogComment: q.id().optional() }),
  response: z.array(attachmentRecord),
});
export const deleteAttachment = defineCall({
  ...base,
  method: 'POST',
  path: 'blog/deleteAttachment',
  query: z.object({ blogAttachment: q.id() }),
  response: ok,
});

const BASE64_MAX = Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4;
export const saveAttachment = defineCall({
  ...base,
  method: 'POST',
  path: 'blog/saveAttachment',
  body: z.object({
    blog: requiredId,
    blogComment: z.number().int().positive().nullable().default(null),
    fileName: requiredText(200).regex(/^[^/\\\0<>:"|?*]+$/, 'A file name without folders or special characters'),
    data: z
      .string({ error: MESSAGES.required })
      .min(1, 'The file is empty')
      .max(BASE64_MAX, `The file is larger than ${ATTACHMENT_MAX_BYTES / 1024} kB`)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file is not base64'),
  }),
  response: savedId,
});
/** The attachment's bytes, as a download (Content-Disposition: attachment) of the type found at upload. */
export const attachment = defineCall({
  ...base,
  method: 'GET',
  path: 'blog/attachment',
  transport: 'binary',
  produces: [...new Set(Object.values(ATTACHMENT_TYPES))],
  query: z.object({ blogAttachment: q.id() }),
  response: z.unknown(),
});

/**
 * A post's image for whoever may read the post (its managers, and Home's readers of a published post,
 * who need not reach the publishing firm's files). `name` is the stored name, so the answer never changes.
 */
export const blogImage = defineCall({
  method: 'GET',
  path: 'blog/image',
  transport: 'binary',
  // The image as its content shows it; anything else (a file replaced on disk) as bytes of no stated type.
  produces: [...Object.keys(IMAGE_TYPES), 'application/octet-stream'],
  query: z.object({ blog: q.id(), name: z.string().max(200) }),
  response: z.unknown(),
  access: 'signed-in',
  bff: true,
});

/** Home's posts for the caller: Published, schedule come, aimed at the caller's firm (see above). */
export const published = defineCall({
  method: 'GET',
  path: 'blog/published',
  query: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
  response: z.array(blogRecord),
  access: 'signed-in',
});
