import { allocate, cashflow, type BooksInput } from '../../domain/allocation.js';
import { investorFigures, type CashWithdrawal } from '../../domain/investor-figures.js';
import { firstNegativeDate, type Movement } from '../../domain/limits.js';
import { centsToDollars, formatCents, sumCents } from '../../domain/money.js';
import { monthKey } from '../../domain/months.js';
import type { AuditTrailProblem, BalanceRow, FigureInputs, UnreadableReference } from './reconciliation.repository.js';

/** Appends `item` to the list kept under `key` (a list per key, built in one pass). */
function pushTo<K, V>(map: Map<K, V[]>, key: K, item: V): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

/**
 * 1. Every ledger row has exactly one `record` audit row that names its kind, amount and date, every
 * voided row exactly one `void` audit row, and no live row has one (docs/security.md L8 v); linked rows are
 * voided together (docs/rules/ledger.md); no audit row names a row that does not exist, or names one by
 * something that is no id. The database finds the rows (reconciliation.repository.ts); this says what
 * is wrong with each.
 */
export function auditTrailDifferences({ problems, unknownIds, unreadable }: {
  problems: AuditTrailProblem[];
  unknownIds: number[];
  unreadable: UnreadableReference[];
}): string[] {
  const diffs: string[] = [];
  for (const r of problems) {
    if (r.records !== 1) diffs.push(`ledger entry ${r.id} (${r.kind}) has ${r.records} 'record' audit rows, not 1`);
    else if (r.recordKind !== r.kind || r.recordCents !== r.cents || r.recordDate !== r.date) {
      const amount = r.recordCents === null ? 'no amount' : formatCents(r.recordCents);
      diffs.push(`ledger entry ${r.id} is ${r.kind} ${formatCents(r.cents)} on ${r.date}, its audit row says ${r.recordKind} ${amount} on ${r.recordDate}`);
    }
    if (r.voided && r.voids !== 1) diffs.push(`voided ledger entry ${r.id} (${r.kind}) has ${r.voids} 'void' audit rows, not 1`);
    if (!r.voided && r.voids !== 0) diffs.push(`live ledger entry ${r.id} (${r.kind}) has ${r.voids} 'void' audit rows`);
    if (r.linkedId !== null && r.linkedVoided !== r.voided) diffs.push(`ledger entries ${r.id} and ${r.linkedId} are linked, but only one of them is voided`);
  }
  for (const id of unknownIds) diffs.push(`an audit row names ledger entry ${id}, which does not exist`);
  for (const u of unreadable) diffs.push(`audit_event ${u.auditId} names a ledger entry by ${u.ref === null ? 'nothing' : JSON.stringify(u.ref)}, which is no entry's id`);
  return diffs;
}

/**
 * 2. No balance below zero at any date, over every live row whatever its date: each investor's capital
 * in each property and each property's deposits held, replayed in date order (docs/rules/withdrawals.md; docs/security.md L8 i).
 */
export function negativeBalances(live: BalanceRow[]): string[] {
  const running = new Map<string, Movement[]>();
  for (const r of live) {
    const movement = (sign: 1 | -1): Movement => ({ id: r.id, date: r.date, cents: sign * r.cents });
    if (r.kind === 'investment' || r.kind === 'investment_withdrawal') {
      pushTo(running, `investor ${r.investorId}'s capital in property ${r.propertyId}`, movement(r.kind === 'investment' ? 1 : -1));
    }
    if (r.kind === 'deposit' || r.kind === 'deposit_withdrawal') {
      pushTo(running, `the deposits held for property ${r.propertyId}`, movement(r.kind === 'deposit' ? 1 : -1));
    }
  }
  const diffs: string[] = [];
  for (const [what, movements] of running) {
    const negativeOn = firstNegativeDate(movements);
    if (negativeOn) diffs.push(`${what} goes below zero on ${negativeOn}`);
  }
  return diffs;
}

/** The sums the admin summary must answer, as the ledger and the domain functions give them. */
export type ExpectedSummary = {
  totals: { total_cash: number; total_investments: number; total_income: number; total_expenses: number; total_deposits: number };
  /** Each active investor's capital and cash, in dollars, by name. */
  investors: Map<string, { total_investments: number; cash_balance: number }>;
};

