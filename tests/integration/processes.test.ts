import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/server/db/client.js';
import { runAdmin, startArgs } from '../support/start-command.js';

/**
 * The real entry points as an operator runs them: the server as `npm start` runs it (compiled, with
 * its heap limit), a second server, the CLI.
 */
// ADMIN_MFA optional: the test signs in as the first admin with the printed password alone.
const env = (extra: Record<string, string>) => ({ ...process.env, LOG_LEVEL: 'warn', JWT_SECRET: 'x'.repeat(40), ADMIN_MFA: 'optional', ...extra });
const SERVER = startArgs();

function startServer(dataDir: string, port: number, extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, SERVER, { env: env({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...extraEnv }) });
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
  // The server's half of `npm run build` (the web app's half is not needed here): seconds, not minutes.
  beforeAll(() => void execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' }), 60_000);

  it('starts compiled, finds its own files, refuses a second server on the same data directory, and shuts down cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-proc-'));
    const port = 18000 + Math.floor(Math.random() * 1000);
    const first = startServer(dir, port);
    await first.ready;
    expect(first.output()).toMatch(/password: \S{20,}/); // the first admin's one-time password
    // Its migrations ran (the first admin is in the books) and its assets are found from the bundle.
    const logo = await fetch(`http://127.0.0.1:${port}/logo.png`);
    expect(logo.status).toBe(200);
    expect(Buffer.from(await logo.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    // An answer it keeps: the admin summary, read once as the first admin.
    const base = `http://127.0.0.1:${port}`;
    const password = /password: (\S{20,})/.exec(first.output())![1]!;
    const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) });
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    const summary = await fetch(`${base}/admin/get_admin_summary`, { headers: { authorization: `Bearer ${token}` } });
    expect(summary.status).toBe(200);
    const second = spawnSync(process.execPath, SERVER, { env: env({ DATA_DIR: dir, PORT: '0' }), encoding: 'utf8' });
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(/is in use by another portal process/);
    const exited = new Promise<number | null>((resolve) => first.child.on('exit', resolve));
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    // With the server stopped, the operator commands work on the same books.
    const create = runAdmin(['create-admin', 'ops'], env({ DATA_DIR: dir, ADMIN_PASSWORD: 'granite harbor evening 5' }));
    expect(create.stdout).toContain('Created admin "ops".');
    const list = runAdmin(['list-users'], env({ DATA_DIR: dir }));
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/ops/);
    expect(list.stdout).toMatch(/admin/);
    // The commands run from source, other code than the compiled server: they leave its kept answers be.
    const db = await openPglite(path.join(dir, 'pglite'));
    try {
      const kept = await db.query<{ key: string }>('SELECT key FROM answer_cache');
      expect(kept.map((r) => r.key.split('/')[1])).toContain('admin_summary');
    } finally {
      await db.close();
    }
    // Last, as it computes (and keeps) an admin summary of its own.
    const verify = runAdmin(['verify'], env({ DATA_DIR: dir }));
    expect(verify.stderr).toBe('');
    expect(verify.status).toBe(0);
    expect(verify.stdout).toMatch(/^The books reconcile \(0 ledger entries, \d+ audit events, 0 investors, 0 properties\)/m);
  }, 120_000);

  // The first start's console as an operator reads it, at the default log level.
  it('prints the first admin\'s login once, boxed after the "running at" line, with the authenticator app to come, and no line per request', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-first-'));
    const port = 21000 + Math.floor(Math.random() * 1000);
    const settings = { ADMIN_MFA: 'required', LOG_LEVEL: 'info' };
    const first = startServer(dir, port, settings);
    await first.ready;
    await expect.poll(() => first.output().includes('└')).toBe(true);
    // Requests: files, a call, and a refusal (no session), which is still logged.
    for (const url of ['/', '/healthz', '/manifest.json', '/logo.png']) expect((await fetch(`http://127.0.0.1:${port}${url}`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/admin/get_admin_summary`)).status).toBe(401);
    await expect.poll(() => first.output().includes('"event":"unauthenticated"')).toBe(true);
    const exited = new Promise<number | null>((resolve) => first.child.on('exit', resolve));
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const out = first.output();
    const lines = out.split('\n');
    const running = lines.findIndex((l) => l.includes('is running at'));
    const box = lines.findIndex((l) => l.startsWith('┌─ First start: the admin account'));
    expect(lines.filter((l) => l.includes('First start')), out).toHaveLength(1);
    expect(box, out).toBeGreaterThan(running);
    expect(running).toBeGreaterThanOrEqual(0);
    const block = lines.slice(box, lines.findIndex((l, i) => i > box && l.startsWith('└')) + 1);
    expect(block.every((l) => /^[┌│└]/.test(l)), block.join('\n')).toBe(true);
    expect(block.join('\n')).toContain(`Sign in at http://localhost:${port}/ with`);
    expect(block.join('\n')).toMatch(/│ {4}username: admin\n│ {4}password: \S{20,}\n/);
    expect(block.join(' ').replace(/│\s*/g, '')).toContain('The first sign-in asks you to set up an authenticator app');
    // The password itself appears once, in the block: nowhere in the log.
    const password = /password: (\S{20,})/.exec(out)![1]!;
    expect(out.split(password)).toHaveLength(2);
    // Requests are logged at debug: none of Fastify's per-request lines at the default level.
    expect(out).not.toMatch(/incoming request|request completed/);

    // A second start has an admin already: nothing is created, nothing printed.
    const again = startServer(dir, port, settings);
    await again.ready;
    const stopped = new Promise<number | null>((resolve) => again.child.on('exit', resolve));
    again.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
    expect(again.output()).not.toContain('First start');
    expect(again.output()).not.toContain('password:');
  }, 120_000);

  // A supervisor (README, Operations) restarts a process that exits; one that hangs it cannot help. A test
  // module loaded into the real server (tests/support/fatal-after-first-request.mjs) throws from a timer,
  // or rejects a promise no code awaits, after the first request: a bug outside any request's handling.
  it('exits 1 within seconds on a fatal error, logging it in one line without absolute paths', async () => {
    const preload = pathToFileURL(path.resolve('tests/support/fatal-after-first-request.mjs')).href;
    const expected = {
      exception: { kind: 'uncaught exception', message: 'a test exception no code catches' },
      rejection: { kind: 'unhandled rejection', message: 'a test rejection no code awaits' },
    };
    // Both at once: each is mostly the wait for a server to start.
    await Promise.all(Object.entries(expected).map(async ([fatalKind, { kind, message }]) => {
      const port = 19000 + Math.floor(Math.random() * 1000);
      const server = startServer(mkdtempSync(path.join(tmpdir(), 'portal-fatal-')), port, { NODE_OPTIONS: `--import=${preload}`, FATAL_KIND: fatalKind });
      await server.ready;
      const exited = new Promise<number | null>((resolve) => server.child.on('exit', resolve));
      const asked = performance.now();
      await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
      const code = await Promise.race([exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5000))]);
      if (code === 'hung') server.child.kill('SIGKILL');
      expect(code, fatalKind).toBe(1);
      expect(performance.now() - asked).toBeLessThan(5000);
      const fatal = server.output().split('\n').filter((line) => line.includes('"level":60'));
      expect(fatal, fatalKind).toHaveLength(1);
      expect(JSON.parse(fatal[0]!)).toMatchObject({ event: 'fatal', kind, err: { type: 'Error', message }, msg: 'the portal stopped on a fatal error' });
      expect(fatal[0]).toContain('fatal-after-first-request.mjs:'); // where it was thrown, named without its folder
      expect(fatal[0]).not.toContain(process.cwd());
    }));
  }, 90_000);

  it('stops at start on a bad setting, naming it', () => {
    const res = spawnSync(process.execPath, SERVER, { env: env({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-cfg-')) }), encoding: 'utf8' });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/Invalid configuration:\n\s+PORT/);
  }, 60_000);
});
