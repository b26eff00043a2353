-- Roles as data (docs/decisions.md 42): a login is an admin, a bookkeeper, an auditor, an investor or a
-- delegate. admin_level stays what the specification's /admin/get_admin_level answers: 1 for an admin, 0
-- for anyone else, and the constraint keeps the two from disagreeing.
ALTER TABLE portal_user ADD COLUMN role text NOT NULL DEFAULT 'investor'
  CHECK (role IN ('admin', 'bookkeeper', 'auditor', 'investor', 'delegate'));
UPDATE portal_user SET role = 'admin' WHERE admin_level > 0;
ALTER TABLE portal_user ADD CONSTRAINT portal_user_admin_role CHECK ((admin_level > 0) = (role = 'admin'));
-- The person's name for a login that is not an investor's (staff, delegates): lists and audit sentences.
ALTER TABLE portal_user ADD COLUMN person_name text
  CHECK (person_name = btrim(person_name) AND person_name <> '' AND length(person_name) <= 100);

-- The LLCs whose reports, exports, tax packages and documents an auditor reads.
CREATE TABLE staff_llc_grant (
  user_id    integer NOT NULL REFERENCES portal_user (id),
  llc_id     integer NOT NULL REFERENCES llc (id),
  granted_by integer REFERENCES portal_user (id),
  granted_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, llc_id)
);

-- Investor records a login reads besides its own investor_id: more entities of the same person (an IRA, a
-- trust), granted by an admin; or another's page as their delegate, invited by that investor (or an admin
-- for them). A delegate's row exists from the invitation, with user_id filled in when they register.
-- Revoking keeps the row (revoked_at), so who could read what, when, stays answerable.
CREATE TABLE investor_access (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id           integer REFERENCES portal_user (id),
  investor_id       integer NOT NULL REFERENCES investor (id),
  relation          text NOT NULL CHECK (relation IN ('entity', 'delegate')),
  delegate_name     text CHECK (delegate_name = btrim(delegate_name) AND delegate_name <> '' AND length(delegate_name) <= 100),
  can_see_figures   boolean NOT NULL DEFAULT true,
  can_see_documents boolean NOT NULL DEFAULT true,
  granted_by        integer REFERENCES portal_user (id),
  granted_at        timestamptz NOT NULL,
  revoked_at        timestamptz,
  revoked_by        integer REFERENCES portal_user (id),
  CHECK (relation = 'delegate' OR user_id IS NOT NULL),
  CHECK ((relation = 'delegate') = (delegate_name IS NOT NULL))
);
CREATE UNIQUE INDEX investor_access_live_key ON investor_access (user_id, investor_id)
  WHERE revoked_at IS NULL AND user_id IS NOT NULL;
CREATE INDEX investor_access_investor_idx ON investor_access (investor_id);

-- A registration secret now registers any role: an investor's login (investor_id), a staff member's
-- (person_name, role, the LLCs to grant) or a delegate's (access_id: the invitation's investor_access row).
ALTER TABLE registration_secret ALTER COLUMN investor_id DROP NOT NULL;
ALTER TABLE registration_secret ADD COLUMN role text NOT NULL DEFAULT 'investor'
  CHECK (role IN ('admin', 'bookkeeper', 'auditor', 'investor', 'delegate'));
ALTER TABLE registration_secret ADD COLUMN person_name text
  CHECK (person_name = btrim(person_name) AND person_name <> '' AND length(person_name) <= 100);
ALTER TABLE registration_secret ADD COLUMN llc_ids integer[] NOT NULL DEFAULT '{}';
ALTER TABLE registration_secret ADD COLUMN access_id integer REFERENCES investor_access (id);
ALTER TABLE registration_secret ADD CONSTRAINT registration_secret_role_fields CHECK (
  CASE role
    WHEN 'investor' THEN investor_id IS NOT NULL AND access_id IS NULL
    WHEN 'delegate' THEN access_id IS NOT NULL
    ELSE person_name IS NOT NULL AND investor_id IS NULL AND access_id IS NULL
  END
);

-- Personal API tokens: random, kept only as their SHA-256, carrying the user's role or less (read_only).
CREATE TABLE api_token (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES portal_user (id),
  name         text NOT NULL CHECK (name = btrim(name) AND name <> '' AND length(name) <= 100),
  token_hash   text NOT NULL UNIQUE,
  read_only    boolean NOT NULL,
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL CHECK (expires_at > created_at),
  last_used_at timestamptz,
  revoked_at   timestamptz
);
CREATE INDEX api_token_user_idx ON api_token (user_id);

-- A write made with a token names it. Rows without one hash as before (the chain leaves out an absent field).
ALTER TABLE audit_event ADD COLUMN api_token_id integer REFERENCES api_token (id);
