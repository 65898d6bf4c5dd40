/**
 * Fixed value sets of the ADAS configuration (client-safe, no zod): the contract validates with them, the
 * screens label them. Where the specification names a field but not its values, the values are decided
 * here.
 */

/** How a calibration is performed. */
export const CALIBRATION_MODES = ['static', 'dynamic', 'static-dynamic', 'initialization'] as const;
export type CalibrationMode = (typeof CALIBRATION_MODES)[number];
export const CALIBRATION_MODE_LABELS: Readonly<Record<CalibrationMode, string>> = {
  static: 'Static',
  dynamic: 'Dynamic',
  'static-dynamic': 'Static + dynamic',
  initialization: 'Initialization',
};
/**
 * A calibration type with its mode, unless the name already ends with that mode ("Forward camera –
 * static", not "Forward camera – static (static)"; docs/report.md#per-system). A mode outside CALIBRATION_MODES (a
 * knowledge base's own word) is shown as written.
 */
export function calibrationTypeLabel(name: string, mode: string | null | undefined): string {
  if (!mode) return name;
  const label = CALIBRATION_MODE_LABELS[mode as CalibrationMode] ?? mode;
  // Letters and digits only: "static/dynamic", "static & dynamic" and "Static + dynamic" say the same mode.
  const fold = (v: string) => v.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return fold(name).endsWith(fold(label)) || fold(name).endsWith(fold(mode)) ? name : `${name} (${label})`;
}

/** A mode from its label or value, ignoring case and spaces ("Static + Dynamic", "static-dynamic"). */
export function calibrationModeOf(text: string): CalibrationMode | null {
  const key = text.toLowerCase().replace(/[\s_]+/g, '');
  for (const m of CALIBRATION_MODES)
    if (key === m.replace(/-/g, '') || key === m || key === CALIBRATION_MODE_LABELS[m].toLowerCase().replace(/\s+/g, '')) return m;
  if (key === 'static&dynamic' || key === 'staticanddynamic' || key === 'static/dynamic') return 'static-dynamic';
  return null;
}

/** OEM procedure links (alldata/getLinkManage?adaslinks): ADAS procedures, or general repair information. */
export const LINK_TYPES = ['adas', 'general'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export const LINK_TYPE_LABELS: Readonly<Record<LinkType, string>> = { adas: 'ADAS procedure', general: 'General information' };

/** Kinds of info lookups (admin/getAdasMatrixInfoLookups). */
export const INFO_LOOKUP_TYPES = [
  'Position statement',
  'Calibration procedure',
  'Repair procedure',
  'Technical bulletin',
  'General information',
] as const;
export type InfoLookupType = (typeof INFO_LOOKUP_TYPES)[number];

/** Drive types of test-drive recommendations and result types. */
export const DRIVE_TYPES = [
  { id: 1, name: 'Road test' },
  { id: 2, name: 'Dynamic calibration drive' },
] as const;
export const DRIVE_TYPE_IDS = DRIVE_TYPES.map((d) => d.id) as [1, 2];
export const driveTypeName = (id: number) => DRIVE_TYPES.find((d) => d.id === id)?.name ?? '';

/** What a translation is of (language/translations?translationType). */
export const TRANSLATION_TYPES = ['Report', 'System', 'Notice', 'Recommendation'] as const;
export type TranslationType = (typeof TRANSLATION_TYPES)[number];
/** Languages translated into (the codes of the Language lookup; English is the source). */
export const TRANSLATION_LANGUAGES = [
  { code: 'es', name: 'Spanish' },
  { code: 'fr', name: 'French' },
] as const;
export const TRANSLATION_LANGUAGE_CODES = TRANSLATION_LANGUAGES.map((l) => l.code) as ['es', 'fr'];

/** The CCC keyword kinds of a make matrix, and the other keyword lists lookup/keywords can suggest from. */
export const CCC_KEYWORD_KINDS = ['line', 'location', 'sublet'] as const;
export type CccKeywordKind = (typeof CCC_KEYWORD_KINDS)[number];
export const KEYWORD_TYPES = [...CCC_KEYWORD_KINDS, 'checklist', 'info', 'exception'] as const;
export type KeywordType = (typeof KEYWORD_TYPES)[number];

/** Model years: from 1950 to two years ahead (next year's models are sold this year). */
export const MODEL_YEAR_MIN = 1950;
export const modelYearMax = () => new Date().getFullYear() + 2;
export const YEAR_RANGE_MESSAGE = 'The end year is before the start year';

/** The firm whose users maintain the network's knowledge base (the platform, "ADAS Central"). */
export const NETWORK_FIRM = 1;

/** Largest links file, in characters (the BFF and the host accept bodies up to 1 MB). */
export const LINKS_FILE_MAX_CHARS = 900_000;
/** The columns of a links file, in order. */
export const MAKE_MATRIX_LINK_COLUMNS = ['make', 'model', 'yearStart', 'yearEnd', 'title', 'url'] as const;
