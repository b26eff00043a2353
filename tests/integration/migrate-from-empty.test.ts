import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.js';
import { migrate, MIGRATION_FILE, MIGRATIONS_DIR } from '../../src/server/db/migrate.js';
import { DB_KINDS, openTestDb } from '../support/test-db.js';

/**
 * Every other test's database is a copy of one migrated once for the run (tests/support/test-db.ts). This
 * one runs the migrations as a new portal's first start does, from a database with nothing in it, and
 * checks that the copies hold exactly what that builds.
 */
const MIGRATIONS = readdirSync(MIGRATIONS_DIR).filter((f) => MIGRATION_FILE.test(f)).sort();

/** The tables with their columns, the functions and the triggers of the public schema, as the catalog lists them. */
async function catalog(db: Db): Promise<string[]> {
  const rows = await db.query<{ line: string }>(`
    SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') AS line
      FROM information_schema.columns WHERE table_schema = 'public'
    UNION ALL
    SELECT 'function ' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') ' || md5(p.prosrc)
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'
    UNION ALL
    SELECT 'trigger ' || c.relname || '.' || t.tgname || ' ' || pg_get_triggerdef(t.oid)
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND NOT t.tgisinternal
    UNION ALL
    SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public'
    ORDER BY 1`);
  return rows.map((r) => r.line);
}

describe.each(DB_KINDS)('migrating a new database on %s', (kind) => {
  it('applies every migration in order, then none; the copies every test gets hold the same schema', async () => {
    const fresh = await openTestDb(kind, { fromEmpty: true });
    const copy = await openTestDb(kind);
    try {
      const applied = await fresh.db.query<{ name: string }>('SELECT name FROM schema_migration ORDER BY name');
      expect(applied.map((r) => r.name)).toEqual(MIGRATIONS);
      expect(await migrate(fresh.db)).toEqual([]);
      const built = await catalog(fresh.db);
      expect(built.filter((l) => l.startsWith('trigger ')).length).toBeGreaterThan(0);
      expect(await catalog(copy.db)).toEqual(built);
    } finally {
      await fresh.drop();
      await copy.drop();
    }
  });
});
