/** What other areas may use of users: writing users (import, onboarding), setting a password, a firm's active users, and a user's name in SQL. */
export { activateUsers, insertUser, writeUser } from './calls';
export { setPassword } from './credentials';
export { activeUsersOf } from './query';

/** SQL for the display name of the user in `column` (first and last name of their contact). */
export const userName = (column: string) =>
  `(SELECT trim(c.first_name || ' ' || c.last_name) FROM user u JOIN contact c ON c.contact = u.contact WHERE u.user = ${column})`;
/** A user as their history shows them (api-host/history reads their scope). */
export { userSnapshot } from './history';
