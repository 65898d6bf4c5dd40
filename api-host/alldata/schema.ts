/**
 * Schema of a firm's ALLDATA account (lib/contract/alldata-account.ts) and of the stand-in ALLDATA
 * authorization server (stand-in.ts). The API keeps the firm's tokens, since it opens ALLDATA on the
 * firm's behalf; the stand-in keeps only hashes of the codes and tokens it issued.
 */
export const ALLDATA_SCHEMA = /* sql */ `
CREATE TABLE alldata_connection (
  firm           INTEGER PRIMARY KEY REFERENCES firm(firm),
  access_token   TEXT NOT NULL,
  refresh_token  TEXT NOT NULL DEFAULT '',
  scope          TEXT NOT NULL DEFAULT '',
  expires_at     TEXT NOT NULL,
  connected_by   INTEGER REFERENCES user(user),
  connected_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);

-- Stand-in: authorization codes (single use, short-lived, bound to the client, redirect URI and PKCE challenge).
CREATE TABLE alldata_oauth_code (
  code_hash       TEXT PRIMARY KEY,
  client_id       TEXT NOT NULL,
  redirect_uri    TEXT NOT NULL,
  code_challenge  TEXT NOT NULL,
  scope           TEXT NOT NULL,
  expires_at      INTEGER NOT NULL,
  used_at         INTEGER
) WITHOUT ROWID;

-- Stand-in: access and refresh tokens; a refresh token is used once (rotation).
CREATE TABLE alldata_oauth_token (
  token_hash  TEXT PRIMARY KEY,
  kind        TEXT NOT NULL CHECK (kind IN ('access','refresh')),
  client_id   TEXT NOT NULL,
  scope       TEXT NOT NULL,
  expires_at  INTEGER NOT NULL,
  used_at     INTEGER
) WITHOUT ROWID;
CREATE INDEX alldata_oauth_token_expiry ON alldata_oauth_token(expires_at);
`;

/** Stand-in: single-use document tickets (issueDocumentTicket), bound to one document path. */
export const ALLDATA_TICKET_SCHEMA = /* sql */ `
CREATE TABLE alldata_document_ticket (
  ticket_hash  TEXT PRIMARY KEY,
  path         TEXT NOT NULL,
  expires_at   INTEGER NOT NULL,
  used_at      INTEGER
) WITHOUT ROWID;
`;

/**
 * Tokens were kept in plain text before they were sealed (token-box.ts): such connections are dropped, and the
 * firms' administrators connect ALLDATA again, rather than leave readable tokens in the database.
 */
export const ALLDATA_DROP_PLAIN_TOKENS = /* sql */ `DELETE FROM alldata_connection WHERE access_token NOT LIKE 'v1.%';`;
