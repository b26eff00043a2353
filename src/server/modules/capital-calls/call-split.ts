import { apportion } from '../../domain/apportion.js';

export type Holder = { investorId: number; name: string; capitalCents: number };

/**
 * A call's amount split by each investor's capital in the property (docs/rules/ownership.md, "The
 * largest-remainder split"): each share is amount × capital ÷ total capital rounded down, and the cents
 * left over go one each to the largest fractions. The parts add up to the amount exactly.
 */
export function splitByCapital(amountCents: number, holders: Holder[]): { holder: Holder; cents: number }[] {
  const parts = apportion(amountCents, holders.map((h) => ({ key: h.investorId, weight: h.capitalCents })));
  return holders.map((holder) => ({ holder, cents: parts.get(holder.investorId) ?? 0 }));
}

/** 'paid' when nothing is outstanding; 'late' when something is, after the due date; else 'open'. */
export function lineStatus(outstandingCents: number, dueDate: string, today: string): 'open' | 'paid' | 'late' {
  if (outstandingCents <= 0) return 'paid';
  return today > dueDate ? 'late' : 'open';
}
