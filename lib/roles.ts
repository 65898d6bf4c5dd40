/** One numeric role id per user, taken from the token (docs/roles.md#role-ids). */
export type RoleId = number;

export const ALL_ROLES: readonly RoleId[] = Array.from({ length: 17 }, (_, i) => i + 1);

/** Role 1: the super user (sees the ADAS Matrix entry). */
export const SUPER_USER: RoleId = 1;
/** Roles 1 and 2: administrators; only they may receive the make-matrix-links import notice. */
export const ADMIN_ROLES: readonly RoleId[] = [1, 2];
/** Shop roles with the reduced left menu. */
export const SHOP_ROLES: readonly RoleId[] = [15, 16, 17];

const LABELS: Readonly<Record<number, string>> = {
  3: 'Franchiser (admin)',
  7: 'Franchiser (user)',
  8: 'Franchisee (admin)',
  9: 'Franchisee (user)',
  4: 'Shop (admin)',
  5: 'Shop (user)',
  // The shop roles by what they are: a technician is not an administrator (the specification's "Admin"
  // for every unlisted role would say so; docs/roles.md).
  15: 'Shop (technician)',
  16: 'Shop (estimator)',
  17: 'Shop (read only)',
};

/** The label shown in the side-nav layout; "Guest" without a role, "Admin" for any other unlisted role. */
export function roleLabel(role: RoleId | null | undefined): string {
  if (role == null) return 'Guest';
  return LABELS[role] ?? 'Admin';
}

export const isAdminRole = (role: RoleId | null | undefined) => role != null && ADMIN_ROLES.includes(role);
export const isShopRole = (role: RoleId | null | undefined) => role != null && SHOP_ROLES.includes(role);

/** Roles 1..n as a list, for readable route-table rows. */
export const rolesUpTo = (n: number): RoleId[] => ALL_ROLES.filter((r) => r <= n);

/** Privilege order for administering users: role 1 above all, role 2 next, every other role below both. */
export const privilegeRank = (role: RoleId | null | undefined): number => (role === SUPER_USER ? 0 : role === 2 ? 1 : 2);

/**
 * Whether `caller` may set `target`'s password: their own always; an administrator (roles 1, 2) that of a
 * user they administer whose role is not more privileged than their own (role 2 never over role 1).
 * Whether the caller reaches the target's firm is the host's check on top of this.
 */
export function maySetPassword(caller: { user: number; role: RoleId | null }, target: { user: number; role: RoleId | null }): boolean {
  if (caller.user === target.user) return true;
  return isAdminRole(caller.role) && privilegeRank(target.role) >= privilegeRank(caller.role);
}

/** Roles that see the Locations tab of a user (docs/roles.md#users: "a profile whose first role is 1, 2 or 4"). */
export const LOCATION_ADMIN_ROLES: readonly RoleId[] = [1, 2, 4];
export const isLocationAdmin = (role: RoleId | null | undefined) => role != null && LOCATION_ADMIN_ROLES.includes(role);

/**
 * Whether `caller` may administer `target`'s account (role, state, labor rate, deletion): an administrator
 * (roles 1, 2) over another user whose role is not more privileged than their own. Nobody administers
 * their own account: a user can never change their own role, deactivate or delete themselves.
 */
export function mayAdministerUser(caller: { user: number; role: RoleId | null }, target: { user: number; role: RoleId | null }): boolean {
  return caller.user !== target.user && isAdminRole(caller.role) && privilegeRank(target.role) >= privilegeRank(caller.role);
}

/**
 * Whether `caller` may change which locations `target` reaches (the Locations tab): a location admin
 * (roles 1, 2, 4) for their own account, or an administrator over a user they administer. Which locations
 * they may give is bounded by their own reach (the host's check).
 */
export function mayEditLocations(caller: { user: number; role: RoleId | null }, target: { user: number; role: RoleId | null }): boolean {
  return isLocationAdmin(caller.role) && (caller.user === target.user || mayAdministerUser(caller, target));
}

/** docs/users.md#states, docs/roles.md#users: role 1 chosen in the role dropdown is stored as 2. */
export const roleToStore = (chosen: RoleId): RoleId => (chosen === SUPER_USER ? 2 : chosen);
