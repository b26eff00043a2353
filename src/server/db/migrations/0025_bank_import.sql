-- Bank statements in (docs/decisions.md 47): an LLC's bank accounts, the rules that propose an entry for a
-- bank line, and each import with its lines. Nothing here moves money: the entries an import records are
-- ordinary ledger rows written through the recording forms' builders; an import only remembers which
-- ledger row each line became, so a second import of the same file finds every line, and undo voids them.

-- An LLC's bank account: where its statements come from. The CSV column mapping is kept per account, so a
-- bank's layout is mapped once.
CREATE TABLE llc_bank_account (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  llc_id      integer NOT NULL REFERENCES llc (id),
  name        text NOT NULL CHECK (name = btrim(name) AND name <> '' AND length(name) <= 100),
  last4       text CHECK (last4 ~ '^[0-9]{4}$'),
  csv_mapping jsonb,
  created_by  integer NOT NULL REFERENCES portal_user (id),
  created_at  timestamptz NOT NULL
);
CREATE UNIQUE INDEX llc_bank_account_name_key ON llc_bank_account (llc_id, lower(name));

-- The properties an account usually serves: a line of that account is proposed for its property when it
-- serves exactly one.
CREATE TABLE llc_bank_account_property (
  bank_account_id integer NOT NULL REFERENCES llc_bank_account (id),
  property_id     integer NOT NULL REFERENCES property (id),
  PRIMARY KEY (bank_account_id, property_id)
);

-- Rules that learn: a text, and the entry to propose for a line whose payee or memo contains it (case
-- and spacing aside) and whose direction fits the kind (money in for income, out for an expense).
-- Applied in `position` order within an LLC; the first that matches proposes, and the proposal names it.
-- A deleted rule is kept (deleted_at), so a past proposal's rule can still be named.
CREATE TABLE bank_rule (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  llc_id        integer NOT NULL REFERENCES llc (id),
  position      integer NOT NULL CHECK (position > 0),
  match_text    text NOT NULL CHECK (match_text = btrim(match_text) AND match_text <> '' AND length(match_text) <= 100),
  kind          text NOT NULL,
  property_id   integer REFERENCES property (id),
  category_id   integer REFERENCES category (id),
  investor_id   integer REFERENCES investor (id),
  description   text CHECK (length(description) <= 500),
  created_by    integer NOT NULL REFERENCES portal_user (id),
  created_at    timestamptz NOT NULL,
  deleted_at    timestamptz,
  deleted_by    integer REFERENCES portal_user (id)
);
CREATE INDEX bank_rule_llc ON bank_rule (llc_id, position) WHERE deleted_at IS NULL;

-- One uploaded statement: previewed first (nothing written to the books), then committed (its accepted
-- lines recorded, in one transaction) or left; undone voids what it recorded.
CREATE TABLE bank_import (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  llc_id          integer NOT NULL REFERENCES llc (id),
  bank_account_id integer REFERENCES llc_bank_account (id),
  -- Whose lines these are, for "already imported": the bank's own account id in an OFX file, else the
  -- portal's bank account, else the LLC.
  account_key     text NOT NULL,
  file_name       text NOT NULL CHECK (length(file_name) <= 255),
  file_sha256     text NOT NULL CHECK (file_sha256 ~ '^[0-9a-f]{64}$'),
  format          text NOT NULL CHECK (format IN ('csv', 'ofx', 'qfx')),
  state           text NOT NULL CHECK (state IN ('previewed', 'committed', 'undone')),
  uploaded_by     integer NOT NULL REFERENCES portal_user (id),
  uploaded_at     timestamptz NOT NULL,
  committed_by    integer REFERENCES portal_user (id),
  committed_at    timestamptz,
  lines_taken     integer,
  lines_skipped   integer,
  undone_by       integer REFERENCES portal_user (id),
  undone_at       timestamptz,
  CHECK ((state = 'previewed') = (committed_at IS NULL)),
  CHECK ((state = 'undone') = (undone_at IS NOT NULL))
);
CREATE INDEX bank_import_llc ON bank_import (llc_id, uploaded_at DESC);

-- A line of a statement, as parsed. `identity` is what "already imported" compares: the bank's id for the
-- line (OFX FITID), or for a file without ids its fingerprint (account, date, amount, payee, memo) with a
-- counter, so two identical lines of one file are two lines. `decided` is set when its import is
-- committed (taken: entry_id is the ledger row it became; skipped: none) and the line is `live` until
-- the import is undone; a live line's identity cannot be decided again (the unique index), so two
-- commits of one file cannot both land, and an undone import's lines can be imported again.
CREATE TABLE bank_import_line (
  import_id     integer NOT NULL REFERENCES bank_import (id),
  line_no       integer NOT NULL CHECK (line_no > 0),
  date          date NOT NULL,
  amount_cents  bigint NOT NULL CHECK (amount_cents <> 0),
  payee         text NOT NULL CHECK (length(payee) <= 500),
  memo          text NOT NULL CHECK (length(memo) <= 500),
  reference     text CHECK (length(reference) <= 255),
  identity      text NOT NULL,
  decided       text CHECK (decided IN ('taken', 'skipped')),
  entry_id      bigint REFERENCES ledger_entry (id),
  live          boolean NOT NULL DEFAULT false,
  PRIMARY KEY (import_id, line_no),
  CHECK (decided IS NOT NULL OR (entry_id IS NULL AND NOT live)),
  CHECK (decided IS NULL OR (decided = 'taken') = (entry_id IS NOT NULL))
);
CREATE UNIQUE INDEX bank_import_line_live_identity ON bank_import_line (identity) WHERE live;
CREATE INDEX bank_import_line_entry ON bank_import_line (entry_id) WHERE entry_id IS NOT NULL;
