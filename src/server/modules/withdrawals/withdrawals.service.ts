import type { ParsedBody } from '../../../contract/endpoint.js';
import type { Endpoints } from '../../../contract/endpoints.js';
import type { Queryable } from '../../db/client.js';
import { monthOf } from '../../domain/dates.js';
import { firstNegativeDate, maxCashWithdrawal, maxOfNet } from '../../domain/limits.js';
import { centsToDollars, formatCents } from '../../domain/money.js';
import { ValidationError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import type { BooksService } from '../books/books.service.js';
import { movementsOfKinds, totalsOfKinds } from '../books/books.repository.js';
import { lockInvestor } from '../investors/investors.repository.js';
import type { EntryWriter } from '../ledger/entry-writer.js';
import { lockProperty } from '../properties/properties.repository.js';
import { existingInvestor, existingProperty, requireInvestor, requireProperty } from '../references.js';

type Body<K extends keyof Endpoints> = ParsedBody<Endpoints[K]>;

const overMax = (max: number, what: 'withdrawal' | 'deposit') =>
  new ValidationError(`Amount cannot exceed the maximum ${what} amount of ${formatCents(Math.max(0, max))}`);

/**
 * Money leaving the books (domain.md §3.3, §4.11). Money leaves only under the investor's (or the
 * property's) row lock, with the limit recomputed inside the same transaction: two tabs or fifty
 * requests cannot spend one balance twice (security.md L4, V5).
 */
export function createWithdrawalsService({ books, record }: { books: BooksService; record: EntryWriter }) {
  const notInFuture = (date: string) => {
    if (date > books.today()) throw new ValidationError('A withdrawal cannot be dated in the future.');
  };

  const maxInvestment = async (tx: Queryable, investorId: number, propertyId: number) => {
    const t = await totalsOfKinds(tx, { asOf: books.today(), propertyId, investorId, plus: 'investment', minus: 'investment_withdrawal' });
    return maxOfNet(t.plusCents, t.minusCents);
  };
  const maxDeposit = async (tx: Queryable, propertyId: number) => {
    const t = await totalsOfKinds(tx, { asOf: books.today(), propertyId, plus: 'deposit', minus: 'deposit_withdrawal' });
    return maxOfNet(t.plusCents, t.minusCents);
  };
  const maxCash = async (tx: Queryable, investorId: number) =>
    maxCashWithdrawal((await books.investorAt(tx, investorId, books.today())).figures.cashBalance);

  return {
    /** The maximums the withdrawal forms show, in dollars (§4.11), each read from one snapshot. */
    maxCashFor: (investorName: string) =>
      books.snapshot(async (tx) => centsToDollars(await maxCash(tx, (await existingInvestor(tx, investorName)).id))),
    maxInvestmentFor: (investorName: string, propertyName: string) =>
      books.snapshot(async (tx) => {
        const [investor, property] = [await existingInvestor(tx, investorName), await existingProperty(tx, propertyName)];
        return centsToDollars(await maxInvestment(tx, investor.id, property.id));
      }),
    maxDepositFor: (propertyName: string) =>
      books.snapshot(async (tx) => centsToDollars(await maxDeposit(tx, (await existingProperty(tx, propertyName)).id))),

    recordCashWithdrawal(input: Body<'recordCashWithdrawal'>, ctx: WriteContext) {
      notInFuture(input.date);
      return record(ctx, async (tx) => {
        const investor = await requireInvestor(tx, input.investor_name);
        await lockInvestor(tx, investor.id);
        const max = await maxCash(tx, investor.id);
        if (input.amount > max) throw overMax(max, 'withdrawal');
        return { kind: 'cash_withdrawal', date: input.date, forMonth: monthOf(input.date), amountCents: input.amount,
          investorId: investor.id, description: input.description };
      });
    },

    recordInvestmentWithdrawal(input: Body<'recordInvestmentWithdrawal'>, ctx: WriteContext) {
      notInFuture(input.date);
      return record(ctx, async (tx) => {
        const investor = await requireInvestor(tx, input.investor_name);
        const property = await requireProperty(tx, input.property_name);
        await lockInvestor(tx, investor.id);
        const max = await maxInvestment(tx, investor.id, property.id);
        if (input.amount > max) throw overMax(max, 'withdrawal');
        const movements = await movementsOfKinds(tx, { propertyId: property.id, investorId: investor.id, plus: 'investment', minus: 'investment_withdrawal' });
        const negativeOn = firstNegativeDate([...movements, { id: Number.MAX_SAFE_INTEGER, date: input.date, cents: -input.amount }]);
        if (negativeOn) {
          throw new ValidationError(`This withdrawal would take ${investor.name}'s capital in ${property.name} below zero on ${negativeOn}.`);
        }
        return { kind: 'investment_withdrawal', date: input.date, forMonth: monthOf(input.date), amountCents: input.amount,
          investorId: investor.id, propertyId: property.id, description: `Return of capital – ${property.name}` };
      });
    },

    recordDepositWithdrawal(input: Body<'recordDepositWithdrawal'>, ctx: WriteContext) {
      notInFuture(input.date);
      return record(ctx, async (tx) => {
        const property = await requireProperty(tx, input.property_name);
        await lockProperty(tx, property.id);
        const max = await maxDeposit(tx, property.id);
        if (input.amount > max) throw overMax(max, 'deposit');
        const movements = await movementsOfKinds(tx, { propertyId: property.id, plus: 'deposit', minus: 'deposit_withdrawal' });
        const negativeOn = firstNegativeDate([...movements, { id: Number.MAX_SAFE_INTEGER, date: input.date, cents: -input.amount }]);
        if (negativeOn) throw new ValidationError(`This withdrawal would take the deposits held for ${property.name} below zero on ${negativeOn}.`);
        return { kind: 'deposit_withdrawal', date: input.date, forMonth: monthOf(input.date), amountCents: input.amount,
          propertyId: property.id, description: input.notes };
      });
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
