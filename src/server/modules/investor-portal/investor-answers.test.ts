import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BooksInput } from '../../domain/allocation.js';
import { ownedProperties, ownedProperty } from './investor-answers.js';

/** Books with only what ownership reads: properties (names that may differ only in case or spaces) and capital. */
const books = fc
  .record({
    names: fc.array(fc.constantFrom('P', 'p', ' P ', 'Q', 'Oak Street', 'oak street', 'R'), { minLength: 0, maxLength: 8 }),
    capital: fc.array(fc.record({ investorId: fc.integer({ min: 1, max: 3 }), property: fc.nat(), cents: fc.integer({ min: -500, max: 500 }) }), { maxLength: 12 }),
  })
  .map(({ names, capital }): BooksInput => {
    const properties = names.map((name, i) => ({ id: 10 + i, name, llcId: 1, type: 'rental' as const, pictureUrl: '' }));
    return {
      properties,
      capital: properties.length === 0 ? [] : capital.map((c, i) => ({ id: i + 1, investorId: c.investorId, propertyId: 10 + (c.property % properties.length), date: '2024-01-01', cents: c.cents })),
      propertyMonthNet: [], periodIncomes: [], investorExpenses: [], llcExpenses: [], fees: [],
    };
  });

describe('ownedProperties', () => {
  it('finds exactly the properties ownedProperty finds by each one\'s own name', () => {
    fc.assert(
      fc.property(books, fc.integer({ min: 1, max: 3 }), (b, investorId) => {
        const oneByOne = b.properties.filter((p) => ownedProperty(b, investorId, p.name) === p);
        expect(ownedProperties(b, investorId)).toEqual(oneByOne);
      }),
      { numRuns: 300 },
    );
  });
});
