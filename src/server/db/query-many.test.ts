import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, queryMany, type Db } from './client.js';

const ENGINES = [
  { name: 'the embedded database', open: () => openPglite() },
  // PostgreSQL when the run has one. The queries read no table, so the test database serves as it is.
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', open: () => openPostgres(process.env.TEST_DATABASE_URL!) }] : []),
];

/**
 * queryMany (client.ts): a read's rows as one JSON array give what `db.query` gives for the same rows, dates as
 * their text and bigints as numbers, and refuse a bigint past exact integers instead of rounding it.
 */
describe.each(ENGINES)('queryMany on $name', ({ open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.close());

  const rowsOf = `SELECT n AS "someId", ('2024-01-01'::date + n) AS month, n::bigint * 1000000007 AS cents, 'it''s "' || n AS words
                    FROM generate_series(1, $1::int) n ORDER BY n`;

  it('answers the rows db.query answers, in their order', async () => {
    const many = await queryMany(db, rowsOf, [500]);
    expect(many).toHaveLength(500);
    expect(many).toEqual(await db.query(rowsOf, [500]));
    expect(many[1]).toEqual({ someId: 2, month: '2024-01-03', cents: 2000000014, words: 'it\'s "2' });
  });

  it('answers no rows as an empty list', async () => {
    expect(await queryMany(db, rowsOf, [0])).toEqual([]);
  });

  it('refuses a bigint past the exact integers', async () => {
    await expect(queryMany(db, 'SELECT 9007199254740993::bigint AS cents', [])).rejects.toThrow('not an exact integer');
  });
});
