import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The real entry points as an operator runs them: the server, a second server, the CLI. */
const TSX = path.resolve('node_modules/.bin/tsx');
const env = (extra: Record<string, string>) => ({ ...process.env, LOG_LEVEL: 'warn', JWT_SECRET: 'x'.repeat(40), ...extra });

function startServer(dataDir: string, port: number) {
  const child = spawn(TSX, ['src/server/main.ts'], { env: env({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' }) });
  let out = '';
  // Ready when the server says so on its console, not after a guessed while.
  const ready = new Promise<void>((resolve, reject) => {
    const read = (d: Buffer) => {
      out += d;
      if (out.includes('is running at')) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return { child, ready, output: () => out };
}

describe('processes', () => {
  it('refuses a second server on the same data directory, and shuts down cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-proc-'));
    const first = startServer(dir, 18000 + Math.floor(Math.random() * 1000));
    await first.ready;
    expect(first.output()).toMatch(/password: \S{20,}/); // the first admin's one-time password
    const second = spawnSync(TSX, ['src/server/main.ts'], { env: env({ DATA_DIR: dir, PORT: '0' }), encoding: 'utf8' });
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(/is in use by another portal process/);
    const exited = new Promise<number | null>((resolve) => first.child.on('exit', resolve));
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    // With the server stopped, the operator commands work on the same books.
    const create = spawnSync(TSX, ['src/server/cli.ts', 'create-admin', 'ops'], { env: env({ DATA_DIR: dir, ADMIN_PASSWORD: 'granite harbor evening 5' }), encoding: 'utf8' });
    expect(create.stdout).toContain('Created admin "ops".');
    const list = spawnSync(TSX, ['src/server/cli.ts', 'list-users'], { env: env({ DATA_DIR: dir }), encoding: 'utf8' });
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/ops/);
    expect(list.stdout).toMatch(/admin/);
  }, 120_000);

  it('stops at start on a bad setting, naming it', () => {
    const res = spawnSync(TSX, ['src/server/main.ts'], { env: env({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-cfg-')) }), encoding: 'utf8' });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/Invalid configuration:\n\s+PORT/);
  }, 60_000);
});
