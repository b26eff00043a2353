import { describe, expect, it } from 'vitest';
import { openPglite } from './client.js';

/**
 * On the embedded database a long transaction must not hold the event loop (loop-turns.ts): a timer set
 * before it fires while it still runs, and requests are served meanwhile.
 */
describe('a long embedded transaction gives the event loop turns', () => {
  it('lets a timer fire before it ends, and keeps its statements in order', async () => {
    const db = await openPglite();
    try {
      await db.exec('CREATE TABLE t (n int PRIMARY KEY)');
      const events: string[] = [];
      const timer = new Promise<void>((resolve) => setTimeout(() => (events.push('timer'), resolve()), 5));
      const started = performance.now();
      await db.transaction(async (tx) => {
        // Long enough that the timer is due many times over before the last insert.
        for (let n = 0; performance.now() - started < 300 || n < 100; n++) await tx.query('INSERT INTO t VALUES ($1)', [n]);
        events.push('last insert');
      });
      await timer;
      expect(events).toEqual(['timer', 'last insert']);
      const [row] = await db.query<{ count: number; max: number }>('SELECT count(*)::int AS count, max(n) AS max FROM t');
      expect(row!.count).toBeGreaterThanOrEqual(100);
      expect(row!.max).toBe(row!.count - 1);
    } finally {
      await db.close();
    }
  });
});
