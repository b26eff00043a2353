import { readdir, readFile } from 'node:fs/promises';
import { projectPath } from '../lib/project-files.js';
import type { Db } from './client.js';

const MIGRATIONS_DIR = projectPath('src/server/db/migrations/');
// Any constant: several app servers starting at once take turns instead of racing the same migration.
const MIGRATION_LOCK = 7_340_021;

/** Applies every not-yet-applied migrations/NNNN_*.sql in order, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
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
