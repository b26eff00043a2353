-- Investors' bank accounts for distributions (docs/api.md, "Bank accounts"). Routing number, account
-- number, account type and holder name are each sealed with AES-256-GCM under the data key (nonce,
-- ciphertext and tag in one value; the associated data names the investor and the field). Only the
-- account number's last four digits are kept in clear, for the masked display.
--
-- bank_account is the account that is paid: one per investor, replaced only by an approved change.
CREATE TABLE bank_account (
  investor_id      integer PRIMARY KEY REFERENCES investor (id),
  routing_sealed   bytea NOT NULL,
  account_sealed   bytea NOT NULL,
  type_sealed      bytea NOT NULL,
  holder_sealed    bytea NOT NULL,
  last4            text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  since            timestamptz NOT NULL,
  requested_by     integer NOT NULL REFERENCES portal_user (id),
  approved_by      integer REFERENCES portal_user (id)
);

-- A change waiting for an administrator's approval: at most one per investor (a newer request
-- replaces it; the audit log keeps both). Never paid until approved.
CREATE TABLE bank_account_change (
  investor_id      integer PRIMARY KEY REFERENCES investor (id),
  routing_sealed   bytea NOT NULL,
  account_sealed   bytea NOT NULL,
  type_sealed      bytea NOT NULL,
  holder_sealed    bytea NOT NULL,
  last4            text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  requested_at     timestamptz NOT NULL,
  requested_by     integer NOT NULL REFERENCES portal_user (id)
);
