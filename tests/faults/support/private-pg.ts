import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server.js';

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary directory, its own port and socket
 * directory), which the test may stop and start at will. The machine's shared server is never touched.
 * initdb refuses to run as root; as root every command runs as the `postgres` user (runuser).
 */
const run = promisify(execFile);

/** The directory of initdb/pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin. */
export function postgresBin(): string | undefined {
  const candidates = process.env.PG_BIN ? [process.env.PG_BIN] : [];
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(root, v, 'bin')));
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
}

const isRoot = () => process.getuid?.() === 0;

function postgresUser(): { uid: number; gid: number } | undefined {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Whether a private cluster can be made here (the binaries exist, and as root a `postgres` user). */
export function canRunPrivatePostgres(): boolean {
  return postgresBin() !== undefined && (!isRoot() || postgresUser() !== undefined);
}

export type PrivatePostgres = {
  port: number;
  /** The URL of a database of the cluster (created by createDatabase). */
  url(database: string): string;
  createDatabase(name: string): Promise<string>;
  /** pg_ctl stop: `immediate` is a crash as far as the data is concerned (recovery from WAL at the next start). */
  stop(mode: 'immediate' | 'fast'): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster (if running) and removes its directory. */
  destroy(): Promise<void>;
  log(): string;
};

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found; set PG_BIN');
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-faults-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const asOwner = isRoot() ? postgresUser() : undefined;
  if (isRoot()) {
    if (!asOwner) throw new Error('running as root and there is no postgres user to run initdb as');
    chownSync(dir, asOwner.uid, asOwner.gid);
  }
  const pgCmd = (tool: string, args: string[], timeout = 90_000) => {
    const file = path.join(bin, tool);
    return isRoot()
      ? run('runuser', ['-u', 'postgres', '--', file, ...args], { timeout })
      : run(file, args, { timeout });
  };

  const port = await freePort();
  // fsync and synchronous_commit stay on (their defaults): F2 is about acknowledged commits surviving.
  await pgCmd('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  let running = false;
  const start = async () => {
    await pgCmd('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '60', '-o', options, 'start']);
    running = true;
  };
  const stop = async (mode: 'immediate' | 'fast') => {
    await pgCmd('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
    running = false;
  };
  // Should the test process end without its afterAll, the cluster still goes.
  const onExit = () => {
    if (!running) return;
    const file = path.join(bin, 'pg_ctl');
    const args = ['-D', data, '-m', 'immediate', 'stop'];
    spawnSync(isRoot() ? 'runuser' : file, isRoot() ? ['-u', 'postgres', '--', file, ...args] : args);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  try {
    await start();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop,
    start,
    async destroy() {
      process.removeListener('exit', onExit);
      if (running) await stop('immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
  };
}
