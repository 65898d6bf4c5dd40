/** The onboard area's public module: the invitation dialog /locations opens, loaded when first needed (README "Areas"). */
export const loadInviteDialog = () => import('./invite-dialog');
