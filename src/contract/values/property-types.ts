/** The kinds of property (domain.md §2.2), defined once for the books, the API and the forms. */
export const PROPERTY_TYPES = ['rental', 'land_contract', 'other'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
