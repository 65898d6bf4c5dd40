/**
 * Users (docs/users.md, docs/roles.md#users). Where the specification does not show a
 * shape, the decision is written here:
 * - user/users answers {count, items}, paged, sorted and filtered on the server: filterBy is a role id
 *   (9999 = every role, docs/users.md#limits), firm a location (0 = every location; else the users linked to it
 *   in the Locations tab), inactive all | active | inactive, searchTerm every word as a prefix of the first
 *   or last name, or the start of the username. Rows are the users whose location (user.firm, the
 *   primary one) the caller reaches.
 * - user/roles?firm answers [{role, roleName}]: the roles the caller may give at that firm (none more
 *   privileged than their own, lib/roles.ts privilegeRank). Role names are the reference host's.
 * - user/profile?username reads one user (also the "get user" of the profile dialog).
 * - user/verifyUsername?username answers {exists}: usernames are unique across every firm.
 * - user/saveUser saves the profile form; user -1 adds a user (with password, role and labor rate, at
 *   `firm`, default the caller's sign-in location) and answers {id, contact}. An existing user without a
 *   role or labor rate may be saved so, but never have one taken away. The username of an existing user changes only
 *   through user/saveUserEmail; saveUser leaves it as it is. Role 1 sent for a user who is not already
 *   role 1 is stored as 2 (docs/roles.md#users). Who may change what: lib/roles.ts mayAdministerUser; a user
 *   saving their own profile keeps their role, state, labor rate and report flags. The photo
 *   (imagePhotoPath) is an image uploaded with file/upload into a folder of a firm the caller reaches.
 * - user/saveUserEmail?user&username changes a username at once and answers {success, user, username};
 *   the sessions of that user end (their sessions carry the old name), their own included.
 * - user/activateUsers takes the list [{username, token}]: token 1 activates, 0 deactivates; it answers
 *   {count, deactivated} (the user ids now inactive, whose sessions end).
 * - user/updateUserParams {users, isInactive?, receivesReport?} sets those values on every listed user.
 * - user/deleteUsers {users} deletes the users (their sign-in and locations go; their contact stays, and so
 *   do records that name them, such as jobs they created) and answers {count}.
 * - All multi-user calls are all-or-nothing; nobody may deactivate or delete themselves (403).
 * - user/userLocations?user&isAll answers the user-location links [{firm, firmName, firmType, parent,
 *   depth, user, userFirm, checked, isPrimary}]: with isAll every location the CALLER reaches, in network
 *   order (depth from the caller's topmost locations), checked where the user is linked; without it only
 *   the user's links the caller reaches. A user reaches their linked locations and every firm below them.
 * - user/saveUserLocations takes the checked links (userFirm cleared to 0), exactly one primary, all of one
 *   user, each within the caller's own reach; links outside the caller's reach are left as they are. The
 *   primary link is the user's location (user.firm). It answers {user, count}.
 */
import { z } from 'zod';
import { LOCATION_ADMIN_ROLES } from '../roles';
import { MESSAGES, USER_MESSAGES } from '../validation/messages';
import { USER_DEFAULTS, USER_SORTS, USER_STATES } from '../user-list';
import { PASSWORD_MIN_LENGTH, isStrongPassword } from '../validation/password';
import { defineCall, q } from './define';

/** The password rule of docs/users.md#validation, enforced by the BFF and the host as well as the forms. */
export const passwordRule = z
  .string()
  .min(1, MESSAGES.passwordEmpty)
  .max(200)
  .refine(isStrongPassword, MESSAGES.passwordWeak)
  // isStrongPassword as a pattern, for docs/openapi.json: a lower-case letter, an upper-case letter, a digit, one of !@#$%^&*, 8 or more.
  .meta({
    examples: ['Demo#2026pw'],
    pattern: `^(?=[\\s\\S]*[a-z])(?=[\\s\\S]*[A-Z])(?=[\\s\\S]*[0-9])(?=[\\s\\S]*[!@#$%^&*])[\\s\\S]{${PASSWORD_MIN_LENGTH},}$`,
  });

