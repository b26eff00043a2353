/** The kinds of property (docs/rules/ledger.md), defined once for the books, the API and the forms. */
export const PROPERTY_TYPES = ['rental', 'land_contract', 'other'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
