/**
 * The URL state of each section's list (lib/list-state): page size 10 (docs/configuration.md#limits), the sorts and
 * filters of its call. Each list remembers its preferences in its own cookie. Server-side: pages hand the
 * resulting plain objects to the client components.
 */
import 'server-only';
import { CALIBRATION_SORTS } from '@/lib/contract/adasmatrix';
import {
  CHECKLIST_SORTS,
  EXCLUSION_SORTS,
  INFO_LOOKUP_SORTS,
  MAKE_EXCEPTION_SORTS,
  MAKE_MATRIX_SORTS,
  NO_SCRUB_SORTS,
} from '@/lib/contract/admin';
import { LINK_SORTS } from '@/lib/contract/alldata';
import { ESTIMATE_TERM_KINDS, ESTIMATE_TERM_SORTS, ESTIMATE_TERM_SOURCES } from '@/lib/contract/estimateterms';
import { TRANSLATION_SORTS } from '@/lib/contract/language';
import { RESULT_TYPE_SORTS } from '@/lib/contract/lookups';
import { REPORT_RECOMMENDATION_SORTS } from '@/lib/contract/report';
import { TEST_DRIVE_SORTS } from '@/lib/contract/testdrive';
import { INFO_LOOKUP_TYPES, LINK_TYPES, NETWORK_FIRM, TRANSLATION_LANGUAGE_CODES, TRANSLATION_TYPES } from '@/lib/configuration/constants';
import { defineList, field, type Fields, type ListSpec } from '@/lib/list-state';
import { DEFAULT_SECTION, SECTION_IDS, type SectionId } from './sections';

/** Every list carries its section (left out of the URL for the default one; never remembered). */
const section = field.enum(SECTION_IDS, DEFAULT_SECTION, { remember: false });
const list = <const S extends string>(id: SectionId, sorts: readonly S[], orderBy: NoInfer<S>) => ({
  key: `config-${id}`,
  path: '/configuration',
  sorts,
  orderBy,
});

export const SECTION_LISTS = {
  makes: defineList({
    ...list('makes', MAKE_MATRIX_SORTS, 'make'),
    fields: {
      section,
      vehicleMake: field.text(60),
      adasChecklistMatrix: field.int(0, { min: 0 }),
      year: field.int(0, { min: 0, max: 2100 }),
      vehicleModel: field.text(80),
    },
  }),
  systems: defineList({ ...list('systems', CHECKLIST_SORTS, 'sort'), fields: { section } }),
  exceptions: defineList({
    ...list('exceptions', MAKE_EXCEPTION_SORTS, 'make'),
    fields: { section, id: field.int(0, { min: 0 }), vehicleMake: field.text(60) },
  }),
  exclusions: defineList({ ...list('exclusions', EXCLUSION_SORTS, 'keyword'), fields: { section } }),
  info: defineList({
    ...list('info', INFO_LOOKUP_SORTS, 'make'),
    fields: { section, vehicleMake: field.text(60), lookupType: field.enum(['', ...INFO_LOOKUP_TYPES], ''), source: field.text(200) },
  }),
  noscrub: defineList({ ...list('noscrub', NO_SCRUB_SORTS, 'make'), fields: { section } }),
  links: defineList({
    ...list('links', LINK_SORTS, 'make'),
    fields: { section, type: field.enum(LINK_TYPES, 'adas'), make: field.text(60), isNew: field.enum(['', 'new'], '') },
  }),
  pricing: defineList({ ...list('pricing', CALIBRATION_SORTS, 'system'), fields: { section, systemType: field.int(0, { min: 0 }) } }),
  testdrives: defineList({
    ...list('testdrives', TEST_DRIVE_SORTS, 'recommendation'),
    fields: { section, firm: field.int(NETWORK_FIRM, { min: 1 }) },
  }),
  results: defineList({ ...list('results', RESULT_TYPE_SORTS, 'sort'), fields: { section, firm: field.int(NETWORK_FIRM, { min: 1 }) } }),
  translations: defineList({
    ...list('translations', TRANSLATION_SORTS, 'source'),
    fields: {
      section,
      translationType: field.enum(TRANSLATION_TYPES, 'Report'),
      languageCode: field.enum(TRANSLATION_LANGUAGE_CODES, 'es'),
    },
  }),
  reports: defineList({ ...list('reports', REPORT_RECOMMENDATION_SORTS, 'title'), fields: { section } }),
  scanpro: defineList({ ...list('scanpro', ['firm'] as const, 'firm'), fields: { section, firm: field.int(NETWORK_FIRM, { min: 1 }) } }),
  terms: defineList({
    ...list('terms', ESTIMATE_TERM_SORTS, 'written'),
    fields: {
      section,
      firm: field.int(NETWORK_FIRM, { min: 1 }),
      source: field.enum(ESTIMATE_TERM_SOURCES, 'firm'),
      kind: field.enum(['', ...ESTIMATE_TERM_KINDS], ''),
    },
  }),
} satisfies Record<SectionId, unknown>;

export type SectionLists = typeof SECTION_LISTS;

/** A section's list spec without its own field types (for code that treats every section alike). */
export const anySectionList = (id: SectionId) => SECTION_LISTS[id] as unknown as ListSpec<Fields>;
