-- An audit append takes the books write lock and then reads the chain's last hash (it must be read after the
-- lock: a writer that committed meanwhile moved it). Two round trips while holding the lock every writer
-- waits for; one function makes them one. A VOLATILE plpgsql function takes a fresh snapshot for each of its
-- statements, so the hash is read after the lock, as two statements read it (docs/performance.md).
CREATE FUNCTION books_write_lock_last_hash() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  last_hash text;
BEGIN
  PERFORM books_write_lock();
  SELECT hash INTO last_hash FROM audit_event ORDER BY id DESC LIMIT 1;
  RETURN last_hash;
END
$$;
