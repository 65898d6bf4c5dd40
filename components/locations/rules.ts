/**
 * The pure rules of the locations screens: the Location add form's checks (with the specification's
 * texts), the type a new child location starts with, which preferences changed (docs/locations.md#calls:
 * saveFirmPreference is sent once for each changed preference, never for an unchanged one), and a tree
 * node's roll-up line. The Pricing tab's rules are in pricing-rules.ts (they load with the dialog).
 * No React, no I/O: unit-tested on their own.
 */
import type { TreeNode } from '@/lib/contract/locations';
import {
  PREFERENCE_CATALOGUE,
  preferenceProblem,
  type FirmType,
  type PreferenceCategory,
  type PreferenceDef,
} from '@/lib/contract/locations-constants';
import { formatCount } from '@/lib/format';
import type { FieldErrors } from '@/lib/validation/field-errors';
import { email, required, validate } from '@/lib/validation/fields';
import { MESSAGES } from '@/lib/validation/messages';
import { PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '@/lib/validation/phone';

/** Id of a location not saved yet. */
export const NEW_FIRM = -1;

export interface FirmDraft {
  company: string;
  firmType: FirmType | null;
  companyId: number | null;
  postalCode: string;
  phoneNo: string;
  email: string;
  timezoneId: number | null;
  languageId: number | null;
}

const needId = (v: number | null | undefined) => (v == null || v <= 0 ? MESSAGES.required : null);

export function validateFirm(d: FirmDraft): FieldErrors {
  const checks: Record<string, string | null> = {
    company: validate(d.company, [required]),
    firmType: d.firmType ? null : MESSAGES.required,
    companyId: d.firmType === 'platform' ? null : needId(d.companyId),
    timezoneId: needId(d.timezoneId),
    languageId: needId(d.languageId),
    phoneNo: d.phoneNo.trim() && !PHONE_PATTERN.test(d.phoneNo.trim()) ? PHONE_FORMAT_MESSAGE : null,
    email: d.email.trim() ? validate(d.email, [email]) : null,
    postalCode: d.postalCode.trim().length > 10 ? 'At most 10 characters' : null,
  };
  return Object.fromEntries(Object.entries(checks).filter((e): e is [string, string] => e[1] !== null));
}

/** The type a new location under `parent` starts as: one level below it. */
export function childType(parent: FirmType): FirmType {
  return parent === 'platform' ? 'franchiser' : parent === 'franchiser' ? 'franchisee' : 'shop';
}

// ── preferences ─────────────────────────────────────────────────────────────────────────────────
/** A firm's own values of one category, by preference name ('' = none of its own: it inherits). */
export type OwnValues = Readonly<Record<string, string>>;

/** The firm's own values from the effective rows firmPreference answers (rows set on an ancestor are not its own). */
export function ownValues(firm: number, rows: readonly { firm: number; name: string; value: string | null }[]): Record<string, string> {
  return Object.fromEntries(rows.filter((r) => r.firm === firm).map((r) => [r.name, r.value ?? '']));
}

/** The value the firm inherits for a preference ('' when none). */
export function inheritedValue(firm: number, rows: readonly { firm: number; name: string; value: string | null }[], name: string): string {
  return rows.find((r) => r.name === name && r.firm !== firm)?.value ?? '';
}

export interface PreferenceChange {
  category: PreferenceCategory;
  name: string;
  value: string;
}

/** The preferences whose value differs from the one loaded (trimmed), in catalogue order. */
export function changedPreferences(
  original: Readonly<Partial<Record<PreferenceCategory, OwnValues>>>,
  current: Readonly<Partial<Record<PreferenceCategory, OwnValues>>>,
): PreferenceChange[] {
  const out: PreferenceChange[] = [];
  for (const [category, defs] of Object.entries(PREFERENCE_CATALOGUE) as [PreferenceCategory, readonly PreferenceDef[]][]) {
    for (const def of defs) {
      const before = (original[category]?.[def.name] ?? '').trim();
      const after = (current[category]?.[def.name] ?? '').trim();
      if (before !== after) out.push({ category, name: def.name, value: after });
    }
  }
  return out;
}

/** Field errors of the changed preferences ("{category}.{name}" → message). */
export function preferenceErrors(changes: readonly PreferenceChange[]): FieldErrors {
  const out: FieldErrors = {};
  for (const c of changes) {
    const def = (PREFERENCE_CATALOGUE[c.category] as readonly PreferenceDef[]).find((d) => d.name === c.name);
    const problem = def ? preferenceProblem(def, c.value) : 'Unknown preference';
    if (problem) out[`${c.category}.${c.name}`] = problem;
  }
  return out;
}

// ── the network tree ────────────────────────────────────────────────────────────────────────────
const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** A node's roll-up line: shops below it (for nodes that can have them), users and open ADAS jobs at or below it. */
export function rollUp(n: TreeNode): string {
  const parts = n.firmType === 'shop' ? [] : [plural(n.shops, 'shop', 'shops')];
  parts.push(plural(n.users, 'user', 'users'), plural(n.openJobs, 'open job', 'open jobs'));
  return parts.join(' · ');
}
