-- What a transaction notes for its commit (migrations 0029–0031) kept in temporary tables of its own
-- connection, emptied at each commit without leaving a dead row (ON COMMIT DELETE ROWS). In shared tables
-- every commit deleted its rows, and until a vacuum (PGlite has none; PostgreSQL's comes about once a
-- minute) the dead rows piled up and every later commit read past them: 95 MB after seeding the small
-- tier, every write on PGlite four times slower. A connection makes its tables the first time it notes.
DROP TRIGGER books_note_commit ON audit_event_pending;
DROP TRIGGER books_commit_pending ON books_commit_marker;
DROP TABLE audit_event_pending, books_scope_pending, books_commit_marker;
DROP FUNCTION books_note_commit_trigger();

CREATE FUNCTION books_commit_tables() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('pg_temp.books_commit_marker') IS NOT NULL THEN RETURN; END IF;
  CREATE TEMP TABLE books_scope_pending (scope text NOT NULL) ON COMMIT DELETE ROWS;
  CREATE TEMP TABLE audit_event_pending (
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
  ) ON COMMIT DELETE ROWS;
  CREATE TEMP TABLE books_commit_marker (noted boolean NOT NULL DEFAULT true) ON COMMIT DELETE ROWS;
  CREATE CONSTRAINT TRIGGER books_commit_pending AFTER INSERT ON books_commit_marker
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION books_commit_pending();
  -- Audit rows noted are chained even by a session that turned triggers off (session_replication_role):
  -- else they would be emptied at its commit, unwritten.
  ALTER TABLE books_commit_marker ENABLE ALWAYS TRIGGER books_commit_pending;
END
$$;

-- The audit rows of a change, in order, with each row's canonical JSON (audit.repository.ts).
CREATE FUNCTION books_note_audits(
  ats timestamptz[], user_ids int[], actions text[], entities text[], entity_ids text[],
  befores jsonb[], afters jsonb[], ips text[], api_token_ids int[], contents text[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM books_commit_tables();
  -- unnest keeps the order of the arrays, so ids (and the chain) follow it.
  INSERT INTO audit_event_pending (at, user_id, action, entity, entity_id, before, after, ip, api_token_id, content)
  SELECT * FROM unnest(ats, user_ids, actions, entities, entity_ids, befores, afters, ips, api_token_ids, contents);
  PERFORM books_note_commit();
END
$$;

CREATE OR REPLACE FUNCTION books_scope_bump(scopes text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A statement that changed no row bumps nothing, and notes nothing for the commit.
  IF NOT EXISTS (SELECT 1 FROM unnest(scopes) AS s WHERE s IS NOT NULL AND s <> '*') THEN RETURN; END IF;
  PERFORM books_commit_tables();
  INSERT INTO books_scope_pending (scope)
  SELECT DISTINCT s FROM unnest(scopes) AS s WHERE s IS NOT NULL AND s <> '*';
  PERFORM books_note_commit();
END
$$;
