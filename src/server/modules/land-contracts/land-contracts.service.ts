import type { z } from 'zod';
import type { DownloadFile } from '../../../contract/endpoint.js';
import type { LandContractTerms as TermsOut, LandContractsResponse, LcPayoffResponse, LcScheduleResponse, SetLandContractTermsRequest } from '../../../contract/schemas/land-contracts.js';
import { dateText } from '../../../contract/values/human-format.js';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { isoDay } from '../../domain/dates.js';
import type { LandContractTerms } from '../../domain/installment-sale.js';
import { contractSchedule } from '../../domain/land-contract-schedule.js';
import { balanceAt, paidVersusDue, payoff, payoffDateRefusal, receivedSplit, servicingTotals, yearStatement } from '../../domain/land-contract-servicing.js';
import { centsToDollars } from '../../domain/money.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { renderPdfOffThread } from '../../lib/pdf/pdf-off-thread.js';
import { documentLogo } from '../../lib/portal-logo.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import { checkedTerms, type StoredTerms } from './land-contract-terms.js';
import { taxTermsOf } from './contract-columns.js';
import { contractByName, contractForUpdate, contractPayments, landContractRows, setContractTerms, type ContractRow } from './land-contracts.repository.js';
import { payoffLetter, type LetterParties } from './payoff-letter.js';
import { lcStatement } from './lc-statement.js';

const dollars = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

const termsOut = (r: ContractRow): z.infer<typeof TermsOut> => ({
  sale_date: r.saleDate!, sale_price: centsToDollars(r.salePriceCents!), down_payment: centsToDollars(r.downPaymentCents!),
  adjusted_basis: centsToDollars(r.adjustedBasisCents!), rate_bps: r.rateBps!, selling_expenses: centsToDollars(r.sellingExpensesCents ?? 0),
  assumed_mortgage: centsToDollars(r.assumedMortgageCents), installment: dollars(r.installmentCents), first_due_date: r.firstDueDate,
  grace_days: r.graceDays, buyer_name: r.buyerName, buyer_address: r.buyerAddress,
});

/** The stored terms a row holds, as the audit row records them (every column, so a change shows whole). */
const storedOf = (r: ContractRow) => ({
  saleDate: r.saleDate, salePriceCents: r.salePriceCents, downPaymentCents: r.downPaymentCents, adjustedBasisCents: r.adjustedBasisCents,
  rateBps: r.rateBps, sellingExpensesCents: r.sellingExpensesCents, installmentCents: r.installmentCents, firstDueDate: r.firstDueDate,
  graceDays: r.graceDays, assumedMortgageCents: r.assumedMortgageCents, buyerName: r.buyerName, buyerAddress: r.buyerAddress,
});
const storedOfTerms = (t: StoredTerms): ReturnType<typeof storedOf> => ({
  saleDate: t.saleDate, salePriceCents: t.salePriceCents, downPaymentCents: t.downPaymentCents, adjustedBasisCents: t.adjustedBasisCents,
  rateBps: t.rateBps, sellingExpensesCents: t.sellingExpensesCents ?? null, installmentCents: t.installmentCents ?? null,
  firstDueDate: t.firstDueDate ?? null, graceDays: t.graceDays ?? 10, assumedMortgageCents: t.assumedMortgageCents ?? 0,
  buyerName: t.buyerName ?? null, buyerAddress: t.buyerAddress ?? null,
});

/**
 * The terms the tax report reads (docs/rules/tax-reports.md): changing any of them changes a filed year's
 * figures. The installment and first due date are among them: they make the schedule the stated rate is
 * tested on against the applicable federal rate (imputed interest).
 */
const TAX_TERMS = [
  'saleDate', 'salePriceCents', 'downPaymentCents', 'adjustedBasisCents', 'rateBps', 'sellingExpensesCents', 'assumedMortgageCents',
  'installmentCents', 'firstDueDate',
] as const;

const slug = (name: string) => name.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'property';

