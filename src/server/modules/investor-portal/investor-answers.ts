import type { InvestorPropertyResponse, InvestorSummaryResponse } from '../../../contract/schemas/investor.js';
import type { BooksInput, PropertyInfo } from '../../domain/allocation.js';
import type { InvestorFigures, MonthAmount, PropertyFigures } from '../../domain/investor-figures.js';
import type { InvestorReturns } from '../../domain/investor-returns.js';
import { centsToDollars } from '../../domain/money.js';
import { nameKey, sameName } from '../../lib/names.js';

/**
 * The investor portal's answers shaped from the domain's figures: cents become the API's dollars, and
 * the field names are the spec's. Pure, so the model-based ledger test shapes its expected answers with
 * the same code and compares what the figures are, not how they are spelled.
 */

const dollars = (rows: MonthAmount[]) => rows.map((r) => ({ ...r, amount: centsToDollars(r.amount) }));

export function summaryAnswer(investorName: string, books: BooksInput, f: InvestorFigures, r: InvestorReturns): InvestorSummaryResponse {
  const properties = books.properties.filter((p) => f.propertyIds.includes(p.id)).sort((a, b) => a.name.localeCompare(b.name));
  return {
    investor_name: investorName,
    total_investments: centsToDollars(f.totalInvestments),
    total_income: centsToDollars(f.totalIncome),
    total_roi: f.totalRoi,
    cash_balance: centsToDollars(f.cashBalance),
    total_rental_investments: centsToDollars(f.totalRentalInvestments),
    total_lc_investments: centsToDollars(f.totalLcInvestments),
    total_other_investments: centsToDollars(f.totalOtherInvestments),
    roi_per_year: f.roiPerYear,
    investments_per_month: dollars(f.investmentsPerMonth),
    cashflow_per_month: dollars(f.cashflowPerMonth),
    distributions_per_month: f.distributionsPerMonth.map((d) => ({ ...d, amount: centsToDollars(d.amount) })),
    property_pictures: properties.map((p) => ({ [p.name]: p.pictureUrl })),
    xirr: r.xirr.percent,
    xirr_note: r.xirr.percent === null ? r.xirr.note : null,
    equity_multiple: r.equityMultiple,
    capital_returned: centsToDollars(r.capitalReturnedTotal),
    cash_distributed: centsToDollars(r.cashDistributedTotal),
  };
}

export function propertyAnswer(property: PropertyInfo, f: PropertyFigures): InvestorPropertyResponse {
  return {
    property_name: property.name,
    picture_url: property.pictureUrl,
    total_investments: centsToDollars(f.totalInvestments),
    total_income: centsToDollars(f.totalIncome),
    total_roi: f.totalRoi,
    notes: property.notes ?? '',
    investments_per_month: dollars(f.investmentsPerMonth),
    cashflow_per_month: dollars(f.cashflowPerMonth),
  };
}

/**
 * Every property `ownedProperty` finds for the investor, each by its own name, in one pass over the
 * books (the refresher asks this for every investor: a lookup per property made it quadratic).
 */
export function ownedProperties(books: BooksInput, investorId: number): PropertyInfo[] {
  const invested = new Set(books.capital.filter((e) => e.investorId === investorId).map((e) => e.propertyId));
  const firstNamed = new Map<string, PropertyInfo>();
  for (const p of books.properties) if (!firstNamed.has(nameKey(p.name))) firstNamed.set(nameKey(p.name), p);
  return books.properties.filter((p) => invested.has(p.id) && firstNamed.get(nameKey(p.name)) === p);
}

/** A property of the books the investor has put money in (docs/security.md Z3): by name, or undefined. */
export function ownedProperty(books: BooksInput, investorId: number, name: string): PropertyInfo | undefined {
  const property = books.properties.find((p) => sameName(p.name, name));
  const invested = property && books.capital.some((e) => e.investorId === investorId && e.propertyId === property.id);
  return invested ? property : undefined;
}
