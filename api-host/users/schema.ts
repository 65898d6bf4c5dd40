/** Schema of users (docs/users.md#fields "User", #fields "User-location link"). */
export const USERS_SCHEMA = /* sql */ `
CREATE TABLE user (
  user             INTEGER PRIMARY KEY,
  contact          INTEGER NOT NULL REFERENCES contact(contact),
  firm             INTEGER NOT NULL REFERENCES firm(firm),
  username         TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash    TEXT NOT NULL,
  role             INTEGER,
  labor_rate       REAL,
  is_inactive      INTEGER NOT NULL DEFAULT 0,
  receives_report  INTEGER NOT NULL DEFAULT 0,
  receives_invoice INTEGER NOT NULL DEFAULT 0,
  -- Every login token issued to the user up to this moment (epoch ms) is revoked, except the one named
  -- (api-host/auth/sessions.ts): a password change, deactivation or deletion ends the user's sessions.
  tokens_revoked_at     INTEGER,
  tokens_revoked_except TEXT
);
CREATE INDEX user_contact ON user(contact);

-- The locations a user may access (docs/users.md#screens, Locations tab).
CREATE TABLE user_firm (
  user       INTEGER NOT NULL REFERENCES user(user),
  firm       INTEGER NOT NULL REFERENCES firm(firm),
  is_primary INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user, firm)
);
`;

/**
 * The role names (the specification shows none: "contents not shown"; the labels of docs/roles.md#role-ids where it
 * gives them), the user's photo, deletion, and the indexes of the user list and of firm reach.
 *
 * Decisions:
 * - A deleted user keeps its row (jobs and logs still name it): deleted_at is set, the user becomes
 *   inactive (its tokens stand no more), its username is set aside (`deleted-{id}-{name}`, so the name can
 *   be given again and can no longer sign in) and its locations go. Every user call ignores deleted rows.
 * - The list sorts by id, username, role, location, state and name; the partial indexes below serve the
 *   id, role, state and location orders and filters; name and location orders sort the caller's users.
 */
export const USERS_SCHEMA_2 = /* sql */ `
CREATE TABLE role (
  role INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);
INSERT INTO role (role, name) VALUES
  (1, 'Super User'), (2, 'Administrator'), (3, 'Franchiser (admin)'), (4, 'Shop (admin)'), (5, 'Shop (user)'),
  (6, 'Franchiser (accounting)'), (7, 'Franchiser (user)'), (8, 'Franchisee (admin)'), (9, 'Franchisee (user)'),
  (10, 'Network support'), (11, 'Network trainer'), (12, 'Franchisee (manager)'), (13, 'Franchisee (estimator)'),
  (14, 'Regional manager'), (15, 'Shop (technician)'), (16, 'Shop (estimator)'), (17, 'Shop (read only)');

ALTER TABLE user ADD COLUMN image_photo_path TEXT;
ALTER TABLE user ADD COLUMN deleted_at TEXT;

CREATE INDEX user_live_firm     ON user(firm, user)                WHERE deleted_at IS NULL;
CREATE INDEX user_live_role     ON user(role, user)                WHERE deleted_at IS NULL;
CREATE INDEX user_live_inactive ON user(is_inactive, user)         WHERE deleted_at IS NULL;
CREATE INDEX user_live_reports  ON user(receives_report, user)     WHERE deleted_at IS NULL;
CREATE INDEX user_firm_firm     ON user_firm(firm, user);
CREATE UNIQUE INDEX user_firm_one_primary ON user_firm(user) WHERE is_primary = 1;
`;