/** Land contracts serviced from the books (docs/product.md "Land contracts"): terms, schedule, payoff, year-end statement. */
export function createLandContractsService({ db, clock, portal }: { db: Db; clock: Clock; portal: Config['portal'] }) {
  const logoPng = documentLogo(portal);
  const today = () => isoDay(clock.now());

  /** A land-contract property with its terms: unknown 404; not a land contract, or without terms, 409. */
  async function contract(q: Queryable, name: string): Promise<{ row: ContractRow; terms: LandContractTerms }> {
    const row = await contractByName(q, name);
    if (!row) throw new NotFoundError(`No property named "${name}".`);
    if (row.propertyType !== 'land_contract') throw new ConflictError(`${row.name} is not a land-contract property.`);
    const terms = taxTermsOf(row);
    if (!terms) throw new ConflictError(`${row.name} has no land-contract terms recorded: add them under Land Contracts.`);
    return { row, terms };
  }

  const partiesOf = async (row: ContractRow): Promise<LetterParties> => {
    const logo = await logoPng();
    return {
      portalName: portal.name, ...(logo ? { logoPng: logo } : {}), llcName: row.llcName, llcAddress: row.llcAddress,
      buyerName: row.buyerName, buyerAddress: row.buyerAddress, propertyName: row.name, propertyAddress: row.address,
      rateBps: row.rateBps!, preparedAt: clock.now(),
    };
  };

  async function quote(propertyName: string, asOf: string | undefined) {
    const { row, terms } = await contract(db, propertyName);
    const date = asOf ?? today();
    const refused = payoffDateRefusal(terms, date);
    if (refused) throw new ValidationError(refused);
    const payments = await contractPayments(db, row.id);
    return { row, quote: payoff(terms, payments, date) };
  }

  return {
    /** GET /admin/land_contracts: every land-contract property, its terms, the balance today and what is past due. */
    async list(): Promise<z.infer<typeof LandContractsResponse>> {
      const asOf = today();
      const rows = await landContractRows(db);
      const contracts = [];
      for (const row of rows) {
        const terms = taxTermsOf(row);
        if (!terms) {
          contracts.push({ property_name: row.name, llc_name: row.llcName, terms: null, balance: null, past_due: null });
          continue;
        }
        const payments = await contractPayments(db, row.id);
        const schedule = contractSchedule(terms, row);
        const pastDue = schedule.ok ? servicingTotals(terms, paidVersusDue(schedule.rows, payments, row.graceDays, asOf).rows, payments, asOf).pastDue : null;
        contracts.push({
          property_name: row.name, llc_name: row.llcName, terms: termsOut(row),
          balance: centsToDollars(balanceAt(terms, payments, asOf).balance), past_due: dollars(pastDue),
        });
      }
      return { contracts };
    },

    /** POST /admin/set_land_contract_terms: the terms replaced whole; tax terms only while the sale is in an open period. */
    async setTerms(input: z.output<typeof SetLandContractTermsRequest>, ctx: WriteContext): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await contractForUpdate(tx, input.property_name);
        if (!row) throw new NotFoundError(`No property named "${input.property_name}".`);
        if (row.propertyType !== 'land_contract') throw new ConflictError(`${row.name} is not a land-contract property.`);
        const terms = checkedTerms(input, true)!;
        const before = storedOf(row);
        const after = storedOfTerms(terms);
        const taxChanged = TAX_TERMS.some((k) => (before[k] ?? 0) !== (after[k] ?? 0));
        const earliest = before.saleDate && before.saleDate < after.saleDate! ? before.saleDate : after.saleDate!;
        if (taxChanged && row.closedThrough && row.closedThrough >= earliest) {
          throw new ConflictError(
            `The books of ${row.llcName} are closed through ${dateText(row.closedThrough)}: the contract's tax terms, installment and first due date cannot change. Its grace days and buyer can.`,
          );
        }
        await setContractTerms(tx, row.id, terms);
        await auditChange(tx, ctx, clock.now(), { action: 'set_terms', entity: 'property', id: row.id, before, after });
      });
    },

    /** GET /admin/lc_schedule: the schedule beside what was paid, the payments received split, and the totals, as of today. */
    async schedule(propertyName: string): Promise<LcScheduleResponse> {
      const asOf = today();
      const { row, terms } = await contract(db, propertyName);
      const payments = await contractPayments(db, row.id);
      const schedule = contractSchedule(terms, row);
      const rows = schedule.ok ? paidVersusDue(schedule.rows, payments, row.graceDays, asOf).rows : [];
      const t = servicingTotals(terms, rows, payments, asOf);
      return {
        property_name: row.name,
        as_of: asOf,
        terms: termsOut(row),
        rows: rows.map((r) => ({
          number: r.number, due_date: r.dueDate, payment: centsToDollars(r.payment), interest: centsToDollars(r.interest),
          principal: centsToDollars(r.principal), balance: centsToDollars(r.balance), paid: centsToDollars(r.paid), paid_date: r.paidDate, status: r.status,
        })),
        payments: receivedSplit(terms, payments, asOf).map((p) => ({
          date: p.date, amount: centsToDollars(p.cents), interest: centsToDollars(p.interest), principal: centsToDollars(p.principal),
          balance: centsToDollars(p.balance), arrears: centsToDollars(p.arrears),
        })),
        totals: {
          due_to_date: centsToDollars(t.dueToDate), paid_to_date: centsToDollars(t.paidToDate), past_due: centsToDollars(t.pastDue),
          arrears: centsToDollars(t.arrears), balance: centsToDollars(t.balance), next_due_date: t.nextDueDate, next_due_amount: dollars(t.nextDueAmount),
        },
      };
    },

    /** GET /admin/lc_payoff: what pays the contract off on a date (default today). */
    async payoff(propertyName: string, asOf?: string): Promise<LcPayoffResponse> {
      const { row, quote: q } = await quote(propertyName, asOf);
      return {
        property_name: row.name, as_of: q.asOf, principal: centsToDollars(q.principal), interest: centsToDollars(q.interest),
        total: centsToDollars(q.total), arrears: centsToDollars(q.arrears), last_payment_date: q.lastPaymentDate, months: q.months, rate_bps: row.rateBps!,
      };
    },

    /** GET /admin/lc_payoff_letter: the payoff quote as a letter to the buyer. */
    async payoffLetter(propertyName: string, asOf?: string): Promise<DownloadFile> {
      const { row, quote: q } = await quote(propertyName, asOf);
      return { fileName: `payoff-${slug(row.name)}-${q.asOf}.pdf`, body: await renderPdfOffThread(payoffLetter(await partiesOf(row), q)) };
    },

    /** GET /admin/lc_statement: the buyer's year-end statement. */
    async statement(propertyName: string, year: number): Promise<DownloadFile> {
      const { row, terms } = await contract(db, propertyName);
      if (year < Number(terms.saleDate.slice(0, 4))) {
        throw new ConflictError(`${row.name} was sold on ${dateText(terms.saleDate)}: there is no statement for ${year}.`);
      }
      const payments = await contractPayments(db, row.id);
      const s = yearStatement(terms, payments, year);
      return { fileName: `lc-statement-${slug(row.name)}-${year}.pdf`, body: await renderPdfOffThread(lcStatement(await partiesOf(row), s)) };
    },
  };
}

export type LandContractsService = ReturnType<typeof createLandContractsService>;
