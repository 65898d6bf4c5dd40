/**
 * The pure rules of the user profile dialog and the Locations tab (docs/users.md#screens, #states, #validation, docs/roles.md#users): which fields
 * and tabs show by source and role, the dialog's title, the save alert, the labor rate, unsaved changes and
 * the one-primary rule. No React, no I/O: unit-tested on their own.
 */
import { SUPER_USER, isLocationAdmin, maySetPassword, mayAdministerUser, roleToStore, type RoleId } from '@/lib/roles';
import { MESSAGES, USER_MESSAGES } from '@/lib/validation/messages';
import { OWN_PROFILE, type UserSource } from './source';

/** docs/users.md#fields / #limits: a new user's defaults. */
export const NEW_USER_DEFAULTS = { timezone: 12, language: 1, contactType: 1 } as const;

export type Mode = 'adding' | 'editing';

export interface Person {
  user: number;
  role: RoleId | null;
}

/** Who may read a user's history: who may read the users list (lib/contract/users.ts USER_ADMINS, the super user). */
export const mayReadUserHistory = (viewer: Person) => viewer.role === SUPER_USER;

export interface Visibility {
  /** Contact type: shown only when opened from a source above 0. */
  contactType: boolean;
  /** Time zone, language, role, labor rate and the Inactive / Receives Reports boxes: source 1 only. */
  adminFields: boolean;
  /** Password and password again: only when adding. */
  password: boolean;
  /** The tabs: once the user exists (adding: after Add New User). */
  tabs: boolean;
  /** The Locations tab: admins only (first role 1, 2 or 4). */
  locationsTab: boolean;
  /** Change Password: not when adding, and only where the password rule allows it (lib/roles.ts). */
  changePassword: boolean;
  /** The target's role and Inactive box: never for one's own account. */
  roleAndState: boolean;
}

export function visibility(source: UserSource, mode: Mode, viewer: Person, target: Person | null): Visibility {
  const exists = mode === 'editing' && target !== null;
  const own = exists && target.user === viewer.user;
  return {
    contactType: source > 0,
    adminFields: source === 1,
    password: mode === 'adding',
    tabs: exists,
    locationsTab: exists && isLocationAdmin(viewer.role),
    changePassword: exists && maySetPassword(viewer, target),
    roleAndState: !own && (mode === 'adding' || (exists && mayAdministerUser(viewer, target))),
  };
}

/** docs/users.md#screens: the four titles. */
export function dialogTitle(
  mode: Mode,
  source: UserSource,
  names: { firstName: string; lastName: string } | null,
  location?: string | null,
): string {
  if (mode === 'adding') return location ? `Adding User to ${location}` : 'Adding User';
  const first = names?.firstName.trim() ?? '';
  const last = names?.lastName.trim() ?? '';
  if (source === OWN_PROFILE) return `User Profile for ${first} ${last}`.trimEnd();
  return `Editing User: ${[first, last].filter(Boolean).join(' ')}`;
}

export interface UserDraft {
  firstName: string;
  lastName: string;
  username: string;
  contactType: number | null;
  timezone: number | null;
  language: number | null;
  role: number | null;
  /** As typed: parsed as a decimal on save (docs/users.md#validation). */
  laborRate: string;
  isInactive: boolean;
  receivesReport: boolean;
  receivesInvoice: boolean;
  /** The photo's URL (an uploaded image), or null. */
  imagePhotoPath: string | null;
}

/** The save's required fields left empty (docs/users.md#validation "User save"), each with its line. */
function missing(d: UserDraft, v: Pick<Visibility, 'adminFields'>): Partial<Record<keyof UserDraft, string>> {
  return {
    ...(!d.firstName.trim() && { firstName: USER_MESSAGES.firstName }),
    ...(!d.lastName.trim() && { lastName: USER_MESSAGES.lastName }),
    ...(v.adminFields && !d.timezone && { timezone: USER_MESSAGES.timezone }),
    ...(v.adminFields && !d.language && { language: USER_MESSAGES.language }),
    ...(v.adminFields && d.role == null && { role: USER_MESSAGES.role }),
  };
}

/**
 * docs/users.md#validation "User save": null when the visible fields may be saved, else the alert's lines:
 * "Please supply fill all fields." followed by the lines that apply. Hidden fields are not the user's to fix.
 */
export function saveAlert(d: UserDraft, v: Pick<Visibility, 'adminFields'>): string[] | null {
  const lines = Object.values(missing(d, v));
  return lines.length ? [USER_MESSAGES.fillAll, ...lines] : null;
}