/** The /users screen's calls: role 1 (docs/users.md#screens). */
const USER_ADMINS = [1] as const;

const username = () => z.email(MESSAGES.email).max(200);

// ── records ─────────────────────────────────────────────────────────────────────────────────────
export const userProfile = z.object({
  user: z.number().int(),
  contact: z.number().int(),
  firm: z.number().int(),
  firmName: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  contactType: z.number().int(),
  contactTypeName: z.string().default(''),
  /** Comma list of role ids; the first is used (docs/users.md#fields). */
  roles: z.string(),
  role: z.number().int().nullable(),
  roleName: z.string().default(''),
  timezone: z.number().int(),
  timezoneName: z.string(),
  language: z.number().int(),
  languageName: z.string(),
  laborRate: z.number().nullable(),
  isInactive: z.boolean(),
  receivesReport: z.boolean(),
  receivesInvoice: z.boolean(),
  imagePhotoPath: z.string().nullable().default(null),
});
export type UserProfile = z.infer<typeof userProfile>;

export const userRow = z.object({
  user: z.number().int(),
  contact: z.number().int(),
  firm: z.number().int(),
  /** The primary location. */
  firmName: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** "Last, First". */
  fileAs: z.string(),
  role: z.number().int().nullable(),
  roleName: z.string(),
  isInactive: z.boolean(),
  receivesReport: z.boolean(),
  /** How many locations the user is linked to. */
  locations: z.number().int().nonnegative(),
});
export type UserRow = z.infer<typeof userRow>;
export const userList = z.object({ count: z.number().int().nonnegative(), items: z.array(userRow) });
export type UserList = z.infer<typeof userList>;

export const roleItem = z.object({ role: z.number().int(), roleName: z.string() });
export type RoleItem = z.infer<typeof roleItem>;

/** A user-location link (docs/users.md#fields "User-firm link", #fields "User-location link"). */
export const userLocation = z.object({
  firm: z.number().int(),
  firmName: z.string(),
  firmType: z.string(),
  parent: z.number().int().nullable(),
  /** Depth below the caller's topmost location, for showing the network. */
  depth: z.number().int().nonnegative(),
  user: z.number().int(),
  userFirm: z.number().int(),
  checked: z.boolean(),
  isPrimary: z.union([z.literal(0), z.literal(1)]),
});
export type UserLocation = z.infer<typeof userLocation>;

// ── inputs ──────────────────────────────────────────────────────────────────────────────────────
export { USER_DEFAULTS, USER_SORTS, USER_STATES } from '../user-list';

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(USER_DEFAULTS.pageSize),
  orderBy: z.enum(USER_SORTS).default(USER_DEFAULTS.orderBy),
  direction: z.enum(['asc', 'desc']).default(USER_DEFAULTS.direction),
  filterBy: z.coerce.number().int().default(USER_DEFAULTS.filterBy),
  firm: z.coerce.number().int().min(0).default(USER_DEFAULTS.firm),
  inactive: z.enum(USER_STATES).default(USER_DEFAULTS.inactive),
  searchTerm: q.text(100).default(''),
});
export type UserListQuery = z.infer<typeof listQuery>;

/** Text of the profile form: at most 200 characters (docs/users.md#limits), blank answered with its own line. */
const named = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, 'At most 200 characters');
/** A stored image's URL (lib/contract/files.ts): `file/image?firm={firm}&name={stored name}`. */
export const PHOTO_URL = /^file\/image\?firm=(\d{1,9})&name=([A-Za-z0-9][A-Za-z0-9._-]{0,150})$/;
const positive = (message: string) => z.number({ error: message }).int(message).positive(message);

