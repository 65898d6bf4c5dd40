/** The blog screen's rules (overview §4): a new post's defaults, and one expansion per row. */
import { BLOG_DEFAULTS, type BlogRecord } from '@/lib/contract/blog';
import { BLOG_STATUS } from '@/lib/contract/lookup-groups';

export type Expansion = 'comments' | 'attachments';
export type Expansions = ReadonlyMap<number, Expansion>;

/**
 * A row shows its comments or its attachments, never both: asking for what is shown hides it, asking for
 * the other replaces it. Other rows keep theirs.
 */
export function toggleExpansion(state: Expansions, blog: number, kind: Expansion): Expansions {
  const next = new Map(state);
  if (state.get(blog) === kind) next.delete(blog);
  else next.set(blog, kind);
  return next;
}

export type BlogDraft = Omit<BlogRecord, 'blogType' | 'blogStatus' | 'firm' | 'firmName' | 'blogTypeName' | 'blogStatusName' | 'createdBy' | 'createdOn' | 'countComments'> & {
  blogType: number | null;
  blogStatus: number | null;
};

/** A new post: sort 0, sticky off, comments off, shop off, no attachments (overview §4); a draft until published. */
export function newBlogDraft(): BlogDraft {
  return {
    blog: -1,
    blogName: '',
    blogType: null,
    blogStatus: BLOG_STATUS.draft,
    content: '',
    imageUrl: null,
    blogTags: '',
    scheduledOn: null,
    ...BLOG_DEFAULTS,
  };
}

export const draftOf = (r: BlogRecord): BlogDraft => ({
  blog: r.blog,
  blogName: r.blogName,
  blogType: r.blogType,
  blogStatus: r.blogStatus,
  content: r.content,
  imageUrl: r.imageUrl,
  blogTags: r.blogTags,
  scheduledOn: r.scheduledOn,
  isSticky: r.isSticky,
  sort: r.sort,
  isAllowComments: r.isAllowComments,
  isIncludeShop: r.isIncludeShop,
  attachments: r.attachments,
});
