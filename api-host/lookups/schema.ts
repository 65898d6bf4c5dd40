/**
 * Schema of lookups (docs/lookups.md#fields): the values of named groups (ContactType, Country, TimeZone, …). Each
 * area that owns a group writes its values as reference data in its own migration, with lookupRowsSql.
 */
import { BLOG_STATUS, LOOKUP_GROUPS, LOOKUP_SECTIONS, type LookupGroup } from '../../lib/contract/lookups-groups';
import { sqlText } from '../core/sql';

/** A lookup row of reference data: [id, value, code, type3, isInactive]. */
export type LookupRow = readonly [id: number, value: string, code: string | null, type3: string | null, inactive?: boolean];

/** An INSERT of reference lookup values, sorted in the order given, for a migration. */
export function lookupRowsSql(groups: Readonly<Record<string, readonly LookupRow[]>>): string {
  const rows = Object.entries(groups).flatMap(([key, list]) =>
    list.map(
      ([id, value, code, type3, inactive], i) =>
        `(${id}, ${sqlText(key)}, ${sqlText(value)}, ${sqlText(code)}, ${sqlText(type3)}, ${i}, ${inactive ? 1 : 0})`,
    ),
  );
  return rows.length
    ? `INSERT OR IGNORE INTO lookup (id, key, value, code, type3, sort, is_inactive) VALUES\n  ${rows.join(',\n  ')};`
    : '';
}

export const TIME_ZONES: readonly LookupRow[] = (
  [
    [1, 'Hawaii Standard Time'],
    [2, 'Alaskan Standard Time'],
    [3, 'Pacific Standard Time'],
    [4, 'Mountain Standard Time'],
    [5, 'US Mountain Standard Time'],
    [6, 'Central Standard Time'],
    [7, 'Canada Central Standard Time'],
    [8, 'Central America Standard Time'],
    [9, 'SA Pacific Standard Time'],
    [10, 'Atlantic Standard Time'],
    [11, 'Newfoundland Standard Time'],
    [12, 'Eastern Standard Time'],
    [13, 'US Eastern Standard Time'],
    [14, 'UTC'],
  ] as const
).map(([id, name]): LookupRow => [id, name, null, null]);

export const LANGUAGES: readonly LookupRow[] = [
  [1, 'English', 'en', null],
  [2, 'Spanish', 'es', null],
  [3, 'French', 'fr', null],
];

export const LOOKUPS_SCHEMA = /* sql */ `
CREATE TABLE lookup (
  id          INTEGER NOT NULL,
  key         TEXT NOT NULL,
  value       TEXT NOT NULL,
  code        TEXT,
  type3       TEXT,
  sort        INTEGER NOT NULL DEFAULT 0,
  firm        INTEGER NOT NULL DEFAULT 1,
  is_inactive INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (key, id)
);

${lookupRowsSql({ TimeZone: TIME_ZONES, Language: LANGUAGES })}
`;

/** The groups' display names (renamed with lookup/UpsertGroup); keys are fixed, the screens rely on them. */
const GROUP_TEXT: Readonly<Record<LookupGroup, string>> = {
  ContactType: 'Contact types',
  Salutation: 'Salutations',
  AddressType: 'Address types',
  PhoneType: 'Phone types',
  EmailType: 'Email types',
  RelatedContactType: 'Related contact types',
  Country: 'Countries',
  StateProvince: 'States and provinces',
  Language: 'Languages',
  TimeZone: 'Time zones',
  BlogType: 'Blog types',
  BlogStatus: 'Blog statuses',
};

/** The blog's lookup values (docs/lookups.md#fields: "not shown"); BlogStatus ids are BLOG_STATUS. */
export const BLOG_LOOKUPS: Readonly<Record<'BlogType' | 'BlogStatus', readonly LookupRow[]>> = {
  BlogType: [
    [1, 'News', 'NEWS', null],
    [2, 'Announcement', 'ANN', null],
    [3, 'Training', 'TRN', null],
    [4, 'Release notes', 'REL', null],
    [5, 'Technical bulletin', 'TSB', null],
  ],
  BlogStatus: [
    [BLOG_STATUS.draft, 'Draft', 'D', null],
    [BLOG_STATUS.published, 'Published', 'P', null],
    [BLOG_STATUS.archived, 'Archived', 'A', null],
  ],
};

/**
 * Lookup groups (docs/lookups.md#fields: a sectionName and children) and the blog's values. `text` is unique
 * regardless of case, so two groups cannot share a name.
 */
export const LOOKUP_GROUPS_SCHEMA = /* sql */ `
CREATE TABLE lookup_group (
  id           INTEGER PRIMARY KEY,
  key          TEXT NOT NULL UNIQUE,
  text         TEXT NOT NULL UNIQUE COLLATE NOCASE,
  section_name TEXT NOT NULL
);
INSERT INTO lookup_group (id, key, text, section_name) VALUES
  ${LOOKUP_GROUPS.map((key, i) => `(${i + 1}, ${sqlText(key)}, ${sqlText(GROUP_TEXT[key])}, ${sqlText(LOOKUP_SECTIONS[key])})`).join(',\n  ')};
CREATE INDEX lookup_group_section ON lookup_group(section_name, id);
CREATE INDEX lookup_sort ON lookup(key, firm, sort, id);

${lookupRowsSql(BLOG_LOOKUPS)}
`;
