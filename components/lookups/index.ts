/** The lookups area's public module: the lookup values of the forms, and their selects (README "Areas"). */
export { LookupSelect, ZoneAndLanguage } from './lookup-select';
export { useLookups, type Lookups } from './use-lookups';
