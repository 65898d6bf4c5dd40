/** What other areas may use of lookups: the rows of lookup groups they seed or read. */
export { lookupRowsSql, type LookupRow } from './schema';
