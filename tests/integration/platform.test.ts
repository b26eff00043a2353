import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { DataDirLockedError, loadOrCreateJwtSecret, lockDataDir } from '../../src/server/db/data-dir.js';
import { verifyAuditChain } from '../../src/server/modules/audit/audit.service.js';
import { ensureFirstAdmin } from '../../src/server/runtime.js';
import { createServices } from '../../src/server/services.js';
import { manualClock } from '../../src/server/lib/clock.js';
import { DB_KINDS, openTestDb } from '../support/test-db.js';
import { addInvestor, ADMIN, signIn, startTestApp, TEST_JWT_SECRET, type TestApp } from '../support/test-app.js';
import { skipReconciliation } from '../support/reconcile.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe('./data');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.portal).toEqual({ name: 'App', logo: false, logoFile: undefined, loren: false, lorenSelector: false, groupLandContract: true });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET: must be at least 32 characters/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL: must start with postgres/],
    [{ PORTAL_LOGO: 'maybe' }, /PORTAL_LOGO: must be one of/],
    [{ ADMIN_PASSWORD: 'secret without a name' }, /ADMIN_USERNAME/],
  ])('stops on %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('data directory', () => {
  it('refuses a second holder of the lock, and takes over a stale lock', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
    const release = lockDataDir(dir);
    // The same process stands in for a second one: the lock file names a live pid that is not "us"…
    writeFileSync(path.join(dir, 'portal.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another portal process/);
    // …and a pid that no longer exists is a stale lock from a crash.
    writeFileSync(path.join(dir, 'portal.lock'), '2147483646');
    const again = lockDataDir(dir);
    again();
    release();
  });

  it('generates the JWT secret once and keeps it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-jwt-'));
    const first = loadOrCreateJwtSecret(dir, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadOrCreateJwtSecret(dir, undefined)).toBe(first);
    expect(loadOrCreateJwtSecret(dir, 'x'.repeat(40))).toBe('x'.repeat(40));
  });
});

describe.each(DB_KINDS)('first admin on %s', (kind) => {
  it('is created from ADMIN_USERNAME/ADMIN_PASSWORD once, or with a printed random password', async () => {
    for (const env of [{ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'granite harbor evening 5' }, {}]) {
      const testDb = await openTestDb(kind);
      try {
        const config = loadConfig({ ...env, JWT_SECRET: TEST_JWT_SECRET });
        const services = createServices({ config, db: testDb.db, clock: manualClock(new Date()), jwtSecret: TEST_JWT_SECRET });
        const printed: string[] = [];
        await ensureFirstAdmin(services, config, (l) => printed.push(l));
        await ensureFirstAdmin(services, config, (l) => printed.push(l)); // a restart creates nothing
        const users = await services.users.listUsers();
        expect(users).toHaveLength(1);
        expect(users[0]!.adminLevel).toBe(1);
        if ('ADMIN_PASSWORD' in env) {
          expect(users[0]!.username).toBe('boss');
          expect(printed.join('\n')).not.toContain(env.ADMIN_PASSWORD);
        } else {
          expect(users[0]!.username).toBe('admin');
          const line = printed.find((l) => l.includes('password:'));
          const password = line!.split('password:')[1]!.trim();
          // The printed password is right: the admin's next step is enrolling a second factor (docs/security.md A10).
          await expect(services.auth.login({ username: 'admin', password, ip: '127.0.0.1' })).resolves.toHaveProperty('setupToken');
        }
        // The stored hash is argon2id at the OWASP parameters (A4), never the password.
        const [row] = await testDb.db.query<{ password_hash: string }>('SELECT password_hash FROM portal_user');
        expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      } finally {
        await testDb.drop();
      }
    }
  });
});

