/**
 * Schema of onboarding (lib/contract/onboard.ts holds the decisions): invitations (only the id's hash is
 * kept), the application a wizard builds step by step, coupons, and purchases. The stand-in payment
 * provider keeps its payment methods and charges in `payment_method` / `payment_charge` (payments.ts): in
 * production they live at the provider.
 */
export const ONBOARD_SCHEMA = /* sql */ `
CREATE TABLE onboard_invitation (
  invitation  INTEGER PRIMARY KEY,
  token_hash  TEXT NOT NULL UNIQUE,
  parent      INTEGER NOT NULL REFERENCES firm(firm),
  products    TEXT NOT NULL,          -- JSON array of product ids
  email       TEXT NOT NULL DEFAULT '',
  test_mode   INTEGER NOT NULL DEFAULT 0,
  created_by  INTEGER REFERENCES user(user),
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),
  expires_at  TEXT NOT NULL,
  used_at     TEXT,
  firm        INTEGER REFERENCES firm(firm)   -- the firm its purchase created
);
CREATE INDEX onboard_invitation_parent ON onboard_invitation(parent, created_at);

-- One row per step of an application (kind basic, additional, shipping): its id is the step's id.
CREATE TABLE onboard_step (
  id          INTEGER PRIMARY KEY,
  invitation  INTEGER NOT NULL REFERENCES onboard_invitation(invitation),
  kind        TEXT NOT NULL CHECK (kind IN ('basic','additional','shipping')),
  data        TEXT NOT NULL,          -- the step's validated body (JSON)
  product     TEXT,                   -- the chosen product (on the additional step: the application's firm)
  saved_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),
  UNIQUE (invitation, kind)
);

CREATE TABLE onboard_coupon (
  code         TEXT PRIMARY KEY COLLATE NOCASE,
  percent_off  INTEGER NOT NULL CHECK (percent_off BETWEEN 1 AND 100),
  products     TEXT,                  -- JSON array of product ids; NULL = every product
  expires_at   TEXT                   -- NULL = never
);

CREATE TABLE onboard_purchase (
  purchase        INTEGER PRIMARY KEY,
  invitation      INTEGER NOT NULL UNIQUE REFERENCES onboard_invitation(invitation),
  firm            INTEGER NOT NULL REFERENCES firm(firm),
  product         TEXT NOT NULL,
  coupon          TEXT,
  total_cents     INTEGER NOT NULL,
  payment_method  TEXT NOT NULL,
  brand           TEXT NOT NULL,
  last4           TEXT NOT NULL,
  created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
CREATE INDEX onboard_purchase_firm ON onboard_purchase(firm);

CREATE TABLE payment_method (
  id          TEXT PRIMARY KEY,
  brand       TEXT NOT NULL,
  last4       TEXT NOT NULL,
  outcome     TEXT NOT NULL CHECK (outcome IN ('succeeded','declined','insufficient_funds')),
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
CREATE TABLE payment_charge (
  id              INTEGER PRIMARY KEY,
  payment_method  TEXT NOT NULL REFERENCES payment_method(id),
  amount_cents    INTEGER NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now'))
);
`;
