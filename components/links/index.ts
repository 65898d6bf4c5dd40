/** The links area's public module: what other areas use of it (README "Areas"). */
export { ShareLink } from './share-link';
