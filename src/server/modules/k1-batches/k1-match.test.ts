import { describe, expect, it } from 'vitest';
import { fileNameWords, matchK1, numbersIn, type K1Member } from './k1-match.js';

const members: K1Member[] = [
  { id: 1, name: 'Ada Lovelace', taxDigits: '123456789' },
  { id: 2, name: "O'Brien Holdings, LLC", taxDigits: '987654321' },
  { id: 3, name: 'Ada', taxDigits: null },
  { id: 4, name: 'Grace Hopper', taxDigits: '123456789' },
];

describe('K-1 matching', () => {
  it('reads numbers as digits, joined only by hyphens', () => {
    expect(numbersIn('SSN 123-45-6789, EIN 98-7654321 and 555123456 in 2024 3')).toEqual(new Set(['123456789', '987654321', '555123456', '2024', '3']));
    expect(numbersIn('2024 123456789').has('2024123456789')).toBe(false);
  });

  it('matches by the tax ID in the text first, in any of its formats', () => {
    const solo = members.filter((m) => m.id !== 4);
    expect(matchK1(solo, 'scan.pdf', "Partner's identifying number 123-45-6789")).toEqual({ investorId: 1, matchedBy: 'tax_id', candidates: [] });
    expect(matchK1(solo, 'scan.pdf', 'EIN 98-7654321 Ada Lovelace')).toEqual({ investorId: 2, matchedBy: 'tax_id', candidates: [] });
    expect(matchK1(solo, 'scan.pdf', 'TIN 987654321')).toMatchObject({ investorId: 2, matchedBy: 'tax_id' });
    // A longer number holding the digits is not the tax ID.
    expect(matchK1(solo, 'scan.pdf', 'account 1234567890')).toMatchObject({ investorId: null, matchedBy: null });
  });

  it('lists the candidates when several members match', () => {
    expect(matchK1(members, 'scan.pdf', '123-45-6789')).toEqual({ investorId: null, matchedBy: null, candidates: [1, 4] });
    expect(matchK1(members, 'Ada_Lovelace.pdf', '')).toEqual({ investorId: null, matchedBy: null, candidates: [1, 3] });
  });

  it('matches by name as whole words, case and punctuation aside, in the file name or the text', () => {
    const others = members.filter((m) => m.id !== 3);
    expect(matchK1(others, '2024_K-1_ada-LOVELACE.pdf', '')).toEqual({ investorId: 1, matchedBy: 'name', candidates: [] });
    expect(matchK1(others, 'k1.pdf', 'Partner: OBrien')).toMatchObject({ investorId: null });
    expect(matchK1(others, 'k1.pdf', 'Partner: O’Brien Holdings LLC')).toEqual({ investorId: 2, matchedBy: 'name', candidates: [] });
    expect(matchK1(others, 'k1.pdf', 'Partner: o brien holdings llc')).toEqual({ investorId: 2, matchedBy: 'name', candidates: [] });
    expect(matchK1(others, 'k1.pdf', 'Partner: Grace Hoppers')).toMatchObject({ investorId: null, matchedBy: null, candidates: [] });
    expect(fileNameWords('folder/2024 K1 - Grace_Hopper.final.PDF')).toBe('2024 k1 grace hopper final');
  });
});
