import { describe, expect, it } from 'vitest';
import { createRecentAnswers } from './recent-answers.js';

/** An answer held parsed: its gzip of `gzipped` bytes, its JSON of `jsonLength` characters. */
const parsed = (stamp: string, text: string, gzipped = 10, jsonLength = 15) => ({ stamp, answer: { text }, gzip: Buffer.alloc(gzipped), jsonLength });
/** An answer held only as its gzipped text. */
const textOnly = (stamp: string, gzipped: number) => ({ stamp, answer: undefined, gzip: Buffer.alloc(gzipped) });

describe('recent answers', () => {
  it('holds answers within the budget, dropping the least recently used first', () => {
    // Each parsed answer below costs 256 (its entry) + 1 (its key) + 10 (gzip) + 4 × 15 (JSON) = 327: two fit.
    const recent = createRecentAnswers(700);
    recent.set('a', parsed('1', 'aaaaa'));
    recent.set('b', parsed('1', 'bbbbb'));
    expect(recent.get('a')?.answer).toEqual({ text: 'aaaaa' }); // a is now the most recently used
    recent.set('c', parsed('1', 'ccccc'));
    expect(recent.get('b')).toBeUndefined();
    expect(recent.get('a')?.stamp).toBe('1');
    expect(recent.get('c')?.stamp).toBe('1');
  });

  it('counts an answer held as text at its entry, key and gzip, a parsed one at four times its JSON more', () => {
    const recent = createRecentAnswers(1_110); // four texts of 256 + 1 + 20 = 277 fit, not five
    for (const k of ['a', 'b', 'c', 'd']) recent.set(k, textOnly('1', 20));
    expect(['a', 'b', 'c', 'd'].map((k) => recent.get(k)?.gzip.length)).toEqual([20, 20, 20, 20]);
    recent.set('a2', textOnly('1', 20)); // a fifth (278 with its longer key): the least recently used goes
    expect(recent.get('a')).toBeUndefined();
    recent.set('e', parsed('1', 'eeeee', 20, 200)); // 256 + 1 + 20 + 800 = 1,077: only it fits
    expect(['b', 'c', 'd', 'a2'].map((k) => recent.get(k))).toEqual([undefined, undefined, undefined, undefined]);
    expect(recent.get('e')?.answer).toEqual({ text: 'eeeee' });
  });

  it('holds one answer per key: the last one set replaces the one before', () => {
    const recent = createRecentAnswers(1_000);
    recent.set('k', parsed('5', 'new'));
    recent.set('k', parsed('6', 'newer'));
    expect(recent.get('k')).toMatchObject({ stamp: '6', answer: { text: 'newer' } });
  });

  it('freezes what it holds, so one request cannot change the answer another is sent', () => {
    const recent = createRecentAnswers(1_000);
    const held = recent.set('k', { stamp: '1', answer: { rows: [{ amount: 1 }] }, gzip: Buffer.alloc(1), jsonLength: 20 }).answer!;
    expect(() => {
      held.rows[0]!.amount = 2;
    }).toThrow(TypeError);
  });
});
