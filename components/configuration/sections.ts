/** The sections of /configuration (the sub-navigation), in order; `?section=` in the URL. Client-safe. */
export const SECTIONS = [
  { id: 'makes', label: 'Make matrices' },
  { id: 'systems', label: 'Systems' },
  { id: 'exceptions', label: 'Make exceptions' },
  { id: 'exclusions', label: 'Exclusions' },
  { id: 'info', label: 'Info lookups' },
  { id: 'noscrub', label: 'No-scrub list' },
  { id: 'links', label: 'Links' },
  { id: 'pricing', label: 'Calibration pricing' },
  { id: 'testdrives', label: 'Test drives' },
  { id: 'results', label: 'Result types' },
  { id: 'translations', label: 'Translations' },
  { id: 'reports', label: 'Report recommendations' },
  { id: 'scanpro', label: 'Scan-pro setup' },
  { id: 'terms', label: 'Estimate terms' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];
export const SECTION_IDS = SECTIONS.map((s) => s.id) as [SectionId, ...SectionId[]];
export const DEFAULT_SECTION: SectionId = 'makes';

export const sectionOf = (value: unknown): SectionId => (SECTION_IDS.includes(value as SectionId) ? (value as SectionId) : DEFAULT_SECTION);
export const sectionHref = (id: SectionId) => (id === DEFAULT_SECTION ? '/configuration' : `/configuration?section=${id}`);
