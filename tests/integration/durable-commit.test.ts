import { describe, expect, it } from 'vitest';
import { openTestDb, onPostgres } from '../support/test-db.js';

/**
 * On PostgreSQL a write commits without waiting for the disk, so the books write lock it holds to its
 * commit is not held through the flush (docs/decisions.md 53), and is answered only once the log is on
 * disk past its commit record: an answered write survives a crash (tests/faults prove it under load).
 */
describe.runIf(onPostgres('a write answered only once durable'))('a write on PostgreSQL', () => {
  it('returns only after the log is flushed past its commit, and holds the lock for the commit alone', async () => {
    const { db, drop } = await openTestDb('postgres');
    try {
      for (let i = 0; i < 20; i++) {
        const written = await db.transaction(async (tx) => {
          await tx.query(`SELECT books_scope_bump('{shared}')`);
          const [setting] = await tx.query<{ sync: string }>(`SELECT current_setting('synchronous_commit') AS sync`);
          expect(setting!.sync).toBe('off');
          // Taken at commit (migration 0029): nothing holds it before.
          const [lock] = await tx.query<{ held: number }>(
            `SELECT count(*)::int AS held FROM pg_locks WHERE locktype = 'advisory' AND objid = 7340022 AND pid = pg_backend_pid()`,
          );
          expect(lock!.held).toBe(0);
          return (await tx.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn'))[0]!.lsn;
        });
        const [disk] = await db.query<{ flushed: boolean }>('SELECT pg_current_wal_flush_lsn() >= $1::pg_lsn AS flushed', [written]);
        expect(disk!.flushed).toBe(true);
      }
    } finally {
      await drop();
    }
  });
});
