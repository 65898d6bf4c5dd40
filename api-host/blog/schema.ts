/**
 * Schema of the blog (docs/blog.md#fields Blog, Blog comment; lib/contract/blog.ts). Decisions:
 * - `created_by` is the author's display name ("Last, First") when the post was written, the list's
 *   default sort (docs/blog.md#limits); `created_by_user` keeps who it was;
 * - `content` is cleaned HTML; `content_text` its text, for search and excerpts;
 * - `blog_fts` (FTS5, contentless) indexes name, tags and text for blog/blogSearch and the list's search,
 *   kept in step by triggers;
 * - instants (`created_on`, `scheduled_on`) are UTC ISO text with milliseconds, so they compare as text;
 * - attachments keep their bytes here (at most 512 kB each) with the type found from their content;
 *   a post's comments and attachments go with it (ON DELETE CASCADE).
 */
export const BLOG_SCHEMA = /* sql */ `
CREATE TABLE blog (
  blog              INTEGER PRIMARY KEY,
  firm              INTEGER NOT NULL REFERENCES firm(firm),
  blog_name         TEXT NOT NULL COLLATE NOCASE,
  blog_type         INTEGER NOT NULL,
  blog_status       INTEGER NOT NULL,
  created_by_user   INTEGER REFERENCES user(user),
  created_by        TEXT NOT NULL COLLATE NOCASE,
  created_on        TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  content           TEXT NOT NULL,
  content_text      TEXT NOT NULL,
  image_url         TEXT,
  blog_tags         TEXT NOT NULL DEFAULT '',
  scheduled_on      TEXT,
  is_sticky         INTEGER NOT NULL DEFAULT 0,
  sort              INTEGER NOT NULL DEFAULT 0,
  is_allow_comments INTEGER NOT NULL DEFAULT 0,
  is_include_shop   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX blog_by_author    ON blog(created_by, blog);
CREATE INDEX blog_by_name      ON blog(blog_name, blog);
CREATE INDEX blog_by_schedule  ON blog(scheduled_on, blog);
CREATE INDEX blog_by_created   ON blog(created_on, blog);
CREATE INDEX blog_firm_author  ON blog(firm, created_by, blog);
CREATE INDEX blog_home         ON blog(blog_status, firm, is_sticky, sort, scheduled_on);

CREATE TABLE blog_comment (
  blog_comment    INTEGER PRIMARY KEY,
  blog            INTEGER NOT NULL REFERENCES blog(blog) ON DELETE CASCADE,
  created_by_user INTEGER REFERENCES user(user),
  created_by      TEXT NOT NULL,
  created_on      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  content         TEXT NOT NULL
);
CREATE INDEX blog_comment_blog ON blog_comment(blog, created_on);

CREATE TABLE blog_attachment (
  blog_attachment INTEGER PRIMARY KEY,
  blog            INTEGER NOT NULL REFERENCES blog(blog) ON DELETE CASCADE,
  blog_comment    INTEGER REFERENCES blog_comment(blog_comment) ON DELETE CASCADE,
  file_name       TEXT NOT NULL,
  content_type    TEXT NOT NULL,
  size            INTEGER NOT NULL,
  data            BLOB NOT NULL,
  created_by      TEXT NOT NULL,
  created_on      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX blog_attachment_owner ON blog_attachment(blog, blog_comment);
CREATE INDEX blog_attachment_comment ON blog_attachment(blog_comment) WHERE blog_comment IS NOT NULL;

CREATE VIRTUAL TABLE blog_fts USING fts5(blog_name, blog_tags, content_text, content = '', contentless_delete = 1, prefix = '2 3');
CREATE TRIGGER blog_fts_ai AFTER INSERT ON blog BEGIN
  INSERT INTO blog_fts (rowid, blog_name, blog_tags, content_text) VALUES (NEW.blog, NEW.blog_name, NEW.blog_tags, NEW.content_text);
END;
CREATE TRIGGER blog_fts_au AFTER UPDATE OF blog_name, blog_tags, content_text ON blog BEGIN
  DELETE FROM blog_fts WHERE rowid = OLD.blog;
  INSERT INTO blog_fts (rowid, blog_name, blog_tags, content_text) VALUES (NEW.blog, NEW.blog_name, NEW.blog_tags, NEW.content_text);
END;
CREATE TRIGGER blog_fts_ad AFTER DELETE ON blog BEGIN
  DELETE FROM blog_fts WHERE rowid = OLD.blog;
END;
`;
