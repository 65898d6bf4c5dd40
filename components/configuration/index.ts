/** The configuration area's public module: what other areas use of it (README "Areas"). */
export { SECTIONS, sectionHref } from './sections';
