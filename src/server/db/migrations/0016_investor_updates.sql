-- Investor updates: a letter from the manager, with simple formatting kept as the text the admin typed
-- (the page renders it; no HTML is stored). The audience is every investor (no llc_id and no chosen
-- investors), an LLC's members (llc_id), or chosen investors (rows of investor_update_recipient).
-- Attachments point at documents of the vault, so an update never holds a file of its own. A withdrawal
-- hides the update from investors and keeps who withdrew it; nothing is deleted.
CREATE TABLE investor_update (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title        text NOT NULL CHECK (title = btrim(title) AND title <> '' AND length(title) <= 200),
  body         text NOT NULL CHECK (btrim(body) <> '' AND length(body) <= 20000),
  audience     text NOT NULL CHECK (audience IN ('everyone', 'llc', 'investors')),
  llc_id       integer REFERENCES llc (id),
  created_by   integer REFERENCES portal_user (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  withdrawn_at timestamptz,
  withdrawn_by integer REFERENCES portal_user (id),
  CHECK ((audience = 'llc') = (llc_id IS NOT NULL))
);
CREATE INDEX investor_update_llc_idx ON investor_update (llc_id) WHERE llc_id IS NOT NULL;

CREATE TABLE investor_update_recipient (
  update_id   integer NOT NULL REFERENCES investor_update (id),
  investor_id integer NOT NULL REFERENCES investor (id),
  PRIMARY KEY (update_id, investor_id)
);
CREATE INDEX investor_update_recipient_investor_idx ON investor_update_recipient (investor_id);

CREATE TABLE investor_update_attachment (
  update_id   integer NOT NULL REFERENCES investor_update (id),
  document_id integer NOT NULL REFERENCES document (id),
  position    integer NOT NULL CHECK (position BETWEEN 1 AND 10),
  PRIMARY KEY (update_id, document_id),
  UNIQUE (update_id, position)
);
