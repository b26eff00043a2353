import { describe, expect, it } from 'vitest';
import { looksAlike, skeleton } from './name-skeleton.js';

/** Names that look the same: UTS #39 skeletons, case aside. */
describe('name skeletons', () => {
  it('are UTS #39 skeletons: NFD, confusables mapped to their prototypes, NFD again, ignorables dropped', () => {
    expect(skeleton('\u0440\u0430\u0443\u0440\u0430l')).toBe(skeleton('paypal')); // Cyrillic р а у р а
    expect(skeleton('paypal')).toBe('paypal');
    expect(skeleton('m')).toBe('rn');
    expect(skeleton('Caf\u00e9')).toBe('Cafe\u0301');
    expect(skeleton('Ali\u200dce')).toBe('Alice');
    expect(skeleton('\u0391\u0392')).toBe('AB'); // Greek capitals
  });

  const REAL = 'Alice Morgan';
  /** Each displays as "Alice Morgan". */
  const LOOK_ALIKES: [string, string][] = [
    ['Cyrillic А', '\u0410lice Morgan'],
    ['Greek ο', 'Alice M\u03bfrgan'],
    ['a zero-width joiner inside', 'Ali\u200dce Morgan'],
    ['a no-break space', 'Alice\u00a0Morgan'],
    ['fullwidth letters', '\uff21\uff4c\uff49\uff43\uff45 \uff2d\uff4f\uff52\uff47\uff41\uff4e'],
    ['capital I for l', 'AIice Morgan'],
    ['Cyrillic с and е', 'Ali\u0441\u0435 Morgan'],
    ['a soft hyphen inside', 'Alice Mor\u00adgan'],
    ['a Hangul filler for the space', 'Alice\u3164Morgan'],
    ['two spaces', 'Alice  Morgan'],
    ['digit one for l', 'A1ice Morgan'],
    ['a zero-width space at the end', 'Alice Morgan\u200b'],
    ['Cyrillic capitals, case aside', '\u0410LICE MORGAN'],
  ];

  it.each(LOOK_ALIKES)('see %s as the same name', (_what, name) => {
    expect(looksAlike(REAL, name)).toBe(true);
    expect(looksAlike(name, REAL)).toBe(true);
  });

  it('tell different names apart', () => {
    for (const other of ['Alicia Morgan', 'Alice Morgane', 'Alice Morgan Jr', 'Bob Stone', 'Alice', 'Morgan Alice']) {
      expect(looksAlike(REAL, other), other).toBe(false);
    }
    expect(looksAlike('Investor 0001', 'Investor 0010')).toBe(false);
    expect(looksAlike('Maple Holdings LLC', 'Cedar Holdings LLC')).toBe(false);
  });
});
