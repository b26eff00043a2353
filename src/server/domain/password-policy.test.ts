import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { passwordProblem, PASSWORD_MAX, PASSWORD_MIN } from './password-policy.js';

const ctx = [
  { word: 'App', label: 'the product name' },
  { word: 'alice', label: 'your username' },
  { word: 'Alice Investor', label: 'your name' },
];

describe('password policy (docs/security.md A1–A3)', () => {
  it.each([
    ['14 code points', 'tulip stone ri', /at least 15/],
    ['129 code points', 'a1b2c3d4e5'.repeat(12) + 'z'.repeat(9), /at most 128/],
    ['a repeated character', 'aaaaaaaaaaaaaaaa', /too easy to guess/],
    ['a keyboard walk', 'qwertyuiopasdfgh', /too easy to guess/],
    ['a doubled common word', 'passwordpassword1', /too easy to guess/],
    ['the username inside', 'alice likes long walks 99', /must not contain your username/],
    ['the investor name inside', 'xx alice investor xx yy', /must not contain your username|your name/],
  ])('rejects %s with the reason', async (_, password, reason) => {
    expect(await passwordProblem(password, ctx)).toMatch(reason);
  });

  it.each([
    ['a lowercase passphrase (no composition rules)', 'tulip stone river lamp'],
    ['exactly 15 characters', 'gravel.moth.sky'],
    ['exactly 128 characters', 'correct horse battery staple '.repeat(5).slice(0, PASSWORD_MAX)],
    ['a short context word inside another word ("App" in "happy")', 'happy otter paddles north'],
  ])('accepts %s', async (_, password) => {
    expect(await passwordProblem(password, ctx)).toBeNull();
  });

  it('counts Unicode code points, not UTF-16 units', async () => {
    // 14 emoji are 28 UTF-16 units but 14 code points: still too short.
    expect(await passwordProblem('🦆'.repeat(14), [])).toMatch(/at least 15/);
    // 15 distinct emoji are 15 code points: long enough, and varied enough to pass.
    expect(await passwordProblem('🦆🐢🦉🐙🦊🐝🦋🐌🐞🦀🐬🦔🦦🦥🐊', [])).toBeNull();
  });

  it('never accepts anything shorter than the minimum', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: PASSWORD_MIN - 1 }), async (p) => {
        fc.pre([...p].length < PASSWORD_MIN);
        expect(await passwordProblem(p, [])).not.toBeNull();
      }),
    );
  });
});
