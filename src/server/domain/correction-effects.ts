import { dateText } from '../../contract/values/human-format.js';
import { allocate, type Allocation, type BooksInput } from './allocation.js';
import type { IsoDate } from './dates.js';
import { monthlyCashflows, type CashWithdrawal } from './investor-figures.js';
import { KINDS, kindsOf, LEDGER_KINDS, type LedgerKind } from './ledger-kinds.js';

/**
 * What each correction of an investor's figures did to them (docs/decisions.md 50). The books are
 * replayed from the state before the first correction listed (every listed void still live, every listed
 * late entry not yet there), one correction at a time in the order they happened; each effect is the
 * difference of the figures after it and before it, all by the same allocation the summary uses, so
 * the effects add up exactly, in cents, to what the corrections changed together.
 */

/** One ledger entry a correction is about, in cents (positive, as recorded). */
export type CorrectedEntry = {
  id: number;
  kind: LedgerKind;
  date: IsoDate;
  forMonth: IsoDate;
  periodStart: IsoDate | null;
  periodEnd: IsoDate | null;
  cents: number;
  investorId: number | null;
  propertyId: number | null;
  llcId: number | null;
};

/** A void takes its entry out of the books; a late record puts it in. */
export type Correction = { what: 'voided' | 'recorded late'; entry: CorrectedEntry };

/** The three figures an effect is told in, in cents: total income (all time), cash balance, capital. */
export type CorrectionFigures = { totalIncome: number; cashBalance: number; capital: number };

export type CorrectionEffect = { effect: CorrectionFigures; share: number };

/** The books as the read model reads them as of a day: the allocation's input and the cash withdrawals. */
export type Books = BooksInput & { cashWithdrawals: CashWithdrawal[] };

const signOf = (kind: LedgerKind): number => LEDGER_KINDS[kind].sign;
/** An investor's own entries: all of each is theirs. */
const OWN_KINDS: readonly LedgerKind[] = [...KINDS.investorInProperty, ...kindsOf('cash')];
/** A property's own income and expenses: its month's net N. Deposits move no investor's figure and are never put in. */
const KINDS_OF_NET: readonly LedgerKind[] = KINDS.propertyNet;

/** An entry put into the books (+1) or taken out of them (−1). */
type Change = { entry: CorrectedEntry; direction: 1 | -1 };

/** The books with these entries put in or taken out, as the read model would read them then; one pass per list. */
function booksWith(books: Books, changes: readonly Change[]): Books {
  if (changes.length === 0) return books;
  const out = (kinds: readonly LedgerKind[]) => new Set(changes.filter((c) => c.direction === -1 && kinds.includes(c.entry.kind)).map((c) => c.entry.id));
  const added = (kinds: readonly LedgerKind[]) => changes.filter((c) => c.direction === 1 && kinds.includes(c.entry.kind)).map((c) => c.entry);
  const isPeriod = (e: CorrectedEntry) => e.kind === 'property_income' && e.periodStart !== null && e.periodEnd !== null;

  const capitalOut = out(['investment', 'investment_withdrawal']);
  const llcOut = out(['llc_expense']);
  const cashOut = out(['cash_withdrawal']);
  // Period income is split over its days on its own, so it is taken out whole. Its rows carry no id; two
  // equal rows split alike, so taking out either gives the same books.
  const periodIncomes = [...books.periodIncomes];
  for (const { entry: e, direction } of changes) {
    if (!isPeriod(e)) continue;
    const row = { propertyId: e.propertyId!, start: e.periodStart!, end: e.periodEnd!, cents: e.cents };
    if (direction === 1) periodIncomes.push(row);
    else {
      const at = periodIncomes.findIndex((p) => p.propertyId === row.propertyId && p.start === row.start && p.end === row.end && p.cents === row.cents);
      if (at >= 0) periodIncomes.splice(at, 1);
    }
  }
  // A month's net (and an investor's expenses of a month) is summed before it is split, so taking an
  // entry out is adding its negative. An LLC expense is split on its own: it is taken out by its id.
  const netRows = changes
    .filter((c) => KINDS_OF_NET.includes(c.entry.kind) && !isPeriod(c.entry))
    .map(({ entry: e, direction }) => ({ propertyId: e.propertyId!, month: e.forMonth, cents: direction * signOf(e.kind) * e.cents }));
  const expenseRows = changes
    .filter((c) => c.entry.kind === 'investor_property_expense')
    .map(({ entry: e, direction }) => ({ investorId: e.investorId!, propertyId: e.propertyId!, month: e.forMonth, cents: direction * e.cents }));
  return {
    ...books,
    capital: [
      ...books.capital.filter((c) => !capitalOut.has(c.id)),
      ...added(['investment', 'investment_withdrawal']).map((e) => ({ id: e.id, investorId: e.investorId!, propertyId: e.propertyId!, date: e.date, cents: signOf(e.kind) * e.cents })),
    ],
    propertyMonthNet: [...books.propertyMonthNet, ...netRows],
    periodIncomes,
    investorExpenses: [...books.investorExpenses, ...expenseRows],
    llcExpenses: [
      ...books.llcExpenses.filter((x) => !llcOut.has(x.id)),
      ...added(['llc_expense']).map((e) => ({ id: e.id, llcId: e.llcId!, date: e.date, cents: e.cents })),
    ],
    cashWithdrawals: [
      ...books.cashWithdrawals.filter((w) => !cashOut.has(w.id)),
      ...added(['cash_withdrawal']).map((e) => ({ id: e.id, investorId: e.investorId!, date: e.date, cents: e.cents, description: '' })),
    ],
  };
}

