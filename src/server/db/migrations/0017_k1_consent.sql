-- Electronic K-1 delivery consent (docs/decisions.md, "K-1 delivery consent"). One row per investor:
-- consented_at and withdrawn_at are the latest consent and its withdrawal (a withdrawn_at before
-- consented_at is an older one); each change is also an audit row, so the history is in the audit log.
CREATE TABLE k1_consent (
  investor_id        integer PRIMARY KEY REFERENCES investor (id),
  consented_at       timestamptz NOT NULL,
  withdrawn_at       timestamptz,
  disclosure_version integer NOT NULL CHECK (disclosure_version >= 1),
  consented_by       integer NOT NULL REFERENCES portal_user (id),
  withdrawn_by       integer REFERENCES portal_user (id),
  CHECK ((withdrawn_at IS NULL) = (withdrawn_by IS NULL))
);

-- The investor's tax ID (SSN or EIN), encrypted with AES-256-GCM under DATA_KEY: nonce, ciphertext
-- and tag in one value. Only the last four digits are kept in clear, for the masked display.
ALTER TABLE investor ADD COLUMN tax_id_sealed bytea;
ALTER TABLE investor ADD COLUMN tax_id_last4 text CHECK (tax_id_last4 ~ '^[0-9]{4}$');
ALTER TABLE investor ADD CONSTRAINT investor_tax_id_pair CHECK ((tax_id_sealed IS NULL) = (tax_id_last4 IS NULL));
