import type { AdminSummaryResponse, LlcTaxesResponse, PropertyDetailsResponse, PropertyTaxesResponse } from '../../../contract/schemas/reports.js';
import type { Queryable } from '../../db/client.js';
import { allocate } from '../../domain/allocation.js';
import { investorBalances, totalBalances } from '../../domain/investor-figures.js';
import { centsToDollars } from '../../domain/money.js';
import { nameKey } from '../../lib/names.js';
import { propertyTaxSummary, taxReport, UNALLOCATED } from '../../domain/tax-report.js';
import type { BooksService } from '../books/books.service.js';
import { readBooks } from '../books/books.repository.js';
import { dependsOn, scopes } from '../books/answer-inputs.js';
import { propertyIdsByLlc } from '../books/standing-answers.repository.js';
import { listTransactions } from '../ledger/ledger.repository.js';
import { existingLlc, existingProperty } from '../references.js';
import { findLlcById, type Llc } from '../llcs/llcs.repository.js';
import { propertiesById, type Property } from '../properties/properties.repository.js';
import { viewerRow } from '../viewers/viewer-row.js';
import { bookTotals, capitalByInvestor, cashWithdrawalTotals, depositsHeld, investorNames, lcPayments, taxItems, taxProperties } from './reports.repository.js';

const UNALLOCATED_NAME = '(Unallocated)';

/** A map of cents by key → an object of dollars by name, sorted by name so the answer is stable. */
function byName<K>(m: Map<K, number>, name: (k: K) => string): Record<string, number> {
  return Object.fromEntries([...m].map(([k, c]) => [name(k), centsToDollars(c)]).sort(([a], [b]) => String(a).localeCompare(String(b))));
}

/** Reports are kept by day, year and name as a person types it (case and spaces aside). */
/**
 * The years whose tax reports are kept ahead of reads: this one and the two before, the years an admin
 * and a CPA work on (a return, an extension, an amendment). Any other year is computed when asked.
 */
const taxYearsAhead = (day: string): number[] => {
  const year = Number(day.slice(0, 4));
  return [year - 2, year - 1, year];
};

const quotedName = (name: string) => JSON.stringify(nameKey(name));
const propertyDetailsKey = (day: string, name: string) => `property_details/${day}/${quotedName(name)}`;
const llcTaxesKey = (day: string, year: number, name: string) => `llc_taxes/${day}/${year}/${quotedName(name)}`;
const propertyTaxesKey = (day: string, year: number, name: string) => `property_taxes/${day}/${year}/${quotedName(name)}`;

/**
 * The admin's reports (portal-spec §2; domain.md §4.12, §5). Each answer reads one snapshot of the
 * books, so its figures never mix two states of them, and is kept until the books change (issue 12):
 * the keys name the day (figures are as of today) and every parameter.
 */
