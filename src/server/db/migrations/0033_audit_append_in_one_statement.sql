-- An audit append in one round trip (docs/performance.md, concurrent writes). A change holds the books write
-- lock from its first write to its commit, and every other writer waits for it; until now the append spent two
-- round trips in it: the lock and the chain's last hash (migration 0032), then the insert of rows the app had
-- chained with that hash. The app now sends each row with its canonical JSON (audit.fns.ts, computed before the
-- lock), and this function chains and inserts them as `chainHash` would: hash = SHA-256, in hex, of the
-- previous hash followed by the canonical JSON, in UTF-8. The whole-books check (`npm run admin -- verify`)
-- recomputes every hash in the app, so a difference between the two would be found there.
CREATE FUNCTION audit_append(
  ats timestamptz[], user_ids int[], actions text[], entities text[], entity_ids text[],
  befores jsonb[], afters jsonb[], ips text[], api_token_ids int[], canonicals text[]
) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  last_hash text := books_write_lock_last_hash(); -- the lock, then a read after it
  prev_hashes text[] := '{}';
  hashes text[] := '{}';
  canonical text;
BEGIN
  last_hash := coalesce(last_hash, repeat('0', 64));
  FOREACH canonical IN ARRAY canonicals LOOP
    prev_hashes := prev_hashes || last_hash;
    last_hash := encode(sha256(convert_to(last_hash || canonical, 'UTF8')), 'hex');
    hashes := hashes || last_hash;
  END LOOP;
  -- unnest keeps the order of the arrays, so ids follow the chain.
  INSERT INTO audit_event (at, user_id, action, entity, entity_id, before, after, ip, prev_hash, hash, api_token_id)
  SELECT * FROM unnest(ats, user_ids, actions, entities, entity_ids, befores, afters, ips, prev_hashes, hashes, api_token_ids);
END
$$;
