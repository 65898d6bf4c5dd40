/** Schema of users (administration §3 "User", operations §3 "User-location link"). */
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

-- The locations a user may access (administration §2, Locations tab).
CREATE TABLE user_firm (
  user       INTEGER NOT NULL REFERENCES user(user),
  firm       INTEGER NOT NULL REFERENCES firm(firm),
  is_primary INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user, firm)
);
`;
