import type { z } from 'zod';
import type {
  AddInvestmentRequest,
  RecordCashWithdrawalRequest,
  RecordDepositWithdrawalRequest,
  RecordInvestmentWithdrawalRequest,
  AddRentalDepositRequest,
  RecordInvestorPropertyExpenseRequest,
  RecordLcPaymentRequest,
  RecordLlcExpenseRequest,
  RecordLorenIncomeRequest,
  RecordPropertyExpenseRequest,
  RecordPropertyIncomeRequest,
  RecordedResponse,
} from '../../../contract/admin.js';
import type { Db, Queryable } from '../../db/client.js';
import { centsToDollars } from '../../domain/money.js';
import { NotFoundError } from '../../lib/errors.js';
import { findInvestorByName } from '../investors/investors.repository.js';
import { findPropertyByName } from '../properties/properties.repository.js';
import { monthOf } from '../../domain/dates.js';
import type { Clock } from '../../lib/clock.js';
import { ValidationError } from '../../lib/errors.js';
import { amountField, dateField, monthField } from '../../lib/input.js';
import type { WriteContext } from '../../lib/write-context.js';
import { appendAudit } from '../audit/audit.repository.js';
import type { RunOnce } from '../idempotency/idempotency.service.js';
import { lockInvestor } from '../investors/investors.repository.js';
import { lockProperty, type Property, type PropertyType } from '../properties/properties.repository.js';
import { optionalLoren, requireCategory, requireInvestor, requireLlc, requireProperty } from '../references.js';
import { insertLedgerEntry, type NewLedgerEntry } from './ledger.repository.js';
import { formatCents } from '../../domain/money.js';
import { firstNegativeDate } from '../../domain/limits.js';
import { computeInvestor, today } from '../figures/figures.service.js';
import { movementsOfKinds, netOfKinds } from '../figures/books.repository.js';

type Out<T extends z.ZodType> = z.output<T>;
type Entry = Omit<NewLedgerEntry, 'createdBy' | 'createdAt'>;

const TYPE_WORDS: Record<PropertyType, string> = { rental: 'a rental', land_contract: 'a land-contract', other: 'an "other"' };

/** The property type must fit the kind (domain.md table 3.1): e.g. no LC payment on a rental. */
function requireType(property: Property, type: PropertyType, what: string): void {
  if (property.propertyType !== type) {
    throw new ValidationError(`${what} can only be recorded on ${TYPE_WORDS[type]} property; "${property.name}" is ${TYPE_WORDS[property.propertyType]} property.`);
  }
}

const overMax = (max: number, what: 'withdrawal' | 'deposit') =>
  new ValidationError(`Amount cannot exceed the maximum ${what} amount of ${formatCents(Math.max(0, max))}`);

/**
 * Every money movement of the admin forms. Each call is one transaction: the ledger
 * row, its audit row and the idempotency key commit together or not at all (security.md L7).
 */
