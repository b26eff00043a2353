import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Db } from '../../../src/server/db/client.js';
import { canRunPrivatePostgres, startPrivatePostgres, type PrivatePostgres } from './private-pg.js';

export type FaultDbKind = 'pglite' | 'postgres';

/**
 * Where a fault test keeps its books: PGlite in a data directory on disk, or a fresh database on
 * PostgreSQL (the server of TEST_DATABASE_URL when set, as in CI; else a private cluster of the test's own).
 * `open()` opens the books in the test process, to read them while the server is down.
 */
export type FaultDb = {
  kind: FaultDbKind;
  /** The server's environment for these books. */
  env: Record<string, string>;
  dataDir: string;
  open(): Promise<Db>;
  where: string;
  dispose(): Promise<void>;
};

export const FAULT_DB_KINDS: FaultDbKind[] =
  process.env.TEST_DATABASE_URL || canRunPrivatePostgres() ? ['pglite', 'postgres'] : ['pglite'];

export async function faultDb(kind: FaultDbKind): Promise<FaultDb> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `portal-faults-${kind}-`));
  if (kind === 'pglite') {
    return {
      kind, dataDir, env: { DATA_DIR: dataDir }, where: `PGlite in ${dataDir}`,
      open: () => openPglite(path.join(dataDir, 'pglite')),
      async dispose() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `portal_faults_${randomBytes(5).toString('hex')}`;
  let url: string;
  let dropDatabase: () => Promise<void>;
  let cluster: PrivatePostgres | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const admin = process.env.TEST_DATABASE_URL;
    const onServer = async (sql: string) => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await onServer(`CREATE DATABASE ${name}`);
    const u = new URL(admin);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDatabase = () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else {
    cluster = await startPrivatePostgres();
    url = await cluster.createDatabase(name);
    dropDatabase = async () => {};
  }
  return {
    kind, dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: url },
    where: cluster ? `a private PostgreSQL cluster (port ${cluster.port})` : 'the PostgreSQL of TEST_DATABASE_URL',
    open: () => openPostgres(url),
    async dispose() {
      await dropDatabase().catch(() => {});
      await cluster?.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
