/** Blog posts, comments and attachments (lib/contract/blog.ts), scoped to the caller's firms. */
import { contract } from '../../lib/contract';
import { COMMENTS_OFF, imageOf, type AttachmentRecord, type BlogRow, type CommentRecord } from '../../lib/contract/blog';
import { BLOG_STATUS } from '../../lib/contract/lookups-groups';
import { activeContent, plainText, sanitizeRichText } from '../../lib/rich-text';
import type { Db } from '../core/db';
import { firmScope, ftsPrefixMatch, prepared, preparedValue } from '../core/sql';
import { assertFirm, type Caller } from '../core/caller';
import { hostLog } from '../core/context';
import { badRequest, notFound } from '../core/errors';
import { OK, implement } from '../core/implement';
import { readStored, sniff } from '../files/service';
import { attachmentType } from './attachments';
import { SELECT_RECORD, listBlogs, publishedFor, toRecord, type BlogDb } from './query';

const { blog: c } = contract;

/** The caller's post, or 404 (another firm's post is not acknowledged). */
function ownBlog(db: Db, caller: Caller, id: number): BlogDb {
  const row = prepared<BlogDb>(db, `${SELECT_RECORD} WHERE b.blog = ?${firmScope(db, caller.firms, 'b')}`).get(id);
  if (!row) throw notFound('Blog');
  return row;
}

/** The author's display name: "Last, First" of the caller's contact. */
function authorName(db: Db, caller: Caller): string {
  const name = preparedValue<string>(db, 'SELECT file_as FROM contact WHERE contact = ?').get(caller.profile.contact);
  return name || `${caller.profile.lastName}, ${caller.profile.firstName}`;
}

const lookupExists = (db: Db, key: string, id: number) =>
  !!prepared(db, 'SELECT 1 FROM lookup WHERE key = ? AND id = ? AND is_inactive = 0').get(key, id);

/** The columns of an attachment under the contract's names (it needs no conversion). */
const ATTACHMENT_COLUMNS = `blog_attachment AS blogAttachment, blog, blog_comment AS blogComment, file_name AS fileName,
  content_type AS contentType, size, created_by AS createdBy, created_on AS createdOn`;

