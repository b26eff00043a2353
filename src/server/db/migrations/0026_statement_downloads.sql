-- Which statements an investor has been shown (docs/decisions.md 50): each download of an investor's
-- statement, by whom and when, so a correction recorded into that period afterwards can say "after your
-- statement of 2025-Q3". A published statement period (statement_publication) counts too.
CREATE TABLE statement_download (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  investor_id   integer NOT NULL REFERENCES investor (id),
  period_from   date NOT NULL,
  period_to     date NOT NULL CHECK (period_from <= period_to),
  downloaded_by integer REFERENCES portal_user (id),
  downloaded_at timestamptz NOT NULL
);
CREATE INDEX statement_download_investor ON statement_download (investor_id, downloaded_at);
