-- Property pictures the portal owns (issue 10): kept in the database, so a backup carries them and no
-- page depends on another host. Served at /pictures/{id}; the id is random, the bytes checked by content.
CREATE TABLE picture (
  id           uuid PRIMARY KEY,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  bytes        bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 2097152),
  sha256       text NOT NULL,
  created_by   integer REFERENCES portal_user (id),
  created_at   timestamptz NOT NULL DEFAULT now()
);
