/**
 * Constants of the locations area that client components need too (no zod here): firm types, the
 * preference catalogue, provider relationships and the search limits.
 */

/** Firm types, highest first: a firm's parent is always of a higher type (platform above everything). */
export const FIRM_TYPES = ['platform', 'franchiser', 'franchisee', 'shop'] as const;
export type FirmType = (typeof FIRM_TYPES)[number];
/** The types a location can be created or edited as (the platform is the reference host's root, firm 1). */
export const EDITABLE_FIRM_TYPES = ['franchiser', 'franchisee', 'shop'] as const satisfies readonly FirmType[];
export const FIRM_TYPE_LABELS: Readonly<Record<FirmType, string>> = {
  platform: 'Platform',
  franchiser: 'Franchiser',
  franchisee: 'Franchisee',
  shop: 'Shop',
};
export const firmTypeRank = (t: FirmType) => FIRM_TYPES.indexOf(t);

/** Roles that may add, edit and remove locations and change their preferences (decision: administrators and franchiser admins). */
export const FIRM_EDITOR_ROLES = [1, 2, 3] as const;
export const canEditFirms = (role: number | null | undefined) => role != null && (FIRM_EDITOR_ROLES as readonly number[]).includes(role);

/** The locations list's type filter ("all" is the specification's null filter). */
export const LOCATION_FILTERS = ['all', ...EDITABLE_FIRM_TYPES] as const;
export type LocationFilter = (typeof LOCATION_FILTERS)[number];
export const LOCATION_SORTS = ['firm', 'type', 'parent', 'city', 'phone', 'users', 'inactive'] as const;

/** Storage list (docs/locations-storage.md#limits: default sort descending by id, filter 9999 = every location). */
export const STORAGE_SORTS = ['id', 'name', 'firm', 'size'] as const;
export const ALL_LOCATIONS = 9999;

// ── preferences ─────────────────────────────────────────────────────────────────────────────────
export type PreferenceKind = 'text' | 'longText' | 'image' | 'boolean' | 'email' | 'number';
export interface PreferenceDef {
  name: string;
  label: string;
  kind: PreferenceKind;
  hint?: string;
}

/**
 * The preferences a firm has, by category (docs/locations.md#fields "Firm preference"; the Brand names are
 * those of docs/shell.md#fields). Values are text; a firm without its own value inherits the nearest ancestor's.
 */
export const PREFERENCE_CATALOGUE = {
  Brand: [
    { name: 'BrandTitle', label: 'Title', kind: 'text', hint: 'Shown in the top bar and the browser tab.' },
    { name: 'BrandLogo', label: 'Logo', kind: 'image', hint: 'Top bar logo, shown 48 pixels high.' },
    { name: 'BrandIcon', label: 'Icon', kind: 'image', hint: 'The browser tab icon.' },
    { name: 'MainLogo', label: 'Main logo', kind: 'image', hint: 'The large logo on reports and the home page.' },
  ],
  Report: [
    { name: 'ReportTitle', label: 'Report title', kind: 'text' },
    { name: 'ReportFooter', label: 'Report footer', kind: 'longText' },
    { name: 'ReportReplyTo', label: 'Reply-to email', kind: 'email' },
    { name: 'ShowLaborRate', label: 'Show the labor rate on reports', kind: 'boolean' },
    {
      name: 'ReportLanguage',
      label: 'Report language (en, es or fr)',
      kind: 'text',
      hint: 'The language of calibration reports; translations come from the configuration.',
    },
    {
      name: 'ReportSections',
      label: 'Report sections',
      kind: 'text',
      hint: 'Comma list of systems, lines, links, recommendations, evidence; empty: all of them.',
    },
  ],
  Calibration: [
    { name: 'DefaultLaborRate', label: 'Default labor rate per hour', kind: 'number' },
    { name: 'RequirePreScan', label: 'Require a pre-scan', kind: 'boolean' },
    { name: 'RequirePostScan', label: 'Require a post-scan', kind: 'boolean' },
  ],
  Notification: [
    { name: 'DailySummary', label: 'Send a daily summary', kind: 'boolean' },
    { name: 'NotifyEmail', label: 'Notification email', kind: 'email' },
  ],
} as const satisfies Record<string, readonly PreferenceDef[]>;
export type PreferenceCategory = keyof typeof PREFERENCE_CATALOGUE;
export const PREFERENCE_CATEGORIES = Object.keys(PREFERENCE_CATALOGUE) as PreferenceCategory[];
export const BRAND_KEYS = ['BrandLogo', 'BrandIcon', 'BrandTitle', 'MainLogo'] as const;

export function preferenceDef(category: string, name: string): PreferenceDef | undefined {
  return (PREFERENCE_CATALOGUE as Record<string, readonly PreferenceDef[]>)[category]?.find((d) => d.name === name);
}

/** Image preferences: an uploaded image, a same-site path or an https URL (lib/brand.ts shows nothing else). */
export const IMAGE_VALUE = /^(file\/image\?firm=\d+&name=[\w.%-]+|\/(?!\/)[^\s"'<>]*|https:\/\/[^\s"'<>]+)$/;

/** The problem with a preference value of its kind, or null ('' clears the firm's own value). */
export function preferenceProblem(def: PreferenceDef, value: string): string | null {
  if (value === '') return null;
  switch (def.kind) {
    case 'boolean':
      return value === 'true' || value === 'false' ? null : 'Must be true or false';
    case 'number':
      return /^\d{1,6}(\.\d{1,2})?$/.test(value) ? null : 'Must be a number of at least 0 (up to 2 decimals)';
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : 'Required, formatted email address';
    case 'image':
      return IMAGE_VALUE.test(value) ? null : 'Must be an uploaded image or an https address';
    case 'text':
      return value.length > 200 ? 'At most 200 characters' : null;
    case 'longText':
      return value.length > 500 ? 'At most 500 characters' : null;
  }
}

// ── insurance opt-in programs and providers ─────────────────────────────────────────────────────
/**
 * How a provider relates to a firm (docs/locations.md#fields "relationship"). Only chosen providers (5) are
 * saved (docs/locations.md#states, #limits); the others come from the firm's own network and are shown, not saved.
 */
export const RELATIONSHIP = { parent: 1, sibling: 2, network: 3, chosen: 5 } as const;
export const RELATIONSHIP_LABELS: Readonly<Record<number, string>> = {
  1: 'Your franchise',
  2: 'Same franchisee',
  3: 'Same network',
  5: 'Chosen provider',
};

/** Radius search bounds, in miles. */
export const RADIUS_MIN = 1;
export const RADIUS_MAX = 500;
export const RADIUS_DEFAULT = 50;
export const RADIUS_MESSAGE = `Radius must be between ${RADIUS_MIN} and ${RADIUS_MAX} miles`;
export const UNKNOWN_POSTAL_CODE = 'Unknown postal code';
