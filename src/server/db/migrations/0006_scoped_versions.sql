-- 0006: versions of parts of the books instead of one version of all of them (issue 12).
--
-- With one version, any write made every kept answer unservable: a rent recorded in one LLC sent all
-- 2,000 investors of the large tier back to a cold computation, and every write queued on that one row.
-- Now a change bumps only the scopes it touches, in the changing transaction:
--   'llc:<id>'       an LLC's books: its row, its properties, every entry on them or on the LLC itself
--   'investor:<id>'  one investor's own entries (investments, withdrawals, their expenses) and a new investor
--   'shared'         what many answers print or weigh: investors' names and fees, categories, lorens,
--                    and anything emptied at once (a restore's TRUNCATE)
-- An answer records the scopes it was computed from and their versions (books.service.ts); it is served
-- only while every one of them is unchanged. '*' stands for the whole books: the sum of all versions,
-- which grows with every committed change, whichever scope it bumped.
CREATE TABLE books_scope_version (
  scope   text PRIMARY KEY,
  version bigint NOT NULL
);
INSERT INTO books_scope_version (scope, version) VALUES ('shared', 1);

-- Bumps each scope once, in scope order, so two transactions bumping the same scopes lock them in the
-- same order (no deadlock between them). A scope bumped for the first time starts at 1: an answer that
-- read it before recorded 0.
CREATE FUNCTION books_scope_bump(scopes text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO books_scope_version AS v (scope, version)
  SELECT s, 1 FROM (SELECT DISTINCT unnest(scopes) AS s) u WHERE s IS NOT NULL ORDER BY s
  ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
$$;

-- Ledger: the LLC of each changed entry (its own, or its property's) and its investor. Statement
-- triggers with transition tables: a batch of 5,000 entries bumps each scope once, not 5,000 times.
CREATE FUNCTION ledger_scope_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM books_scope_bump(ARRAY(
    SELECT 'llc:' || coalesce(r.llc_id, p.llc_id) FROM changed r LEFT JOIN property p ON p.id = r.property_id
    UNION SELECT 'investor:' || r.investor_id FROM changed r));
  RETURN NULL;
END $$;
CREATE TRIGGER ledger_scope_bump_insert AFTER INSERT ON ledger_entry
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ledger_scope_bump();
-- An update only voids an entry (it never moves one to another property, LLC or investor).
CREATE TRIGGER ledger_scope_bump_update AFTER UPDATE ON ledger_entry
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ledger_scope_bump();
CREATE TRIGGER ledger_scope_bump_delete AFTER DELETE ON ledger_entry
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ledger_scope_bump();

-- Properties: the LLC they are in, and on an update also the one they were in.
CREATE FUNCTION property_scope_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM books_scope_bump(ARRAY(SELECT 'llc:' || llc_id FROM changed));
  RETURN NULL;
END $$;
CREATE FUNCTION property_scope_bump_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM books_scope_bump(ARRAY(SELECT 'llc:' || llc_id FROM changed UNION SELECT 'llc:' || llc_id FROM before_rows));
  RETURN NULL;
END $$;
CREATE TRIGGER property_scope_bump_insert AFTER INSERT ON property
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION property_scope_bump();
CREATE TRIGGER property_scope_bump_update AFTER UPDATE ON property
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION property_scope_bump_moved();
CREATE TRIGGER property_scope_bump_delete AFTER DELETE ON property
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION property_scope_bump();

CREATE FUNCTION llc_scope_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM books_scope_bump(ARRAY(SELECT 'llc:' || id FROM changed));
  RETURN NULL;
END $$;
CREATE TRIGGER llc_scope_bump_insert AFTER INSERT ON llc
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION llc_scope_bump();
CREATE TRIGGER llc_scope_bump_update AFTER UPDATE ON llc
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION llc_scope_bump();
CREATE TRIGGER llc_scope_bump_delete AFTER DELETE ON llc
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION llc_scope_bump();

-- A new investor has no entries yet: only their own scope (and the whole books) change. A rename, a
-- deactivation or a fee change shows in other answers (members' names in reports, fees in an LLC's
-- tax report): 'shared'. Rare, so its cost (every kept answer recomputed) does not matter.
CREATE FUNCTION investor_scope_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM books_scope_bump(ARRAY(SELECT 'investor:' || id FROM changed));
  RETURN NULL;
END $$;
CREATE TRIGGER investor_scope_bump_insert AFTER INSERT ON investor
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION investor_scope_bump();

CREATE FUNCTION shared_scope_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM books_scope_bump(ARRAY['shared']);
  RETURN NULL;
END $$;
CREATE TRIGGER shared_scope_bump AFTER UPDATE OR DELETE OR TRUNCATE ON investor
  FOR EACH STATEMENT EXECUTE FUNCTION shared_scope_bump();
CREATE TRIGGER shared_scope_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON investor_fee
  FOR EACH STATEMENT EXECUTE FUNCTION shared_scope_bump();
CREATE TRIGGER shared_scope_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON category
  FOR EACH STATEMENT EXECUTE FUNCTION shared_scope_bump();
CREATE TRIGGER shared_scope_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON loren
  FOR EACH STATEMENT EXECUTE FUNCTION shared_scope_bump();
CREATE TRIGGER shared_scope_bump AFTER TRUNCATE ON ledger_entry
  FOR EACH STATEMENT EXECUTE FUNCTION shared_scope_bump();
CREATE TRIGGER shared_scope_bump AFTER TRUNCATE ON property
  FOR EACH STATEMENT EXECUTE FUNCTION shared_scope_bump();
CREATE TRIGGER shared_scope_bump AFTER TRUNCATE ON llc
  FOR EACH STATEMENT EXECUTE FUNCTION shared_scope_bump();

-- The single version goes: its row was a lock every write queued on until commit.
DROP TRIGGER books_version_bump ON ledger_entry;
DROP TRIGGER books_version_bump ON investor_fee;
DROP TRIGGER books_version_bump ON property;
DROP TRIGGER books_version_bump ON llc;
DROP TRIGGER books_version_bump ON investor;
DROP TRIGGER books_version_bump ON category;
DROP TRIGGER books_version_bump ON loren;
DROP FUNCTION books_version_bump();
DROP TABLE books_version;

-- Kept answers record what they were computed from. `stamp` names one computation's inputs (its
-- scopes' versions): a server holding the answer of that stamp need not be sent it again.
-- `kept_at` lets answers nobody asks again (yesterday's) be cleared.
DROP TABLE answer_cache;
CREATE TABLE answer_cache (
  key      text PRIMARY KEY,
  scopes   text[] NOT NULL,
  versions bigint[] NOT NULL,
  stamp    text NOT NULL,
  body     text NOT NULL,
  kept_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX answer_cache_kept_at_idx ON answer_cache (kept_at);

-- The versions an answer's scopes have now ('*': all of the books). A scope never bumped is at 0.
CREATE FUNCTION books_scope_versions(scopes text[]) RETURNS bigint[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(
           CASE WHEN s.scope = '*' THEN (SELECT coalesce(sum(version), 0)::bigint FROM books_scope_version)
                ELSE coalesce((SELECT version FROM books_scope_version v WHERE v.scope = s.scope), 0) END
           ORDER BY s.n), '{}')
    FROM unnest(scopes) WITH ORDINALITY AS s(scope, n);
$$;