export function createReportsService({ books }: { books: BooksService }) {
  const memberNames = async (tx: Queryable) => {
    const names = new Map((await investorNames(tx)).map((i) => [i.id, i.name]));
    return (id: number) => (id === UNALLOCATED ? UNALLOCATED_NAME : (names.get(id) ?? `#${id}`));
  };

  /**
   * Every investor's capital and cash as of a date, one LLC at a time: an LLC's income, fees and
   * expenses split among its own members only (domain.md §4), so the sums over LLCs are the whole
   * books' figures, while memory holds one LLC's books instead of all of them (the large tier's whole
   * allocation took over 160 MB at once: issue 12).
   */
  async function balancesByLlc(tx: Queryable, asOf: string): Promise<Map<number, { capital: number; cash: number }>> {
    const perLlc: Map<number, { capital: number; cash: number }>[] = [];
    for (const [llcId, propertyIds] of await propertyIdsByLlc(tx)) {
      const llcBooks = await readBooks(tx, asOf, { investorId: null, propertyIds, llcIds: [llcId], cash: false });
      perLlc.push(investorBalances(llcBooks, allocate(llcBooks), []));
    }
    return totalBalances(perLlc, await cashWithdrawalTotals(tx, asOf));
  }

  /** One property's books as of today, read through `tx`. */
  async function propertyDetailsAt(tx: Queryable, property: Property): Promise<PropertyDetailsResponse> {
    // The property's LLC holds its entries and its owners' capital; names and categories are shared.
    dependsOn(tx, scopes.shared, scopes.llc(property.llcId));
    const asOf = books.today();
    const rows = async (kinds: Parameters<typeof listTransactions>[1]['kinds']) =>
      (await listTransactions(tx, { propertyId: property.id, kinds, includeVoided: false, asOf })).map(viewerRow)
        .map(({ date, amount, detail }) => ({ date, amount, detail }));
    const investments = await rows(['investment', 'investment_withdrawal']);
    const capital = await capitalByInvestor(tx, property.id, asOf);
    const totals = await bookTotals(tx, asOf, property.id);
    return {
      investments,
      income: await rows(['property_income', 'lc_payment']),
      expenses: await rows(['property_expense', 'investor_property_expense']),
      deposits: await rows(['deposit', 'deposit_withdrawal']),
      total_investments: centsToDollars(totals.capitalCents),
      total_income: centsToDollars(totals.incomeCents),
      total_expenses: centsToDollars(totals.expensesCents),
      total_deposits: centsToDollars(totals.depositsHeldCents),
      investors_list: capital.map((c) => ({ investor_name: c.name, total_amount: centsToDollars(c.cents) })),
    };
  }

  /** §5: an LLC's tax report for a year, read through `tx`. */
  async function llcTaxesAt(tx: Queryable, llc: Llc, year: number): Promise<LlcTaxesResponse> {
    // Everything it sums is the LLC's; members' names and fees, categories are shared.
    dependsOn(tx, scopes.shared, scopes.llc(llc.id));
    const properties = await taxProperties(tx, { llcId: llc.id });
    const ids = properties.map((p) => p.id);
    const [from, to] = [`${year}-01-01`, `${year}-12-31`];
    const all = await readBooks(tx, books.today(), { investorId: null, propertyIds: ids, llcIds: [llc.id], cash: false });
    const allocation = allocate(all);
    const feesByInvestor = new Map<number, number>();
    for (const [iid, months] of allocation.investors) {
      let fee = 0;
      for (const [m, im] of months) {
        if (Math.floor(m / 12) !== year) continue;
        for (const [pid, pm] of im.byProperty) if (ids.includes(pid)) fee += pm.f;
      }
      feesByInvestor.set(iid, fee);
    }
    const report = taxReport({
      year,
      properties,
      items: await taxItems(tx, { propertyIds: ids, llcId: llc.id, from, to }),
      lcPayments: await lcPayments(tx, ids, to),
      depositsHeldCents: await depositsHeld(tx, ids, to),
      owners: (pid, m) => allocation.ownersAt(pid, m),
      llcOwners: (m) => allocation.llcOwnersAt(llc.id, m),
      capitalAt: allocation.capitalAt,
      investorIds: [...new Set(all.capital.map((e) => e.investorId))],
      feesByInvestor,
    });
    const member = await memberNames(tx);
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
  }

  /** §5.6: a property's tax summary for a year, read through `tx`. */
  async function propertyTaxesAt(tx: Queryable, found: Property, year: number): Promise<PropertyTaxesResponse> {
    dependsOn(tx, scopes.shared, scopes.llc(found.llcId));
    const [property] = await taxProperties(tx, { propertyId: found.id });
    const to = `${year}-12-31`;
    const items = await taxItems(tx, { propertyIds: [found.id], llcId: null, from: `${year}-01-01`, to });
    const payments = (await lcPayments(tx, [found.id], to)).get(found.id) ?? [];
    const { income, expenses, sale, notes } = propertyTaxSummary(property!, items, payments, year);
    return {
      address: found.address,
      income_list: byName(income, (c) => c),
      expenses_list: byName(expenses, (c) => c),
      ...(sale
        ? { lc_summary: { payments: centsToDollars(sale.payments), interest: centsToDollars(sale.interest), principal: centsToDollars(sale.principal),
            gain: centsToDollars(sale.gain), return_of_basis: centsToDollars(sale.returnOfBasis), balance_end: centsToDollars(sale.balanceEnd) } }
        : {}),
      review_notes: notes,
    };
  }

  return {
    /** §4.12: the five totals, and each active investor's capital and cash (the Investors list). */
    adminSummary: (): Promise<AdminSummaryResponse> =>
      books.kept(`admin_summary/${books.today()}`, async (tx) => {
        const today = books.today();
        const balances = await balancesByLlc(tx, today);
        const investors = (await investorNames(tx)).map((i) => {
          const b = balances.get(i.id);
          return { ...i, capital: b?.capital ?? 0, cash: b?.cash ?? 0 };
        });
        const totals = await bookTotals(tx, today);
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
      }),

    /** One property's books as of today: the ledger rows of each family, their totals, and who holds capital. */
    propertyDetails: (propertyName: string): Promise<PropertyDetailsResponse> =>
      books.sent(propertyDetailsKey(books.today(), propertyName), async (tx) => propertyDetailsAt(tx, await existingProperty(tx, propertyName))),

    /**
     * What keeping an LLC's reports ahead of reads takes (answer-refresher.ts), one snapshot a step:
     * each property's details, each property's tax summaries of the years kept ahead, then the LLC's
     * tax reports of those years. Small steps: a step holds a connection (PGlite's only one).
     */
    llcAheadSteps: async (llcId: number, propertyIds: number[]): Promise<(() => Promise<number>)[]> => {
      const llc = await findLlcById(books.db, llcId);
      if (!llc) return [];
      const day = books.today();
      const years = taxYearsAhead(day);
      const properties = await propertiesById(books.db, propertyIds);
      return [
        ...properties.map((p) => () => books.keepAhead(async (tx) => [[propertyDetailsKey(day, p.name), await propertyDetailsAt(tx, p)]])),
        ...properties.map((p) => () => books.keepAhead(async (tx) => {
          const kept: [string, unknown][] = [];
          for (const year of years) kept.push([propertyTaxesKey(day, year, p.name), await propertyTaxesAt(tx, p, year)]);
          return kept;
        })),
        ...years.map((year) => () => books.keepAhead(async (tx) => [[llcTaxesKey(day, year, llc.name), await llcTaxesAt(tx, llc, year)]])),
      ];
    },

    /** The key of what an LLC's steps keep last: whether it is current says whether the LLC's reports are. */
    llcAheadKey: async (llcId: number): Promise<string> => {
      const llc = await findLlcById(books.db, llcId);
      const day = books.today();
      return llcTaxesKey(day, taxYearsAhead(day).at(-1)!, llc?.name ?? `#${llcId}`);
    },

    /** §5: an LLC's tax report for a year. */
    llcTaxes: (llcName: string, year: number): Promise<LlcTaxesResponse> =>
      books.kept(llcTaxesKey(books.today(), year, llcName), async (tx) => llcTaxesAt(tx, await existingLlc(tx, llcName), year)),

    /** §5.6: a property's income and expenses of a year by category; a land contract with terms split. */
    propertyTaxes: (propertyName: string, year: number): Promise<PropertyTaxesResponse> =>
      books.kept(propertyTaxesKey(books.today(), year, propertyName), async (tx) => propertyTaxesAt(tx, await existingProperty(tx, propertyName), year)),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