describe.each(DB_KINDS)('ledger and audit guards on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    skipReconciliation(t, 'writes ledger rows and edits the audit trail with SQL on purpose');
  });
  afterAll(() => t?.close());

  it('lets a ledger row be voided once, and never edited or deleted (D2)', async () => {
    const db = t.testDb.db;
    await db.query(`INSERT INTO llc (name) VALUES ('Guard LLC')`);
    await db.query(`INSERT INTO property (name, llc_id, property_type, tax_bucket, purchase_date, purchase_price_cents, land_value_cents, property_value_cents)
                    SELECT 'Guard House', id, 'rental', 'rental', '2024-01-01', 100, 0, 100 FROM llc`);
    const [entry] = await db.query<{ id: number }>(
      `INSERT INTO ledger_entry (kind, date, for_month, amount_cents, property_id, category_id, created_by)
       SELECT 'property_income', '2024-02-03', '2024-02-01', 200000, p.id, c.id, u.id
         FROM property p, category c, portal_user u WHERE c.name = 'Rent' LIMIT 1 RETURNING id`,
    );
    await expect(db.query('UPDATE ledger_entry SET amount_cents = 1 WHERE id = $1', [entry!.id])).rejects.toThrow(/only the void columns/);
    await expect(db.query('DELETE FROM ledger_entry WHERE id = $1', [entry!.id])).rejects.toThrow(/never deleted/);
    await db.query(`UPDATE ledger_entry SET voided_at = now(), voided_by = created_by, void_reason = 'duplicate' WHERE id = $1`, [entry!.id]);
    await expect(db.query(`UPDATE ledger_entry SET void_reason = 'again' WHERE id = $1`, [entry!.id])).rejects.toThrow(/already void/);
    // The kind's required references are checked by the database too.
    await expect(
      db.query(`INSERT INTO ledger_entry (kind, date, for_month, amount_cents, created_by) SELECT 'investment', '2024-01-01', '2024-01-01', 1, id FROM portal_user LIMIT 1`),
    ).rejects.toThrow(/check constraint/);
    await expect(
      db.query(`INSERT INTO ledger_entry (kind, date, for_month, amount_cents, property_id, created_by) SELECT 'deposit', '2024-01-01', '2024-01-01', -5, p.id, u.id FROM property p, portal_user u LIMIT 1`),
    ).rejects.toThrow(/check constraint/);
  });

  it('keeps audit rows insert-only, and an edited row breaks the hash chain (L10)', async () => {
    await addInvestor(t, { name: 'Audit Ann', email: '', phone: '', address: '', fee_percentage: '0.10' }, '127.0.0.1');
    const db = t.testDb.db;
    expect(await verifyAuditChain(db)).toBeNull();
    await expect(db.query(`UPDATE audit_event SET action = 'x'`)).rejects.toThrow(/insert-only/);
    await expect(db.query('DELETE FROM audit_event')).rejects.toThrow(/insert-only/);
    // Someone with the power to drop the guard edits history: verification names the row.
    const [row] = await db.query<{ id: number }>(`SELECT id FROM audit_event WHERE entity = 'investor' ORDER BY id DESC LIMIT 1`);
    await db.exec('ALTER TABLE audit_event DISABLE TRIGGER audit_event_guard');
    await db.query(`UPDATE audit_event SET after = '{"name":"Someone Else"}' WHERE id = $1`, [row!.id]);
    await db.exec('ALTER TABLE audit_event ENABLE TRIGGER audit_event_guard');
    expect(await verifyAuditChain(db)).toBe(row!.id);
  });
});

const BIG_SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ row: i, text: 'repeated text' })))};`;

describe('HTTP surface', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>spa</title>');
    writeFileSync(path.join(webRoot, 'assets', 'app-123.js'), 'console.log(1)');
    // As the build writes them (vite.config.ts precompress) beside a larger file.
    writeFileSync(path.join(webRoot, 'assets', 'big-456.js'), BIG_SCRIPT);
    writeFileSync(path.join(webRoot, 'assets', 'big-456.js.br'), brotliCompressSync(BIG_SCRIPT));
    writeFileSync(path.join(webRoot, 'assets', 'big-456.js.gz'), gzipSync(BIG_SCRIPT));
    t = await startTestApp('pglite', { PORTAL_NAME: 'Maple Portal', PORTAL_LOGO: 'on', PORTAL_LOREN: 'true', PORTAL_GROUP_LAND_CONTRACT: 'false' }, { webRoot });
  });
  afterAll(() => t?.close());

  it('answers the manifest from configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Maple Portal', logo: true, loren: true, loren_selector: false, group_land_contract: false, start_url: '/' });
  });

  it('serves the logo as a PNG', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/logo.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('falls back to index.html for the SPA routes, but not for API paths or missing files', async () => {
    for (const url of ['/', '/investor/Ann%20Lee', '/admin', '/register']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>spa</title>');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/api/nothing', '/admin/nothing', '/assets/missing.js', '/../package.json', '/%2e%2e/package.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
  });

  it('sends the compressed copy the build made of a file to a browser that accepts it, and the file to one that does not', async () => {
    const as = (encoding?: string) =>
      t.app.inject({ method: 'GET', url: '/assets/big-456.js', headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });
    const brotli = await as('gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gzip = await as('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await as();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    // A file the build left uncompressed goes out as it is, whatever the browser accepts.
    const small = await t.app.inject({ method: 'GET', url: '/assets/app-123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('sends the security headers, and no-store on API answers (D1, D2)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const token = await signIn(t.app, ADMIN.username, ADMIN.password);
    const api = await t.app.inject({ method: 'GET', url: '/auth/protected', headers: { authorization: `Bearer ${token}` } });
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it('does not route TRACE (ASVS 13.4.4)', async () => {
    const trace = await t.app.inject({ method: 'TRACE' as 'GET', url: '/' });
    expect(trace.statusCode).toBe(404);
  });
});
