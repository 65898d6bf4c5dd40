/**
 * The pure rules of a contact's sub-lists (addresses, phones, emails, related contacts) and of the
 * contacts list, from overview §4 and administration §4. No React, no I/O: unit-tested on their own.
 */

/** Id of a record that has not been saved yet (administration §3: "New records have id -1"). */
export const NEW_ID = -1;

/** Client-only state every sub-list row carries. */
export interface Checkable {
  isChecked?: boolean;
}
export interface PrimaryFlags {
  isPrimary: boolean;
  /** "P" marks the primary (overview §3). */
  primary: string;
}

type IdKey<T> = { [K in keyof T]: T[K] extends number ? K : never }[keyof T];

/** Adds a new record (id -1) at the end; an earlier unsaved record is dropped (one new record at a time). */
export function addNew<T>(list: readonly T[], key: IdKey<T>, record: T): T[] {
  return [...list.filter((r) => (r[key] as number) !== NEW_ID), record];
}

/** Cancelling the editor of a new record removes it. */
export function cancelNew<T>(list: readonly T[], key: IdKey<T>): T[] {
  return list.filter((r) => (r[key] as number) !== NEW_ID);
}

/**
 * After a save: a new record (id -1) takes its saved id; an existing one is updated in place
 * (overview §4: "Saving an existing address, phone or email updates it in place").
 */
export function applySaved<T>(list: readonly T[], key: IdKey<T>, savedId: number, record: T): T[] {
  const wasId = record[key] as number;
  const saved = { ...record, [key]: savedId } as T;
  const at = list.findIndex((r) => (r[key] as number) === wasId);
  if (at < 0) return [...list, saved];
  return list.map((r, i) => (i === at ? saved : r));
}

/**
 * Setting a primary (overview §4): exactly one is primary, the others are cleared, and every row is
 * unchecked.
 */
export function applyPrimary<T extends PrimaryFlags & Checkable>(list: readonly T[], key: IdKey<T>, id: number): T[] {
  return list.map((r) => {
    const on = (r[key] as number) === id;
    return { ...r, isPrimary: on, primary: on ? 'P' : '', isChecked: false };
  });
}

/** The answer of a delete call (lib/contract/contact.ts): contact -1 means nothing was removed. */
export interface DeleteResult {
  contact: number;
  id: number;
}

/** Overview §4: the item leaves the list unless the result contact is -1 or the id is 0. */
export function isRemoved(result: DeleteResult): boolean {
  return result.contact !== -1 && result.id !== 0;
}

export function applyDelete<T>(list: readonly T[], key: IdKey<T>, result: DeleteResult): T[] {
  if (!isRemoved(result)) return [...list];
  return list.filter((r) => (r[key] as number) !== result.id);
}

export function toggleChecked<T extends Checkable>(list: readonly T[], key: IdKey<T>, id: number, checked: boolean): T[] {
  return list.map((r) => ((r[key] as number) === id ? { ...r, isChecked: checked } : r));
}

export const checkedOf = <T extends Checkable>(list: readonly T[]) => list.filter((r) => r.isChecked);

/** The primary record, or null. */
export const primaryOf = <T extends PrimaryFlags>(list: readonly T[]): T | null => list.find((r) => r.isPrimary) ?? null;

/**
 * Whether a freshly saved record becomes the primary one. Administration §4: "When a new phone
 * (phone = -1) is saved, it is marked primary." For addresses and emails (not specified) a new record
 * becomes primary only when there is no primary yet, so a contact always has one when it has any.
 */
export function becomesPrimary(kind: 'address' | 'phone' | 'email', wasNew: boolean, list: readonly PrimaryFlags[]): boolean {
  if (!wasNew) return false;
  if (kind === 'phone') return true;
  return !list.some((r) => r.isPrimary);
}

/** Overview §9: addresses longer than 40 characters are cut to 37 plus an ellipsis. */
export const ADDRESS_MAX = 40;
export const ADDRESS_KEEP = 37;
export function shortenAddress(address: string | null | undefined): string {
  const a = (address ?? '').trim();
  return a.length > ADDRESS_MAX ? `${a.slice(0, ADDRESS_KEEP)}…` : a;
}

/** The tag of a delete confirmation: singular for one row, "Phone(s)" style for several (administration §2). */
export function deleteTag(tag: string, count: number): string {
  return count > 1 ? `${tag}(s)` : tag;
}

/** Display name of a contact (the list's fileAs): the company name, or "Last, First". */
export function fileAsOf(c: { isCompany: boolean; companyName: string; firstName: string; lastName: string }): string {
  if (c.isCompany && c.companyName.trim()) return c.companyName.trim();
  const last = c.lastName.trim();
  const first = c.firstName.trim();
  return last && first ? `${last}, ${first}` : last || first || c.companyName.trim();
}

/** Merge (overview §4): enabled from two checked contacts; the survivor's id goes first. */
export const MERGE_MIN = 2;
export const canMerge = (checked: number) => checked >= MERGE_MIN;
export function mergeIds(survivor: number, checked: readonly number[]): string {
  return [survivor, ...checked.filter((id) => id !== survivor)].join(',');
}
/** Vendor view (overview §4): one or more checked rows set the vendor-checked flag. */
export const vendorChecked = (checked: number) => checked >= 1;
