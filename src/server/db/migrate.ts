import { readdir, readFile } from 'node:fs/promises';
import { projectPath } from '../lib/project-files.js';
import type { Db } from './client.js';

export const MIGRATIONS_DIR = projectPath('src/server/db/migrations/');
/** A migration's file name: four digits, then what it does (`0007_scope_versions_plpgsql.sql`). */
export const MIGRATION_FILE = /^\d{4}_.+\.sql$/;
// Any constant: several app servers starting at once take turns instead of racing the same migration.
const MIGRATION_LOCK = 7_340_021;

/**
 * Applies, in file-name order, every migrations/NNNN_*.sql not yet listed in `schema_migration`, and
 * answers the names it applied.
 *
 * Everything runs in ONE transaction: the advisory lock, the bookkeeping table, every pending migration
 * and its bookkeeping row. So a start that fails part-way (a migration's error, a crash) leaves the
 * database exactly as it was, with no migration half-applied and none applied without its row; the next
 * start tries the same pending list again. A second server starting at the same time waits on the lock,
 * then finds the work done. The price: a migration must be valid inside a transaction block (no
 * CREATE INDEX CONCURRENTLY, no VACUUM, no ALTER TYPE … ADD VALUE used by a later migration of the
 * same run), and it takes its locks until the last pending migration commits.
 *
 * A migration is never edited once committed (tests/integration/schema.test.ts holds their checksums);
 * src/server/db/schema.sql shows what they build, all together.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => MIGRATION_FILE.test(f)).sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    // Held until this transaction ends: released by the commit or the rollback, never left behind.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migration (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migration')).map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(MIGRATIONS_DIR + file, 'utf8');
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migration (name) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}
