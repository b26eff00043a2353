import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, type Db } from '../../src/server/db/client.js';
import { migrate } from '../../src/server/db/migrate.js';

export type DbKind = 'pglite' | 'postgres';

/**
 * The databases every integration test runs against: PGlite always, and the PostgreSQL server named
 * by TEST_DATABASE_URL when it is set (as in CI). PGlite is PostgreSQL 18, the server here is 15.
 */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export type TestDb = { db: Db; kind: DbKind; url?: string; drop(): Promise<void> };

/** A closed database that fresh copies are made of (see openTemplateDb). */
export type TestDbTemplate = {
  kind: DbKind;
  /**
   * Where a process outside the test (an operator's command) opens these books: PGlite's directory of
   * files, or the server database's URL. What it writes there, later copies hold too.
   */
  location: { files: string } | { url: string };
  /** A new database holding the same rows; it may in turn be sealed into a further template. */
  copy(): Promise<SealableTestDb>;
  drop(): Promise<void>;
};

/** A database that can be closed and kept as a template (`seal()`), or dropped like any other. */
export type SealableTestDb = TestDb & { seal(): Promise<TestDbTemplate> };

/** A fresh, migrated database of its own: PGlite in memory, or a new database on the server. */
export async function openTestDb(kind: DbKind): Promise<TestDb> {
  if (kind === 'pglite') {
    const db = await openPglite();
    await migrate(db);
    return { db, kind, drop: () => db.close() };
  }
  const testDb = await serverDb();
  await migrate(testDb.db);
  return testDb;
}

/**
 * A fresh, migrated database to write books in once and then copy: `seal()` closes it and answers the
 * template, whose every `copy()` is a new database holding the same rows. A copy is a directory copy for
 * PGlite (whose data lives on disk for this) and CREATE DATABASE … TEMPLATE on the server: well under a
 * second, where starting PGlite and recording the same books again takes several.
 */
export async function openTemplateDb(kind: DbKind): Promise<SealableTestDb> {
  const testDb = kind === 'pglite' ? await pgliteIn(newDataDir()) : await serverDb();
  await migrate(testDb.db);
  return testDb;
}

/**
 * A new directory for a PGlite database: in memory (/dev/shm) where there is room, since a copy on disk
 * costs most of a second on a slow disk; in the temporary directory otherwise.
 */
function newDataDir(): string {
  const roomy = (dir: string) => {
    try {
      const fs = statfsSync(dir);
      return fs.bavail * fs.bsize > 2 ** 30;
    } catch {
      return false;
    }
  };
  return mkdtempSync(path.join(roomy('/dev/shm') ? '/dev/shm' : tmpdir(), 'portal-db-'));
}

/** PGlite with its data in `dir`, which drop() removes (and a template's drop() too). */
async function pgliteIn(dir: string): Promise<SealableTestDb> {
  const dataDir = path.join(dir, 'pgdata');
  const db = await openPglite(dataDir);
  const remove = async () => rmSync(dir, { recursive: true, force: true });
  return {
    db,
    kind: 'pglite',
    async drop() {
      await db.close();
      await remove();
    },
    async seal() {
      await db.close();
      const copy = () => {
        const copyDir = newDataDir();
        cpSync(dataDir, path.join(copyDir, 'pgdata'), { recursive: true });
        return pgliteIn(copyDir);
      };
      return { kind: 'pglite', location: { files: dataDir }, copy, drop: remove };
    },
  };
}

/** A new database on the server, empty or a copy of the database `template`, dropped again by drop(). */
async function serverDb(template?: string): Promise<SealableTestDb> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await onServer(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = serverUrl(name);
  const db = await openPostgres(url);
  const drop = () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  return {
    db,
    kind: 'postgres',
    url,
    async drop() {
      await db.close();
      await drop();
    },
    async seal() {
      await db.close();
      return { kind: 'postgres', location: { url }, copy: () => serverDb(name), drop };
    },
  };
}

/** Runs one statement on the server as the TEST_DATABASE_URL user (who may create databases). */
async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function serverUrl(database?: string): string {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  if (!database) return adminUrl;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
