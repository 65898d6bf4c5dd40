/**
 * The URL state of the lists of /admin: each section's list keeps its own state (and remembered
 * preferences) under `section=…`, with the contract's defaults (blog: createdBy descending, docs/blog.md#limits;
 * log: timestamp ascending, docs/log.md#screens; email log: newest first). Server-side: pages hand the plain objects to
 * the client components.
 */
import 'server-only';
import { EMAIL_DEFAULTS, EMAIL_SORTS } from '@/lib/contract/admin';
import { BLOG_LIST_DEFAULTS, BLOG_SORTS } from '@/lib/contract/blog';
import { INSURANCE_DEFAULTS, INSURANCE_SORTS } from '@/lib/contract/insurance';
import { LOG_DEFAULTS, LOG_LEVELS, LOG_SORTS } from '@/lib/contract/log';
import { defineList, field, type ListStateOf } from '@/lib/list-state';

const at = (section: string) => ({ path: '/admin', fixed: { section } });

export const insuranceList = defineList({ key: 'admin-insurance', ...at('insurance'), sorts: INSURANCE_SORTS, ...INSURANCE_DEFAULTS });

export const blogList = defineList({
  key: 'admin-blog',
  ...at('blog'),
  sorts: BLOG_SORTS,
  ...BLOG_LIST_DEFAULTS,
  fields: { blogStatus: field.int(0, { min: 0 }) },
});

export const logList = defineList({
  key: 'admin-log',
  ...at('log'),
  sorts: LOG_SORTS,
  ...LOG_DEFAULTS,
  fields: {
    level: field.enum(['', ...LOG_LEVELS], ''),
    /** The time range (UTC ISO instants); both or neither. Not remembered: a range is a question of the moment. */
    from: field.text(40, { remember: false }),
    to: field.text(40, { remember: false }),
    /** 1: unscrubbed (role 1 only, log/entriesNoScrub). */
    noScrub: field.int(0, { values: [0, 1], remember: false }),
  },
});

export const emailList = defineList({ key: 'admin-emails', ...at('emails'), sorts: EMAIL_SORTS, ...EMAIL_DEFAULTS });

export type InsuranceListSpec = typeof insuranceList;
export type InsuranceListState = ListStateOf<InsuranceListSpec>;
export type BlogListSpec = typeof blogList;
export type BlogListState = ListStateOf<BlogListSpec>;
export type LogListSpec = typeof logList;
export type LogListState = ListStateOf<LogListSpec>;
export type EmailListSpec = typeof emailList;
export type EmailListState = ListStateOf<EmailListSpec>;
