-- Statement periods published: the admin said a period's statements are final and its investors were
-- told. One row per period (the same period twice is refused), with who published it and when; the
-- investors it was for (those who held capital or cash in it, as decided then) are kept beside it, so
-- each investor's page lists the periods published for them even if the books change later.
CREATE TABLE statement_publication (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  period_from    date NOT NULL,
  period_to      date NOT NULL,
  published_by   integer REFERENCES portal_user (id),
  published_at   timestamptz NOT NULL,
  investor_count integer NOT NULL CHECK (investor_count >= 0),
  CHECK (period_from <= period_to),
  UNIQUE (period_from, period_to)
);

CREATE TABLE statement_publication_investor (
  publication_id integer NOT NULL REFERENCES statement_publication (id),
  investor_id    integer NOT NULL REFERENCES investor (id),
  PRIMARY KEY (publication_id, investor_id)
);
CREATE INDEX statement_publication_investor_investor_idx ON statement_publication_investor (investor_id);
