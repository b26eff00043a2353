-- A check a write makes in the statement that writes (docs/performance.md, concurrent writes). A single ledger
-- entry's insert, its audit append and its COMMIT now go to PostgreSQL together, without waiting for one
-- another's answers, so the books write lock is held for the database's work only. The app can then no
-- longer look at the row the table answered before it commits; the statement looks instead, and an error
-- here aborts the transaction, so the COMMIT behind it rolls back and nothing is written. `stored` is the one
-- row written (null if none was): no row, or another row than expected, is refused. The error names the
-- row's id only: its contents stay out of the error log.
CREATE FUNCTION stored_as_expected(stored jsonb, expected jsonb) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF stored IS NULL OR stored IS DISTINCT FROM expected THEN
    RAISE EXCEPTION 'row % was stored other than its audit row says', coalesce(expected->>'id', '?');
  END IF;
  RETURN true;
END
$$;
