/**
 * Schema of dispatch (docs/dispatch.md#fields):
 *
 * - dispatch: a calibration request's work sent by its shop (`firm`, the request's firm) to a provider
 *   (`provider`, a firm): the request and its inspection and job, the status (lib/dispatch/rules.ts), where
 *   the work is done (mode), the date asked for, the date the provider proposed, the visit it scheduled
 *   (date, window, technician), the last reason given (a decline, a cancellation, a proposal, a redo), who
 *   took each step and when, and `version` (one more with every step: an accept sent against an older
 *   version lost a race), and the push outbox (last_step, last_side, notified_version: a step's notices go
 *   out after its transaction committed, for each version not yet announced, so a rolled-back step announces
 *   nothing and a step taken inside another area's write, an inspection completed, is announced by that
 *   call). A request has at most one dispatch that is not Declined or Cancelled
 *   (dispatch_one_per_request), so two providers can never both hold it.
 * - dispatch_offering: how a provider works: on site, in its bay or both, and how many vehicles a day it
 *   takes. A provider without a row works in its bay, DEFAULT_CAPACITY a day.
 * Indexes serve the queue of each side (provider or shop, then the sort keys), the inspection's dispatches
 * (the access check on every call of a provider's user) and the provider's scheduled days (capacity).
 */
export const DISPATCH_SCHEMA = /* sql */ `
CREATE TABLE dispatch (
  dispatch           INTEGER PRIMARY KEY,
  calibrate_request  INTEGER NOT NULL REFERENCES calibrate_request(calibrate_request) ON DELETE CASCADE,
  adas_inspection    INTEGER NOT NULL,
  adas               INTEGER NOT NULL,
  firm               INTEGER NOT NULL REFERENCES firm(firm),
  provider           INTEGER NOT NULL REFERENCES firm(firm),
  status             TEXT NOT NULL DEFAULT 'Requested'
                     CHECK (status IN ('Requested','Proposed','Accepted','Completed','Closed','Declined','Cancelled')),
  mode               TEXT NOT NULL CHECK (mode IN ('on-site','in-bay')),
  requested_date     TEXT NOT NULL,
  proposed_date      TEXT,
  scheduled_date     TEXT,
  window_start       TEXT,
  window_end         TEXT,
  technician         INTEGER REFERENCES user(user),
  reason             TEXT NOT NULL DEFAULT '',
  created_by         INTEGER NOT NULL REFERENCES user(user),
  created_at         TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),
  status_changed_by  INTEGER REFERENCES user(user),
  status_changed_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),
  accepted_by        INTEGER REFERENCES user(user),
  accepted_at        TEXT,
  completed_at       TEXT,
  closed_at          TEXT,
  version            INTEGER NOT NULL DEFAULT 1,
  -- The push outbox: the last step, which side took it, and the version its notices were sent for.
  last_step          TEXT NOT NULL DEFAULT 'sent',
  last_side          TEXT NOT NULL DEFAULT 'shop' CHECK (last_side IN ('shop','provider')),
  notified_version   INTEGER NOT NULL DEFAULT 0,
  CHECK (provider <> firm)
);
CREATE UNIQUE INDEX dispatch_one_per_request ON dispatch(calibrate_request) WHERE status NOT IN ('Declined','Cancelled');
CREATE INDEX dispatch_inspection ON dispatch(adas_inspection, provider, status);
CREATE INDEX dispatch_provider ON dispatch(provider, dispatch);
CREATE INDEX dispatch_provider_requested ON dispatch(provider, requested_date, dispatch);
CREATE INDEX dispatch_provider_status ON dispatch(provider, status, dispatch);
CREATE INDEX dispatch_provider_day ON dispatch(provider, scheduled_date) WHERE status = 'Accepted';
CREATE INDEX dispatch_shop ON dispatch(firm, dispatch);
CREATE INDEX dispatch_shop_requested ON dispatch(firm, requested_date, dispatch);
CREATE INDEX dispatch_shop_status ON dispatch(firm, status, dispatch);
CREATE INDEX dispatch_request ON dispatch(calibrate_request, dispatch);
CREATE INDEX dispatch_job ON dispatch(adas, provider);

CREATE TABLE dispatch_offering (
  firm      INTEGER PRIMARY KEY REFERENCES firm(firm),
  offering  TEXT NOT NULL CHECK (offering IN ('on-site','in-bay','both')),
  capacity  INTEGER NOT NULL CHECK (capacity BETWEEN 1 AND 200)
);
`;
