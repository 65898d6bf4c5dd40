/**
 * The pure rules of a contact's item lists (addresses, phones, emails, related contacts), from docs/contacts.md#states
 * and docs/contacts.md#states. Shared by the contacts editor and the user profile's Contact Info tab. No React,
 * no I/O: unit-tested on their own.
 */
import { NEW_ID } from '@/lib/contract/contacts-constants';

/** Client-only state every sub-list row carries. */
export interface Checkable {
  isChecked?: boolean;
}
export interface PrimaryFlags {
  isPrimary: boolean;
  /** "P" marks the primary (docs/contacts.md#fields). */
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
 * (docs/contacts.md#states: "Saving an existing address, phone or email updates it in place").
 */
export function applySaved<T>(list: readonly T[], key: IdKey<T>, savedId: number, record: T): T[] {
  const wasId = record[key] as number;
  const saved = { ...record, [key]: savedId } as T;
  const at = list.findIndex((r) => (r[key] as number) === wasId);
  if (at < 0) return [...list, saved];
  return list.map((r, i) => (i === at ? saved : r));
}

/**
 * Setting a primary (docs/contacts.md#states): exactly one is primary, the others are cleared, and every row is
 * unchecked.
 */
export function applyPrimary<T extends PrimaryFlags & Checkable>(list: readonly T[], key: IdKey<T>, id: number): T[] {
  return list.map((r) => {
    const on = (r[key] as number) === id;
    return { ...r, isPrimary: on, primary: on ? 'P' : '', isChecked: false };
  });
}

/** The answer of a delete call (lib/contract/contacts.ts): contact -1 means nothing was removed. */
export interface DeleteResult {
  contact: number;
  id: number;
}

/** docs/contacts.md#states: the item leaves the list unless the result contact is -1 or the id is 0. */
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
 * Whether a freshly saved record becomes the primary one. docs/contacts.md#states: "When a new phone
 * (phone = -1) is saved, it is marked primary." For addresses and emails (not specified) a new record
 * becomes primary only when there is no primary yet, so a contact always has one when it has any.
 */
export function becomesPrimary(kind: 'address' | 'phone' | 'email', wasNew: boolean, list: readonly PrimaryFlags[]): boolean {
  if (!wasNew) return false;
  if (kind === 'phone') return true;
  return !list.some((r) => r.isPrimary);
}
