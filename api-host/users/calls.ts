/**
 * User calls (lib/contract/users.ts holds the decisions on shapes). Every user is scoped by their location
 * (user.firm): a user whose location the caller does not reach answers the same 404 as an unknown or a
 * deleted one. Who may change what follows lib/roles.ts (mayAdministerUser, mayEditLocations,
 * maySetPassword); a refusal the caller can see the user for is 403 with the reason. Deactivating,
 * deleting or renaming a user ends their sessions in the same transaction (auth/sessions.ts); deactivating,
 * deleting or taking locations from a user revokes the shared links they no longer stand for (links/service.ts).
 */
import { access } from 'node:fs/promises';
import type { z } from 'zod';
import { contract } from '../../lib/contract';
import { PHOTO_URL, type UserLocation, type UserProfile } from '../../lib/contract/users';
import { CURRENT_PASSWORD_MESSAGES } from '../../lib/validation/password';
import { isAdminRole, mayAdministerUser, mayEditLocations, maySetPassword, privilegeRank, roleToStore } from '../../lib/roles';
import { USER_MESSAGES } from '../../lib/validation/messages';
import { endSessions, WindowCounts, perHost, waitMessage } from '../auth/service';
import type { Db } from '../core/db';
import { hashPassword, verifyPassword } from '../core/passwords';
import { firmPath } from '../files/service';
import { announceChange } from '../push/service';
import { revokeLinksBeyond } from '../links/service';
import type { Caller } from '../core/caller';
import type { HostContext } from '../core/context';
import { HttpError, badRequest, forbidden, notFound } from '../core/errors';
import { implement } from '../core/implement';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { setPassword } from './credentials';
import { listUsers } from './query';
import { withUserHistory } from './history';

const { users: u } = contract;

// ── helpers ─────────────────────────────────────────────────────────────────────────────────────
interface UserHead {
  user: number;
  contact: number;
  firm: number;
  role: number | null;
  username: string;
  is_inactive: number;
  labor_rate: number | null;
  receives_report: number;
  receives_invoice: number;
}

const HEAD_SQL = `SELECT user, contact, firm, role, username, is_inactive, labor_rate, receives_report, receives_invoice FROM user WHERE deleted_at IS NULL`;

/** The live user if the caller may see them (their own account, or one whose location they reach); else 404. */
function visibleUser(db: Db, caller: Caller, by: { id: number } | { username: string }, what = 'User'): UserHead {
  const row =
    'id' in by
      ? prepared<UserHead>(db, `${HEAD_SQL} AND user = ?`).get(by.id)
      : prepared<UserHead>(db, `${HEAD_SQL} AND username = ?`).get(by.username);
  if (!row || (row.user !== caller.user && !caller.firms.has(row.firm))) throw notFound(what);
  return row;
}

const callerOf = (caller: Caller) => ({ user: caller.user, role: caller.role });

/** Wrong current passwords per user within the window, before the change is refused for its rest. */
const WRONG_CURRENT_MAX = 10;
const wrongCurrentOf = perHost(() => new WindowCounts(15 * 60_000));

/**
 * A change of one's own password needs the current one: a session left open (or taken) must not be enough
 * to take the account. Wrong answers are counted per user (10 in 15 minutes, then 429), apart from sign-in
 * failures so a taken session cannot lock its owner's sign-in out either.
 */
async function checkCurrentPassword(ctx: HostContext, user: number, current: string | undefined): Promise<void> {
  if (!current) throw badRequest(CURRENT_PASSWORD_MESSAGES.required, { currentPassword: [CURRENT_PASSWORD_MESSAGES.required] });
  const wrong = wrongCurrentOf(ctx);
  const key = String(user);
  const wait = wrong.wait(key, WRONG_CURRENT_MAX);
  if (wait > 0) throw new HttpError(429, waitMessage('Too many wrong current passwords.', wait));
  const hash = oneRow(preparedValue<string>(ctx.db, 'SELECT password_hash FROM user WHERE user = ?').get(user));
  if (await verifyPassword(current, hash)) return;
  wrong.add(key);
  throw badRequest(CURRENT_PASSWORD_MESSAGES.wrong, { currentPassword: [CURRENT_PASSWORD_MESSAGES.wrong] });
}

