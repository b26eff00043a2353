-- The whole books' version ('*') becomes a row of its own, bumped with every change (issue 12).
--
-- Before, '*' was the sum of every scope's version, read on each check of an answer computed from the
-- whole books (the admin summary): 2,051 rows on the large tier on every request, a cost that grew with
-- the books. Now it is one row, read like any other scope.
--
-- One row bumped by every change is one lock every change holds until commit. Every change to the books
-- is audited, and the audit chain already takes one lock per change until commit (audit.repository.ts).
-- `books_write_lock` is that lock, taken first by every bump and by every audit append: whatever order
-- a transaction writes and audits in, it holds the books write lock before any scope row, so no two
-- writers can each hold a lock the other waits for (the scope rows, '*' included, are only ever
-- taken under it). The rule that keeps it so: a transaction takes its row locks (FOR UPDATE, FOR
-- SHARE) before its first write to the books, as every service does, never after.
CREATE FUNCTION books_write_lock() RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(7340022);
$$;

-- It starts at the sum it stood for, so answers kept under the old meaning stay current. No write may
-- commit a bump between that sum and this migration's commit (it would move its scope but not '*').
LOCK TABLE books_scope_version IN SHARE ROW EXCLUSIVE MODE;
INSERT INTO books_scope_version (scope, version)
SELECT '*', coalesce(sum(version), 0) FROM books_scope_version;

CREATE OR REPLACE FUNCTION books_scope_bump(scopes text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bumped text[] := ARRAY(SELECT DISTINCT s FROM unnest(scopes) AS s WHERE s IS NOT NULL AND s <> '*' ORDER BY s);
BEGIN
  -- A statement that changed no row bumps nothing (and waits for no lock).
  IF cardinality(bumped) = 0 THEN RETURN; END IF;
  PERFORM books_write_lock();
  -- A scope bumped for the first time starts at 1: an answer that read it before recorded 0. '*' moves
  -- with every bump ('*' names no scope of its own to bump).
  INSERT INTO books_scope_version AS v (scope, version)
  SELECT s, 1 FROM unnest(array_prepend('*', bumped)) AS s
  ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
END
$$;

-- '*' is now a scope like the others.
CREATE OR REPLACE FUNCTION books_scope_versions(scopes text[]) RETURNS bigint[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  versions bigint[] := '{}';
  wanted text;
  found bigint;
BEGIN
  FOREACH wanted IN ARRAY coalesce(scopes, '{}') LOOP
    SELECT version INTO found FROM books_scope_version WHERE scope = wanted;
    versions := versions || coalesce(found, 0);
  END LOOP;
  RETURN versions;
END
$$;
