import type { AdminSummaryResponse, LlcTaxesResponse, PropertyDetailsResponse, PropertyTaxesResponse } from '../../../contract/schemas/reports.js';
import type { Queryable } from '../../db/client.js';
import { allocate, feesInYear } from '../../domain/allocation.js';
import { centsToDollars } from '../../domain/money.js';
import { grossProfitPercent, propertyTaxSummary, taxReport, UNALLOCATED } from '../../domain/tax-report.js';
import { balancesOf, readBooks } from '../read-model/read-model.js';
import { declareRead, scopes } from '../read-model/read-model.js';
import { listTransactions } from '../ledger/ledger.js';
import { findLlcById, type Llc } from '../llcs/llcs.js';
import { propertiesById, type Property } from '../properties/properties.js';
import { viewerRow } from '../viewers/viewer-row.js';
import { bookTotals, capitalByInvestor, depositsHeld, federalRates, investorNames, lcPayments, taxItems, taxProperties } from './reports.repository.js';

/**
 * The admin's reports (docs/product.md; docs/rules/cash.md, tax-reports.md), each declared as a kept answer
 * (read-model/declared-read.ts): the reads of one snapshot of the books, so its figures never mix two states
 * of them, the scopes they depend on, and the figures from them. Kept until the books change: the keys
 * name the day (figures are as of today), the LLC or property by id, and the year.
 */

const UNALLOCATED_NAME = '(Unallocated)';

/** A map of cents by key → an object of dollars by name, sorted by name so the answer is stable. */
function byName<K>(m: Map<K, number>, name: (k: K) => string): Record<string, number> {
  return Object.fromEntries([...m].map(([k, c]) => [name(k), centsToDollars(c)]).sort(([a], [b]) => String(a).localeCompare(String(b))));
}

/** A row resolved by id after its name was: gone meanwhile only if deleted, which the books never do. */
const gone = (what: string, id: number) => new Error(`${what} #${id} is gone`);

async function propertyById(tx: Queryable, id: number): Promise<Property> {
  const [property] = await propertiesById(tx, [id]);
  return property ?? Promise.reject(gone('property', id));
}

/** Names and categories are shared; the LLC holds its properties' entries and its owners' capital. */
const llcScopes = (llcId: number) => [scopes.shared, scopes.llc(llcId)];

/** docs/rules/cash.md: the five totals, and each active investor's capital and cash (the Investors list). */
export const adminSummaryRead = declareRead({
  name: 'admin_summary',
  key: (p: { day: string }) => p.day,
  read: async (tx: Queryable, { day }: { day: string }) => ({
    balances: await balancesOf(tx, day, null),
    investors: await investorNames(tx),
    totals: await bookTotals(tx, day),
  }),
  // Every investor of every LLC: all of the books.
  scopes: () => [scopes.all],
  compute: ({ balances, investors: rows, totals }): AdminSummaryResponse => {
    const investors = rows.map((i) => {
      const b = balances.get(i.id);
      return { ...i, capital: b?.capital ?? 0, cash: b?.cash ?? 0 };
    });
    return {
      total_cash: centsToDollars(investors.reduce((s, i) => s + i.cash, 0)),
      total_investments: centsToDollars(totals.capitalCents),
      total_income: centsToDollars(totals.incomeCents),
      total_expenses: centsToDollars(totals.expensesCents),
      total_deposits: centsToDollars(totals.depositsHeldCents),
      investors: investors
        .filter((i) => i.active)
        .map((i) => ({ investor_name: i.name, total_investments: centsToDollars(i.capital), cash_balance: centsToDollars(i.cash) })),
    };
  },
});

type PropertyDay = { propertyId: number; day: string };
const detailRow = (r: Parameters<typeof viewerRow>[0]) => {
  const { date, amount, detail } = viewerRow(r);
  return { date, amount, detail };
};

/** One property's books as of today: the ledger rows of each family, their totals, and who holds capital. */
export const propertyDetailsRead = declareRead({
  name: 'property_details',
  key: (p: PropertyDay) => `${p.day}/${p.propertyId}`,
  read: async (tx: Queryable, { propertyId, day }: PropertyDay) => {
    const property = await propertyById(tx, propertyId);
    const rows = (kinds: Parameters<typeof listTransactions>[1]['kinds']) => listTransactions(tx, { propertyId, kinds, includeVoided: false, asOf: day });
    return {
      property,
      investments: await rows(['investment', 'investment_withdrawal']),
      capital: await capitalByInvestor(tx, propertyId, day),
      totals: await bookTotals(tx, day, propertyId),
      income: await rows(['property_income', 'lc_payment']),
      expenses: await rows(['property_expense', 'investor_property_expense']),
      deposits: await rows(['deposit', 'deposit_withdrawal']),
    };
  },
  scopes: (_: PropertyDay, input) => llcScopes(input.property.llcId),
  compute: ({ investments, capital, totals, income, expenses, deposits }): PropertyDetailsResponse => ({
    investments: investments.map(detailRow),
    income: income.map(detailRow),
    expenses: expenses.map(detailRow),
    deposits: deposits.map(detailRow),
    total_investments: centsToDollars(totals.capitalCents),
    total_income: centsToDollars(totals.incomeCents),
    total_expenses: centsToDollars(totals.expensesCents),
    total_deposits: centsToDollars(totals.depositsHeldCents),
    investors_list: capital.map((c) => ({ investor_name: c.name, total_amount: centsToDollars(c.cents) })),
  }),
});

type LlcYear = { llcId: number; year: number; day: string };