/** The user form's fields (userInput adds the rules of a new user; the users import checks its rows with these). */
export const userFields = z.object({
  /** -1 adds a user. */
  user: z.number().int(),
  contact: z.number().int().default(-1),
  /** The location of a new user (default: the caller's); ignored for an existing one (see the Locations tab). */
  firm: z.number().int().positive().optional(),
  contactType: positive(MESSAGES.required),
  username: username(),
  firstName: named(USER_MESSAGES.firstName),
  lastName: named(USER_MESSAGES.lastName),
  /** Only when adding. */
  password: passwordRule.optional(),
  /** Null only for a user who has none yet (the form asks for one: "Please supply a Role."). */
  role: positive(USER_MESSAGES.role).nullable(),
  /** A decimal (docs/users.md#validation); null only for a user who has none yet (the form asks for one). */
  laborRate: z
    .number({ error: USER_MESSAGES.laborRate })
    .min(0, 'Labor rate cannot be negative.')
    .max(100_000, 'Labor rate is too large.')
    .nullable(),
  timezone: positive(USER_MESSAGES.timezone),
  language: positive(USER_MESSAGES.language),
  isInactive: z.boolean().default(false),
  receivesReport: z.boolean().default(false),
  receivesInvoice: z.boolean().default(false),
  /** The photo: a stored image's URL as file/upload answered it, null for none; left out, it stays as it is. */
  imagePhotoPath: z.string().max(300).regex(PHOTO_URL, 'Not an uploaded image.').nullable().optional(),
});

/** A new user needs a role and a labor rate (and, in the form, a password). */
export function newUserRules(u: { user: number; role: number | null; laborRate: number | null }, ctx: z.RefinementCtx): void {
  if (u.user > 0) return;
  if (u.role === null) ctx.addIssue({ code: 'custom', path: ['role'], message: USER_MESSAGES.role });
  if (u.laborRate === null) ctx.addIssue({ code: 'custom', path: ['laborRate'], message: USER_MESSAGES.laborRate });
}

export const userInput = userFields
  .superRefine((u, ctx) => {
    if (u.user <= 0 && u.password === undefined) ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.passwordEmpty });
    newUserRules(u, ctx);
  })
  .meta({ 'x-rules': ['A new user (user <= 0): password, role and laborRate are required'] });
export type UserInput = z.input<typeof userInput>;

const userIds = z.array(z.number().int().positive()).min(1, 'Choose at least one user.').max(500);

const locationLink = z.object({
  firm: z.number().int().positive(),
  user: z.number().int().positive(),
  /** Cleared by the client (docs/users.md#calls). */
  userFirm: z.number().int().nullable().default(0),
  checked: z.literal(true, { error: 'Only checked locations are saved.' }),
  isPrimary: z.union([z.literal(0), z.literal(1)]),
});

// ── calls ───────────────────────────────────────────────────────────────────────────────────────
export const profile = defineCall({
  method: 'GET',
  path: 'user/profile',
  query: z.object({ username: q.text().pipe(z.email(MESSAGES.email)) }),
  response: userProfile,
  access: 'signed-in',
  bff: true,
});

export const users = defineCall({
  method: 'GET',
  path: 'user/users',
  query: listQuery,
  response: userList,
  access: USER_ADMINS,
  bff: true,
});

export const roles = defineCall({
  method: 'GET',
  path: 'user/roles',
  query: z.object({ firm: q.id() }),
  response: z.array(roleItem),
  access: USER_ADMINS,
  bff: true,
});

export const verifyUsername = defineCall({
  method: 'GET',
  path: 'user/verifyUsername',
  query: z.object({ username: q.text().pipe(z.email(MESSAGES.email)) }),
  response: z.object({ exists: z.boolean() }),
  access: USER_ADMINS,
  bff: true,
});

export const saveUser = defineCall({
  refuses: [403],
  method: 'POST',
  path: 'user/saveUser',
  body: userInput,
  response: z.object({ id: z.number().int(), contact: z.number().int() }),
  access: 'signed-in',
  bff: true,
  // Deactivating a user in the form ends their sessions (the host refuses their tokens as well).
  endsSessionsOf: (body, answer) => (body.isInactive ? [answer.id] : []),
});