/** 400 with the field's message unless the id is a value of its lookup group (or a known role). */
function checkReferences(db: Db, body: { contactType: number; timezone: number; language: number; role: number | null }): void {
  const errors: Record<string, string[]> = {};
  const lookup = (key: string, id: number) => !!prepared(db, 'SELECT 1 FROM lookup WHERE key = ? AND id = ?').get(key, id);
  if (!lookup('ContactType', body.contactType)) errors.contactType = ['Unknown contact type'];
  if (!lookup('TimeZone', body.timezone)) errors.timezone = [USER_MESSAGES.timezone];
  if (!lookup('Language', body.language)) errors.language = [USER_MESSAGES.language];
  if (body.role !== null && !prepared(db, 'SELECT 1 FROM role WHERE role = ?').get(body.role)) errors.role = [USER_MESSAGES.role];
  if (Object.keys(errors).length) throw badRequest('Please correct the highlighted fields.', errors);
}

/** 400 unless the photo is a stored image in a folder of a firm the caller reaches (null clears it). */
async function checkPhoto(ctx: HostContext, caller: Caller, url: string | null | undefined): Promise<void> {
  if (url == null) return;
  const [, firm, name] = PHOTO_URL.exec(url)!;
  const bad = () => badRequest('Not an uploaded image.', { imagePhotoPath: ['Not an uploaded image.'] });
  if (!caller.firms.has(Number(firm))) throw bad();
  await access(firmPath(ctx.filesDir, Number(firm), name)).catch(() => {
    throw bad();
  });
}

export function assertUsernameFree(db: Db, username: string, except = -1): void {
  if (prepared(db, 'SELECT 1 FROM user WHERE username = ? AND user <> ?').get(username, except))
    throw badRequest(USER_MESSAGES.usernameTaken, { username: [USER_MESSAGES.usernameTaken] });
}

export interface NewUser {
  firm: number;
  contactType: number;
  username: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  role: number | null;
  laborRate: number | null;
  timezone: number;
  language: number;
  isInactive?: boolean;
  receivesReport?: boolean;
  receivesInvoice?: boolean;
  imagePhotoPath?: string | null;
  /** Who adds the user (their history's first row; none: the user themselves, as onboarding's first user). */
  createdBy?: number | null;
}

/**
 * Adds a user with their contact, primary location and email, in one transaction (a savepoint inside a
 * caller's): saveUser and onboarding's first user. The username is checked again inside.
 */
