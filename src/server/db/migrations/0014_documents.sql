-- The document vault: files an admin uploads for investors (K-1s, statements, agreements, notices), kept in
-- the database so a backup carries them. A file's bytes are rows of at most 256 KiB each, written and read
-- one at a time, so no request holds a whole file in memory; the file row says how large it is and its
-- SHA-256 once the last chunk is in (complete). A document is what investors see; each upload of its file
-- is a version, and a replacement adds one (the older stay readable in its history). A withdrawal hides
-- the document from investors and keeps who withdrew it and why; nothing is deleted.
CREATE TABLE stored_file (
  id         uuid PRIMARY KEY,
  size_bytes bigint NOT NULL DEFAULT 0 CHECK (size_bytes >= 0 AND size_bytes <= 26214400),
  sha256     text CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  complete   boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (NOT complete OR sha256 IS NOT NULL)
);

CREATE TABLE stored_file_chunk (
  id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  file_id uuid NOT NULL REFERENCES stored_file (id) ON DELETE CASCADE,
  seq     integer NOT NULL CHECK (seq >= 0),
  bytes   bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 262144),
  UNIQUE (file_id, seq)
);

-- The audience: one investor (investor_id), an LLC's members (llc_id), or every investor (neither).
CREATE TABLE document (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title            text NOT NULL CHECK (title = btrim(title) AND title <> '' AND length(title) <= 200),
  kind             text NOT NULL CHECK (kind IN ('k1', 'statement', 'agreement', 'notice', 'tax', 'other')),
  tax_year         integer CHECK (tax_year BETWEEN 1900 AND 2200),
  investor_id      integer REFERENCES investor (id),
  llc_id           integer REFERENCES llc (id),
  created_by       integer REFERENCES portal_user (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  withdrawn_at     timestamptz,
  withdrawn_by     integer REFERENCES portal_user (id),
  withdrawn_reason text,
  CHECK (investor_id IS NULL OR llc_id IS NULL),
  CHECK ((withdrawn_at IS NULL) = (withdrawn_reason IS NULL))
);
CREATE INDEX document_investor_idx ON document (investor_id) WHERE investor_id IS NOT NULL;
CREATE INDEX document_llc_idx ON document (llc_id) WHERE llc_id IS NOT NULL;

CREATE TABLE document_version (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_id  integer NOT NULL REFERENCES document (id),
  version      integer NOT NULL CHECK (version >= 1),
  file_id      uuid NOT NULL UNIQUE REFERENCES stored_file (id),
  file_name    text NOT NULL CHECK (file_name <> '' AND length(file_name) <= 255),
  content_type text NOT NULL,
  size_bytes   bigint NOT NULL CHECK (size_bytes >= 1),
  sha256       text NOT NULL,
  created_by   integer REFERENCES portal_user (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (document_id, version)
);

-- Who opened which version when (a login removed later is only marked deleted, so its downloads stay).
CREATE TABLE document_download (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_id   integer NOT NULL REFERENCES document (id),
  version_id    integer NOT NULL REFERENCES document_version (id),
  user_id       integer NOT NULL REFERENCES portal_user (id),
  investor_id   integer REFERENCES investor (id),
  downloaded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_download_document_idx ON document_download (document_id);
