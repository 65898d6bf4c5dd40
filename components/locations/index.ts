/** The locations area's public module: what other areas use of it (README "Areas"). */
export { firmApi } from './api';
