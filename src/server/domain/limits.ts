/**
 * Withdrawal limits (docs/rules/withdrawals.md). Money leaves only within them; the services check them
 * inside the write's transaction, under a row lock.
 */
export type Movement = { id: number; date: string; cents: number };

/** max_cash_withdrawal(i) = max(0, cash_balance(i)): a negative balance allows nothing. */
export const maxCashWithdrawal = (cashBalanceCents: number): number => Math.max(0, cashBalanceCents);

/**
 * max_investment_withdrawal(i, p) = max(0, Σ investments − Σ investment withdrawals), and
 * max_deposit_withdrawal(p) = max(0, Σ deposits − Σ deposit withdrawals): what was put in and not taken out.
 */
export const maxOfNet = (inCents: number, outCents: number): number => Math.max(0, inCents - outCents);

/**
 * The running check: replaying a balance's movements in date order, it must never go below
 * zero. On one date, additions replay before subtractions (money put in on the same day covers
 * the withdrawal). Returns the first date it would go negative, or null.
 */
export function firstNegativeDate(movements: Movement[]): string | null {
  const ordered = [...movements].sort((a, b) =>
    a.date !== b.date ? (a.date < b.date ? -1 : 1) : Math.sign(b.cents) - Math.sign(a.cents) || a.id - b.id,
  );
  let running = 0;
  for (const m of ordered) {
    running += m.cents;
    if (running < 0) return m.date;
  }
  return null;
}
