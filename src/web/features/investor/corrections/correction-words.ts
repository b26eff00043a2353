import type { InvestorCorrection } from '../../../../contract/schemas/investor-corrections';
import type { EntryKind } from '../../../../contract/schemas/corrections';
import { formatCurrency, formatDate } from '../../../lib/format';
import { isoDay } from '../../../lib/today';

/** What the entry was, as an investor says it (their statement's words where it has them). */
const KIND_WORDS: Record<EntryKind, string> = {
  property_income: 'Income',
  lc_payment: 'Land contract payment',
  property_expense: 'Expense',
  investor_property_expense: 'Expense charged to you',
  llc_expense: 'LLC expense',
  deposit: 'Rental deposit',
  deposit_withdrawal: 'Deposit refund',
  investment: 'Investment',
  investment_withdrawal: 'Return of capital',
  cash_withdrawal: 'Cash withdrawal',
};

/** A change, signed both ways: "+$500.00", "-$1,110.00", "$0.00" (the sign is the text's, no arithmetic). */
export const changeText = (dollars: number): string => (dollars > 0 ? `+${formatCurrency(dollars)}` : formatCurrency(dollars));

/** The day it was corrected, on the reader's own calendar: MM/DD/YYYY. */
export function correctedOn(at: string): string {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? formatDate(at) : formatDate(isoDay(d));
}

/**
 * "Voided" / "Recorded late", with the statement the investor had already been shown for the entry's date
 * ("Voided after your statement of 2025-Q3"): the first words say why the figures moved after they read them.
 */
export function whatHappened(c: Pick<InvestorCorrection, 'what' | 'after_statement'>): string {
  const what = c.what === 'voided' ? 'Voided' : 'Recorded late';
  if (!c.after_statement) return what;
  return c.what === 'voided' ? `${what} after ${c.after_statement}` : `${what}, after ${c.after_statement}`;
}

/** The entry itself: "Income of 10/01/2026, Oak Street Duplex, $1,850.00" (the whole entry, as recorded). */
export function entryText(c: Pick<InvestorCorrection, 'kind' | 'date' | 'property_name' | 'llc_name' | 'amount'>): string {
  const where = c.property_name ?? c.llc_name;
  return `${KIND_WORDS[c.kind]} of ${formatDate(c.date)}${where ? `, ${where}` : ''}, ${formatCurrency(c.amount)}`;
}