type State = { figures: CorrectionFigures; allocation: Allocation };

/** The figures as investorFigures computes them: total income, income less cash withdrawals, capital. */
function stateOf(books: Books, investorId: number): State {
  const allocation = allocate(books, { onlyInvestor: investorId });
  let totalIncome = 0;
  for (const cents of monthlyCashflows(allocation, investorId).values()) totalIncome += cents;
  let withdrawn = 0;
  for (const w of books.cashWithdrawals) if (w.investorId === investorId) withdrawn += w.cents;
  let capital = 0;
  for (const c of books.capital) if (c.investorId === investorId) capital += c.cents;
  return { figures: { totalIncome, cashBalance: totalIncome - withdrawn, capital }, allocation };
}

/** Σ over the months of the investor's G on a property (their split of its net income), or of their L (LLC expenses). */
function splitTotal(allocation: Allocation, investorId: number, propertyId: number | null): number {
  let total = 0;
  for (const im of allocation.investors.get(investorId)?.values() ?? []) total += propertyId === null ? im.l : (im.byProperty.get(propertyId)?.g ?? 0);
  return total;
}

/**
 * your_share: all of an entry of the investor's own; of a property's entry or an LLC's expense, their
 * allocated part of it, the difference of their split (G, or L) with the entry and without it in the
 * books of this correction. That is their part before their fee; the effect on total income is after it.
 */
function shareOf(e: CorrectedEntry, investorId: number, withIt: Allocation, without: Allocation): number {
  if (OWN_KINDS.includes(e.kind)) return e.investorId === investorId ? e.cents : 0;
  if (e.kind === 'llc_expense') return -(splitTotal(withIt, investorId, null) - splitTotal(without, investorId, null));
  if (e.propertyId === null || !KINDS_OF_NET.includes(e.kind)) return 0;
  return signOf(e.kind) * (splitTotal(withIt, investorId, e.propertyId) - splitTotal(without, investorId, e.propertyId));
}

const minus = (a: CorrectionFigures, b: CorrectionFigures): CorrectionFigures => ({
  totalIncome: a.totalIncome - b.totalIncome,
  cashBalance: a.cashBalance - b.cashBalance,
  capital: a.capital - b.capital,
});

/**
 * Each correction's effect on the investor's figures and their share of its entry, in the order given
 * (oldest first). `now`: the books as the summary reads them today (listed voids out, listed late entries
 * in); entries dated after `asOf` are not in the books and change nothing. An entry may be listed twice
 * (recorded late, then voided): before its first listed correction it is as that correction undoes.
 */
export function correctionEffects(now: Books, investorId: number, corrections: readonly Correction[], asOf: IsoDate): CorrectionEffect[] {
  const live = new Map<number, boolean>();
  const liveNow = new Map<number, boolean>();
  for (const c of corrections) {
    if (!live.has(c.entry.id)) live.set(c.entry.id, c.what === 'voided');
    liveNow.set(c.entry.id, c.what === 'recorded late');
  }
  const entries = new Map(corrections.map((c) => [c.entry.id, c.entry]));
  const booksOfState = (): Books => {
    const changes: Change[] = [];
    for (const [id, isLive] of live) {
      const entry = entries.get(id)!;
      if (entry.date <= asOf && isLive !== liveNow.get(id)) changes.push({ entry, direction: isLive ? 1 : -1 });
    }
    return booksWith(now, changes);
  };
  let before = stateOf(booksOfState(), investorId);
  return corrections.map((c) => {
    live.set(c.entry.id, c.what === 'recorded late');
    const after = stateOf(booksOfState(), investorId);
    const [withIt, without] = c.what === 'voided' ? [before, after] : [after, before];
    const share = c.entry.date > asOf ? 0 : shareOf(c.entry, investorId, withIt.allocation, without.allocation);
    const effect = { effect: minus(after.figures, before.figures), share };
    before = after;
    return effect;
  });
}

/** A statement's period in words: "2025-Q3" for a calendar quarter, "2025" for a year, else "07/01/2025–08/15/2025". */
export function statementPeriodWords(from: IsoDate, to: IsoDate): string {
  const year = from.slice(0, 4);
  if (to.slice(0, 4) === year && from.slice(5) === '01-01' && to.slice(5) === '12-31') return year;
  const quarterEnds: Record<string, string> = { '01-01': '03-31', '04-01': '06-30', '07-01': '09-30', '10-01': '12-31' };
  const end = quarterEnds[from.slice(5)];
  if (end && to === `${year}-${end}`) return `${year}-Q${(Number(from.slice(5, 7)) + 2) / 3}`;
  return `${dateText(from)}–${dateText(to)}`;
}

/** A statement shown to the investor: its period and when (downloaded, or published to them), an ISO timestamp. */
export type ShownStatement = { from: IsoDate; to: IsoDate; shownAt: string };

/**
 * "after your statement of 2025-Q3": the latest statement shown before `at` whose period holds `date`,
 * or null when none had shown that day yet. Timestamps are ISO text of one format, compared as text.
 */
export function afterStatement(shown: readonly ShownStatement[], date: IsoDate, at: string): string | null {
  let latest: ShownStatement | undefined;
  for (const s of shown) {
    if (s.from <= date && date <= s.to && s.shownAt < at && (!latest || s.shownAt > latest.shownAt)) latest = s;
  }
  return latest ? `after your statement of ${statementPeriodWords(latest.from, latest.to)}` : null;
}
