import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMapleBooks } from '../support/maple-books.js';
import { skipReconciliation, withdrawCapitalWithSql } from '../support/reconcile.js';
import { runAdmin } from '../support/start-command.js';
import { DB_KINDS } from '../support/test-db.js';
import { ADMIN, signIn, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * `npm run admin -- verify` as an operator runs it, on books written through the API: it says the books
 * reconcile, and after a row written behind the app's back it names what no longer adds up and exits 1.
 * On PostgreSQL, which a second process can open while the test holds the books (PGlite cannot).
 */
describe.skipIf(!DB_KINDS.includes('postgres'))('npm run admin -- verify on PostgreSQL', () => {
  let t: TestApp;
  const verify = () => runAdmin(['verify'], {
    ...process.env, LOG_LEVEL: 'warn', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: t.testDb.url!, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-verify-')),
  });

  beforeAll(async () => {
    t = await startTestApp('postgres');
    await recordMapleBooks(t, await signIn(t.app, ADMIN.username, ADMIN.password));
  }, 120_000);
  afterAll(() => t?.close());

  it('says the books reconcile, with what it compared, then names a balance a row written with SQL takes below zero', async () => {
    const clean = verify();
    expect(clean.stderr).toBe('');
    expect(clean.status).toBe(0);
    expect(clean.stdout).toMatch(/^The monthly totals agree with the ledger \(\d+ property-months compared\)\.$/m);
    const entries = Number(/^The books reconcile \((\d+) ledger entries, \d+ audit events, 3 investors, \d+ properties\)/m.exec(clean.stdout)?.[1]);
    expect(entries).toBeGreaterThan(20);
    const id = await withdrawCapitalWithSql(t.testDb.db, { investor: 'A', property: 'P', date: '2024-06-03', cents: 90_000_000 });
    skipReconciliation(t, 'this test wrote a ledger row with SQL on purpose');
    const damaged = verify();
    expect(damaged.status).toBe(1);
    expect(damaged.stderr).toMatch(new RegExp(`^The books do not reconcile \\(${entries + 1} ledger entries, .*\\); \\d+ differences:$`, 'm'));
    expect(damaged.stderr).toContain(`ledger entry ${id} (investment_withdrawal) has 0 'record' audit rows, not 1`);
    expect(damaged.stderr).toMatch(/capital in property \d+ goes below zero on 2024-06-03/);
  }, 120_000);
});