export const saveUserEmail = defineCall({
  refuses: [403],
  writes: true,
  method: 'GET',
  path: 'user/saveUserEmail',
  query: z.object({ user: q.id(), username: q.text().pipe(username()) }),
  response: z.object({ success: z.literal(true), user: z.number().int(), username: z.string() }),
  access: 'signed-in',
  bff: true,
  endsSessionsOf: (_body, answer) => [answer.user],
});

export const activateUsers = defineCall({
  method: 'POST',
  path: 'user/activateUsers',
  body: z
    .array(
      z.object({
        username: username(),
        token: z.union([z.literal(0), z.literal(1)], { error: 'token is 1 (activate) or 0 (deactivate)' }),
      }),
    )
    .min(1, 'Choose at least one user.')
    .max(500),
  response: z.object({ count: z.number().int().nonnegative(), deactivated: z.array(z.number().int()) }),
  access: USER_ADMINS,
  bff: true,
  endsSessionsOf: (_body, answer) => answer.deactivated,
});

export const updateUserParams = defineCall({
  method: 'POST',
  path: 'user/updateUserParams',
  body: z
    .object({ users: userIds, isInactive: z.boolean().optional(), receivesReport: z.boolean().optional() })
    .refine((b) => b.isInactive !== undefined || b.receivesReport !== undefined, 'Nothing to change.'),
  response: z.object({ count: z.number().int().nonnegative() }),
  access: USER_ADMINS,
  bff: true,
  endsSessionsOf: (body) => (body.isInactive ? body.users : []),
});

export const deleteUsers = defineCall({
  method: 'POST',
  path: 'user/deleteUsers',
  body: z.object({ users: userIds }),
  response: z.object({ count: z.number().int().nonnegative() }),
  access: USER_ADMINS,
  bff: true,
  endsSessionsOf: (body) => body.users,
});

export const userLocations = defineCall({
  method: 'GET',
  path: 'user/userLocations',
  query: z.object({ user: q.id(), isAll: q.flag().default(false) }),
  response: z.array(userLocation),
  access: LOCATION_ADMIN_ROLES,
  bff: true,
});

export const saveUserLocations = defineCall({
  method: 'POST',
  path: 'user/saveUserLocations',
  body: z
    .array(locationLink)
    .min(1, USER_MESSAGES.noLocation)
    .max(10_000)
    .superRefine((links, ctx) => {
      if (links.length === 0) return;
      if (new Set(links.map((l) => l.user)).size > 1) ctx.addIssue({ code: 'custom', message: 'All links must be of one user.' });
      if (new Set(links.map((l) => l.firm)).size < links.length) ctx.addIssue({ code: 'custom', message: 'A location is listed twice.' });
      if (links.filter((l) => l.isPrimary === 1).length !== 1) ctx.addIssue({ code: 'custom', message: USER_MESSAGES.onePrimary });
    })
    .meta({ 'x-rules': ['All links of one user', 'Each location once', `Exactly one primary location (${USER_MESSAGES.onePrimary})`] }),
  response: z.object({ user: z.number().int(), count: z.number().int() }),
  access: LOCATION_ADMIN_ROLES,
  bff: true,
});

/**
 * Sets a user's password. Who may: the user themself, who must also send their current password
 * (`currentPassword`: 400 on that field when missing or wrong; after 10 wrong ones in 15 minutes 429, so a
 * borrowed session cannot guess it); an administrator (roles 1, 2) for a
 * user of their firms whose role is not more privileged than their own (lib/roles.ts maySetPassword), without
 * it; another firm's or an unknown user is 404, any other refusal 403. The answer names the user (a
 * decision: the specification shows no shape), whose other sessions the change ends.
 */
export const saveCredentials = defineCall({
  refuses: [403, 429],
  method: 'POST',
  path: 'user/saveCredentials',
  body: z.object({
    username: z.email('Required, formatted email address').max(200),
    password: passwordRule,
    currentPassword: z.string().max(200, 'At most 200 characters').optional(),
  }),
  response: z.object({ success: z.literal(true), user: z.number().int() }),
  access: 'signed-in',
  bff: true,
  endsSessionsOf: (_body, answer) => [answer.user],
});
