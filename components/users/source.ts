/**
 * Where the user profile dialog was opened from (the "source" of docs/users.md#screens): 0 the shell's profile
 * entry (the signed-in user's own profile), 1 user administration (the /users screen). On its own, with no
 * imports, so the shell can name it without loading the dialog's rules.
 */
export type UserSource = 0 | 1;
export const OWN_PROFILE: UserSource = 0;
export const USER_ADMINISTRATION: UserSource = 1;
