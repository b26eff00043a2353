import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openPglite, openPostgres, type Db } from '../../src/server/db/client.js';
import { migrate } from '../../src/server/db/migrate.js';

export type DbKind = 'pglite' | 'postgres';

/**
 * The databases every integration test runs against: PGlite always, and the PostgreSQL server named
 * by TEST_DATABASE_URL when it is set (as in CI). PGlite is PostgreSQL 18, the server here is 15.
 */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export type TestDb = { db: Db; kind: DbKind; url?: string; drop(): Promise<void> };

/** A fresh, migrated database of its own: PGlite in memory, or a new database on the server. */
export async function openTestDb(kind: DbKind): Promise<TestDb> {
  if (kind === 'pglite') {
    const db = await openPglite();
    await migrate(db);
    return { db, kind, drop: () => db.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  await migrate(db);
  return {
    db,
    kind,
    url: url.toString(),
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