/** A labor rate as typed: a number (decimal point, up to two places), or null when blank or not a number. */
export function parseLaborRate(text: string): number | null {
  const t = text.trim().replace(/^\$/, '');
  return /^\d{1,6}(\.\d{1,2})?$/.test(t) ? Number(t) : null;
}

/** Field errors the form shows beside its fields (docs/users.md#validation "Required fields"). */
export function fieldErrors(d: UserDraft, v: Pick<Visibility, 'contactType' | 'adminFields'>): Record<string, string> {
  // The alert's lines are also each field's own error, so each names its field (aria-invalid, aria-describedby).
  const out: Record<string, string> = { ...missing(d, v) };
  if (v.contactType && !d.contactType) out.contactType = MESSAGES.required;
  if (v.adminFields) {
    if (!d.laborRate.trim()) out.laborRate = MESSAGES.required;
    else if (parseLaborRate(d.laborRate) === null) out.laborRate = USER_MESSAGES.laborRate;
  }
  return out;
}

/** docs/users.md#states: choosing role 1 in the dropdown stores 2. */
export const chooseRole = (value: string): number | null => (value === '' ? null : roleToStore(Number(value)));

const DRAFT_KEYS: readonly (keyof UserDraft)[] = [
  'firstName',
  'lastName',
  'contactType',
  'timezone',
  'language',
  'role',
  'laborRate',
  'isInactive',
  'receivesReport',
  'receivesInvoice',
  'imagePhotoPath',
];

/**
 * Whether the form holds changes that Save would store. The username is saved on its own (inline), so it
 * counts only when adding.
 */
export function isDirty(draft: UserDraft, saved: UserDraft, mode: Mode): boolean {
  const keys = mode === 'adding' ? [...DRAFT_KEYS, 'username' as const] : DRAFT_KEYS;
  const norm = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
  return keys.some((k) => norm(draft[k]) !== norm(saved[k]));
}

// ── the Locations tab ───────────────────────────────────────────────────────────────────────────
export interface LocationRow {
  firm: number;
  firmName: string;
  parent: number | null;
  depth: number;
  checked: boolean;
  isPrimary: 0 | 1;
}

/** Checking a location; unchecking one also clears its Primary box (enabled only while checked). */
export function toggleLocation<T extends LocationRow>(rows: readonly T[], firm: number, checked: boolean): T[] {
  return rows.map((r) => (r.firm === firm ? { ...r, checked, isPrimary: checked ? r.isPrimary : 0 } : r));
}

/** Exactly one primary: ticking one clears the others; a primary must be checked. */
export function choosePrimary<T extends LocationRow>(rows: readonly T[], firm: number, on: boolean): T[] {
  return rows.map((r) => (r.firm === firm ? { ...r, isPrimary: on && r.checked ? 1 : 0 } : on ? { ...r, isPrimary: 0 } : r));
}

/** Why the checked locations cannot be saved yet, or null. */
export function locationsProblem(rows: readonly LocationRow[]): string | null {
  const checked = rows.filter((r) => r.checked);
  if (checked.length === 0) return USER_MESSAGES.noLocation;
  if (checked.filter((r) => r.isPrimary === 1).length !== 1) return USER_MESSAGES.onePrimary;
  return null;
}

/** docs/users.md#calls: the checked locations, with userFirm cleared. */
export function linksToSave(rows: readonly LocationRow[], user: number) {
  return rows.filter((r) => r.checked).map((r) => ({ firm: r.firm, user, userFirm: 0, checked: true as const, isPrimary: r.isPrimary }));
}

/** The checked location each row is reached through (its nearest checked ancestor), for the hint. */
export function reachedThrough(rows: readonly LocationRow[]): Map<number, string> {
  const byFirm = new Map(rows.map((r) => [r.firm, r]));
  const out = new Map<number, string>();
  for (const r of rows) {
    for (let p = r.parent == null ? undefined : byFirm.get(r.parent); p; p = p.parent == null ? undefined : byFirm.get(p.parent)) {
      if (p.checked) {
        out.set(r.firm, p.firmName);
        break;
      }
    }
  }
  return out;
}

export const sameLocations = (a: readonly LocationRow[], b: readonly LocationRow[]) =>
  a.length === b.length &&
  a.every((r, i) => {
    const o = b[i];
    return o !== undefined && r.firm === o.firm && r.checked === o.checked && r.isPrimary === o.isPrimary;
  });
