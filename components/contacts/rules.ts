/**
 * The pure rules of the contacts list and editor (docs/contacts.md#states, #limits): display names, the merge and vendor
 * flags, shortened addresses. The item lists' rules are in components/contact-info/rules.ts.
 */

/** docs/contacts.md#limits: addresses longer than 40 characters are cut to 37 plus an ellipsis. */
export const ADDRESS_MAX = 40;
export const ADDRESS_KEEP = 37;
export function shortenAddress(address: string | null | undefined): string {
  const a = (address ?? '').trim();
  return a.length > ADDRESS_MAX ? `${a.slice(0, ADDRESS_KEEP)}…` : a;
}

/** Display name of a contact (the list's fileAs): the company name, or "Last, First". */
export function fileAsOf(c: { isCompany: boolean; companyName: string; firstName: string; lastName: string }): string {
  if (c.isCompany && c.companyName.trim()) return c.companyName.trim();
  const last = c.lastName.trim();
  const first = c.firstName.trim();
  return last && first ? `${last}, ${first}` : last || first || c.companyName.trim();
}

/** Merge (docs/contacts.md#states): enabled from two checked contacts; the survivor's id goes first. */
export const MERGE_MIN = 2;
export const canMerge = (checked: number) => checked >= MERGE_MIN;
export function mergeIds(survivor: number, checked: readonly number[]): string {
  return [survivor, ...checked.filter((id) => id !== survivor)].join(',');
}
/** Vendor view (docs/contacts.md#states): one or more checked rows set the vendor-checked flag. */
export const vendorChecked = (checked: number) => checked >= 1;
