import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepared, type Db } from '../../src/server/db/client.js';
import { DB_KINDS, openTestDb, type TestDb } from '../support/test-db.js';

/**
 * A transaction's last statement and its COMMIT go out together (client.ts `queryThenCommit`; on
 * PostgreSQL in one write, before either answers): what ran before and the statement commit as one, and a
 * statement that fails leaves nothing written, though the COMMIT was already on its way.
 */
describe.each(DB_KINDS)('a last statement sent with its COMMIT, on %s', (kind) => {
  let testDb: TestDb;
  let db: Db;
  beforeEach(async () => {
    testDb = await openTestDb(kind);
    db = testDb.db;
    await db.exec('CREATE TABLE qtc (n int PRIMARY KEY CHECK (n > 0))');
  });
  afterEach(() => testDb.drop());
  const stored = async () => (await db.query<{ n: number }>('SELECT n FROM qtc ORDER BY n')).map((r) => r.n);

  it('commits the statements before it and itself, and answers its rows', async () => {
    const rows = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO qtc VALUES (1)');
      return tx.queryThenCommit<{ n: number }>('INSERT INTO qtc VALUES ($1), ($2) RETURNING n', [2, 3]);
    });
    expect(rows).toEqual([{ n: 2 }, { n: 3 }]);
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it('writes nothing when the last statement fails, and the connection serves the next transaction', async () => {
    await expect(db.transaction(async (tx) => {
      await tx.query('INSERT INTO qtc VALUES (1)');
      return tx.queryThenCommit('INSERT INTO qtc VALUES ($1)', [-1]);
    })).rejects.toThrow(/qtc_n_check/);
    expect(await stored()).toEqual([]);
    // Every pooled connection is clean again: as many transactions as the pool holds connections.
    await Promise.all(Array.from({ length: 12 }, (_, i) => db.transaction((tx) => tx.queryThenCommit('INSERT INTO qtc VALUES ($1)', [i + 10]))));
    expect(await stored()).toHaveLength(12);
  });

  it('runs the statements sent ahead of it first, in order, and commits them with it', async () => {
    const rows = await db.transaction((tx) =>
      tx.queryThenCommit<{ n: number }>('SELECT count(*)::int AS n FROM qtc', [], [
        { statement: 'INSERT INTO qtc VALUES ($1)', params: [4] },
        { statement: 'UPDATE qtc SET n = n + 1 WHERE n = $1', params: [4] },
      ]),
    );
    expect(rows).toEqual([{ n: 1 }]);
    expect(await stored()).toEqual([5]);
  });

  it('writes nothing when a statement sent ahead fails, and throws its error, not the next one\'s', async () => {
    await expect(db.transaction(async (tx) => {
      await tx.query('INSERT INTO qtc VALUES (1)');
      return tx.queryThenCommit('INSERT INTO qtc VALUES ($1)', [2], [{ statement: 'INSERT INTO qtc VALUES ($1)', params: [-3] }]);
    })).rejects.toThrow(/qtc_n_check/);
    expect(await stored()).toEqual([]);
    await expect(db.transaction((tx) => tx.queryThenCommit('SELECT 1', [], [{ statement: 'SELECT 1', params: [{ toPostgres: () => '1' }] }])))
      .rejects.toThrow(/plain values only/);
  });

  it('runs prepared statements in the batch, after a batch that failed on their first use too', async () => {
    const add = prepared('qtc_add', 'INSERT INTO qtc VALUES ($1)');
    const count = prepared('qtc_count', 'SELECT count(*)::int AS n FROM qtc');
    // More transactions than the pool has connections: each connection meets them first in a failed batch.
    for (let i = 0; i < 12; i++) {
      await expect(db.transaction((tx) => tx.queryThenCommit(count, [], [{ statement: add, params: [-1] }]))).rejects.toThrow(/qtc_n_check/);
    }
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      db.transaction((tx) => tx.queryThenCommit<{ n: number }>(count, [], [{ statement: add, params: [i + 1] }]))));
    expect(answers.every(([row]) => row!.n >= 1)).toBe(true);
    expect(await stored()).toHaveLength(12);
    expect(() => prepared('qtc_add', 'INSERT INTO qtc VALUES ($1 + 1)')).toThrow(/given another text/);
  });

  it('refuses a statement after the last one', async () => {
    await expect(db.transaction(async (tx) => {
      await tx.queryThenCommit('INSERT INTO qtc VALUES (1)');
      await tx.query('INSERT INTO qtc VALUES (2)');
    })).rejects.toThrow(/already sent its last statement/);
    expect(await stored()).not.toContain(2);
  });

  it('refuses a value node-postgres would have to convert, before anything is sent', async () => {
    // Converted on the way out, its failure would come after the COMMIT was written behind it.
    const converted = { toPostgres: () => '2' };
    await expect(db.transaction(async (tx) => {
      await tx.query('INSERT INTO qtc VALUES (1)');
      return tx.queryThenCommit('INSERT INTO qtc VALUES ($1)', [converted]);
    })).rejects.toThrow(/plain values only/);
    expect(await stored()).toEqual([]);
  });

  it('fails the transaction when the last statement failed, even if the function caught it', async () => {
    await expect(db.transaction(async (tx) => {
      await tx.query('INSERT INTO qtc VALUES (1)');
      await tx.queryThenCommit('INSERT INTO qtc VALUES ($1)', [-1]).catch(() => undefined);
      return 'looked fine';
    })).rejects.toThrow(/qtc_n_check/);
    expect(await stored()).toEqual([]);
  });
});
