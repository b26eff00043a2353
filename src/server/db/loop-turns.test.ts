import { describe, expect, it } from 'vitest';
import { openPglite } from './client.js';

/**
 * On the embedded database a long transaction must not hold the event loop (loop-turns.ts): a timer set
 * before it fires while it still runs, and requests are served meanwhile.
 */
describe('a long embedded transaction gives the event loop turns', () => {
  it('lets a timer fire before it ends, and commits every statement', async () => {
    const db = await openPglite();
    try {
      await db.exec('CREATE TABLE t (n int PRIMARY KEY)');
      const events: string[] = [];
      const timer = new Promise<void>((resolve) => setTimeout(() => (events.push('timer'), resolve()), 5));
      const started = performance.now();
      let inserted = 0;
      await db.transaction(async (tx) => {
        // Long enough that the timer is due many times over before the last insert.
        while (performance.now() - started < 300 || inserted < 100) await tx.query('INSERT INTO t VALUES ($1)', [inserted++]);
        events.push('last insert');
      });
      await timer;
      expect(events).toEqual(['timer', 'last insert']);
      const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM t');
      expect(row!.count).toBe(inserted);
    } finally {
      await db.close();
    }
  });
});
