-- 0001: the whole product's schema (domain.md §2). Append-only: never edit a migration that has landed;
-- add a new numbered file instead. Amounts are bigint cents; names are unique case-insensitively and trimmed.

CREATE TABLE llc (
  id                          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                        text NOT NULL CHECK (name = btrim(name) AND name <> '' AND length(name) <= 100),
  address                     text NOT NULL DEFAULT '',
  ein                         text,
  date_started                date,
  principal_business_activity text NOT NULL DEFAULT '',
  principal_product           text NOT NULL DEFAULT '',
  business_code_number        text CHECK (business_code_number ~ '^[0-9]{6}$'),
  closed_through              date,
  created_at                  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX llc_name_key ON llc (lower(name));

CREATE TABLE property (
  id                      integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                    text NOT NULL CHECK (name = btrim(name) AND name <> '' AND length(name) <= 100),
  llc_id                  integer NOT NULL REFERENCES llc (id),
  property_type           text NOT NULL CHECK (property_type IN ('rental', 'land_contract', 'other')),
  tax_bucket              text NOT NULL CHECK (tax_bucket IN ('rental', 'portfolio')),
  nonresidential          boolean NOT NULL DEFAULT false,
  address                 text NOT NULL DEFAULT '',
  picture_url             text NOT NULL DEFAULT '',
  notes                   text NOT NULL DEFAULT '',
  purchase_date           date NOT NULL,
  purchase_price_cents    bigint NOT NULL CHECK (purchase_price_cents >= 0),
  land_value_cents        bigint NOT NULL CHECK (land_value_cents >= 0),
  property_value_cents    bigint NOT NULL CHECK (property_value_cents >= 0),
  -- Optional land-contract terms (domain.md §5.5): all or none, and only on land-contract properties.
  lc_sale_date            date,
  lc_sale_price_cents     bigint CHECK (lc_sale_price_cents > 0),
  lc_down_payment_cents   bigint CHECK (lc_down_payment_cents >= 0),
  lc_rate_bps             integer CHECK (lc_rate_bps BETWEEN 0 AND 10000),
  lc_adjusted_basis_cents bigint CHECK (lc_adjusted_basis_cents >= 0),
  created_at              timestamptz NOT NULL DEFAULT now(),
  CHECK (land_value_cents <= purchase_price_cents),
  CHECK (
    (lc_sale_date IS NULL AND lc_sale_price_cents IS NULL AND lc_down_payment_cents IS NULL
       AND lc_rate_bps IS NULL AND lc_adjusted_basis_cents IS NULL)
    OR (property_type = 'land_contract' AND lc_sale_date IS NOT NULL AND lc_sale_price_cents IS NOT NULL
       AND lc_down_payment_cents IS NOT NULL AND lc_rate_bps IS NOT NULL AND lc_adjusted_basis_cents IS NOT NULL)
  )
);
CREATE UNIQUE INDEX property_name_key ON property (lower(name));
CREATE INDEX property_llc_idx ON property (llc_id);

CREATE TABLE investor (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name       text NOT NULL CHECK (name = btrim(name) AND name <> '' AND length(name) <= 100),
  email      text NOT NULL DEFAULT '',
  phone      text NOT NULL DEFAULT '',
  address    text NOT NULL DEFAULT '',
  active     boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX investor_name_key ON investor (lower(name));

-- Fee history (domain.md §8 decision 3): a change applies from its effective month and never restates history.
-- The fee given when the investor is added is effective from 1900-01-01, i.e. from the beginning.
CREATE TABLE investor_fee (
  investor_id     integer NOT NULL REFERENCES investor (id),
  effective_month date NOT NULL CHECK (extract(day FROM effective_month) = 1),
  fee_bps         integer NOT NULL CHECK (fee_bps BETWEEN 0 AND 5000 AND fee_bps % 500 = 0),
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (investor_id, effective_month)
);

-- Registration secrets (security.md A7/A8): 128-bit, stored as SHA-256 only, single use, 7-day expiry.
CREATE TABLE registration_secret (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  investor_id integer NOT NULL REFERENCES investor (id),
  secret_hash text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  revoked_at  timestamptz
);
CREATE INDEX registration_secret_investor_idx ON registration_secret (investor_id);

CREATE TABLE portal_user (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username           text NOT NULL CHECK (username = btrim(username) AND username <> '' AND length(username) <= 100),
  password_hash      text NOT NULL,
  investor_id        integer REFERENCES investor (id),
  admin_level        integer NOT NULL DEFAULT 0 CHECK (admin_level >= 0),
  -- Per-account throttling (security.md A5): consecutive failures and the time before which logins are refused.
  failed_logins      integer NOT NULL DEFAULT 0,
  locked_until       timestamptz,
  disabled_at        timestamptz,
  -- "Delete portal user" removes the login only; the row stays for the audit trail.
  deleted_at         timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX portal_user_username_key ON portal_user (lower(username)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX portal_user_investor_key ON portal_user (investor_id) WHERE deleted_at IS NULL;

-- Server-side sessions (security.md S4/S5): every token names its session; revoking the row ends the token.
CREATE TABLE session (
  id           uuid PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES portal_user (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz,
  ip           text
);
CREATE INDEX session_user_idx ON session (user_id);

-- Every sign-in and registration attempt. The login summary (count, last login) and the per-address
-- throttle (security.md A6) are read from here, so they hold across several app servers.
CREATE TABLE login_event (
  id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at       timestamptz NOT NULL DEFAULT now(),
  action   text NOT NULL CHECK (action IN ('login', 'register')),
  outcome  text NOT NULL CHECK (outcome IN ('success', 'failure', 'locked', 'throttled')),
  username text NOT NULL,
  user_id  integer REFERENCES portal_user (id),
  ip       text NOT NULL
);
CREATE INDEX login_event_user_idx ON login_event (user_id, at);
CREATE INDEX login_event_ip_idx ON login_event (ip, at);

CREATE TABLE category (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  scope      text NOT NULL CHECK (scope IN ('income', 'property_expense', 'llc_expense')),
  name       text NOT NULL CHECK (name = btrim(name) AND name <> '' AND length(name) <= 100),
  tax_line   text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX category_scope_name_key ON category (scope, lower(name));

CREATE TABLE loren (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name       text NOT NULL CHECK (name = btrim(name) AND name <> '' AND length(name) <= 100),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX loren_name_key ON loren (lower(name));

-- The single money table (domain.md §2.6, D2). Rows are never updated except to void them, never deleted.
CREATE TABLE ledger_entry (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind            text NOT NULL CHECK (kind IN (
                    'investment', 'investment_withdrawal', 'cash_withdrawal', 'property_income',
                    'property_expense', 'investor_property_expense', 'lc_payment', 'deposit',
                    'deposit_withdrawal', 'llc_expense')),
  date            date NOT NULL CHECK (date BETWEEN '1900-01-01' AND '2099-12-31'),
  for_month       date NOT NULL CHECK (extract(day FROM for_month) = 1),
  period_start    date,
  period_end      date,
  amount_cents    bigint NOT NULL CHECK (amount_cents > 0),
  llc_id          integer REFERENCES llc (id),
  property_id     integer REFERENCES property (id),
  investor_id     integer REFERENCES investor (id),
  category_id     integer REFERENCES category (id),
  loren_id        integer REFERENCES loren (id),
  payer           text,
  description     text,
  disposition     text CHECK (disposition IN ('refunded', 'retained')),
  linked_entry_id bigint REFERENCES ledger_entry (id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  created_by      integer NOT NULL REFERENCES portal_user (id),
  voided_at       timestamptz,
  voided_by       integer REFERENCES portal_user (id),
  void_reason     text,
  CHECK ((voided_at IS NULL) = (voided_by IS NULL)),
  CHECK ((period_start IS NULL) = (period_end IS NULL) AND (period_start IS NULL OR period_start <= period_end)),
  -- Second guard behind the service's validation: each kind carries exactly the references table 3.1 requires.
  CHECK (CASE kind
    WHEN 'investment'                THEN investor_id IS NOT NULL AND property_id IS NOT NULL
    WHEN 'investment_withdrawal'     THEN investor_id IS NOT NULL AND property_id IS NOT NULL
    WHEN 'cash_withdrawal'           THEN investor_id IS NOT NULL AND property_id IS NULL
    WHEN 'property_income'           THEN property_id IS NOT NULL AND investor_id IS NULL
    WHEN 'property_expense'          THEN property_id IS NOT NULL AND investor_id IS NULL AND category_id IS NOT NULL
    WHEN 'investor_property_expense' THEN property_id IS NOT NULL AND investor_id IS NOT NULL AND category_id IS NOT NULL
    WHEN 'lc_payment'                THEN property_id IS NOT NULL AND investor_id IS NULL
    WHEN 'deposit'                   THEN property_id IS NOT NULL AND investor_id IS NULL
    WHEN 'deposit_withdrawal'        THEN property_id IS NOT NULL AND investor_id IS NULL
    WHEN 'llc_expense'               THEN llc_id IS NOT NULL AND property_id IS NULL AND category_id IS NOT NULL
  END)
);
CREATE INDEX ledger_property_month_idx ON ledger_entry (property_id, for_month);
CREATE INDEX ledger_investor_property_date_idx ON ledger_entry (investor_id, property_id, date);
CREATE INDEX ledger_llc_date_idx ON ledger_entry (llc_id, date);
CREATE INDEX ledger_kind_idx ON ledger_entry (kind);

CREATE FUNCTION ledger_entry_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger entries are never deleted; void them instead';
  END IF;
  IF OLD.voided_at IS NOT NULL THEN
    RAISE EXCEPTION 'ledger entry % is already void', OLD.id;
  END IF;
  IF (to_jsonb(NEW) - ARRAY['voided_at', 'voided_by', 'void_reason'])
     IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['voided_at', 'voided_by', 'void_reason']) THEN
    RAISE EXCEPTION 'only the void columns of a ledger entry may change';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER ledger_entry_guard BEFORE UPDATE OR DELETE ON ledger_entry
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_guard();

-- Audit trail (security.md L10): insert-only, hash-chained so an edited row is detectable.
CREATE TABLE audit_event (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at         timestamptz NOT NULL DEFAULT now(),
  user_id    integer REFERENCES portal_user (id),
  action     text NOT NULL,
  entity     text NOT NULL,
  entity_id  text,
  before     jsonb,
  after      jsonb,
  ip         text,
  prev_hash  text NOT NULL,
  hash       text NOT NULL
);
CREATE INDEX audit_event_entity_idx ON audit_event (entity, entity_id);

CREATE FUNCTION audit_event_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit events are insert-only';
END $$;
CREATE TRIGGER audit_event_guard BEFORE UPDATE OR DELETE ON audit_event
  FOR EACH ROW EXECUTE FUNCTION audit_event_guard();

-- Idempotency keys (security.md L6), written in the same transaction as the work they protect.
CREATE TABLE idempotency_key (
  user_id       integer NOT NULL REFERENCES portal_user (id),
  key           text NOT NULL,
  request_hash  text NOT NULL,
  status_code   integer NOT NULL,
  response_body jsonb NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

-- Reference data: the categories of domain.md §2.5 with their Form 8825 / 1065 lines.
INSERT INTO category (scope, name, tax_line) VALUES
  ('income', 'Rent', '8825 L2a'),
  ('income', 'Late fees', '8825 L2b'),
  ('income', 'Forfeited security deposit', '8825 L2b'),
  ('income', 'Other rental income', '8825 L2b'),
  ('income', 'Land contract payments', 'K-1 portfolio'),
  ('property_expense', 'Advertising', '8825 L3'),
  ('property_expense', 'Auto and travel', '8825 L4'),
  ('property_expense', 'Cleaning and maintenance', '8825 L5'),
  ('property_expense', 'Commissions', '8825 L6'),
  ('property_expense', 'Insurance', '8825 L7'),
  ('property_expense', 'Legal and other professional fees', '8825 L8'),
  ('property_expense', 'Interest', '8825 L9'),
  ('property_expense', 'Repairs', '8825 L10'),
  ('property_expense', 'Taxes', '8825 L11'),
  ('property_expense', 'Utilities', '8825 L12'),
  ('property_expense', 'Wages and salaries', '8825 L13'),
  ('llc_expense', 'Tax preparation', '1065 p1 other deductions'),
  ('llc_expense', 'State fees', '1065 p1 other deductions'),
  ('llc_expense', 'Bank fees', '1065 p1 other deductions'),
  ('llc_expense', 'Legal', '1065 p1 other deductions');