/** docs/rules/tax-reports.md: an LLC's tax report for a year. */
export const llcTaxesRead = declareRead({
  name: 'llc_taxes',
  key: (p: LlcYear) => `${p.day}/${p.year}/${p.llcId}`,
  read: async (tx: Queryable, { llcId, year, day }: LlcYear) => {
    const llc: Llc = (await findLlcById(tx, llcId)) ?? (await Promise.reject(gone('LLC', llcId)));
    const properties = await taxProperties(tx, { llcId });
    const ids = properties.map((p) => p.id);
    const [from, to] = [`${year}-01-01`, `${year}-12-31`];
    return {
      llc,
      properties,
      books: await readBooks(tx, day, { investorId: null, propertyIds: ids, llcIds: [llcId], cash: false }),
      items: await taxItems(tx, { propertyIds: ids, llcId, from, to }),
      lcPayments: await lcPayments(tx, ids, to),
      depositsHeldCents: await depositsHeld(tx, ids, to),
      investors: await investorNames(tx),
      federalRates: await federalRates(tx),
    };
  },
  // Everything it sums is the LLC's; members' names and fees, categories are shared.
  scopes: (p: LlcYear) => llcScopes(p.llcId),
  compute: (input, { year }: LlcYear): LlcTaxesResponse => {
    const { llc, properties, books } = input;
    const ids = properties.map((p) => p.id);
    const allocation = allocate(books);
    const report = taxReport({
      year,
      properties,
      items: input.items,
      lcPayments: input.lcPayments,
      depositsHeldCents: input.depositsHeldCents,
      owners: (pid, m) => allocation.ownersAt(pid, m),
      llcOwners: (m) => allocation.llcOwnersAt(llc.id, m),
      capitalAt: allocation.capitalAt,
      investorIds: [...new Set(books.capital.map((e) => e.investorId))],
      feesByInvestor: feesInYear(allocation, year, ids),
      federalRates: input.federalRates,
    });
    const names = new Map(input.investors.map((i) => [i.id, i.name]));
    const member = (id: number) => (id === UNALLOCATED ? UNALLOCATED_NAME : (names.get(id) ?? `#${id}`));
    const propertyName = new Map(properties.map((p) => [p.id, p.name]));
    const nested = (m: Map<number, Map<number, number>>) =>
      Object.fromEntries(
        [...m].map(([k, inner]) => [member(k), byName(inner, (pid) => propertyName.get(pid)!)] as const).sort(([a], [b]) => a.localeCompare(b)),
      );
    return {
      address: llc.address,
      date_started: llc.dateStarted ?? '',
      principal_business_activity: llc.principalBusinessActivity,
      principal_product: llc.principalProduct,
      business_code_number: llc.businessCodeNumber ?? '',
      total_assets: centsToDollars(report.totalAssets),
      ordinary_business_income: centsToDollars(report.ordinaryBusinessIncome),
      total_rental_income: centsToDollars(report.totalRentalIncome),
      total_dividend_income: centsToDollars(report.totalDividendIncome),
      total_income: centsToDollars(report.totalIncome),
      total_active_income: centsToDollars(report.totalActiveIncome),
      rental_income_by_member: byName(report.rentalIncomeByMember, member),
      dividend_income_by_member: byName(report.dividendIncomeByMember, member),
      dividend_expenses_by_member: byName(report.dividendExpensesByMember, member),
      rental_income_by_member_by_property: nested(report.rentalIncomeByMemberByProperty),
      ubia_by_member_by_property: nested(report.ubiaByMemberByProperty),
      llc_expenses: byName(report.llcExpenses, (c) => c),
      properties_list: report.propertiesInReport.map((p) => p.name),
      management_fees_by_member: byName(report.managementFeesByMember, member),
      review_notes: report.reviewNotes,
    };
  },
});

type PropertyYear = PropertyDay & { year: number };

/** docs/rules/tax-reports.md: a property's income and expenses of a year by category; a land contract with terms split. */
export const propertyTaxesRead = declareRead({
  name: 'property_taxes',
  key: (p: PropertyYear) => `${p.day}/${p.year}/${p.propertyId}`,
  read: async (tx: Queryable, { propertyId, year }: PropertyYear) => {
    const found = await propertyById(tx, propertyId);
    const [property] = await taxProperties(tx, { propertyId });
    const to = `${year}-12-31`;
    return {
      found,
      property: property!,
      items: await taxItems(tx, { propertyIds: [propertyId], llcId: null, from: `${year}-01-01`, to }),
      payments: (await lcPayments(tx, [propertyId], to)).get(propertyId) ?? [],
      federalRates: await federalRates(tx),
    };
  },
  scopes: (_: PropertyYear, input) => llcScopes(input.found.llcId),
  compute: ({ found, property, items, payments, federalRates: rates }, { year }: PropertyYear): PropertyTaxesResponse => {
    const { income, expenses, sale, imputed, notes } = propertyTaxSummary(property, items, payments, year, rates);
    return {
      address: found.address,
      income_list: byName(income, (c) => c),
      expenses_list: byName(expenses, (c) => c),
      ...(sale
        ? { lc_summary: { payments: centsToDollars(sale.payments), interest: centsToDollars(sale.interest), principal: centsToDollars(sale.principal),
            gain: centsToDollars(sale.gain), return_of_basis: centsToDollars(sale.returnOfBasis), balance_end: centsToDollars(sale.balanceEnd),
            contract_price: centsToDollars(sale.contractPrice), gross_profit_percentage: grossProfitPercent(sale),
            imputed: imputed && { rule: imputed.rule, federal_rate_bps: imputed.federalRateBps, federal_rate_month: imputed.federalRateMonth, term: imputed.term,
              imputed_sale_price: centsToDollars(imputed.imputedSalePriceCents), unstated_interest: centsToDollars(imputed.unstatedInterestCents) } } }
        : {}),
      review_notes: notes,
    };
  },
});
