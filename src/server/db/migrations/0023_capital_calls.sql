-- Capital calls: money asked of a property's investors (a roof, a down payment). A call has one line per
-- investor asked, with their share and the capital that weighed it on the call date. What arrives is an
-- investment in the ledger like any other; capital_call_receipt links it to its line, and what counts as
-- received is the sum of the linked entries that are not voided, so voiding a receipt reopens the debt.
-- A call is cancelled, never deleted, and only while nothing was received.
CREATE TABLE capital_call (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  property_id   integer NOT NULL REFERENCES property (id),
  amount_cents  bigint NOT NULL CHECK (amount_cents > 0),
  call_date     date NOT NULL,
  due_date      date NOT NULL CHECK (due_date >= call_date),
  purpose       text NOT NULL CHECK (purpose = btrim(purpose) AND purpose <> '' AND length(purpose) <= 200),
  instructions  text NOT NULL CHECK (btrim(instructions) <> '' AND length(instructions) <= 2000),
  split         text NOT NULL CHECK (split IN ('pro_rata', 'typed')),
  created_by    integer REFERENCES portal_user (id),
  created_at    timestamptz NOT NULL,
  cancelled_at  timestamptz,
  cancelled_by  integer REFERENCES portal_user (id),
  cancel_reason text CHECK (length(cancel_reason) <= 500),
  CHECK ((cancelled_at IS NULL) = (cancel_reason IS NULL))
);
CREATE INDEX capital_call_property_idx ON capital_call (property_id);

CREATE TABLE capital_call_line (
  call_id       integer NOT NULL REFERENCES capital_call (id),
  investor_id   integer NOT NULL REFERENCES investor (id),
  amount_cents  bigint NOT NULL CHECK (amount_cents >= 0),
  capital_cents bigint NOT NULL CHECK (capital_cents >= 0),
  PRIMARY KEY (call_id, investor_id)
);
CREATE INDEX capital_call_line_investor_idx ON capital_call_line (investor_id);

CREATE TABLE capital_call_receipt (
  entry_id    bigint PRIMARY KEY REFERENCES ledger_entry (id),
  call_id     integer NOT NULL,
  investor_id integer NOT NULL,
  FOREIGN KEY (call_id, investor_id) REFERENCES capital_call_line (call_id, investor_id)
);
CREATE INDEX capital_call_receipt_line_idx ON capital_call_receipt (call_id, investor_id);
