/**
 * The change rules of a firm's insurance opt-in programs and providers (docs/locations.md#states):
 * - toggling opt-in flips isOptIn;
 * - un-opting an existing entry sets isRemove (opting it in again clears it);
 * - a newly added entry (isAdd) is dropped instead of being flagged;
 * - on save only providers with relationship 5 are sent (docs/locations.md#limits); programs send their changes.
 * Entries of the firm's own network (relationship 1–3) are shown, not toggled: they are not saved.
 * No React, no I/O: unit-tested on their own.
 */
import { RELATIONSHIP } from '@/lib/contract/locations-constants';

export interface PartnerFlags {
  firm2: number;
  isOptIn: boolean;
  isAdd: boolean;
  isRemove: boolean;
  relationship: number;
}

export const isChosen = (e: PartnerFlags) => e.relationship === RELATIONSHIP.chosen;

/** Flips an entry's opt-in; a new entry that is un-opted leaves the list. */
export function toggleOptIn<T extends PartnerFlags>(list: readonly T[], firm2: number): T[] {
  const at = list.findIndex((e) => e.firm2 === firm2);
  const e = list[at];
  if (!e || !isChosen(e)) return [...list];
  const isOptIn = !e.isOptIn;
  if (e.isAdd && !isOptIn) return list.filter((_, i) => i !== at);
  const next = { ...e, isOptIn, isRemove: e.isAdd ? false : !isOptIn };
  return list.map((x, i) => (i === at ? next : x));
}

/**
 * Adds a found entry as a new, opted-in choice (relationship 5). One already chosen stays as it is, except
 * that one marked for removal is opted in again; one of the network becomes a choice.
 */
export function addEntry<T extends PartnerFlags>(list: readonly T[], found: T): T[] {
  const at = list.findIndex((e) => e.firm2 === found.firm2);
  const e = list[at];
  if (e && isChosen(e)) {
    return e.isRemove ? list.map((x, i) => (i === at ? { ...e, isOptIn: true, isRemove: false } : x)) : [...list];
  }
  const added = { ...found, isAdd: true, isOptIn: true, isRemove: false, relationship: RELATIONSHIP.chosen };
  return at >= 0 ? list.map((x, i) => (i === at ? added : x)) : [...list, added];
}

/** Whether the list has anything to save. */
export const hasChanges = (list: readonly PartnerFlags[]) => list.some((e) => e.isAdd || e.isRemove);

const saveShape = (e: PartnerFlags) => ({
  firm2: e.firm2,
  isOptIn: e.isOptIn,
  isAdd: e.isAdd,
  isRemove: e.isRemove,
  relationship: e.relationship,
});

/** What saveProviders sends: every provider with relationship 5, with its flags. */
export const providersToSave = (list: readonly PartnerFlags[]) => list.filter(isChosen).map(saveShape);

/** What saveOptInPrograms sends: the changed programs. */
export const programsToSave = (list: readonly PartnerFlags[]) => list.filter((e) => e.isAdd || e.isRemove).map(saveShape);