/**
 * 3–5. The figures as of `today`, recomputed with the domain's pure functions from the live rows dated
 * up to it (reconciliation.repository.ts sums the property-months, as the allocation would):
 * each property-month's net splits exactly (T1); no cumulative fee below zero (docs/rules/fees.md); each investor's
 * cash and capital, and the cash identity (T3, docs/rules/cash.md). Answers the differences and the sums the
 * admin summary must answer.
 */
export function figureDifferences(b: FigureInputs, balances: BalanceRow[], today: string): { diffs: string[]; expected: ExpectedSummary } {
  const diffs: string[] = [];
  const totalOf = new Map(b.kindTotals.map((k) => [k.kind, k.cents]));
  const total = (...kinds: string[]) => kinds.reduce((s, k) => s + (totalOf.get(k) ?? 0), 0);
  const books: BooksInput = {
    properties: b.properties,
    capital: balances
      .filter((r) => (r.kind === 'investment' || r.kind === 'investment_withdrawal') && r.date <= today)
      .map((r) => ({ id: r.id, investorId: r.investorId!, propertyId: r.propertyId, date: r.date, cents: r.kind === 'investment' ? r.cents : -r.cents })),
    propertyMonthNet: b.propertyMonthNet,
    periodIncomes: b.periodIncomes,
    investorExpenses: b.investorExpenses,
    llcExpenses: b.llcExpenses,
    fees: b.fees,
  };
  const allocation = allocate(books);

  // 3. Each property-month splits exactly (T1); the property's months add up to its rows.
  const shareOf = new Map<string, number>();
  let llcShares = 0;
  let feesTotal = 0;
  for (const [iid, months] of allocation.investors) {
    for (const [m, im] of months) {
      llcShares += im.l;
      for (const [pid, pm] of im.byProperty) {
        shareOf.set(`${pid}:${m}`, (shareOf.get(`${pid}:${m}`) ?? 0) + pm.g);
        feesTotal += pm.f;
      }
    }
    // 4. The cumulative fee of each property never below zero.
    const cumFee = new Map<number, number>();
    for (const m of [...months.keys()].sort((x, y) => x - y)) {
      for (const [pid, pm] of months.get(m)!.byProperty) {
        const c = (cumFee.get(pid) ?? 0) + pm.f;
        cumFee.set(pid, c);
        if (c < 0) diffs.push(`investor ${iid}'s cumulative fee in property ${pid} is ${formatCents(c)} in ${monthKey(m)}`);
      }
    }
  }
  const rowsNet = new Map(b.propertyNet.map((p) => [p.propertyId, p.cents]));
  let unallocatedNet = 0;
  for (const [pid, months] of allocation.net) {
    let propertyTotal = 0;
    for (const [m, n] of months) {
      propertyTotal += n;
      const shared = shareOf.get(`${pid}:${m}`) ?? 0;
      if (allocation.ownersAt(pid, m)) {
        if (shared !== n) diffs.push(`property ${pid} in ${monthKey(m)}: the investors' shares sum to ${formatCents(shared)}, its net is ${formatCents(n)}`);
      } else {
        unallocatedNet += n;
        if (shared !== 0) diffs.push(`property ${pid} in ${monthKey(m)} never had an owner, yet ${formatCents(shared)} of it was allocated`);
      }
    }
    const net = rowsNet.get(pid) ?? 0;
    if (propertyTotal !== net) diffs.push(`property ${pid}: its monthly nets sum to ${formatCents(propertyTotal)}, its rows to ${formatCents(net)}`);
  }
  const unallocatedTotal = [...allocation.unallocated.values()].reduce((x, y) => x + y, 0);
  if (unallocatedTotal !== unallocatedNet) diffs.push(`the unallocated net is ${formatCents(unallocatedTotal)}, the ownerless months sum to ${formatCents(unallocatedNet)}`);
  const llcTotal = total('llc_expense');
  if (-llcShares + allocation.unallocatedLlcExpenses !== llcTotal) {
    diffs.push(`the LLC expenses are ${formatCents(llcTotal)}, the investors bear ${formatCents(-llcShares)} and nobody ${formatCents(allocation.unallocatedLlcExpenses)}`);
  }

  // 5. Each investor's cash and capital, and the cash identity (docs/rules/cash.md). Each investor's figures are
  // computed from their own rows (investorFigures reads only the investor's): filtering every row once
  // per investor took billions of steps at the large tier.
  const capitalOf = new Map<number, BooksInput['capital']>();
  for (const c of books.capital) pushTo(capitalOf, c.investorId, c);
  const withdrawalsOf = new Map<number, CashWithdrawal[]>();
  for (const w of b.cashWithdrawals) pushTo(withdrawalsOf, w.investorId, { ...w, description: '' });
  const investors = new Map<string, { total_investments: number; cash_balance: number }>();
  let totalCash = 0;
  for (const i of b.investors) {
    const capitalRows = capitalOf.get(i.id) ?? [];
    const withdrawals = withdrawalsOf.get(i.id) ?? [];
    const f = investorFigures({ ...books, capital: capitalRows }, allocation, i.id, withdrawals, today);
    totalCash += f.cashBalance;
    const flows = [...(allocation.investors.get(i.id)?.values() ?? [])].reduce((s, im) => s + cashflow(im), 0);
    const withdrawn = sumCents(withdrawals);
    if (f.cashBalance !== flows - withdrawn) diffs.push(`${i.name}'s cash is ${formatCents(f.cashBalance)}, income allocated − fees − expenses − withdrawals is ${formatCents(flows - withdrawn)}`);
    const capital = sumCents(capitalRows);
    if (f.totalInvestments !== capital) diffs.push(`${i.name}'s capital is ${formatCents(f.totalInvestments)}, investments − investment withdrawals is ${formatCents(capital)}`);
    if (i.active) investors.set(i.name, { total_investments: centsToDollars(f.totalInvestments), cash_balance: centsToDollars(f.cashBalance) });
  }
  const income = total('property_income', 'lc_payment');
  const expenses = total('property_expense', 'investor_property_expense', 'llc_expense');
  const cashOut = total('cash_withdrawal');
  const left = totalCash + feesTotal + unallocatedTotal - allocation.unallocatedLlcExpenses;
  if (left !== income - expenses - cashOut) {
    diffs.push(`cash identity: Σ cash ${formatCents(totalCash)} + fees ${formatCents(feesTotal)} + unallocated ${formatCents(unallocatedTotal)} − LLC expenses nobody bore ${formatCents(allocation.unallocatedLlcExpenses)} = ${formatCents(left)}, but income − expenses − cash withdrawals = ${formatCents(income - expenses - cashOut)}`);
  }
  const totals = {
    total_cash: centsToDollars(totalCash),
    total_investments: centsToDollars(total('investment') - total('investment_withdrawal')),
    total_income: centsToDollars(income),
    total_expenses: centsToDollars(expenses),
    total_deposits: centsToDollars(total('deposit') - total('deposit_withdrawal')),
  };
  return { diffs, expected: { totals, investors } };
}

