import { describe, expect, it } from 'vitest';
import { matchesName } from './name-search';

describe('finding a name in a list', () => {
  it('matches every word typed, anywhere in the name, in any case and order', () => {
    expect(matchesName('Ann Smith', 'ann')).toBe(true);
    expect(matchesName('Ann Smith', 'SMITH ann')).toBe(true);
    expect(matchesName('Smith, Annabel', 'ann sm')).toBe(true);
    expect(matchesName('Ann Smith', 'ann jones')).toBe(false);
    expect(matchesName('Bob', 'ann')).toBe(false);
  });

  it('matches with or without accents, on either side', () => {
    expect(matchesName('José Núñez', 'jose nunez')).toBe(true);
    expect(matchesName('Jose Nunez', 'José')).toBe(true);
    expect(matchesName('Zoë', 'zoe')).toBe(true);
  });

  it('finds every name when nothing but spaces is typed', () => {
    expect(matchesName('Ann Smith', '')).toBe(true);
    expect(matchesName('Ann Smith', '   ')).toBe(true);
  });
});
