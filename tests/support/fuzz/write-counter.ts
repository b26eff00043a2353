import type { TestApp } from '../test-app.js';

/**
 * Proof that a refused request wrote nothing. The issue's proof is the row count of the audit trail and
 * of the ledger, read around every case; beside it, a row trigger on the tables a write may touch counts
 * every insert, update and delete, so a refusal that changed a row in place (notes, a lock, a fee) shows
 * too, and one query per case reads it all. The triggers live in the test's own database only.
 */
export type WriteCounts = Record<string, number>;

/**
 * Watched for every kind of write. portal_user is watched for inserts and deletes only, and sessions and
 * sign-in events not at all: a failed sign-in updates the account's failure count and records an event on
 * purpose (lockout and throttling read them).
 */
const WATCHED = [
  'audit_event', 'ledger_entry', 'llc', 'property', 'investor', 'investor_fee', 'category', 'loren', 'picture',
  'registration_secret', 'idempotency_key',
];

const INSTALL = `
CREATE TABLE fuzz_write (what text PRIMARY KEY, n bigint NOT NULL);
CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fuzz_write (what, n) VALUES (TG_TABLE_NAME || ' ' || lower(TG_OP), 1)
    ON CONFLICT (what) DO UPDATE SET n = fuzz_write.n + 1;
  RETURN NULL;
END $$;
${WATCHED.map((t) => `CREATE TRIGGER fuzz_count AFTER INSERT OR UPDATE OR DELETE ON ${t} FOR EACH ROW EXECUTE FUNCTION fuzz_count_write();`).join('\n')}
CREATE TRIGGER fuzz_count AFTER INSERT OR DELETE ON portal_user FOR EACH ROW EXECUTE FUNCTION fuzz_count_write();
`;

export async function installWriteCounter(t: TestApp): Promise<void> {
  await t.testDb.db.exec(INSTALL);
}

const READ = `SELECT (SELECT count(*)::int FROM audit_event) AS audit_rows, (SELECT count(*)::int FROM ledger_entry) AS ledger_rows,
  (SELECT coalesce(json_object_agg(what, n), '{}'::json) FROM fuzz_write) AS writes`;

export async function writeCounts(t: TestApp): Promise<WriteCounts> {
  const [row] = await t.testDb.db.query<{ audit_rows: number; ledger_rows: number; writes: Record<string, number> | string }>(READ);
  const writes = typeof row!.writes === 'string' ? (JSON.parse(row!.writes) as Record<string, number>) : row!.writes;
  return { 'audit_event rows': row!.audit_rows, 'ledger_entry rows': row!.ledger_rows, ...writes };
}

/** What changed between two readings, in words ("property update 3 → 4"). */
export function changes(before: WriteCounts, after: WriteCounts): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.filter((k) => (before[k] ?? 0) !== (after[k] ?? 0)).map((k) => `${k} ${before[k] ?? 0} → ${after[k] ?? 0}`);
}
