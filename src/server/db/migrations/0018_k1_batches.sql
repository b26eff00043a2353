-- K-1s in one upload: an admin sends an LLC's K-1s for a tax year as a batch, each file matched to a
-- member; publishing makes each assigned file that member's K-1 document. A batch is a draft until it is
-- published or discarded, which closes it (closed_at, closed_by). Its files' bytes are in the file store
-- (0014); a file left out or discarded is forgotten there, and its row keeps only its name and size.
CREATE TABLE k1_batch (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  llc_id     integer NOT NULL REFERENCES llc (id),
  tax_year   integer NOT NULL CHECK (tax_year BETWEEN 1900 AND 2200),
  status     text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'discarded')),
  created_by integer REFERENCES portal_user (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_by  integer REFERENCES portal_user (id),
  closed_at  timestamptz,
  CHECK ((status = 'draft') = (closed_at IS NULL))
);
CREATE INDEX k1_batch_llc_year_idx ON k1_batch (llc_id, tax_year);

-- A file of a batch and how it was matched: the member (investor_id) by their tax ID in its text or their
-- name, or none; candidates are the members it could be when several matched. Neither the text read from
-- the PDF nor any tax ID is kept.
CREATE TABLE k1_batch_file (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  batch_id    integer NOT NULL REFERENCES k1_batch (id),
  seq         integer NOT NULL CHECK (seq >= 0),
  file_name   text NOT NULL CHECK (file_name <> '' AND length(file_name) <= 1000),
  file_id     uuid REFERENCES stored_file (id) ON DELETE SET NULL,
  size_bytes  bigint NOT NULL CHECK (size_bytes >= 1),
  sha256      text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  investor_id integer REFERENCES investor (id),
  matched_by  text CHECK (matched_by IN ('tax_id', 'name')),
  candidates  integer[] NOT NULL DEFAULT '{}',
  UNIQUE (batch_id, file_name),
  UNIQUE (batch_id, seq),
  CHECK ((matched_by IS NULL) = (investor_id IS NULL))
);

-- Each member's K-1 document of an LLC and tax year: a corrected K-1 is a new version of it. A withdrawn
-- document is replaced by a new one (the row then names the new document).
CREATE TABLE k1_document (
  llc_id      integer NOT NULL REFERENCES llc (id),
  investor_id integer NOT NULL REFERENCES investor (id),
  tax_year    integer NOT NULL CHECK (tax_year BETWEEN 1900 AND 2200),
  document_id integer NOT NULL UNIQUE REFERENCES document (id),
  PRIMARY KEY (llc_id, investor_id, tax_year)
);
