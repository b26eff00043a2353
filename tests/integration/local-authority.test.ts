import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedRead, type Db } from '../../src/server/db/client.js';
import { createLocalMemo } from '../../src/server/db/local-memo.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { bearer, type AppTemplate } from '../support/test-app.js';
import { DB_KINDS, openTestDb } from '../support/test-db.js';

/**
 * The embedded database's process as the authority for what it read (docs/performance.md, issue 32 item 5):
 * on PGlite one process alone opens the data, so a session row or a kept answer read while nothing was
 * written since is answered from memory; any write of the process (a statement, a transaction, a script)
 * makes the next read ask again. On PostgreSQL every read asks.
 */

/** Counts the statements `db` is given, at the top level and in transactions, while `during` runs. */
async function statementsDuring(db: Db, during: () => Promise<unknown>): Promise<number> {
  const { query, transaction, snapshot } = db;
  let count = 0;
  db.query = ((...args: Parameters<Db['query']>) => (count++, query(...args))) as Db['query'];
  db.transaction = ((fn) => transaction((tx) => fn({ ...tx, query: (...args) => (count++, tx.query(...args)) }))) as Db['transaction'];
  db.snapshot = ((fn) => snapshot((tx) => fn({ ...tx, query: (...args) => (count++, tx.query(...args)) }))) as Db['snapshot'];
  try {
    await during();
  } finally {
    Object.assign(db, { query, transaction, snapshot });
  }
  return count;
}

describe.each(DB_KINDS)('what this process read, held while it writes nothing, on %s', (kind) => {
  const embedded = kind === 'pglite';

  it('a memo answers from memory until anything is written, on the embedded database only', async () => {
    const { db, drop } = await openTestDb(kind);
    try {
      await db.exec('CREATE TABLE memo_probe (id int PRIMARY KEY, word text NOT NULL)');
      await db.query(`INSERT INTO memo_probe VALUES (1, 'first')`);
      const READ = preparedRead('memo_probe_read', 'SELECT word FROM memo_probe WHERE id = $1');
      const memo = createLocalMemo<number, string>(db, 10);
      let loads = 0;
      const word = () =>
        memo.get(1, async () => {
          loads++;
          const [row] = await db.query<{ word: string }>(READ, [1]);
          return row!.word;
        });

      expect(await word()).toBe('first');
      expect(await word()).toBe('first');
      // A declared read and a read-only snapshot change nothing: still held.
      await db.query(READ, [1]);
      await db.snapshot((tx) => tx.query('SELECT count(*) FROM memo_probe'));
      expect(await word()).toBe('first');
      expect(loads).toBe(embedded ? 1 : 3);

      // A statement, a transaction (even one rolled back) and a script each make the next read ask.
      await db.query(`UPDATE memo_probe SET word = 'second' WHERE id = 1`);
      expect(await word()).toBe('second');
      await db.transaction((tx) => tx.query(`UPDATE memo_probe SET word = 'third' WHERE id = 1`));
      expect(await word()).toBe('third');
      const before = loads;
      await expect(db.transaction(async (tx) => {
        await tx.query(`UPDATE memo_probe SET word = 'never' WHERE id = 1`);
        throw new Error('rolled back');
      })).rejects.toThrow('rolled back');
      expect(await word()).toBe('third');
      expect(loads).toBe(before + 1);
      await db.exec(`UPDATE memo_probe SET word = 'fourth' WHERE id = 1`);
      expect(await word()).toBe('fourth');
    } finally {
      await drop();
    }
  });

  it('a read that a write overtakes is not held as current', async () => {
    const { db, drop } = await openTestDb(kind);
    try {
      await db.exec(`CREATE TABLE memo_race (id int PRIMARY KEY, n int NOT NULL); INSERT INTO memo_race VALUES (1, 0)`);
      const memo = createLocalMemo<number, number>(db, 10);
      // The write ends while the read is on its way: what the read saw may be from before it.
      const read = memo.get(1, async () => {
        const [row] = await db.query<{ n: number }>(preparedRead('memo_race_read', 'SELECT n FROM memo_race WHERE id = 1'));
        await db.query('UPDATE memo_race SET n = n + 1 WHERE id = 1');
        return row!.n;
      });
      expect(await read).toBe(0);
      expect(await memo.get(1, async () => (await db.query<{ n: number }>('SELECT n FROM memo_race WHERE id = 1'))[0]!.n)).toBe(1);
    } finally {
      await drop();
    }
  });

  describe('the portal', () => {
    let template: AppTemplate<MapleBooks>;
    beforeAll(async () => {
      template = await mapleBooksTemplate(kind, { logins: true });
    });
    afterAll(() => template?.close());

    it('serves a kept answer and a session check with no statement while nothing is written, and sees every write at once', async () => {
      const t = await template.start();
      try {
        const { admin, investors } = template.state;
        const summary = async (token: string) => {
          const res = await t.app.inject({ method: 'GET', url: '/api/investor_summary', headers: bearer(token) });
          expect(res.statusCode, res.body).toBe(200);
          return res.json() as { summary: Record<string, unknown>; properties: { property_name: string; total_income: string }[] };
        };
        const first = await summary(investors.A!);
        await summary(investors.A!); // held by the first two reads: its text, then its confirmation
        let again: Awaited<ReturnType<typeof summary>> | undefined;
        const statements = await statementsDuring(t.testDb.db, async () => {
          again = await summary(investors.A!);
        });
        expect(again).toEqual(first);
        expect(statements).toBe(embedded ? 0 : 2);

        // A write through the API: the investor's next read has it.
        const income = await t.app.inject({
          method: 'POST',
          url: '/admin/record_property_income',
          headers: bearer(admin),
          payload: { income_date: '2024-12-15', income_for_month: '2024-12-01', property_name: 'P', description: 'held-read probe', amount: '1000.00', income_category: 'Rent' },
        });
        expect(income.statusCode, income.body).toBeLessThan(300);
        const after = await summary(investors.A!);
        expect(after).not.toEqual(first);

        // A write straight to the database through the same connection: the next session check asks again.
        await t.testDb.db.query(`UPDATE portal_user SET disabled_at = now() WHERE username = 'investor.a'`);
        const refused = await t.app.inject({ method: 'GET', url: '/api/investor_summary', headers: bearer(investors.A!) });
        expect(refused.statusCode).toBe(401);

        // Signing out ends the session at once, held or not.
        await summary(investors.B!);
        await summary(investors.B!);
        const out = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(investors.B!) });
        expect(out.statusCode, out.body).toBeLessThan(300);
        const afterOut = await t.app.inject({ method: 'GET', url: '/api/investor_summary', headers: bearer(investors.B!) });
        expect(afterOut.statusCode).toBe(401);
      } finally {
        await t.close();
      }
    });
  });
});
