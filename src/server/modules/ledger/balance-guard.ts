import type { Queryable } from '../../db/client.js';
import { firstNegativeDate } from '../../domain/limits.js';
import { ValidationError } from '../../lib/errors.js';
import { lockInvestor, lockInvestors } from '../investors/investors.js';
import { lockProperty } from '../properties/properties.js';
import { movementsOfKinds } from '../read-model/read-model.js';

/**
 * The balances that no date may see below zero (docs/rules/withdrawals.md, "The running check"): an
 * investor's capital in a property and a property's deposits.
 */
export type RunningBalance =
  | { family: 'capital'; propertyId: number; investorId: number }
  | { family: 'deposits'; propertyId: number };

/**
 * Every balance money leaves from. Cash has no running check (losses can take it below zero on the
 * way): its limit is today's balance, which the withdrawal checks under the same lock.
 */
export type Balance = RunningBalance | { family: 'cash'; investorId: number };

/** The kinds that put money into each balance and take it out. */
const KINDS = {
  capital: { plus: 'investment', minus: 'investment_withdrawal' },
  deposits: { plus: 'deposit', minus: 'deposit_withdrawal' },
} as const;

/**
 * A write larger than its balance allows: 400 when a withdrawal is recorded (the form's own words), 409
 * when it is the new side of a correction (ledger/corrections.ts), which is refused whole.
 */
export class OverdrawError extends ValidationError {}

/** An OverdrawError of one investor's cash among many payouts: who, and their maximum now. */
export class CashOverdrawError extends OverdrawError {
  constructor(message: string, readonly investorId: number, readonly maxCents: number) {
    super(message);
  }
}

/**
 * Takes the row lock every change to `balance` takes first (the investor's for cash and capital, the
 * property's for deposits), so two writes cannot both spend what only one of them may (docs/rules/withdrawals.md).
 */
export async function lockBalance(tx: Queryable, balance: Balance): Promise<void> {
  if (balance.family === 'deposits') await lockProperty(tx, balance.propertyId);
  else await lockInvestor(tx, balance.investorId);
}

/**
 * lockBalance of many balances, each once, in one order: the investors by id (as a distribution approval
 * takes them), then the properties by id. Two transactions that each lock several balances then never wait
 * for each other in a circle (a bank import's undo took them in its entries' order).
 */
export async function lockBalances(tx: Queryable, balances: readonly Balance[]): Promise<void> {
  const investors = new Set<number>();
  const properties = new Set<number>();
  for (const b of balances) {
    if (b.family === 'deposits') properties.add(b.propertyId);
    else investors.add(b.investorId);
  }
  if (investors.size > 0) await lockInvestors(tx, [...investors]);
  for (const id of [...properties].sort((a, b) => a - b)) await lockProperty(tx, id);
}

/** lockBalance of many investors' cash at once (a distribution run's payouts), in id order. */
export async function lockCashBalances(tx: Queryable, investorIds: readonly number[]): Promise<void> {
  await lockInvestors(tx, investorIds);
}

/**
 * The first date on which `balance` is below zero, replaying its live rows in date order, or null.
 * `adding` is a row about to be written (a withdrawal); `without` the id of a row left out (the row a
 * void or a correction takes away).
 */
export async function firstDateBelowZero(
  tx: Queryable,
  balance: RunningBalance,
  change: { adding?: { date: string; cents: number }; without?: number } = {},
): Promise<string | null> {
  const movements = await movementsOfKinds(tx, {
    propertyId: balance.propertyId,
    investorId: balance.family === 'capital' ? balance.investorId : undefined,
    ...KINDS[balance.family],
    excludeId: change.without,
  });
  // The new row sorts after every row of its date with the same sign, as it will once written.
  const added = change.adding ? [{ id: Number.MAX_SAFE_INTEGER, ...change.adding }] : [];
  return firstNegativeDate([...movements, ...added]);
}

/**
 * The balance a ledger row puts money into (an investment: the investor's capital in its property; a
 * deposit: the property's deposits), or null: taking away any other row cannot lower a guarded balance.
 */
export function balanceFundedBy(row: { kind: string; propertyId?: number | null; investorId?: number | null }): RunningBalance | null {
  if (row.kind === KINDS.capital.plus) return { family: 'capital', propertyId: row.propertyId!, investorId: row.investorId! };
  if (row.kind === KINDS.deposits.plus) return { family: 'deposits', propertyId: row.propertyId! };
  return null;
}
