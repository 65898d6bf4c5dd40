/** Schema of the auth host: single-use SSO temp tokens, password-reset requests, revoked login tokens. */
export const AUTH_SCHEMA = /* sql */ `
CREATE TABLE temp_token (
  token_hash TEXT PRIMARY KEY,
  user       INTEGER NOT NULL REFERENCES user(user),
  expires_at INTEGER NOT NULL,
  used_at    INTEGER
);

CREATE TABLE password_reset (
  id           INTEGER PRIMARY KEY,
  user         INTEGER REFERENCES user(user),
  username     TEXT NOT NULL,
  requested_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);

-- Login tokens revoked one by one (logout), kept until they would have expired (sessions.ts).
CREATE TABLE revoked_token (
  jti        TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
CREATE INDEX revoked_token_expiry ON revoked_token(expires_at);
`;

/** Single-use password-reset links (auth/reset-tokens.ts). */
export const RESET_TOKEN_SCHEMA = /* sql */ `
CREATE TABLE reset_token (
  token_hash TEXT PRIMARY KEY,
  user       INTEGER NOT NULL REFERENCES user(user),
  expires_at INTEGER NOT NULL,
  used_at    INTEGER
);
CREATE INDEX reset_token_user ON reset_token(user, expires_at);
`;
