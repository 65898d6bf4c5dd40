/**
 * The calls the /admin screens make from the browser, through the BFF (lib/bff/client.ts). Typed by the
 * contract (type imports only: no zod reaches the browser).
 */
import { bff } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import type { BodyOf } from '@/lib/contract/define';
import type { LookupGroup } from '@/lib/contract/lookups';
import { LOOKUPS_CHANGED_EVENT } from '@/lib/contract/lookups-groups';

type L = typeof contract.lookups;
type I = typeof contract.insurance;
type B = typeof contract.blog;
type G = typeof contract.log;
type A = typeof contract.admin;
type Query = Record<string, string | number | undefined>;

/** Tells the page's lookup caches (the contact forms) to read the values again. */
const changed = <T>(answer: T): T => {
  window.dispatchEvent(new Event(LOOKUPS_CHANGED_EVENT));
  return answer;
};

export const lookupApi = {
  /** The values of the groups named, in one call (the forms' lookup cache, components/lookups/use-lookups.ts). */
  byKeys: (keys: readonly LookupGroup[]) => bff<L['byKeys']>('POST', 'lookup/ByKeys', { body: { keys: [...keys] } }),
  upsert: (body: BodyOf<L['upsert']>) => bff<L['upsert']>('POST', 'lookup/Upsert', { body }).then(changed),
  remove: (body: BodyOf<L['remove']>) => bff<L['remove']>('POST', 'lookup/Delete', { body }).then(changed),
  upsertGroup: (body: BodyOf<L['upsertGroup']>) => bff<L['upsertGroup']>('POST', 'lookup/UpsertGroup', { body }),
};

export const insuranceApi = {
  list: (query: Query) => bff<I['insurance']>('GET', 'lookup/insurance', { query }),
  save: (body: BodyOf<I['saveInsurance']>) => bff<I['saveInsurance']>('POST', 'lookup/insurance', { body }),
  remove: (id: number) => bff<I['removeInsurance']>('GET', 'lookup/removeInsurance', { query: { id } }),
  lookups: (insurance: number, signal?: AbortSignal) =>
    bff<I['insuranceLookup']>('GET', 'lookup/insuranceLookup', { query: { insurance }, signal }),
  saveLookup: (body: BodyOf<I['saveInsuranceLookup']>) => bff<I['saveInsuranceLookup']>('POST', 'lookup/insuranceLookup', { body }),
  removeLookup: (id: number) => bff<I['removeInsuranceLookup']>('GET', 'lookup/removeInsuranceLookup', { query: { id } }),
};

export const blogApi = {
  list: (query: Query) => bff<B['blogs']>('GET', 'blog/blogs', { query }),
  get: (blog: number, signal?: AbortSignal) => bff<B['blog']>('GET', 'blog/blog', { query: { blog }, signal }),
  save: (body: BodyOf<B['saveBlog']>) => bff<B['saveBlog']>('POST', 'blog/saveBlog', { body }),
  remove: (blog: number) => bff<B['deleteBlog']>('POST', 'blog/deleteBlog', { query: { blog } }),
  comments: (blog: number, signal?: AbortSignal) => bff<B['comments']>('GET', 'blog/comments', { query: { blog }, signal }),
  saveComment: (body: BodyOf<B['saveComment']>) => bff<B['saveComment']>('POST', 'blog/saveComment', { body }),
  removeComment: (blogComment: number) => bff<B['deleteComment']>('POST', 'blog/deleteComment', { query: { blogComment } }),
  attachments: (blog: number, signal?: AbortSignal) => bff<B['attachments']>('GET', 'blog/attachments', { query: { blog }, signal }),
  saveAttachment: (body: BodyOf<B['saveAttachment']>) => bff<B['saveAttachment']>('POST', 'blog/saveAttachment', { body }),
  removeAttachment: (blogAttachment: number) => bff<B['deleteAttachment']>('POST', 'blog/deleteAttachment', { query: { blogAttachment } }),
};

export const logApi = {
  entries: (query: Query, unscrubbed: boolean) =>
    bff<G['entries'] | G['entriesNoScrub']>('GET', unscrubbed ? 'log/entriesNoScrub' : 'log/entries', { query }),
  range: (query: Query & { from: string; to: string }) => bff<G['queryLog']>('GET', 'log/queryLog', { query }),
  entry: (id: number, signal?: AbortSignal) => bff<G['entry']>('GET', 'log/entry', { query: { id }, signal }),
  /** A Log entry from the browser (the host stores it as an Error record named `browser.{name}`). */
  saveEntry: (name: string, value: string) => bff<G['saveEntry']>('POST', 'log/saveEntry', { body: { name, value } }),
};

export const emailApi = {
  list: (query: Query) => bff<A['getEmails']>('GET', 'admin/getEmails', { query }),
  get: (id: number, signal?: AbortSignal) => bff<A['getEmail']>('GET', 'admin/getEmail', { query: { id }, signal }),
};
