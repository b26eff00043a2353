import { Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { together, type Db } from '../../src/server/db/client.js';
import { DB_KINDS, openTestDb, type TestDb } from '../support/test-db.js';

/**
 * Statements a transaction makes at once (client.ts `together`): each answers its own rows, the first
 * failure in the order given is thrown, and on PostgreSQL they leave in one write to the socket.
 */
describe.each(DB_KINDS)('statements made together, on %s', (kind) => {
  let testDb: TestDb;
  let db: Db;
  beforeEach(async () => {
    testDb = await openTestDb(kind);
    db = testDb.db;
    await db.exec('CREATE TABLE tog (n int PRIMARY KEY CHECK (n > 0)); INSERT INTO tog VALUES (1), (2), (3)');
  });
  afterEach(() => testDb.drop());

  it('answers each statement its own rows, in the order given', async () => {
    const [one, two, count] = await db.transaction((tx) => together([
      tx.query<{ n: number }>('SELECT n FROM tog WHERE n = $1', [1]),
      tx.query<{ n: number }>('SELECT n FROM tog WHERE n = $1', [2]),
      tx.query<{ c: number }>('SELECT count(*)::int AS c FROM tog'),
    ]));
    expect(one).toEqual([{ n: 1 }]);
    expect(two).toEqual([{ n: 2 }]);
    expect(count).toEqual([{ c: 3 }]);
  });

  it('throws the first failure in the order given, and the transaction writes nothing', async () => {
    const failures = db.transaction(async (tx) => {
      await tx.query('INSERT INTO tog VALUES (4)');
      return together([
        tx.query('SELECT n FROM tog').then(() => new Promise((_, reject) => setTimeout(() => reject(new Error('the first, late')), 30))),
        tx.query('INSERT INTO tog VALUES ($1)', [-5]),
      ]);
    });
    await expect(failures).rejects.toThrow('the first, late');
    expect((await db.query<{ n: number }>('SELECT n FROM tog ORDER BY n')).map((r) => r.n)).toEqual([1, 2, 3]);
    // A statement that fails in the database aborts the transaction: its error is the one thrown.
    await expect(db.transaction((tx) => together([tx.query('INSERT INTO tog VALUES ($1)', [-6]), tx.query('SELECT 1')])))
      .rejects.toThrow(/tog_n_check/);
  });

  /** Counts the writes to any socket until restored. */
  const writes = () => {
    let count = 0;
    const proto = Socket.prototype as unknown as Record<'_write' | '_writev', (...a: unknown[]) => unknown>;
    const { _write, _writev } = proto;
    proto._write = function (this: unknown, ...a: unknown[]) { count++; return _write.apply(this, a); };
    proto._writev = function (this: unknown, ...a: unknown[]) { count++; return _writev.apply(this, a); };
    return { count: () => count, restore: () => Object.assign(proto, { _write, _writev }) };
  };

  it.runIf(kind === 'postgres')('sends them in one write to the socket', async () => {
    const sent = await db.transaction(async (tx) => {
      const w = writes();
      try {
        await together([tx.query('SELECT 1'), tx.query('SELECT 2'), tx.query('SELECT 3'), tx.query('SELECT 4')]);
        const atOnce = w.count();
        for (const n of [1, 2, 3, 4]) await tx.query(`SELECT ${n}`);
        return { atOnce, inTurn: w.count() - atOnce };
      } finally {
        w.restore();
      }
    });
    expect(sent).toEqual({ atOnce: 1, inTurn: 4 });
  });

  it.runIf(kind === 'postgres')('sends a last statement with the ones ahead of it and the COMMIT in one write', async () => {
    let w: ReturnType<typeof writes> | undefined;
    const sent = await db.transaction(async (tx) => {
      w = writes();
      await tx.queryThenCommit('INSERT INTO tog VALUES ($1)', [6], [{ statement: 'INSERT INTO tog VALUES ($1)', params: [4] }, { statement: 'INSERT INTO tog VALUES ($1)', params: [5] }]);
      return w.count();
    }).finally(() => w?.restore());
    expect(sent).toBe(1);
    expect((await db.query<{ n: number }>('SELECT n FROM tog ORDER BY n')).map((r) => r.n)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('statements made together, failing', () => {
  it('throws the cause rather than a "transaction is aborted" that followed it', async () => {
    const aborted = Object.assign(new Error('current transaction is aborted'), { code: '25P02' });
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    await expect(together([Promise.reject(aborted), Promise.reject(deadlock)])).rejects.toBe(deadlock);
    await expect(together([Promise.resolve(1), Promise.reject(aborted)])).rejects.toBe(aborted);
    await expect(together([Promise.resolve(1), Promise.resolve('two')])).resolves.toEqual([1, 'two']);
  });
});
