import { describe, expect, it } from 'vitest';
import { possibleDuplicates, type CandidateEntry, type DuplicateLine } from './possible-duplicates.js';

const line = (over: Partial<DuplicateLine> = {}): DuplicateLine => ({ line: 1, date: '2026-03-10', amountCents: 150_000, payee: 'Jane Tenant', ...over });
const entry = (over: Partial<CandidateEntry> = {}): CandidateEntry =>
  ({ id: 1, kind: 'property_income', date: '2026-03-10', amountCents: 150_000, payer: null, description: 'Rent from Jane Tenant', ...over });

describe('possible duplicates', () => {
  it('matches the same amount and direction on the same day, in words', () => {
    const m = possibleDuplicates([line()], [entry()]);
    expect(m.get(1)?.entry.id).toBe(1);
    expect(m.get(1)?.reason).toBe('same amount, same day, same payee');
  });

  it('matches an entry up to four days before and one day after the bank line', () => {
    expect(possibleDuplicates([line()], [entry({ date: '2026-03-08' })]).get(1)?.reason).toBe('same amount, 2 days apart, same payee');
    expect(possibleDuplicates([line()], [entry({ date: '2026-03-06' })]).get(1)?.reason).toBe('same amount, 4 days apart, same payee');
    expect(possibleDuplicates([line()], [entry({ date: '2026-03-11' })]).get(1)?.reason).toBe('same amount, 1 day apart, same payee');
    expect(possibleDuplicates([line()], [entry({ date: '2026-03-05' })]).size).toBe(0);
    expect(possibleDuplicates([line()], [entry({ date: '2026-03-12' })]).size).toBe(0);
  });

  it('says when the payee differs', () => {
    expect(possibleDuplicates([line()], [entry({ description: 'March rent', payer: null })]).get(1)?.reason).toBe('same amount, same day, different payee');
  });

  it('compares the payee with the payer too, either containing the other', () => {
    const out = line({ amountCents: -12_500, payee: 'ACME PLUMBING CO 1234' });
    const expense = entry({ kind: 'property_expense', amountCents: 12_500, payer: 'Acme Plumbing', description: 'Leak' });
    expect(possibleDuplicates([out], [expense]).get(1)?.reason).toBe('same amount, same day, same payee');
  });

  it('never matches across directions or amounts', () => {
    expect(possibleDuplicates([line({ amountCents: -150_000 })], [entry()]).size).toBe(0);
    expect(possibleDuplicates([line()], [entry({ kind: 'property_expense' })]).size).toBe(0);
    expect(possibleDuplicates([line({ amountCents: 150_001 })], [entry()]).size).toBe(0);
  });

  it('lets one book entry answer for one bank line only', () => {
    const m = possibleDuplicates([line(), line({ line: 2 })], [entry()]);
    expect([...m.keys()]).toEqual([1]);
  });

  it('gives the entry to the closest line first, then the earlier line', () => {
    const m = possibleDuplicates([line({ date: '2026-03-12' }), line({ line: 2, date: '2026-03-10' })], [entry({ date: '2026-03-10' })]);
    expect([...m.keys()]).toEqual([2]);
    const two = possibleDuplicates([line(), line({ line: 2 })], [entry({ id: 5, date: '2026-03-09' }), entry({ id: 6 })]);
    expect(two.get(1)?.entry.id).toBe(6);
    expect(two.get(2)?.entry.id).toBe(5);
  });

  it('leaves the payee out of the reason when the line has none', () => {
    expect(possibleDuplicates([line({ payee: '' })], [entry()]).get(1)?.reason).toBe('same amount, same day');
  });
});
