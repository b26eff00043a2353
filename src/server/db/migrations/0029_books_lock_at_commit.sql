-- The books write lock (migration 0009) held for the commit only (docs/decisions.md 53).
--
-- A change to the books took the lock at its first write (the scope bump of its ledger row) and held it
-- to its commit: through every statement that followed, each a round trip to the app server, which under
-- load spent most of that time waiting on its own busy event loop (docs/performance.md "Concurrent
-- writes"). Now a change notes what it bumps and what it audits in two tables of its own transaction's
-- rows, and takes the lock in a deferred trigger as it commits: the scopes are bumped and the audit rows
-- chained there, after every other deferred check (the balance guard), with no round trip while it is held.
-- The chain is as before: each row's hash is sha256 of the previous hash and the row's canonical JSON,
-- which the app computes (audit.fns.ts) and hands over as `content`; ids follow the chain.
--
-- UNLOGGED: a row here lives inside one transaction and is gone by its commit; nothing to recover.
CREATE UNLOGGED TABLE books_scope_pending (scope text NOT NULL);

CREATE UNLOGGED TABLE audit_event_pending (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at           timestamp with time zone NOT NULL,
  user_id      integer,
  action       text NOT NULL,
  entity       text NOT NULL,
  entity_id    text,
  before       jsonb,
  after        jsonb,
  ip           text,
  api_token_id integer,
  content      text NOT NULL
);

-- Runs once per noted row as the transaction commits; the first does the work, the others find nothing.
CREATE FUNCTION books_commit_pending() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped text[];
  prev text;
  next text;
  r record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM books_scope_pending) AND NOT EXISTS (SELECT 1 FROM audit_event_pending) THEN
    RETURN NULL;
  END IF;
  PERFORM books_write_lock();
  -- Other transactions' rows are not visible here: these are this transaction's own.
  bumped := ARRAY(SELECT DISTINCT scope FROM books_scope_pending WHERE scope <> '*' ORDER BY scope);
  DELETE FROM books_scope_pending;
  -- A scope bumped for the first time starts at 1: an answer that read it before recorded 0. '*' moves
  -- with every change ('*' names no scope of its own to bump).
  IF cardinality(bumped) > 0 THEN
    INSERT INTO books_scope_version AS v (scope, version)
    SELECT s, 1 FROM unnest(array_prepend('*', bumped)) AS s
    ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
  END IF;
  SELECT hash INTO prev FROM audit_event ORDER BY id DESC LIMIT 1;
  prev := coalesce(prev, repeat('0', 64));
  FOR r IN SELECT * FROM audit_event_pending ORDER BY id LOOP
    next := encode(sha256(convert_to(prev || r.content, 'UTF8')), 'hex');
    INSERT INTO audit_event (at, user_id, action, entity, entity_id, before, after, ip, prev_hash, hash, api_token_id)
    VALUES (r.at, r.user_id, r.action, r.entity, r.entity_id, r.before, r.after, r.ip, prev, next, r.api_token_id);
    prev := next;
  END LOOP;
  DELETE FROM audit_event_pending;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER books_commit_pending AFTER INSERT ON books_scope_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION books_commit_pending();
CREATE CONSTRAINT TRIGGER books_commit_pending AFTER INSERT ON audit_event_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION books_commit_pending();

-- A bump is noted now and made as the transaction commits (above), under the lock.
CREATE OR REPLACE FUNCTION books_scope_bump(scopes text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A statement that changed no row bumps nothing.
  INSERT INTO books_scope_pending (scope)
  SELECT DISTINCT s FROM unnest(scopes) AS s WHERE s IS NOT NULL AND s <> '*';
END
$$;
