import type { ParsedBody } from '../../../contract/endpoint.js';
import { dateText } from '../../../contract/values/human-format.js';
import type { Endpoints } from '../../../contract/endpoints.js';
import type { Queryable } from '../../db/client.js';
import { monthOf } from '../../domain/dates.js';
import { maxCashWithdrawal, maxOfNet } from '../../domain/limits.js';
import { centsToDollars, formatCents } from '../../domain/money.js';
import { ValidationError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { balancesOf, totalsOfKinds, type BooksService } from '../read-model/read-model.js';
import {
  CashOverdrawError, firstDateBelowZero, lockBalance, lockCashBalances, OverdrawError, type Entry, type EntryBuilder, type EntryWriter,
} from '../ledger/ledger.js';
import { existingInvestor, existingProperty, requireInvestor, requireProperty } from '../references.js';
import type { NoticesService } from '../notices/notices.service.js';

type Body<K extends keyof Endpoints> = ParsedBody<Endpoints[K]>;
type Builder<K extends keyof Endpoints> = EntryBuilder<Body<K>>;

// The API's over-limit answer keeps the rule book's exact words and decimal text (docs/rules/withdrawals.md):
// outside clients match it. The web form refuses before sending and words it with the screen's money format.
const overMaxWords = (max: number, what: 'withdrawal' | 'deposit') => `Amount cannot exceed the maximum ${what} amount of ${formatCents(Math.max(0, max))}`;
const overMax = (max: number, what: 'withdrawal' | 'deposit') => new OverdrawError(overMaxWords(max, what));

const FUTURE_WITHDRAWAL = 'A withdrawal cannot be dated in the future.';

/** One payout of many (cashPayouts): to an investor known by id, on a date, with its description. */
export type CashPayout = { investorId: number; date: string; description: string; amount: number };

/**
 * Money leaving the books (docs/rules/withdrawals.md). Money leaves only under the investor's (or the
 * property's) row lock, with the limit recomputed inside the same transaction: two tabs or fifty
 * requests cannot spend one balance twice (docs/security.md L4, V5). Each form's entry is built by one
 * function, which a correction runs too (after voiding the entry it replaces, so its amount is free).
 */
export function withdrawalBuilders(books: BooksService) {
  const notInFuture = (date: string) => {
    if (date > books.today()) throw new ValidationError(FUTURE_WITHDRAWAL);
  };
  const limits = limitsOf(books);
  return {
    recordCashWithdrawal: (async (tx, input) => {
      notInFuture(input.date);
      const investor = await requireInvestor(tx, input.investor_name);
      await lockBalance(tx, { family: 'cash', investorId: investor.id });
      const max = await limits.maxCash(tx, investor.id);
      if (input.amount > max) throw overMax(max, 'withdrawal');
      return { kind: 'cash_withdrawal', date: input.date, forMonth: monthOf(input.date), amountCents: input.amount,
        investorId: investor.id, description: input.description };
    }) satisfies Builder<'recordCashWithdrawal'>,

    recordInvestmentWithdrawal: (async (tx, input) => {
      notInFuture(input.date);
      const investor = await requireInvestor(tx, input.investor_name);
      const property = await requireProperty(tx, input.property_name);
      const capital = { family: 'capital', investorId: investor.id, propertyId: property.id } as const;
      await lockBalance(tx, capital);
      const max = await limits.maxInvestment(tx, investor.id, property.id);
      if (input.amount > max) throw overMax(max, 'withdrawal');
      const negativeOn = await firstDateBelowZero(tx, capital, { adding: { date: input.date, cents: -input.amount } });
      if (negativeOn) {
        throw new OverdrawError(`This withdrawal would take ${investor.name}'s capital in ${property.name} below zero on ${dateText(negativeOn)}.`);
      }
      return { kind: 'investment_withdrawal', date: input.date, forMonth: monthOf(input.date), amountCents: input.amount,
        investorId: investor.id, propertyId: property.id, description: `Return of capital – ${property.name}` };
    }) satisfies Builder<'recordInvestmentWithdrawal'>,

    recordDepositWithdrawal: (async (tx, input) => {
      notInFuture(input.date);
      const property = await requireProperty(tx, input.property_name);
      const deposits = { family: 'deposits', propertyId: property.id } as const;
      await lockBalance(tx, deposits);
      const max = await limits.maxDeposit(tx, property.id);
      if (input.amount > max) throw overMax(max, 'deposit');
      const negativeOn = await firstDateBelowZero(tx, deposits, { adding: { date: input.date, cents: -input.amount } });
      if (negativeOn) throw new OverdrawError(`This withdrawal would take the deposits held for ${property.name} below zero on ${dateText(negativeOn)}.`);
      return { kind: 'deposit_withdrawal', date: input.date, forMonth: monthOf(input.date), amountCents: input.amount,
        propertyId: property.id, description: input.notes };
    }) satisfies Builder<'recordDepositWithdrawal'>,
  };
}

export type WithdrawalBuilders = ReturnType<typeof withdrawalBuilders>;

/**
 * recordCashWithdrawal for many investors in one transaction (a distribution run's approval): every row lock
 * first, in id order, then every maximum from one read of their books (a pass per LLC, not per investor), each
 * investor's payouts checked against it as the form's one is. Throws CashOverdrawError for the first investor
 * above their maximum; the caller's transaction then writes nothing.
 */
export function cashPayouts(books: BooksService) {
  const limits = limitsOf(books);
  return async (tx: Queryable, payouts: readonly CashPayout[]): Promise<Entry[]> => {
    if (payouts.some((p) => p.date > books.today())) throw new ValidationError(FUTURE_WITHDRAWAL);
    const ids = [...new Set(payouts.map((p) => p.investorId))];
    await lockCashBalances(tx, ids);
    const max = await limits.maxCashOf(tx, ids);
    const spent = new Map<number, number>();
    for (const p of payouts) {
      const total = (spent.get(p.investorId) ?? 0) + p.amount;
      spent.set(p.investorId, total);
      const m = max.get(p.investorId)!;
      if (total > m) throw new CashOverdrawError(overMaxWords(m, 'withdrawal'), p.investorId, m);
    }
    return payouts.map((p) => ({ kind: 'cash_withdrawal', date: p.date, forMonth: monthOf(p.date), amountCents: p.amount,
      investorId: p.investorId, description: p.description }));
  };
}

/** The maximums of the three withdrawals, today, read through `tx`. */
export function limitsOf(books: BooksService) {
  return {
    maxInvestment: async (tx: Queryable, investorId: number, propertyId: number) => {
      const t = await totalsOfKinds(tx, { asOf: books.today(), propertyId, investorId, plus: 'investment', minus: 'investment_withdrawal' });
      return maxOfNet(t.plusCents, t.minusCents);
    },
    maxDeposit: async (tx: Queryable, propertyId: number) => {
      const t = await totalsOfKinds(tx, { asOf: books.today(), propertyId, plus: 'deposit', minus: 'deposit_withdrawal' });
      return maxOfNet(t.plusCents, t.minusCents);
    },
    maxCash: async (tx: Queryable, investorId: number) =>
      maxCashWithdrawal((await books.investorAt(tx, investorId, books.today())).figures.cashBalance),
    /** maxCash of many investors, from one pass over the LLCs they are in (read-model/balances.ts). */
    maxCashOf: async (tx: Queryable, investorIds: readonly number[]): Promise<Map<number, number>> =>
      new Map([...(await balancesOf(tx, books.today(), investorIds))].map(([id, b]) => [id, maxCashWithdrawal(b.cash)])),
  };
}

export function createWithdrawalsService({ books, record, notices }: { books: BooksService; record: EntryWriter; notices?: Pick<NoticesService, 'queueNotice'> }) {
  const { maxCash, maxInvestment, maxDeposit } = limitsOf(books);
  const builders = withdrawalBuilders(books);
  const write = <K extends keyof WithdrawalBuilders>(form: K) => (input: Body<K>, ctx: WriteContext) =>
    record(ctx, async (tx) => {
      const entry = await (builders[form] as Builder<K>)(tx, input);
      // Money sent to an investor: they get the notice, written with the entry (no amount in it).
      if (entry.investorId != null && !ctx.quiet) await notices?.queueNotice(tx, { event: 'withdrawal_recorded', recipients: [{ investorId: entry.investorId }] });
      return entry;
    });

  return {
    /** The maximums the withdrawal forms show, in dollars (docs/rules/withdrawals.md), each read from one snapshot. */
    maxCashFor: (investorName: string) =>
      books.snapshot(async (tx) => centsToDollars(await maxCash(tx, (await existingInvestor(tx, investorName)).id))),
    maxInvestmentFor: (investorName: string, propertyName: string) =>
      books.snapshot(async (tx) => {
        const [investor, property] = [await existingInvestor(tx, investorName), await existingProperty(tx, propertyName)];
        return centsToDollars(await maxInvestment(tx, investor.id, property.id));
      }),
    maxDepositFor: (propertyName: string) =>
      books.snapshot(async (tx) => centsToDollars(await maxDeposit(tx, (await existingProperty(tx, propertyName)).id))),

    recordCashWithdrawal: write('recordCashWithdrawal'),
    recordInvestmentWithdrawal: write('recordInvestmentWithdrawal'),
    recordDepositWithdrawal: write('recordDepositWithdrawal'),
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
