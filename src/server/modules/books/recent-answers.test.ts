import { describe, expect, it } from 'vitest';
import { createRecentAnswers } from './recent-answers.js';

const answer = (stamp: string, text: string) => ({ stamp, answer: { text }, json: JSON.stringify({ text }) });

describe('recent answers', () => {
  it('holds answers within the budget, dropping the least recently used first', () => {
    const recent = createRecentAnswers(160); // each parsed answer below costs 4 × 16 characters of JSON
    recent.set('a', answer('1', 'aaaaa'));
    recent.set('b', answer('1', 'bbbbb'));
    expect(recent.get('a')?.answer).toEqual({ text: 'aaaaa' }); // a is now the most recently used
    recent.set('c', answer('1', 'ccccc'));
    expect(recent.get('b')).toBeUndefined();
    expect(recent.get('a')?.stamp).toBe('1');
    expect(recent.get('c')?.stamp).toBe('1');
  });

  it('counts an answer held as text at 1.25 times its length (room for its gzip), a parsed one at four times it', () => {
    const recent = createRecentAnswers(80); // four texts of 16 characters: 4 × 20
    for (const k of ['a', 'b', 'c', 'd']) recent.set(k, { stamp: '1', answer: undefined, json: JSON.stringify({ text: k.repeat(5) }) });
    expect(['a', 'b', 'c', 'd'].map((k) => recent.get(k)?.json.length)).toEqual([16, 16, 16, 16]);
    recent.set('a2', { stamp: '1', answer: undefined, json: JSON.stringify({ text: 'fifth' }) }); // a fifth text is over 80
    expect(recent.get('a')).toBeUndefined();
    recent.set('a', { stamp: '1', answer: undefined, json: JSON.stringify({ text: 'aaaaa' }) });
    recent.set('e', answer('1', 'eeeee')); // 64 more: only it fits
    expect(['a', 'b', 'c', 'd'].map((k) => recent.get(k))).toEqual([undefined, undefined, undefined, undefined]);
    expect(recent.get('e')?.answer).toEqual({ text: 'eeeee' });
  });

  it('holds one answer per key: the last one set replaces the one before', () => {
    const recent = createRecentAnswers(1_000);
    recent.set('k', answer('5', 'new'));
    recent.set('k', answer('6', 'newer'));
    expect(recent.get('k')).toMatchObject({ stamp: '6', answer: { text: 'newer' } });
  });

  it('freezes what it holds, so one request cannot change the answer another is sent', () => {
    const recent = createRecentAnswers(1_000);
    const held = recent.set('k', { stamp: '1', answer: { rows: [{ amount: 1 }] }, json: '' }).answer!;
    expect(() => {
      held.rows[0]!.amount = 2;
    }).toThrow(TypeError);
  });
});
