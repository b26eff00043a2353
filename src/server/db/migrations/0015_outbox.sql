-- E-mail notices (docs/decisions.md, "Notices through an outbox"). A notice is a row written in the
-- same transaction as the change it reports, then sent by a worker: nothing is lost while the mail
-- server is down, and the unique dedupe key keeps one event from being queued twice. claimed_until
-- is a claim that expires, so a server that stops mid-send leaves the row for the next one.
CREATE TABLE notice_outbox (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event           text NOT NULL CHECK (event ~ '^[a-z_]{1,40}$'),
  dedupe_key      text NOT NULL UNIQUE CHECK (length(dedupe_key) BETWEEN 1 AND 200),
  user_id         integer REFERENCES portal_user (id),
  investor_id     integer REFERENCES investor (id),
  address         text NOT NULL CHECK (address <> '' AND length(address) <= 320),
  subject         text NOT NULL,
  body_text       text NOT NULL,
  body_html       text NOT NULL,
  headers         jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at      timestamptz NOT NULL,
  attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL,
  claimed_until   timestamptz,
  sent_at         timestamptz,
  failed_at       timestamptz,
  last_error      text
);
CREATE INDEX notice_outbox_due_idx ON notice_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX notice_outbox_newest_idx ON notice_outbox (created_at DESC, id DESC);

-- A user's choice per optional event; no row means on. Security events are never read from here.
CREATE TABLE notice_setting (
  user_id    integer NOT NULL REFERENCES portal_user (id),
  event      text NOT NULL CHECK (event ~ '^[a-z_]{1,40}$'),
  enabled    boolean NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, event)
);

-- The devices a user has signed in from: SHA-256 of a long-lived random cookie and the user agent.
CREATE TABLE sign_in_device (
  user_id       integer NOT NULL REFERENCES portal_user (id),
  device_hash   text NOT NULL CHECK (device_hash ~ '^[0-9a-f]{64}$'),
  label         text NOT NULL CHECK (length(label) <= 100),
  first_seen_at timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, device_hash)
);
