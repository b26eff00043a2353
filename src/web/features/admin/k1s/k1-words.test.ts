import { describe, expect, it } from 'vitest';
import { doubleChoices, matchText, reviewOrder, yearChoices } from './k1-words';

describe('the K-1 review words', () => {
  it('says how each file was matched, naming the members when several fit', () => {
    expect(matchText({ matched_by: 'tax_id', candidates: [] })).toBe('tax ID');
    expect(matchText({ matched_by: 'name', candidates: [] })).toBe('name');
    expect(matchText({ matched_by: null, candidates: [] })).toBe('unmatched');
    expect(matchText({ matched_by: null, candidates: ['A', 'B'] })).toBe('two members: A, B');
    expect(matchText({ matched_by: null, candidates: ['A', 'B', 'C'] })).toBe('three members: A, B, C');
  });

  it('lists the files needing a choice first, keeping the batch order within each group', () => {
    const files = [
      { file: '1.pdf', matched_by: 'tax_id' as const, investor_name: 'A' },
      { file: '2.pdf', matched_by: null, investor_name: null },
      { file: '3.pdf', matched_by: 'name' as const, investor_name: 'B' },
      { file: '4.pdf', matched_by: null, investor_name: null },
    ];
    expect(reviewOrder(files).map((f) => f.file)).toEqual(['2.pdf', '4.pdf', '1.pdf', '3.pdf']);
  });

  it('finds the members two files point to, and only those', () => {
    expect(doubleChoices([
      { file: 'a.pdf', investor_name: 'A' }, { file: 'b.pdf', investor_name: 'B' },
      { file: 'c.pdf', investor_name: 'A' }, { file: 'd.pdf', investor_name: '' }, { file: 'e.pdf', investor_name: '' },
    ])).toEqual([{ member: 'A', files: ['a.pdf', 'c.pdf'] }]);
  });

  it('offers last year and the books’ years, newest first, each once', () => {
    expect(yearChoices([2023, 2025, 2024], 2025)).toEqual([2025, 2024, 2023]);
    expect(yearChoices([], 2025)).toEqual([2025]);
  });
});