export function createLedgerService({ db, clock, runOnce }: { db: Db; clock: Clock; runOnce: RunOnce }) {
  async function record(
    ctx: WriteContext,
    message: string,
    build: (tx: Queryable) => Promise<Entry>,
  ): Promise<RecordedResponse> {
    return runOnce(ctx.userId, ctx.idempotency, async (tx) => {
      const entry = await build(tx);
      const now = clock.now();
      const row = await insertLedgerEntry(tx, { ...entry, createdBy: ctx.userId, createdAt: now });
      await appendAudit(tx, {
        at: now, userId: ctx.userId, action: 'record', entity: 'ledger_entry', entityId: String(row.id),
        before: null, after: row, ip: ctx.ip,
      });
      return { message, id: row.id };
    });
  }

  function notInFuture(date: string) {
    if (date > today(clock)) throw new ValidationError('A withdrawal cannot be dated in the future.');
  }

  /** max_investment_withdrawal(i, p) = max(0, Σ investments − Σ investment withdrawals) (§4.11). */
  const maxInvestment = (tx: Queryable, investorId: number, propertyId: number) =>
    netOfKinds(tx, { asOf: today(clock), propertyId, investorId, plus: 'investment', minus: 'investment_withdrawal' }).then((c) => Math.max(0, c));
  /** max_deposit_withdrawal(p) = max(0, Σ deposits − Σ deposit withdrawals) (§4.11). */
  const maxDeposit = (tx: Queryable, propertyId: number) =>
    netOfKinds(tx, { asOf: today(clock), propertyId, plus: 'deposit', minus: 'deposit_withdrawal' }).then((c) => Math.max(0, c));
  /** max_cash_withdrawal(i) = max(0, cash_balance(i)) at today (§4.11). */
  const maxCash = async (tx: Queryable, investorId: number) =>
    Math.max(0, (await computeInvestor(tx, investorId, today(clock))).figures.cashBalance);

  const investorNamed = async (name: string) =>
    (await findInvestorByName(db, name)) ?? Promise.reject(new NotFoundError(`No investor named "${name}".`));
  const propertyNamed = async (name: string) =>
    (await findPropertyByName(db, name)) ?? Promise.reject(new NotFoundError(`No property named "${name}".`));

  return {
    /** The maximums the withdrawal forms show, in dollars (§4.11). */
    async maxCashFor(investorName: string): Promise<number> {
      return centsToDollars(await maxCash(db, (await investorNamed(investorName)).id));
    },
    async maxInvestmentFor(investorName: string, propertyName: string): Promise<number> {
      const [investor, property] = [await investorNamed(investorName), await propertyNamed(propertyName)];
      return centsToDollars(await maxInvestment(db, investor.id, property.id));
    },
    async maxDepositFor(propertyName: string): Promise<number> {
      return centsToDollars(await maxDeposit(db, (await propertyNamed(propertyName)).id));
    },

    recordPropertyIncome(input: Out<typeof RecordPropertyIncomeRequest>, ctx: WriteContext) {
      const amountCents = amountField('Amount', input.amount);
      const date = dateField('Income date', input.income_date);
      const forMonth = monthField('Income for month', input.income_for_month);
      return record(ctx, 'Income recorded successfully', async (tx) => {
        const property = await requireProperty(tx, input.property_name);
        const category = await requireCategory(tx, 'income', input.income_category);
        const loren = await optionalLoren(tx, input.loren_name);
        return { kind: 'property_income', date, forMonth, amountCents, propertyId: property.id, categoryId: category.id,
          lorenId: loren?.id, description: input.description };
      });
    },

    /** Income for a period (Loren income), spread over its days when figures are computed (§4.3). */
    recordLorenIncome(input: Out<typeof RecordLorenIncomeRequest>, ctx: WriteContext) {
      const amountCents = amountField('Amount', input.amount);
      const date = dateField('Income date', input.income_date);
      const start = dateField('Start date', input.start_date);
      const end = dateField('End date', input.end_date);
      if (start > end) throw new ValidationError('Start date must not be after the end date.');
      return record(ctx, 'Income recorded successfully', async (tx) => {
        const property = await requireProperty(tx, input.property_name);
        const rent = await requireCategory(tx, 'income', 'Rent');
        return { kind: 'property_income', date, forMonth: monthOf(start), periodStart: start, periodEnd: end,
          amountCents, propertyId: property.id, categoryId: rent.id, description: input.description };
      });
    },

    recordLcPayment(input: Out<typeof RecordLcPaymentRequest>, ctx: WriteContext) {
      const amountCents = amountField('Amount', input.amount);
      const date = dateField('Payment date', input.payment_date);
      return record(ctx, 'Land contract payment recorded successfully', async (tx) => {
        const property = await requireProperty(tx, input.property_name);
        requireType(property, 'land_contract', 'A land-contract payment');
        const loren = await optionalLoren(tx, input.loren_name);
        return { kind: 'lc_payment', date, forMonth: monthOf(date), amountCents, propertyId: property.id,
          lorenId: loren?.id, description: input.description };
      });
    },

    recordPropertyExpense(input: Out<typeof RecordPropertyExpenseRequest>, ctx: WriteContext) {
      const amountCents = amountField('Amount', input.amount);
      const date = dateField('Expense date', input.expense_date);
      const forMonth = monthField('Expense for month', input.expense_for_month);
      return record(ctx, 'Expense recorded successfully', async (tx) => {
        const property = await requireProperty(tx, input.property_name);
        const category = await requireCategory(tx, 'property_expense', input.expense_category);
        const loren = await optionalLoren(tx, input.loren_name);
        return { kind: 'property_expense', date, forMonth, amountCents, propertyId: property.id, categoryId: category.id,
          lorenId: loren?.id, payer: input.payer?.trim() || null, description: input.description };
      });
    },

    /** An expense charged 100% to one investor (domain.md §3.2), even one without capital there (§6.9). */
    recordInvestorPropertyExpense(input: Out<typeof RecordInvestorPropertyExpenseRequest>, ctx: WriteContext) {
      const amountCents = amountField('Amount', input.amount);
      const date = dateField('Expense date', input.expense_date);
      const forMonth = monthField('Expense for month', input.expense_for_month);
      return record(ctx, 'Expense recorded successfully', async (tx) => {
        const investor = await requireInvestor(tx, input.investor);
        const property = await requireProperty(tx, input.property_name);
        const category = await requireCategory(tx, 'property_expense', input.expense_category);
        const loren = await optionalLoren(tx, input.loren_name);
        await lockInvestor(tx, investor.id);
        return { kind: 'investor_property_expense', date, forMonth, amountCents, investorId: investor.id,
          propertyId: property.id, categoryId: category.id, lorenId: loren?.id, payer: input.payer.trim(),
          description: input.description };
      });
    },

    recordLlcExpense(input: Out<typeof RecordLlcExpenseRequest>, ctx: WriteContext) {
      const amountCents = amountField('Amount', input.amount);
      const date = dateField('Expense date', input.expense_date);
      return record(ctx, 'Expense recorded successfully', async (tx) => {
        const llc = await requireLlc(tx, input.llc_name);
        const category = await requireCategory(tx, 'llc_expense', input.expense_category);
        return { kind: 'llc_expense', date, forMonth: monthOf(date), amountCents, llcId: llc.id, categoryId: category.id,
          payer: input.payer.trim(), description: input.description };
      });
    },

    /** A security deposit is a liability, not income (domain.md §3.1): rentals only. */
    addRentalDeposit(input: Out<typeof AddRentalDepositRequest>, ctx: WriteContext) {
      const amountCents = amountField('Amount', input.amount);
      const date = dateField('Date', input.date);
      return record(ctx, 'New deposit added successfully', async (tx) => {
        const property = await requireProperty(tx, input.property_name);
        requireType(property, 'rental', 'A rental deposit');
        const loren = await optionalLoren(tx, input.loren_name);
        await lockProperty(tx, property.id);
        return { kind: 'deposit', date, forMonth: monthOf(date), amountCents, propertyId: property.id,
          lorenId: loren?.id, description: input.notes };
      });
    },

    /**
     * Money leaves only under the investor's row lock, with the limit recomputed inside the same
     * transaction: two tabs or fifty requests cannot spend one balance twice (security.md L4, V5).
     */
    recordCashWithdrawal(input: Out<typeof RecordCashWithdrawalRequest>, ctx: WriteContext) {
      const amountCents = amountField('Amount', input.amount);
      const date = dateField('Date', input.date);
      notInFuture(date);
      return record(ctx, 'Cash withdrawal recorded successfully', async (tx) => {
        const investor = await requireInvestor(tx, input.investor_name);
        await lockInvestor(tx, investor.id);
        const max = await maxCash(tx, investor.id);
        if (amountCents > max) throw overMax(max, 'withdrawal');
        return { kind: 'cash_withdrawal', date, forMonth: monthOf(date), amountCents, investorId: investor.id,
          description: input.description };
      });
    },

    recordInvestmentWithdrawal(input: Out<typeof RecordInvestmentWithdrawalRequest>, ctx: WriteContext) {
      const amountCents = amountField('Amount', input.amount);
      const date = dateField('Date', input.date);
      notInFuture(date);
      return record(ctx, 'Investment withdrawal recorded successfully', async (tx) => {
        const investor = await requireInvestor(tx, input.investor_name);
        const property = await requireProperty(tx, input.property_name);
        await lockInvestor(tx, investor.id);
        const max = await maxInvestment(tx, investor.id, property.id);
        if (amountCents > max) throw overMax(max, 'withdrawal');
        const movements = await movementsOfKinds(tx, { propertyId: property.id, investorId: investor.id, plus: 'investment', minus: 'investment_withdrawal' });
        const negativeOn = firstNegativeDate([...movements, { id: Number.MAX_SAFE_INTEGER, date, cents: -amountCents }]);
        if (negativeOn) {
          throw new ValidationError(`This withdrawal would take ${investor.name}'s capital in ${property.name} below zero on ${negativeOn}.`);
        }
        return { kind: 'investment_withdrawal', date, forMonth: monthOf(date), amountCents, investorId: investor.id,
          propertyId: property.id, description: `Return of capital – ${property.name}` };
      });
    },

    recordDepositWithdrawal(input: Out<typeof RecordDepositWithdrawalRequest>, ctx: WriteContext) {
      const amountCents = amountField('Amount', input.amount);
      const date = dateField('Date', input.date);
      notInFuture(date);
      return record(ctx, 'Deposit withdrawal recorded successfully', async (tx) => {
        const property = await requireProperty(tx, input.property_name);
        await lockProperty(tx, property.id);
        const max = await maxDeposit(tx, property.id);
        if (amountCents > max) throw overMax(max, 'deposit');
        const movements = await movementsOfKinds(tx, { propertyId: property.id, plus: 'deposit', minus: 'deposit_withdrawal' });
        const negativeOn = firstNegativeDate([...movements, { id: Number.MAX_SAFE_INTEGER, date, cents: -amountCents }]);
        if (negativeOn) throw new ValidationError(`This withdrawal would take the deposits held for ${property.name} below zero on ${negativeOn}.`);
        return { kind: 'deposit_withdrawal', date, forMonth: monthOf(date), amountCents, propertyId: property.id,
          description: input.notes };
      });
    },

    addInvestment(input: Out<typeof AddInvestmentRequest>, ctx: WriteContext) {
      const amountCents = amountField('Amount', input.amount);
      const date = dateField('Date', input.date);
      return record(ctx, 'New investment added successfully', async (tx) => {
        const investor = await requireInvestor(tx, input.investor_name);
        const property = await requireProperty(tx, input.property_name);
        await lockInvestor(tx, investor.id);
        return { kind: 'investment', date, forMonth: monthOf(date), amountCents, investorId: investor.id,
          propertyId: property.id };
      });
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
