/** The adas area's public module: what other areas use of it (README "Areas"). */
export { jobHref } from './hrefs';
