/**
 * The /admin frame's public module: what its sections (blog, insurance, log, lookups, mail) use of it — their
 * calls through the BFF, the file-size text and the types of their list state (README "Areas"). The forms'
 * lookup values (lookups/use-lookups.ts) and the shell's error report use the lookup and log calls too.
 */
export { blogApi, emailApi, insuranceApi, logApi, lookupApi } from './api';
export { fileSize } from './file-size';
export type {
  BlogListSpec,
  BlogListState,
  EmailListSpec,
  EmailListState,
  InsuranceListSpec,
  InsuranceListState,
  LogListSpec,
  LogListState,
} from './list-specs';
