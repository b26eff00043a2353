import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Db } from '../../src/server/db/client.js';
import { migrate } from '../../src/server/db/migrate.js';

export type DbKind = 'pglite' | 'postgres';

/**
 * The databases every integration test runs against: PGlite always, and the PostgreSQL server named
 * by TEST_DATABASE_URL when it is set (as in CI). PGlite is PostgreSQL 18, the server here is 15.
 */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * Whether tests that only PostgreSQL can run (races between connections, a server dropping them) run in
 * this process. When they cannot, the output says so, naming them, instead of passing over them in
 * silence: `describe.runIf(onPostgres('races on …'))(…)`.
 */
export function onPostgres(what: string): boolean {
  if (process.env.TEST_DATABASE_URL) return true;
  console.warn(`SKIPPED: ${what}: these tests need PostgreSQL; set TEST_DATABASE_URL (for example postgres://postgres@127.0.0.1:5432/test) to run them.`);
  return false;
}

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

/**
 * A fresh, migrated database of its own: a copy of the run's empty template (below), or, with
 * `fromEmpty`, a new database that migrate() builds from nothing, for a test of the migrations themselves.
 */
export async function openTestDb(kind: DbKind, { fromEmpty = false }: { fromEmpty?: boolean } = {}): Promise<TestDb> {
  if (!fromEmpty) return (await emptyTemplate(kind)).copy();
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
  return (await emptyTemplate(kind)).copy();
}

/**
 * Migrating a new database, made once: starting a new PGlite costs seconds (most of it its initdb),
 * copying a closed one's files well under one. The global setup (tests/support/global-setup.ts) builds
 * the run's empty templates once for every test file; a run without it (the fault tests' config) makes
 * one per test process, on first use.
 */
const localEmpty = new Map<DbKind, Promise<TestDbTemplate>>();

function emptyTemplate(kind: DbKind): Promise<TestDbTemplate> {
  const built = runTemplates()?.empty[kind];
  if (built) return Promise.resolve(templateAt(kind, built));
  // A template database left on the server would outlive a process that cannot drop it at exit.
  if (kind === 'postgres') return Promise.resolve(migratedOnEachCopy);
  let template = localEmpty.get(kind);
  if (!template) {
    template = buildEmptyTemplate(kind).then((t) => {
      const files = 'files' in t.location ? t.location.files : undefined;
      if (files) process.once('exit', () => rmSync(path.dirname(files), { recursive: true, force: true }));
      return t;
    });
    localEmpty.set(kind, template);
  }
  return template;
}

/** The server's empty books without a template: each copy is a new database, migrated. */
const migratedOnEachCopy: TestDbTemplate = {
  kind: 'postgres',
  location: { url: '' },
  async copy() {
    const testDb = await serverDb();
    await migrate(testDb.db);
    return testDb;
  },
  drop: async () => undefined,
};

/** A new database, migrated from nothing and sealed: the template every test's empty database is copied from. */
export async function buildEmptyTemplate(kind: DbKind): Promise<TestDbTemplate> {
  const testDb = kind === 'pglite' ? await pgliteIn(newDataDir()) : await serverDb();
  try {
    await migrate(testDb.db);
  } catch (err) {
    await testDb.drop();
    throw err;
  }
  return testDb.seal();
}

/**
 * A template built by another process of this run (the global setup), found by its location: copies of
 * it are this process's own; dropping it is left to the process that built it.
 */
export function templateAt(kind: DbKind, location: TestDbTemplate['location']): TestDbTemplate {
  const copy = (): Promise<SealableTestDb> => {
    if ('files' in location) {
      const copyDir = newDataDir();
      cpSync(location.files, path.join(copyDir, 'pgdata'), { recursive: true });
      return pgliteIn(copyDir);
    }
    return serverDb(new URL(location.url).pathname.slice(1));
  };
  return { kind, location, copy, drop: async () => undefined };
}

/** What the global setup made for this run, as it handed it to the test processes. */
export type RunTemplates = {
  /** Where the empty template of each kind is. */
  empty: Partial<Record<DbKind, TestDbTemplate['location']>>;
  /** Where test files share the books they record once for the run (tests/support/shared-templates.ts). */
  sharedDir: string;
};

/** Removes a template built by some process of this run: its directory, or its database on the server. */
export async function dropTemplateAt(location: TestDbTemplate['location']): Promise<void> {
  if ('files' in location) rmSync(path.dirname(location.files), { recursive: true, force: true });
  else await onServer(`DROP DATABASE IF EXISTS ${new URL(location.url).pathname.slice(1)} WITH (FORCE)`);
}

declare module 'vitest' {
  // Only an interface merges into vitest's declaration.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    portalTemplates: RunTemplates;
  }
}

/** The run's templates, when a global setup built them (undefined outside a test process of such a run). */
export function runTemplates(): RunTemplates | undefined {
  try {
    return inject('portalTemplates');
  } catch {
    return undefined;
  }
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
      return { ...templateAt('pglite', { files: dataDir }), drop: remove };
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