/** 6. The admin summary answers exactly the sums the ledger gives (L8 iii). */
export function summaryDifferences(
  expected: ExpectedSummary,
  summary: ExpectedSummary['totals'] & { investors: { investor_name: string; total_investments: number; cash_balance: number }[] },
): string[] {
  const diffs: string[] = [];
  for (const [key, value] of Object.entries(expected.totals)) {
    const answered = summary[key as keyof ExpectedSummary['totals']];
    if (answered !== value) diffs.push(`the admin summary's ${key} is ${answered}, the ledger gives ${value}`);
  }
  const listed = new Map(summary.investors.map((i) => [i.investor_name, i]));
  for (const [name, want] of expected.investors) {
    const row = listed.get(name);
    if (!row) diffs.push(`the admin summary does not list the active investor ${name}`);
    else if (row.total_investments !== want.total_investments || row.cash_balance !== want.cash_balance) {
      diffs.push(`the admin summary gives ${name} capital ${row.total_investments} and cash ${row.cash_balance}, the ledger ${want.total_investments} and ${want.cash_balance}`);
    }
  }
  if (summary.investors.length !== expected.investors.size) {
    diffs.push(`the admin summary lists ${summary.investors.length} investors, ${expected.investors.size} are active`);
  }
  return diffs;
}
