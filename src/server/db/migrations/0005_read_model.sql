-- 0005: what keeps reads cheap at scale (issue 12). Everything here is derived from the books and kept
-- by the database itself, in the same transaction as the write that changes them, so every app server
-- on one database sees the same state and no write path can forget to maintain it.

-- 1. Monthly totals of the ledger, per property and entry-date month. A read as of a date sums whole
-- months from here and only the as_of month's own days from the ledger (books.repository.ts), so its
-- cost follows the months a page covers, not the number of rows. `npm run admin -- verify` recomputes
-- it from the ledger and reports any difference.
--   investor_id = 0: the property's net (income + land-contract payments − property expenses, entries
--   with a period excluded: they are spread by days); investor_id > 0: that investor's investor-specific expenses on the property.
CREATE TABLE property_month_total (
  property_id integer NOT NULL,
  investor_id integer NOT NULL,
  for_month   date NOT NULL,
  date_month  date NOT NULL,
  cents       bigint NOT NULL,
  entries     integer NOT NULL,
  PRIMARY KEY (property_id, investor_id, for_month, date_month)
);
CREATE INDEX property_month_total_investor_idx ON property_month_total (investor_id, property_id);
-- The as_of month's own days are read from the ledger by date.
CREATE INDEX ledger_property_date_idx ON ledger_entry (property_id, date);

CREATE FUNCTION property_month_total_add(e ledger_entry, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  who integer;
  cents bigint;
BEGIN
  IF e.kind IN ('property_income', 'lc_payment') AND e.period_start IS NULL THEN
    who := 0; cents := e.amount_cents;
  ELSIF e.kind = 'property_expense' AND e.period_start IS NULL THEN
    who := 0; cents := -e.amount_cents;
  ELSIF e.kind = 'investor_property_expense' THEN
    who := e.investor_id; cents := e.amount_cents;
  ELSE
    RETURN;
  END IF;
  INSERT INTO property_month_total AS t (property_id, investor_id, for_month, date_month, cents, entries)
  VALUES (e.property_id, who, e.for_month, date_trunc('month', e.date)::date, sign * cents, sign)
  ON CONFLICT (property_id, investor_id, for_month, date_month)
  DO UPDATE SET cents = t.cents + EXCLUDED.cents, entries = t.entries + EXCLUDED.entries;
END $$;

CREATE FUNCTION property_month_total_maintain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.voided_at IS NULL THEN
    PERFORM property_month_total_add(NEW, 1);
  ELSIF TG_OP = 'UPDATE' AND OLD.voided_at IS NULL AND NEW.voided_at IS NOT NULL THEN
    PERFORM property_month_total_add(OLD, -1);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER property_month_total_maintain AFTER INSERT OR UPDATE ON ledger_entry
  FOR EACH ROW EXECUTE FUNCTION property_month_total_maintain();

-- A restore empties the ledger with TRUNCATE, which fires no row trigger.
CREATE FUNCTION property_month_total_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM property_month_total;
  RETURN NULL;
END $$;
CREATE TRIGGER property_month_total_clear AFTER TRUNCATE ON ledger_entry
  FOR EACH STATEMENT EXECUTE FUNCTION property_month_total_clear();

INSERT INTO property_month_total (property_id, investor_id, for_month, date_month, cents, entries)
SELECT property_id, CASE WHEN kind = 'investor_property_expense' THEN investor_id ELSE 0 END, for_month,
       date_trunc('month', date)::date,
       sum(CASE WHEN kind = 'property_expense' THEN -amount_cents ELSE amount_cents END), count(*)
  FROM ledger_entry
 WHERE voided_at IS NULL
   AND ((kind IN ('property_income', 'lc_payment', 'property_expense') AND period_start IS NULL)
        OR kind = 'investor_property_expense')
 GROUP BY 1, 2, 3, 4;

-- 2. The version of the books: every change to what a figure is computed from bumps it in the changing
-- transaction. An answer kept with the version it was computed at is served only while that version is
-- current, so a stale answer cannot be served, from any app server.
CREATE TABLE books_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version   bigint NOT NULL
);
INSERT INTO books_version (version) VALUES (1);

CREATE FUNCTION books_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE books_version SET version = version + 1;
  RETURN NULL;
END $$;
CREATE TRIGGER books_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ledger_entry
  FOR EACH STATEMENT EXECUTE FUNCTION books_version_bump();
CREATE TRIGGER books_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON investor_fee
  FOR EACH STATEMENT EXECUTE FUNCTION books_version_bump();
CREATE TRIGGER books_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON property
  FOR EACH STATEMENT EXECUTE FUNCTION books_version_bump();
CREATE TRIGGER books_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON llc
  FOR EACH STATEMENT EXECUTE FUNCTION books_version_bump();
CREATE TRIGGER books_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON investor
  FOR EACH STATEMENT EXECUTE FUNCTION books_version_bump();
CREATE TRIGGER books_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON category
  FOR EACH STATEMENT EXECUTE FUNCTION books_version_bump();
CREATE TRIGGER books_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON loren
  FOR EACH STATEMENT EXECUTE FUNCTION books_version_bump();

-- 3. Answers kept at a version (books.service.ts `kept`): read answers, as JSON text so they come back
-- byte for byte. Derived and disposable: never backed up; rows of an older version are deleted freely.
CREATE TABLE answer_cache (
  key     text PRIMARY KEY,
  version bigint NOT NULL,
  body    text NOT NULL
);
CREATE INDEX answer_cache_version_idx ON answer_cache (version);
