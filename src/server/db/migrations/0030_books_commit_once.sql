-- Migration 0029's commit-time work done once per transaction, and the audit chain inserted in one
-- statement. 0029 fired its deferred trigger once per noted row, and chained row by row: a bank import's
-- 10,000 lines made 10,000 firings and 10,000 inserts at commit, five times slower on PGlite (whose
-- database runs on the server's own thread). Now the first note of a transaction also inserts one marker
-- row (a transaction-local setting says whether it has), and the marker's deferred trigger does the work.
DROP TRIGGER books_commit_pending ON books_scope_pending;
DROP TRIGGER books_commit_pending ON audit_event_pending;

CREATE UNLOGGED TABLE books_commit_marker (noted boolean NOT NULL DEFAULT true);

-- A savepoint rolled back undoes the setting with the marker, so a later note marks again.
CREATE FUNCTION books_note_commit() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('books.commit_noted', true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config('books.commit_noted', 'yes', true);
    INSERT INTO books_commit_marker DEFAULT VALUES;
  END IF;
END
$$;

CREATE FUNCTION books_note_commit_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM books_note_commit();
  RETURN NULL;
END
$$;

CREATE TRIGGER books_note_commit AFTER INSERT ON audit_event_pending
  FOR EACH STATEMENT EXECUTE FUNCTION books_note_commit_trigger();

CREATE OR REPLACE FUNCTION books_scope_bump(scopes text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A statement that changed no row bumps nothing, and notes nothing for the commit.
  IF NOT EXISTS (SELECT 1 FROM unnest(scopes) AS s WHERE s IS NOT NULL AND s <> '*') THEN RETURN; END IF;
  INSERT INTO books_scope_pending (scope)
  SELECT DISTINCT s FROM unnest(scopes) AS s WHERE s IS NOT NULL AND s <> '*';
  PERFORM books_note_commit();
END
$$;

-- Under the books write lock, as the transaction commits: the scopes bumped, the audit rows chained.
CREATE OR REPLACE FUNCTION books_commit_pending() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped text[];
  prev text;
  ids bigint[];
  contents text[];
  prevs text[] := '{}';
  hashes text[] := '{}';
BEGIN
  PERFORM books_write_lock();
  -- Other transactions' rows are not visible here: these are this transaction's own.
  bumped := ARRAY(SELECT DISTINCT scope FROM books_scope_pending ORDER BY scope);
  -- A scope bumped for the first time starts at 1: an answer that read it before recorded 0. '*' moves
  -- with every change ('*' names no scope of its own to bump).
  IF cardinality(bumped) > 0 THEN
    INSERT INTO books_scope_version AS v (scope, version)
    SELECT s, 1 FROM unnest(array_prepend('*', bumped)) AS s
    ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
  END IF;
  SELECT array_agg(id ORDER BY id), array_agg(content ORDER BY id) INTO ids, contents FROM audit_event_pending;
  IF ids IS NOT NULL THEN
    SELECT hash INTO prev FROM audit_event ORDER BY id DESC LIMIT 1;
    prev := coalesce(prev, repeat('0', 64));
    FOR i IN 1 .. cardinality(ids) LOOP
      prevs := prevs || prev;
      prev := encode(sha256(convert_to(prev || contents[i], 'UTF8')), 'hex');
      hashes := hashes || prev;
    END LOOP;
    -- In the order noted, so ids follow the chain.
    INSERT INTO audit_event (at, user_id, action, entity, entity_id, before, after, ip, prev_hash, hash, api_token_id)
    SELECT p.at, p.user_id, p.action, p.entity, p.entity_id, p.before, p.after, p.ip, c.prev_hash, c.hash, p.api_token_id
      FROM unnest(ids, prevs, hashes) AS c (id, prev_hash, hash)
      JOIN audit_event_pending p ON p.id = c.id
     ORDER BY c.id;
  END IF;
  DELETE FROM books_scope_pending;
  DELETE FROM audit_event_pending;
  DELETE FROM books_commit_marker;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER books_commit_pending AFTER INSERT ON books_commit_marker
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION books_commit_pending();
