/**
 * The users area's public module: what other areas use of it (README "Areas"). Only the profile source, so the
 * shell names it without loading the dialog.
 */
export { OWN_PROFILE } from './source';

/** The profile and password dialogs, loaded when the shell's account menu first needs them. */
export const loadUserDialog = () => import('./user-dialog');
export const loadPasswordDialog = () => import('./password-dialog');
