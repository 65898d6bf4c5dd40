/** The search area's public module: what other areas use of it (README "Areas"). */
export { PaletteLauncher } from './palette-launcher';
