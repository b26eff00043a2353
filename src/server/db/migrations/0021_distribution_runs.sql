-- Distribution runs: the quarterly payout drafted as one run, checked, changed and approved by an admin.
-- A draft writes nothing to the ledger; approval records one ordinary cash withdrawal per line with an
-- amount (ledger_entry_id), so the books never depend on these tables. Nothing is deleted: a cancelled
-- run stays with who cancelled it. Account numbers are never kept here, only how a line is paid and the
-- last four digits of the account it goes to.
CREATE TABLE distribution_run (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  status             text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'approved', 'cancelled')),
  run_date           date NOT NULL,
  mode               text NOT NULL CHECK (mode IN ('all_cash', 'percent')),
  -- hundredths of a percent: 5000 is 50 %
  percent_hundredths integer CHECK (percent_hundredths BETWEEN 1 AND 10000),
  minimum_cents      bigint NOT NULL DEFAULT 0 CHECK (minimum_cents >= 0),
  memo               text NOT NULL DEFAULT '' CHECK (length(memo) <= 500),
  audience           text NOT NULL CHECK (audience IN ('everyone', 'llc', 'investors')),
  llc_id             integer REFERENCES llc (id),
  drafted_by         integer REFERENCES portal_user (id),
  drafted_at         timestamptz NOT NULL,
  approved_by        integer REFERENCES portal_user (id),
  approved_at        timestamptz,
  cancelled_by       integer REFERENCES portal_user (id),
  cancelled_at       timestamptz,
  CHECK ((mode = 'percent') = (percent_hundredths IS NOT NULL)),
  CHECK ((audience = 'llc') = (llc_id IS NOT NULL)),
  CHECK ((status = 'approved') = (approved_at IS NOT NULL)),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
);

CREATE TABLE distribution_run_line (
  run_id               integer NOT NULL REFERENCES distribution_run (id),
  investor_id          integer NOT NULL REFERENCES investor (id),
  position             integer NOT NULL CHECK (position >= 1),
  cash_available_cents bigint NOT NULL CHECK (cash_available_cents >= 0),
  computed_cents       bigint NOT NULL CHECK (computed_cents >= 0),
  amount_cents         bigint NOT NULL CHECK (amount_cents >= 0),
  method               text NOT NULL CHECK (method IN ('ach', 'check')),
  account_last4        text CHECK (account_last4 ~ '^[0-9]{4}$'),
  ledger_entry_id      bigint REFERENCES ledger_entry (id),
  PRIMARY KEY (run_id, investor_id),
  UNIQUE (run_id, position),
  CHECK ((method = 'ach') = (account_last4 IS NOT NULL))
);
CREATE INDEX distribution_run_line_entry_idx ON distribution_run_line (ledger_entry_id) WHERE ledger_entry_id IS NOT NULL;
