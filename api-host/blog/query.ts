/** SQL of the blog list, search and Home, shared by the calls. Filters, search, sorting and paging run in SQLite. */
import { BLOG_STATUS } from '../../lib/contract/lookups-groups';
import type { BlogListQuery, BlogRecord, BlogRow } from '../../lib/contract/blog';
import type { Db } from '../core/db';
import { firmScope, ftsPrefixMatch, oneRow, prepared, preparedValue } from '../core/sql';

type BlogFlags = 'isSticky' | 'isAllowComments' | 'isIncludeShop';
/** A post as SELECT_RECORD yields it: the contract's names, its flags as stored (0/1). */
export type BlogDb = Omit<BlogRecord, BlogFlags> & Record<BlogFlags, number>;

/** The post's 0/1 flags as booleans: the one conversion its rows need. */
const withFlags = <T extends BlogDb | Omit<BlogDb, 'content'>>({ isSticky, isAllowComments, isIncludeShop, ...r }: T) => ({
  ...r,
  isSticky: !!isSticky,
  isAllowComments: !!isAllowComments,
  isIncludeShop: !!isIncludeShop,
});
export const toRow = (r: Omit<BlogDb, 'content'>): BlogRow => withFlags(r);
export const toRecord = (r: BlogDb): BlogRecord => withFlags(r);

const COLUMNS = `b.blog, b.firm, f.name AS firmName, b.blog_name AS blogName, b.blog_type AS blogType, coalesce(t.value, '') AS blogTypeName,
  b.blog_status AS blogStatus, coalesce(s.value, '') AS blogStatusName, b.created_by AS createdBy, b.created_on AS createdOn,
  b.image_url AS imageUrl, b.blog_tags AS blogTags, b.scheduled_on AS scheduledOn, b.is_sticky AS isSticky, b.sort,
  b.is_allow_comments AS isAllowComments, b.is_include_shop AS isIncludeShop,
  (SELECT count(*) FROM blog_attachment a WHERE a.blog = b.blog AND a.blog_comment IS NULL) AS attachments,
  (SELECT count(*) FROM blog_comment c WHERE c.blog = b.blog) AS countComments`;
export const FROM = `FROM blog b JOIN firm f ON f.firm = b.firm
  LEFT JOIN lookup t ON t.key = 'BlogType' AND t.id = b.blog_type AND t.firm = 1
  LEFT JOIN lookup s ON s.key = 'BlogStatus' AND s.id = b.blog_status AND s.firm = 1`;

export const SELECT_ROW = `SELECT ${COLUMNS} ${FROM}`;
export const SELECT_RECORD = `SELECT ${COLUMNS}, coalesce(b.content, '') AS content ${FROM}`;

const ORDER: Record<BlogListQuery['orderBy'], string> = {
  createdBy: 'b.created_by',
  blogName: 'b.blog_name',
  blogType: 't.sort',
  blogStatus: 's.sort',
  scheduledOn: 'b.scheduled_on',
  createdOn: 'b.created_on',
  sort: 'b.sort',
};

/** One page of the caller's posts and the number matching. */
export function listBlogs(db: Db, q: BlogListQuery, firms: ReadonlySet<number>): { count: number; items: BlogRow[] } {
  const where = ['1'];
  const args: (string | number)[] = [];
  if (q.blogStatus) {
    where.push('b.blog_status = ?');
    args.push(q.blogStatus);
  }
  const match = q.searchTerm ? ftsPrefixMatch(q.searchTerm, ['blog_name', 'blog_tags', 'content_text']) : null;
  if (match) {
    where.push('b.blog IN (SELECT rowid FROM blog_fts WHERE blog_fts MATCH ?)');
    args.push(match);
  }
  const whereSql = where.join(' AND ') + firmScope(db, firms, 'b');
  const count = oneRow(preparedValue<number>(db, `SELECT count(*) FROM blog b WHERE ${whereSql}`).get(...args));
  const dir = q.direction === 'desc' ? 'DESC' : 'ASC';
  // Ties: the newest post first, whatever the direction.
  const rows = prepared<Omit<BlogDb, 'content'>>(
    db,
    `${SELECT_ROW} WHERE ${whereSql} ORDER BY ${ORDER[q.orderBy]} ${dir}, b.blog DESC LIMIT ? OFFSET ?`,
  ).all(...args, q.pageSize, (q.page - 1) * q.pageSize);
  return { count, items: rows.map(toRow) };
}

/**
 * Home's posts for a user of `firm`: Published, schedule come, published by that firm or one above it in
 * the network; a shop sees only posts that include shops. Sticky first, then `sort`, then newest.
 */
export function publishedFor(db: Db, firm: number, limit: number, opts: { blog?: number; now?: Date } = {}): BlogRecord[] {
  const rows = prepared<BlogDb>(
    db,
    `WITH RECURSIVE up(firm) AS (SELECT ? UNION SELECT f.parent FROM firm f JOIN up ON f.firm = up.firm WHERE f.parent IS NOT NULL)
     ${SELECT_RECORD}
     WHERE b.blog_status = ? AND b.firm IN (SELECT firm FROM up) AND coalesce(b.scheduled_on, b.created_on) <= ?
       AND (b.is_include_shop = 1 OR (SELECT firm_type FROM firm WHERE firm = ?) <> 'shop') AND (? IS NULL OR b.blog = ?)
     ORDER BY b.is_sticky DESC, b.sort, coalesce(b.scheduled_on, b.created_on) DESC, b.blog DESC
     LIMIT ?`,
  ).all(firm, BLOG_STATUS.published, (opts.now ?? new Date()).toISOString(), firm, opts.blog ?? null, opts.blog ?? null, limit);
  return rows.map(toRecord);
}
