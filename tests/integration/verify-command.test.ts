import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { withdrawCapitalWithSql } from '../support/reconcile.js';
import { runAdmin } from '../support/start-command.js';
import { DB_KINDS } from '../support/test-db.js';
import type { AppTemplate } from '../support/test-app.js';

/**
 * `npm run admin -- verify` as an operator runs it, on books written through the API: it says the books
 * reconcile, and on a copy with a row written behind the app's back it names what no longer adds up and
 * exits 1. On both engines: the books are closed templates, which the command opens as the portal would
 * (PGlite's files in a data directory of its own, the server's database by its URL).
 */
describe.each(DB_KINDS)('npm run admin -- verify on %s', (kind) => {
  let maple: AppTemplate<MapleBooks>;
  let clean: AppTemplate<unknown>;
  let damaged: AppTemplate<number>;
  const dataDirs: string[] = [];

  const verify = (books: AppTemplate<unknown>) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-verify-'));
    dataDirs.push(dataDir);
    const { location } = books;
    // A copy of PGlite's files, where the portal keeps them: the command keeps answers of its own there.
    if ('files' in location) cpSync(location.files, path.join(dataDir, 'pglite'), { recursive: true });
    const { DATABASE_URL: _unused, ...env } = process.env;
    return runAdmin(['verify'], {
      ...env, LOG_LEVEL: 'warn', JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir, ...('url' in location ? { DATABASE_URL: location.url } : {}),
    });
  };

  beforeAll(async () => {
    // The Maple books recorded once for the run, in a template of this file's own: the command opens the
    // template itself, and on the server a database being copied must have no one else connected.
    maple = await mapleBooksTemplate(kind);
    clean = await maple.extend(async () => undefined);
    // A return of capital no service would take, written past the app, its audit and the balance guard.
    damaged = await clean.extend((t) => withdrawCapitalWithSql(t.testDb.db, { investor: 'A', property: 'P', date: '2024-06-03', cents: 90_000_000 }));
  }, 120_000);
  afterAll(async () => {
    await clean?.close();
    await damaged?.close();
    await maple?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('says the books reconcile, with what it compared, then names a balance a row written with SQL takes below zero', () => {
    const ok = verify(clean);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/^The monthly totals agree with the ledger \(\d+ property-months compared\)\.$/m);
    const entries = Number(/^The books reconcile \((\d+) ledger entries, \d+ audit events, 3 investors, \d+ properties\)/m.exec(ok.stdout)?.[1]);
    expect(entries).toBeGreaterThan(20);

    const bad = verify(damaged);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(new RegExp(`^The books do not reconcile \\(${entries + 1} ledger entries, .*\\); \\d+ differences:$`, 'm'));
    expect(bad.stderr).toContain(`ledger entry ${damaged.state} (investment_withdrawal) has 0 'record' audit rows, not 1`);
    expect(bad.stderr).toMatch(/capital in property \d+ goes below zero on 2024-06-03/);
  }, 120_000);
});
