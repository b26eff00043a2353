import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupTo, restoreFrom } from '../../src/server/db/backup.js';
import { verifyAuditChain } from '../../src/server/modules/audit/audit.service.js';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { bearer, seedAs, type AppTemplate, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/** Backup and restore: back up, write more, restore, and every figure and the audit chain are as backed up. */
const LLC = encodeURIComponent(MAPLE_LLC.llc_name);
const READS = ['/admin/get_admin_summary', `/admin/llc_taxes?selectedLLC=${LLC}&selectedTaxYear=2024`,
  '/admin/get_property_txns?selectedProperty=P&include_voided=true', '/admin/audit_log?page=1&page_size=200', '/api/investor_summary?investor_name=A'];

describe.each(DB_KINDS)('backup and restore on %s', (kind) => {
  let template: AppTemplate<MapleBooks>;
  let t: TestApp;
  let maple: MapleBooks;
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
  const file = path.join(dir, 'books.jsonl.gz');
  const readAll = async () => {
    const out: Record<string, unknown> = {};
    for (const url of READS) out[url] = (await t.app.inject({ method: 'GET', url, headers: bearer(maple.admin) })).json();
    return out;
  };

  beforeAll(async () => {
    // A copy of the Maple books recorded once for the run: the backup, the writes and the restore stay in it.
    template = await mapleBooksTemplate(kind);
    t = await template.start();
    maple = template.state;
  });
  afterAll(async () => {
    await t?.close();
    await template?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores exactly the backed-up state after more writes, audit chain intact, ids continuing', async () => {
    const before = await readAll();
    const counts = await backupTo(t.testDb.db, file);
    expect(counts.ledger_entry).toBeGreaterThan(60);

    const post = seedAs(t, maple.admin);
    await post('/admin/record_cash_withdrawal', { investor_name: 'A', date: '2024-12-20', description: 'After the backup', amount: '100' });
    await post('/admin/add_investor', { name: 'Late Lee', email: '', phone: '', address: '', fee_percentage: '0' });
    expect(await readAll()).not.toEqual(before);

    const restored = await restoreFrom(t.testDb.db, file);
    expect(restored).toEqual(counts);
    expect(await readAll()).toEqual(before);
    expect(await verifyAuditChain(t.testDb.db)).toBeNull();

    // The books go on after a restore: new rows take fresh ids, and the chain still verifies.
    expect(await post('/admin/record_cash_withdrawal', { investor_name: 'A', date: '2024-12-21', description: 'After the restore', amount: '50' }))
      .toMatchObject({ message: 'Cash withdrawal recorded successfully' });
    expect(await verifyAuditChain(t.testDb.db)).toBeNull();
  });

  it('holds every table of the schema but those of passing or computed state, so a new feature cannot be left out of backups', async () => {
    const counts = await backupTo(t.testDb.db, file);
    const tables = (await t.testDb.db.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
    )).map((r) => r.name);
    // Kept answers and month totals are computed again; sign-in windows and spent challenges pass within minutes.
    const notBackedUp = ['answer_cache', 'auth_attempt_window', 'books_scope_version', 'property_month_total', 'schema_migration', 'spent_challenge'];
    expect(tables.filter((name) => !notBackedUp.includes(name))).toEqual(Object.keys(counts).sort());
  });

  it('restores a backup taken before migrations that change nothing it holds, and refuses one of another shape', async () => {
    const counts = await backupTo(t.testDb.db, file);
    const takenAt = async (migrations: (names: string[]) => string[]) => {
      const [header, ...rest] = gunzipSync(readFileSync(file)).toString().split('\n');
      const older = path.join(dir, 'older.jsonl.gz');
      const parsed = JSON.parse(header!) as { migrations: string[] };
      writeFileSync(older, gzipSync([JSON.stringify({ ...parsed, migrations: migrations(parsed.migrations) }), ...rest].join('\n')));
      return older;
    };
    // Taken before the kept answers were gzipped (0008), the whole books got a version of its own (0009)
    // and the balance guard (0010), which checks the restored rows at commit.
    const beforeAnswerMigrations = await takenAt((names) => names.filter((n) => !/^00(08|09|10)_/.test(n)));
    expect(await restoreFrom(t.testDb.db, beforeAnswerMigrations)).toEqual(counts);
    // Taken before two-factor sign-in (0004) added columns to portal_user: its rows do not fit.
    const beforeTotp = await takenAt((names) => names.filter((n) => !n.startsWith('0004_')));
    await expect(restoreFrom(t.testDb.db, beforeTotp)).rejects.toThrow(/start the matching version first/);
  });

  it('refuses a file that is not a backup, and changes nothing', async () => {
    const [before] = await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entry');
    await expect(restoreFrom(t.testDb.db, path.join(import.meta.dirname, '../fixtures/golden/maple-answers.json'))).rejects.toThrow();
    const [after] = await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entry');
    expect(after).toEqual(before);
  });
});
