import type { BooksInput } from './allocation.js';
import type { IsoDate } from './dates.js';
import type { CashWithdrawal, InvestorFigures } from './investor-figures.js';
import { equityMultiple, investorFlows, xirr, type DatedCents, type XirrAnswer } from './xirr.js';

/**
 * The investor's money-weighted figures as of a date: xirr over the investor's own payments
 * and the equity multiple, from the same books and figures as the rest of the summary, in cents.
 */
export type InvestorReturns = {
  /** Each investment as recorded (positive cents), dated. */
  investments: DatedCents[];
  /** Each investment withdrawal as recorded (positive cents): capital returned. */
  capitalReturned: DatedCents[];
  /** Each cash withdrawal as recorded (positive cents): cash distributed. */
  cashWithdrawn: DatedCents[];
  invested: number;
  capitalReturnedTotal: number;
  cashDistributedTotal: number;
  /** Active capital plus cash balance on as_of: what the investor would take out that day. */
  terminal: number;
  xirr: XirrAnswer;
  equityMultiple: number | null;
};

const total = (list: DatedCents[]) => list.reduce((s, f) => s + f.cents, 0);

export function investorReturns(
  books: BooksInput,
  figures: InvestorFigures,
  investorId: number,
  cashWithdrawals: CashWithdrawal[],
  asOf: IsoDate,
): InvestorReturns {
  const events = books.capital.filter((e) => e.investorId === investorId);
  const investments = events.filter((e) => e.cents > 0).map((e) => ({ date: e.date, cents: e.cents }));
  const capitalReturned = events.filter((e) => e.cents < 0).map((e) => ({ date: e.date, cents: -e.cents }));
  const cashWithdrawn = cashWithdrawals.filter((w) => w.investorId === investorId).map((w) => ({ date: w.date, cents: w.cents }));
  const terminal = figures.totalInvestments + figures.cashBalance;
  const invested = total(investments);
  const capitalReturnedTotal = total(capitalReturned);
  const cashDistributedTotal = total(cashWithdrawn);
  return {
    investments,
    capitalReturned,
    cashWithdrawn,
    invested,
    capitalReturnedTotal,
    cashDistributedTotal,
    terminal,
    xirr: xirr(investorFlows({ investments, capitalReturned, cashWithdrawn, terminalCents: terminal, asOf }), asOf),
    equityMultiple: equityMultiple(invested, capitalReturnedTotal + cashDistributedTotal, terminal),
  };
}