export const blogCalls = [
  implement(c.blogs, ({ query, caller, ctx }) => listBlogs(ctx.db, query, caller.firms)),
  implement(c.blog, ({ query, caller, ctx }) => toRecord(ownBlog(ctx.db, caller, query.blog))),
  implement(c.blogSearch, ({ query, caller, ctx }) => {
    if (query.firm !== undefined) assertFirm(caller, query.firm, 'Firm');
    const match = ftsPrefixMatch(query.searchTerm, ['blog_name', 'blog_tags', 'content_text']);
    if (!match) return { items: [] };
    const items = prepared<Pick<BlogRow, 'blog' | 'firm' | 'blogName' | 'blogStatusName' | 'scheduledOn'>>(
      ctx.db,
      `SELECT b.blog, b.firm, b.blog_name AS blogName, coalesce(s.value, '') AS blogStatusName, b.scheduled_on AS scheduledOn FROM blog b
       LEFT JOIN lookup s ON s.key = 'BlogStatus' AND s.id = b.blog_status AND s.firm = 1
       WHERE b.blog IN (SELECT rowid FROM blog_fts WHERE blog_fts MATCH ?) ${query.firm !== undefined ? 'AND b.firm = ?' : ''}${firmScope(ctx.db, caller.firms, 'b')}
       ORDER BY b.blog DESC LIMIT 20`,
    ).all(...(query.firm !== undefined ? [match, query.firm] : [match]));
    return { items };
  }),

  implement(c.saveBlog, ({ body, caller, ctx }) => {
    const existing = body.blog === -1 ? undefined : ownBlog(ctx.db, caller, body.blog);
    const firm = body.firm ?? existing?.firm ?? caller.firm;
    assertFirm(caller, firm, 'Firm');
    const errors: Record<string, string[]> = {};
    const active = activeContent(body.content);
    if (active) errors.content = [`Scripts and other active content are not allowed in a post (found ${active}).`];
    const content = sanitizeRichText(body.content);
    const text = plainText(content);
    if (!active && !text) errors.content = ['This field is required'];
    const image = body.imageUrl ? imageOf(body.imageUrl) : null;
    if (body.imageUrl && (!image || !caller.firms.has(image.firm))) errors.imageUrl = ['An image from the uploader'];
    if (!lookupExists(ctx.db, 'BlogType', body.blogType)) errors.blogType = ['Choose a blog type'];
    if (!lookupExists(ctx.db, 'BlogStatus', body.blogStatus)) errors.blogStatus = ['Choose a status'];
    if (Object.keys(errors).length) throw badRequest('Invalid body', errors);

    const values = {
      firm,
      blogName: body.blogName,
      blogType: body.blogType,
      blogStatus: body.blogStatus,
      content,
      contentText: text,
      imageUrl: body.imageUrl,
      blogTags: body.blogTags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean)
        .join(', '),
      scheduledOn: body.scheduledOn,
      isSticky: body.isSticky ? 1 : 0,
      sort: body.sort,
      isAllowComments: body.isAllowComments ? 1 : 0,
      isIncludeShop: body.isIncludeShop ? 1 : 0,
    };
    if (existing) {
      prepared(
        ctx.db,
        `UPDATE blog SET firm = @firm, blog_name = @blogName, blog_type = @blogType, blog_status = @blogStatus, content = @content,
         content_text = @contentText, image_url = @imageUrl, blog_tags = @blogTags, scheduled_on = @scheduledOn, is_sticky = @isSticky,
         sort = @sort, is_allow_comments = @isAllowComments, is_include_shop = @isIncludeShop WHERE blog = @blog`,
      ).run({ ...values, blog: existing.blog });
      return { id: existing.blog };
    }
    const id = prepared(
      ctx.db,
      `INSERT INTO blog (firm, blog_name, blog_type, blog_status, created_by_user, created_by, content, content_text, image_url, blog_tags,
         scheduled_on, is_sticky, sort, is_allow_comments, is_include_shop)
       VALUES (@firm, @blogName, @blogType, @blogStatus, @user, @author, @content, @contentText, @imageUrl, @blogTags,
         @scheduledOn, @isSticky, @sort, @isAllowComments, @isIncludeShop)`,
    ).run({ ...values, user: caller.user, author: authorName(ctx.db, caller) }).lastInsertRowid;
    hostLog(ctx, 'blog').info(
      'Blog post %s created by user %s (%s)',
      Number(id),
      caller.user,
      body.blogStatus === BLOG_STATUS.published ? 'published' : 'not published',
    );
    return { id: Number(id) };
  }),

  implement(c.deleteBlog, ({ query, caller, ctx }) => {
    const row = ownBlog(ctx.db, caller, query.blog);
    // Comments and attachments go with it (ON DELETE CASCADE), in the same statement.
    prepared(ctx.db, 'DELETE FROM blog WHERE blog = ?').run(row.blog);
    hostLog(ctx, 'blog').info('Blog post %s deleted by user %s', row.blog, caller.user);
    return OK;
  }),

  implement(c.comments, ({ query, caller, ctx }) => {
    ownBlog(ctx.db, caller, query.blog);
    return prepared<CommentRecord>(
      ctx.db,
      `SELECT c.blog_comment AS blogComment, c.blog, c.created_by AS createdBy, c.created_on AS createdOn, c.content,
         (SELECT count(*) FROM blog_attachment a WHERE a.blog_comment = c.blog_comment) AS attachments
       FROM blog_comment c WHERE c.blog = ? ORDER BY c.created_on, c.blog_comment`,
    ).all(query.blog);
  }),

  implement(c.saveComment, ({ body, caller, ctx }) => {
    const post = ownBlog(ctx.db, caller, body.blog);
    if (body.blogComment !== -1) {
      const found = prepared(ctx.db, 'SELECT 1 FROM blog_comment WHERE blog_comment = ? AND blog = ?').get(body.blogComment, post.blog);
      if (!found) throw notFound('Comment');
      prepared(ctx.db, 'UPDATE blog_comment SET content = ? WHERE blog_comment = ?').run(body.content, body.blogComment);
      return { id: body.blogComment };
    }
    if (!post.isAllowComments) throw badRequest(COMMENTS_OFF, { content: [COMMENTS_OFF] });
    const id = prepared(ctx.db, 'INSERT INTO blog_comment (blog, created_by_user, created_by, content) VALUES (?, ?, ?, ?)').run(
      post.blog,
      caller.user,
      authorName(ctx.db, caller),
      body.content,
    ).lastInsertRowid;
    return { id: Number(id) };
  }),

  implement(c.deleteComment, ({ query, caller, ctx }) => {
    const row = prepared<{ blog: number }>(ctx.db, 'SELECT blog FROM blog_comment WHERE blog_comment = ?').get(query.blogComment);
    if (!row) throw notFound('Comment');
    ownBlog(ctx.db, caller, row.blog);
    prepared(ctx.db, 'DELETE FROM blog_comment WHERE blog_comment = ?').run(query.blogComment);
    return OK;
  }),

  implement(c.attachments, ({ query, caller, ctx }) => {
    ownBlog(ctx.db, caller, query.blog);
    return prepared<AttachmentRecord>(
      ctx.db,
      `SELECT ${ATTACHMENT_COLUMNS} FROM blog_attachment WHERE blog = ? AND blog_comment IS ? ORDER BY created_on, blog_attachment`,
    ).all(query.blog, query.blogComment ?? null);
  }),

  implement(c.saveAttachment, async ({ body, caller, ctx }) => {
    const post = ownBlog(ctx.db, caller, body.blog);
    if (body.blogComment != null) {
      const found = prepared(ctx.db, 'SELECT 1 FROM blog_comment WHERE blog_comment = ? AND blog = ?').get(body.blogComment, post.blog);
      if (!found) throw notFound('Comment');
    }
    const bytes = Buffer.from(body.data, 'base64');
    if (bytes.byteLength === 0) throw badRequest('Invalid body', { data: ['The file is empty'] });
    const type = await attachmentType(body.fileName, bytes);
    if ('error' in type) throw badRequest(type.error, { data: [type.error] });
    const id = prepared(
      ctx.db,
      'INSERT INTO blog_attachment (blog, blog_comment, file_name, content_type, size, data, created_by) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(
      post.blog,
      body.blogComment,
      body.fileName,
      type.contentType,
      bytes.byteLength,
      bytes,
      authorName(ctx.db, caller),
    ).lastInsertRowid;
    return { id: Number(id) };
  }),

  implement(c.attachment, ({ query, caller, ctx, reply }) => {
    const row = prepared<{ blog: number; file_name: string; content_type: string; data: Buffer }>(
      ctx.db,
      'SELECT blog, file_name, content_type, data FROM blog_attachment WHERE blog_attachment = ?',
    ).get(query.blogAttachment);
    if (!row) throw notFound('Attachment');
    ownBlog(ctx.db, caller, row.blog);
    // Always a download under its own name (RFC 6266), never rendered in the page.
    const ascii = row.file_name.replace(/[^\x20-\x7e]|["\\]/g, '_');
    return reply
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.file_name)}`)
      .header('x-content-type-options', 'nosniff')
      .type(row.content_type)
      .send(row.data);
  }),

  implement(c.deleteAttachment, ({ query, caller, ctx }) => {
    const row = prepared<{ blog: number }>(ctx.db, 'SELECT blog FROM blog_attachment WHERE blog_attachment = ?').get(query.blogAttachment);
    if (!row) throw notFound('Attachment');
    ownBlog(ctx.db, caller, row.blog);
    prepared(ctx.db, 'DELETE FROM blog_attachment WHERE blog_attachment = ?').run(query.blogAttachment);
    return OK;
  }),

  implement(c.published, ({ query, caller, ctx }) => publishedFor(ctx.db, caller.firm, query.limit)),

  implement(c.blogImage, async ({ query, caller, ctx, reply }) => {
    const row = prepared<{ firm: number; image_url: string | null }>(ctx.db, 'SELECT firm, image_url FROM blog WHERE blog = ?').get(
      query.blog,
    );
    const mayRead = row && (caller.firms.has(row.firm) || publishedFor(ctx.db, caller.firm, 1, { blog: query.blog }).length > 0);
    const image = mayRead && row.image_url ? imageOf(row.image_url) : null;
    if (!image || image.name !== query.name) throw notFound('Image');
    const bytes = await readStored(ctx.filesDir, image.firm, image.name);
    const type = await sniff(bytes);
    return reply
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type(type?.mime === 'image/png' || type?.mime === 'image/jpeg' ? type.mime : 'application/octet-stream')
      .send(bytes);
  }),
];
