import type { LlcTaxesResponse, PropertyTaxesResponse } from '../../../contract/schemas/reports.js';
import { centsOf } from '../../../contract/values/dollar-cents.js';
import type { CsvColumn } from '../../../contract/values/csv.js';

/**
 * The LLC tax report (docs/product.md "Screens", docs/rules/tax-reports.md) as flat tables, the one shape both its CSV and its
 * PDF are drawn from: every figure is read from the llc_taxes answer itself, so the package cannot
 * disagree with the screen.
 */

/** One line of the report's fields: a text (address, codes) or an amount; `date` when the text is an ISO date. */
export type FieldRow = { field: string; text: string | null; cents: number | null; date?: true };

/** One amount of a member table: which table, whose, of which property or category. */
export type MemberRow = { table: string; member: string; property: string | null; category: string | null; cents: number };

export function llcFieldRows(r: LlcTaxesResponse): FieldRow[] {
  const text = (field: string, value: string): FieldRow => ({ field, text: value, cents: null });
  const amount = (field: string, dollars: number): FieldRow => ({ field, text: null, cents: centsOf(dollars) });
  return [
    text('Address', r.address),
    { ...text('Date started', r.date_started), date: true },
    text('Principal business activity', r.principal_business_activity),
    text('Principal product or service', r.principal_product),
    text('Business code number', r.business_code_number),
    amount('Total assets (December 31)', r.total_assets),
    amount('Ordinary business income', r.ordinary_business_income),
    amount('Total rental income', r.total_rental_income),
    amount('Total dividend (portfolio) income', r.total_dividend_income),
    amount('Total income', r.total_income),
    amount('Total active income', r.total_active_income),
  ];
}

export const MEMBER_TABLES = {
  rental: 'Rental income by member',
  rentalByProperty: 'Rental income by member and property',
  ubia: 'UBIA by member and property',
  dividend: 'Dividend income by member',
  dividendExpenses: 'Dividend expenses by member',
  fees: 'Management fees by member',
  llcExpenses: 'LLC expenses by category',
} as const;

export function llcMemberRows(r: LlcTaxesResponse): MemberRow[] {
  const flat = (table: string, m: Record<string, number>): MemberRow[] =>
    Object.entries(m).map(([member, dollars]) => ({ table, member, property: null, category: null, cents: centsOf(dollars) }));
  const nested = (table: string, m: Record<string, Record<string, number>>): MemberRow[] =>
    Object.entries(m).flatMap(([member, byProperty]) =>
      Object.entries(byProperty).map(([property, dollars]) => ({ table, member, property, category: null, cents: centsOf(dollars) })),
    );
  return [
    ...flat(MEMBER_TABLES.rental, r.rental_income_by_member),
    ...nested(MEMBER_TABLES.rentalByProperty, r.rental_income_by_member_by_property),
    ...nested(MEMBER_TABLES.ubia, r.ubia_by_member_by_property),
    ...flat(MEMBER_TABLES.dividend, r.dividend_income_by_member),
    ...flat(MEMBER_TABLES.dividendExpenses, r.dividend_expenses_by_member),
    ...flat(MEMBER_TABLES.fees, r.management_fees_by_member),
    ...Object.entries(r.llc_expenses).map(([category, dollars]) => ({ table: MEMBER_TABLES.llcExpenses, member: '', property: null, category, cents: centsOf(dollars) })),
  ];
}

export const FIELD_COLUMNS: CsvColumn<FieldRow>[] = [
  { header: 'Field', kind: 'text', value: (r) => r.field },
  { header: 'Text', kind: 'text', value: (r) => r.text },
  { header: 'Amount', kind: 'cents', value: (r) => r.cents },
];

export const MEMBER_COLUMNS: CsvColumn<MemberRow>[] = [
  { header: 'Table', kind: 'text', value: (r) => r.table },
  { header: 'Member', kind: 'text', value: (r) => r.member },
  { header: 'Property', kind: 'text', value: (r) => r.property },
  { header: 'Category', kind: 'text', value: (r) => r.category },
  { header: 'Amount', kind: 'cents', value: (r) => r.cents },
];

/** A property's tax summary of the year: income and expenses by category, and a land contract's split. */
export type PropertyTaxRow = { section: string; item: string; cents: number };

export function propertyTaxRows(r: PropertyTaxesResponse): PropertyTaxRow[] {
  const rows = (section: string, m: Record<string, number>) => Object.entries(m).map(([item, dollars]) => ({ section, item, cents: centsOf(dollars) }));
  const lc = r.lc_summary;
  return [
    ...rows('Income', r.income_list),
    ...rows('Expenses', r.expenses_list),
    ...(lc
      ? rows('Land contract (installment sale)', {
          'Payments received': lc.payments, Interest: lc.interest, Principal: lc.principal, Gain: lc.gain,
          'Return of basis': lc.return_of_basis, 'Balance at year end': lc.balance_end,
        })
      : []),
  ];
}

export const PROPERTY_TAX_COLUMNS: CsvColumn<PropertyTaxRow>[] = [
  { header: 'Section', kind: 'text', value: (r) => r.section },
  { header: 'Item', kind: 'text', value: (r) => r.item },
  { header: 'Amount', kind: 'cents', value: (r) => r.cents },
];
