/** The blog screen's rules (docs/blog.md#states): a new post's defaults, one expansion per row, what may be attached. */
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES, BLOG_DEFAULTS, FORBIDDEN_ATTACHMENT } from '@/lib/contract/blog-constants';
import { type BlogRecord } from '@/lib/contract/blog';
import { BFF_PREFIX } from '@/lib/bff/protocol';
import { BLOG_STATUS } from '@/lib/contract/lookups-groups';

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

export type BlogDraft = Omit<
  BlogRecord,
  'blogType' | 'blogStatus' | 'firmName' | 'blogTypeName' | 'blogStatusName' | 'createdBy' | 'createdOn' | 'countComments'
> & {
  blogType: number | null;
  blogStatus: number | null;
};

/** A new post of the author's firm: sort 0, sticky off, comments off, shop off, no attachments (docs/blog.md#states); a draft until published. */
export function newBlogDraft(firm: number): BlogDraft {
  return {
    blog: -1,
    firm,
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
  firm: r.firm,
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

/** Why a chosen file cannot be attached, before it is sent; null when it may be. */
export function attachmentProblem(file: { name: string; size: number }): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  if (!ext || !(ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) return FORBIDDEN_ATTACHMENT;
  if (file.size === 0) return 'The file is empty';
  if (file.size > ATTACHMENT_MAX_BYTES) return `The file is larger than ${ATTACHMENT_MAX_BYTES / 1024} kB`;
  return null;
}

/** Where a reader's browser loads a post's image (blog/image: readers need not reach the firm's files). */
export function blogImageSrc(blog: number, imageUrl: string | null): string | null {
  const name = imageUrl ? new URLSearchParams(imageUrl.split('?')[1] ?? '').get('name') : null;
  return name ? `${BFF_PREFIX}blog/image?blog=${blog}&name=${encodeURIComponent(name)}` : null;
}
