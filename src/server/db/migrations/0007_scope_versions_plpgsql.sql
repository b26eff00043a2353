-- books_scope_versions, the check behind every kept answer (migration 0006), again in PL/pgSQL with
-- the same results. As a SQL function that cannot be inlined (it aggregates), PostgreSQL planned its
-- query again in every statement that called it: a kept answer's read ran at 8,900 a second on the
-- bench machine, and 23,700 with this version, whose queries are planned once per connection (issue 12).
CREATE OR REPLACE FUNCTION books_scope_versions(scopes text[]) RETURNS bigint[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  versions bigint[] := '{}';
  wanted text;
  found bigint;
BEGIN
  FOREACH wanted IN ARRAY coalesce(scopes, '{}') LOOP
    IF wanted = '*' THEN
      -- Every scope: its sum changes whenever any of them does (each only ever goes up).
      SELECT coalesce(sum(version), 0)::bigint INTO found FROM books_scope_version;
    ELSE
      SELECT version INTO found FROM books_scope_version WHERE scope = wanted;
    END IF;
    versions := versions || coalesce(found, 0);
  END LOOP;
  RETURN versions;
END
$$;
