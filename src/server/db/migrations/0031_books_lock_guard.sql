-- Two corrections to migrations 0029 and 0030 (docs/decisions.md 53), found in review:
-- - The balance guard (migration 0010) is a deferred trigger that fires at commit before the books
--   write lock is taken there, so it no longer ran behind another writer's commit as it did when the
--   lock was taken at the first write: it takes the lock itself now, first.
-- - The commit-time work clears the transaction's "noted" setting, so a note made after it (none is
--   today) would mark the transaction again rather than be left in the pending tables.

CREATE OR REPLACE FUNCTION ledger_balance_guard()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  capital boolean := NEW.kind IN ('investment', 'investment_withdrawal');
  negative_on date;
BEGIN
  -- Checked under the books write lock (taken here as the transaction commits, re-entrant for its own
  -- commit work after): a writer that commits meanwhile is seen, so two cannot each pass on a state
  -- without the other.
  PERFORM books_write_lock();
  SELECT r.date INTO negative_on FROM (
    SELECT e.date,
           sum(CASE WHEN e.kind IN ('investment', 'deposit') THEN e.amount_cents ELSE -e.amount_cents END)
             OVER (ORDER BY e.date, e.kind IN ('investment', 'deposit') DESC, e.id) AS running
      FROM ledger_entry e
     WHERE e.voided_at IS NULL AND e.property_id = NEW.property_id
       AND CASE WHEN capital THEN e.investor_id = NEW.investor_id AND e.kind IN ('investment', 'investment_withdrawal')
                ELSE e.kind IN ('deposit', 'deposit_withdrawal') END
  ) r WHERE r.running < 0 ORDER BY r.date LIMIT 1;
  IF negative_on IS NOT NULL THEN
    RAISE EXCEPTION 'This would make % negative on %.',
      CASE WHEN capital THEN 'this investor''s capital in this property' ELSE 'the deposits held for this property' END,
      to_char(negative_on, 'YYYY-MM-DD')
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_balance_guard';
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION books_commit_pending()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  bumped text[];
  prev text;
  ids bigint[];
  contents text[];
  prevs text[] := '{}';
  hashes text[] := '{}';
BEGIN
  PERFORM books_write_lock();
  -- Anything noted after this (nothing does today) marks the transaction again instead of being left.
  PERFORM set_config('books.commit_noted', '', true);
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
$function$;