export function insertUser(db: Db, user: NewUser): { id: number; contact: number } {
  return db.transaction(() =>
    withUserHistory(
      db,
      user.createdBy ?? null,
      null,
      () => {
        // Checked again inside the transaction: another request may have taken the name meanwhile.
        assertUsernameFree(db, user.username);
        const contact = Number(
          prepared(db, 'INSERT INTO contact (firm, contact_type, first_name, last_name, timezone, language) VALUES (?, ?, ?, ?, ?, ?)').run(
            user.firm,
            user.contactType,
            user.firstName,
            user.lastName,
            user.timezone,
            user.language,
          ).lastInsertRowid,
        );
        const id = Number(
          prepared(
            db,
            `INSERT INTO user (contact, firm, username, password_hash, role, labor_rate, is_inactive, receives_report, receives_invoice, image_photo_path)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          ).run(
            contact,
            user.firm,
            user.username,
            user.passwordHash,
            user.role,
            user.laborRate,
            user.isInactive ? 1 : 0,
            user.receivesReport ? 1 : 0,
            user.receivesInvoice ? 1 : 0,
            user.imagePhotoPath ?? null,
          ).lastInsertRowid,
        );
        prepared(db, 'INSERT INTO user_firm (user, firm, is_primary) VALUES (?, ?, 1)').run(id, user.firm);
        // The username is the user's email address: their contact can be reached at it (Contact Info tab).
        prepared(db, 'INSERT INTO contact_email (contact, email_type, email_address, is_primary) VALUES (?, 1, ?, 1)').run(
          contact,
          user.username,
        );
        return { id, contact };
      },
      (r) => r.id,
    ),
  )();
}

const PROFILE_SQL = `
  SELECT u.user, u.contact, u.firm, f.name AS firmName, u.username, c.first_name AS firstName, c.last_name AS lastName,
         c.contact_type AS contactType, ct.value AS contactTypeName, u.role, r.name AS roleName, c.timezone, tz.value AS timezoneName,
         c.language, lang.value AS languageName, u.labor_rate AS laborRate, u.is_inactive, u.receives_report, u.receives_invoice,
         u.image_photo_path AS imagePhotoPath
  FROM user u JOIN contact c ON c.contact = u.contact JOIN firm f ON f.firm = u.firm
  LEFT JOIN role r ON r.role = u.role
  LEFT JOIN lookup ct ON ct.key = 'ContactType' AND ct.id = c.contact_type
  LEFT JOIN lookup tz ON tz.key = 'TimeZone' AND tz.id = c.timezone
  LEFT JOIN lookup lang ON lang.key = 'Language' AND lang.id = c.language
  WHERE u.username = ? AND u.deleted_at IS NULL`;

type ProfileRow = Omit<
  UserProfile,
  'roles' | 'email' | 'isInactive' | 'receivesReport' | 'receivesInvoice' | 'contactTypeName' | 'roleName' | 'timezoneName' | 'languageName'
> & {
  // Outer-joined names: null where the user has no such lookup.
  contactTypeName: string | null;
  roleName: string | null;
  timezoneName: string | null;
  languageName: string | null;
  is_inactive: number;
  receives_report: number;
  receives_invoice: number;
};

function readProfile(db: Db, caller: Caller, username: string): UserProfile {
  const row = prepared<ProfileRow>(db, PROFILE_SQL).get(username);
  // Another firm's user is answered as unknown: the caller learns nothing about it.
  if (!row || (row.user !== caller.user && !caller.firms.has(row.firm))) throw notFound('User');
  const { is_inactive, receives_report, receives_invoice, ...rest } = row;
  return {
    ...rest,
    email: row.username,
    contactTypeName: row.contactTypeName ?? '',
    roles: row.role == null ? '' : String(row.role),
    roleName: row.roleName ?? '',
    timezoneName: row.timezoneName ?? '',
    languageName: row.languageName ?? '',
    isInactive: !!is_inactive,
    receivesReport: !!receives_report,
    receivesInvoice: !!receives_invoice,
  };
}

/** The users of a multi-user call, each visible (else 404 naming it), each one the caller may administer (else 403). */
function administered(db: Db, caller: Caller, ids: readonly ({ id: number } | { username: string })[], selfMessage: string): UserHead[] {
  return ids.map((by) => {
    const target = visibleUser(db, caller, by, `User ${'id' in by ? by.id : by.username}`);
    if (target.user === caller.user) throw forbidden(selfMessage);
    if (!mayAdministerUser(callerOf(caller), target)) throw forbidden(`You may not change the account of ${target.username}.`);
    return target;
  });
}

const SELF = {
  deactivate: 'You cannot deactivate your own account.',
  delete: 'You cannot delete your own account.',
  role: 'You cannot change your own role.',
  adminFields: 'Only an administrator can change the labor rate and the report settings.',
} as const;

// ── the network of locations ────────────────────────────────────────────────────────────────────
/**
 * The firms the caller reaches, in network order: from their topmost locations down, siblings by name.
 * The reach is closed downward (core/reach.ts), so walking down from its roots visits exactly it.
 */
const TREE_SQL = `
  WITH RECURSIVE reach(firm) AS (SELECT value FROM json_each(@reach)),
  tree(firm, depth, path) AS (
    SELECT f.firm, 0, f.name || char(30) || printf('%010d', f.firm) FROM firm f
    WHERE f.firm IN (SELECT firm FROM reach) AND (f.parent IS NULL OR f.parent NOT IN (SELECT firm FROM reach))
    UNION ALL
    SELECT c.firm, t.depth + 1, t.path || char(31) || c.name || char(30) || printf('%010d', c.firm) FROM firm c JOIN tree t ON c.parent = t.firm
  )
  SELECT t.firm, f.name AS firm_name, f.firm_type, f.parent, t.depth, l.rowid AS user_firm, l.is_primary
  FROM tree t JOIN firm f ON f.firm = t.firm LEFT JOIN user_firm l ON l.user = @user AND l.firm = t.firm`;

function userLocations(db: Db, caller: Caller, user: number, isAll: boolean): UserLocation[] {
  const rows = prepared<{
    firm: number;
    firm_name: string;
    firm_type: string;
    parent: number | null;
    depth: number;
    user_firm: number | null;
    is_primary: number | null;
  }>(db, `${TREE_SQL} ${isAll ? '' : 'WHERE l.rowid IS NOT NULL'} ORDER BY t.path COLLATE NOCASE`).all({
    reach: JSON.stringify([...caller.firms]),
    user,
  });
  return rows.map((r) => ({
    firm: r.firm,
    firmName: r.firm_name,
    firmType: r.firm_type,
    parent: r.parent,
    depth: r.depth,
    user,
    userFirm: r.user_firm ?? 0,
    checked: r.user_firm != null,
    isPrimary: r.is_primary ? 1 : 0,
  }));
}

// ── saves (the users screen and the users import) ───────────────────────────────────────────────
type UserBody = Omit<z.output<typeof u.saveUser.body>, 'password'>;

/** A new user's rules: a role the caller may give, a location they reach, known references, a free username. */
function checkNewUser(db: Db, caller: Caller, body: UserBody): { role: number; firm: number } {
  // The contract requires a role and a labor rate for a new user.
  const role = roleToStore(body.role!);
  if (!mayAdministerUser(callerOf(caller), { user: -1, role })) throw forbidden('You may not add this user.');
  const firm = body.firm ?? caller.firm;
  if (!caller.firms.has(firm)) throw badRequest('Please correct the highlighted fields.', { firm: ['Unknown location'] });
  checkReferences(db, body);
  assertUsernameFree(db, body.username);
  return { role, firm };
}

/**
 * saveUser once a new user's password is hashed and the photo checked: adds the user (body.user <= 0) or
 * updates one under the screen's rules (self, role rank, administered users). Also the users import's
 * writer. Runs in its own transaction (a savepoint inside a caller's).
 */
export function writeUser(ctx: HostContext, caller: Caller, body: UserBody, passwordHash: string): { id: number; contact: number } {
  const db = ctx.db;
  if (body.user <= 0) {
    const { role, firm } = checkNewUser(db, caller, body);
    return insertUser(db, {
      firm,
      contactType: body.contactType,
      username: body.username,
      firstName: body.firstName,
      lastName: body.lastName,
      passwordHash,
      role,
      laborRate: body.laborRate,
      timezone: body.timezone,
      language: body.language,
      isInactive: body.isInactive,
      receivesReport: body.receivesReport,
      receivesInvoice: body.receivesInvoice,
      imagePhotoPath: body.imagePhotoPath ?? null,
      createdBy: caller.user,
    });
  }

  const target = visibleUser(db, caller, { id: body.user });
  const self = target.user === caller.user;
  if (body.role === null && target.role !== null) throw badRequest(USER_MESSAGES.role, { role: [USER_MESSAGES.role] });
  if (body.laborRate === null && target.labor_rate !== null)
    throw badRequest(USER_MESSAGES.laborRate, { laborRate: [USER_MESSAGES.laborRate] });
  const role = body.role === null ? null : body.role === 1 && target.role === 1 ? 1 : roleToStore(body.role);
  if (self) {
    if (role !== target.role) throw forbidden(SELF.role);
    if (body.isInactive && !target.is_inactive) throw forbidden(SELF.deactivate);
    const adminFieldsChanged =
      body.laborRate !== target.labor_rate ||
      body.receivesReport !== !!target.receives_report ||
      body.receivesInvoice !== !!target.receives_invoice;
    if (adminFieldsChanged && !isAdminRole(caller.role)) throw forbidden(SELF.adminFields);
  } else {
    if (!mayAdministerUser(callerOf(caller), target)) throw forbidden(`You may not change the account of ${target.username}.`);
    if (privilegeRank(role) < privilegeRank(caller.role)) throw forbidden('You may not give a role above your own.');
  }
  checkReferences(db, body);
  db.transaction(() =>
    withUserHistory(db, caller.user, target.user, () => {
      prepared(db, 'UPDATE contact SET contact_type = ?, first_name = ?, last_name = ?, timezone = ?, language = ? WHERE contact = ?').run(
        body.contactType,
        body.firstName,
        body.lastName,
        body.timezone,
        body.language,
        target.contact,
      );
      prepared(
        db,
        'UPDATE user SET role = ?, labor_rate = ?, is_inactive = ?, receives_report = ?, receives_invoice = ? WHERE user = ?',
      ).run(role, body.laborRate, body.isInactive ? 1 : 0, body.receivesReport ? 1 : 0, body.receivesInvoice ? 1 : 0, target.user);
      if (body.imagePhotoPath !== undefined)
        prepared(db, 'UPDATE user SET image_photo_path = ? WHERE user = ?').run(body.imagePhotoPath, target.user);
      if (body.isInactive && !target.is_inactive) {
        endSessions(ctx, target.user);
        revokeLinksBeyond(db, target.user);
      }
    }),
  )();
  return { id: target.user, contact: target.contact };
}

/** user/activateUsers inside the caller's transaction: token 1 activates, 0 deactivates (and ends the sessions). Also the users import's activation. */
export function activateUsers(
  ctx: HostContext,
  caller: Caller,
  items: readonly { username: string; token: 0 | 1 }[],
): { count: number; deactivated: number[] } {
  const db = ctx.db;
  const targets = items.map((b) => ({ ...b, head: visibleUser(db, caller, { username: b.username }, `User ${b.username}`) }));
  for (const t of targets) {
    if (t.head.user === caller.user) {
      if (t.token === 0) throw forbidden(SELF.deactivate);
      continue;
    }
    if (!mayAdministerUser(callerOf(caller), t.head)) throw forbidden(`You may not change the account of ${t.head.username}.`);
  }
  const set = prepared(db, 'UPDATE user SET is_inactive = ? WHERE user = ?');
  const deactivated: number[] = [];
  for (const t of targets) {
    withUserHistory(db, caller.user, t.head.user, () => set.run(t.token === 1 ? 0 : 1, t.head.user));
    if (t.token === 0) {
      endSessions(ctx, t.head.user);
      revokeLinksBeyond(db, t.head.user);
      deactivated.push(t.head.user);
    }
  }
  return { count: targets.length, deactivated };
}

/**
 * Announces (after the change committed) the users a call changed, and answers its result. `counted`: their
 * active state or location changed, so the user counts of their locations (the locations list) did too.
 */
function usersChanged<T>(ctx: HostContext, caller: Caller, result: T, ids: readonly number[], counted = false): T {
  announceChange(ctx, caller.user, 'user', ids);
  if (counted) {
    const firms = preparedValue<number>(ctx.db, 'SELECT DISTINCT firm FROM user WHERE user IN (SELECT value FROM json_each(?))').all(
      JSON.stringify(ids),
    );
    announceChange(ctx, caller.user, 'location', firms);
  }
  return result;
}

// ── calls ───────────────────────────────────────────────────────────────────────────────────────
export const userCalls = [
  implement(u.profile, ({ query, caller, ctx }) => readProfile(ctx.db, caller, query.username)),

  implement(u.users, ({ query, caller, ctx }) => listUsers(ctx.db, query, { firms: caller.firms })),

  implement(u.roles, ({ query, caller, ctx }) => {
    if (!caller.firms.has(query.firm)) throw notFound('Firm');
    const all = prepared<{ role: number; roleName: string }>(ctx.db, 'SELECT role, name AS roleName FROM role ORDER BY role').all();
    return all.filter((r) => privilegeRank(r.role) >= privilegeRank(caller.role));
  }),

  implement(u.verifyUsername, ({ query, ctx }) => ({
    exists: !!prepared(ctx.db, 'SELECT 1 FROM user WHERE username = ?').get(query.username),
  })),

  implement(u.saveUser, async ({ body, caller, ctx }) => {
    // The cheap checks before the slow hash and the photo's file check; writeUser checks them again.
    if (body.user <= 0) checkNewUser(ctx.db, caller, body);
    await checkPhoto(ctx, caller, body.imagePhotoPath);
    const hash = body.user <= 0 ? await hashPassword(body.password!) : '';
    const wasActive = prepared(ctx.db, 'SELECT is_inactive = 0 FROM user WHERE user = ?').pluck().get(body.user) === 1;
    const saved = writeUser(ctx, caller, body, hash);
    // Active before and inactive now, or not active before (or new) and active now: the location's count moved.
    const activeChanged = wasActive === body.isInactive;
    return usersChanged(ctx, caller, saved, [saved.id], activeChanged);
  }),

  implement(u.saveUserEmail, ({ query, caller, ctx }) => {
    const db = ctx.db;
    const target = visibleUser(db, caller, { id: query.user });
    if (target.user !== caller.user && !mayAdministerUser(callerOf(caller), target))
      throw forbidden(`You may not change the account of ${target.username}.`);
    if (query.username === target.username) return { success: true as const, user: target.user, username: target.username };
    assertUsernameFree(db, query.username, target.user);
    db.transaction(() =>
      withUserHistory(db, caller.user, target.user, () => {
        prepared(db, 'UPDATE user SET username = ? WHERE user = ?').run(query.username, target.user);
        // The contact's address that was the old username follows it.
        prepared(db, 'UPDATE contact_email SET email_address = ? WHERE contact = ? AND email_address = ?').run(
          query.username,
          target.contact,
          target.username,
        );
        // Every session carries the username: all of them end, the caller's own included when it is theirs.
        endSessions(ctx, target.user);
      }),
    )();
    return usersChanged(ctx, caller, { success: true as const, user: target.user, username: query.username }, [target.user]);
  }),

  implement(u.activateUsers, ({ body, caller, ctx }) => {
    const done = ctx.db.transaction(() => activateUsers(ctx, caller, body))();
    const ids = prepared(ctx.db, 'SELECT user FROM user WHERE username IN (SELECT value FROM json_each(?))')
      .pluck()
      .all(JSON.stringify(body.map((b) => b.username)));
    return usersChanged(ctx, caller, done, ids as number[], true);
  }),

  implement(u.updateUserParams, ({ body, caller, ctx }) => {
    const db = ctx.db;
    const done = db.transaction(() => {
      const targets = administered(
        db,
        caller,
        body.users.map((id) => ({ id })),
        body.isInactive ? SELF.deactivate : SELF.adminFields,
      );
      for (const t of targets)
        withUserHistory(db, caller.user, t.user, () => {
          if (body.isInactive !== undefined)
            prepared(db, 'UPDATE user SET is_inactive = ? WHERE user = ?').run(body.isInactive ? 1 : 0, t.user);
          if (body.receivesReport !== undefined)
            prepared(db, 'UPDATE user SET receives_report = ? WHERE user = ?').run(body.receivesReport ? 1 : 0, t.user);
          if (body.isInactive) {
            endSessions(ctx, t.user);
            revokeLinksBeyond(db, t.user);
          }
        });
      return { count: targets.length };
    })();
    return usersChanged(ctx, caller, done, body.users, body.isInactive !== undefined);
  }),

  implement(u.deleteUsers, ({ body, caller, ctx }) => {
    const db = ctx.db;
    // A deleted user keeps their row (deleted_at): the notice still finds their firm.
    const done = db.transaction(() => {
      const targets = administered(
        db,
        caller,
        body.users.map((id) => ({ id })),
        SELF.delete,
      );
      for (const t of targets)
        withUserHistory(db, caller.user, t.user, () => {
          prepared(
            db,
            `UPDATE user SET deleted_at = strftime('%Y-%m-%dT%H:%M:%SZ','now'), is_inactive = 1, username = 'deleted-' || user || '-' || username WHERE user = ?`,
          ).run(t.user);
          prepared(db, 'DELETE FROM user_firm WHERE user = ?').run(t.user);
          endSessions(ctx, t.user);
          revokeLinksBeyond(db, t.user);
        });
      return { count: targets.length };
    })();
    return usersChanged(ctx, caller, done, body.users, true);
  }),

  implement(u.userLocations, ({ query, caller, ctx }) => {
    const target = visibleUser(ctx.db, caller, { id: query.user });
    if (!mayEditLocations(callerOf(caller), target)) throw forbidden("You may not see this user's locations.");
    return userLocations(ctx.db, caller, target.user, query.isAll);
  }),

  implement(u.saveUserLocations, ({ body, caller, ctx }) => {
    const db = ctx.db;
    const [first] = body;
    if (!first) throw badRequest(USER_MESSAGES.noLocation);
    const target = visibleUser(db, caller, { id: first.user });
    if (!mayEditLocations(callerOf(caller), target)) throw forbidden("You may not change this user's locations.");
    // A caller can give only locations within their own reach (unknown ids read the same).
    const outside = body.find((l) => !caller.firms.has(l.firm));
    if (outside) {
      const message = `Location ${outside.firm} is not one you can give access to.`;
      throw badRequest(message, { firm: [message] });
    }
    const primary = body.find((l) => l.isPrimary === 1)!.firm;
    db.transaction(() =>
      withUserHistory(db, caller.user, target.user, () => {
        // Links to locations beyond the caller's reach stay as they are (the caller cannot see them).
        const kept = preparedValue<number>(db, 'SELECT firm FROM user_firm WHERE user = ?')
          .all(target.user)
          .filter((f) => !caller.firms.has(f));
        prepared(db, 'DELETE FROM user_firm WHERE user = ?').run(target.user);
        const insert = prepared(db, 'INSERT INTO user_firm (user, firm, is_primary) VALUES (?, ?, ?)');
        for (const f of kept) insert.run(target.user, f, 0);
        for (const l of body) insert.run(target.user, l.firm, l.firm === primary ? 1 : 0);
        // The primary location is the user's location; their own contact moves with them.
        prepared(db, 'UPDATE user SET firm = ? WHERE user = ?').run(primary, target.user);
        prepared(db, 'UPDATE contact SET firm = ? WHERE contact = ?').run(primary, target.contact);
        revokeLinksBeyond(db, target.user);
      }),
    )();
    const moved = primary !== target.firm;
    // Who reached the user at their old location hears that the row left their list.
    if (moved) {
      announceChange(ctx, caller.user, 'user', [target.user], target.firm);
      announceChange(ctx, caller.user, 'location', [target.firm]);
    }
    return usersChanged(ctx, caller, { user: target.user, count: body.length }, [target.user], moved);
  }),

  implement(u.saveCredentials, async ({ body, caller, ctx }) => {
    const target = prepared<{ user: number; firm: number; role: number | null }>(
      ctx.db,
      'SELECT user, firm, role FROM user WHERE username = ? AND deleted_at IS NULL',
    ).get(body.username);
    // A user the caller cannot reach is answered as unknown; one they reach but may not administer is 403.
    if (!target || (target.user !== caller.user && !caller.firms.has(target.firm))) throw notFound('User');
    if (!maySetPassword(caller, target)) throw forbidden('You may not change the password of this user.');
    const own = target.user === caller.user;
    if (own) await checkCurrentPassword(ctx, target.user, body.currentPassword);
    // The caller keeps their own session when the password was their own.
    await setPassword(ctx, target.user, body.password, own ? caller.tokenId : null, caller.user);
    return { success: true as const, user: target.user };
  }),
];
