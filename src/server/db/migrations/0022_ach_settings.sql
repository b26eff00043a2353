-- The group's ACH details for distribution payments: what the NACHA file says about who sends it and to
-- which bank. One row (id = 1); each change is also an audit row, so the history is in the audit log.
-- Every text goes into a fixed-width field of the file, so the lengths here are the file's.
CREATE TABLE ach_settings (
  id                  smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  company_name        text NOT NULL CHECK (length(company_name) BETWEEN 1 AND 16),
  company_id          text NOT NULL CHECK (company_id ~ '^[0-9A-Z]{10}$'),
  originating_routing text NOT NULL CHECK (originating_routing ~ '^[0-9]{9}$'),
  destination_routing text NOT NULL CHECK (destination_routing ~ '^[0-9]{9}$'),
  destination_name    text NOT NULL CHECK (length(destination_name) BETWEEN 1 AND 23),
  origin_name         text NOT NULL CHECK (length(origin_name) BETWEEN 1 AND 23),
  updated_at          timestamptz NOT NULL,
  updated_by          integer NOT NULL REFERENCES portal_user (id)
);
