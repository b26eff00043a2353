import type { Db } from '../../src/server/db/client.js';
import { allocate, cashflow, type BooksInput } from '../../src/server/domain/allocation.js';
import { investorFigures, type CashWithdrawal } from '../../src/server/domain/investor-figures.js';
import { firstNegativeDate, type Movement } from '../../src/server/domain/limits.js';
import { centsToDollars } from '../../src/server/domain/money.js';
import { monthKey } from '../../src/server/domain/months.js';
import { verifyAuditChain } from '../../src/server/modules/audit/audit.service.js';
import type { Services } from '../../src/server/services.js';

/**
 * The reconciliation of security.md L8, run when a test closes its app (tests/support/test-app.ts): the
 * books a test leaves behind must add up, whatever the test did to them through the API. Read straight
 * from the tables (a few queries) and recomputed with the domain's pure functions, never with the
 * services' own reads, then compared with what the admin summary answers:
 *
 *  1. the audit hash chain is intact (L10), every ledger row has exactly one `record` audit row that
 *     names its kind, amount and date, every voided row exactly one `void` audit row, and no live row
 *     has one (L8 v); linked rows are voided together (domain.md §3.4);
 *  2. no balance below zero at any date: each investor's capital in each property and each property's
 *     deposits held, replayed in date order (domain.md §3.3, T4; L8 i);
 *  3. every property-month's net splits exactly: Σ investors' shares G = N(p, m), each LLC expense's
 *     shares sum to it, and what nobody owned is the unallocated rest (T1);
 *  4. no investor's cumulative fee in a property ever below zero (§4.5: a clawback never exceeds the
 *     fees taken);
 *  5. the cash identity of §4.12 (T3): Σ cash + Σ fees + unallocated net − LLC expenses nobody bore =
 *     total income − total expenses − Σ cash withdrawals; and each investor's cash = the sum of their
 *     monthly cash flows − their cash withdrawals, their capital = investments − investment withdrawals;
 *  6. the admin summary (§4.12) answers exactly these sums: the five totals and each active
 *     investor's capital and cash (L8 iii).
 *
 * Figures are as of the app's today (its clock), as the admin summary computes them; the structural
 * checks (1, 2) cover every row, whatever its date.
 */
export type Reconcilable = { db: Db; services: Services };

type Row = {
  id: number;
  kind: string;
  date: string;
  forMonth: string;
  periodStart: string | null;
  periodEnd: string | null;
  cents: number;
  llcId: number | null;
  propertyId: number | null;
  investorId: number | null;
  linkedId: number | null;
  voided: boolean;
};

type AuditRow = { action: string; entityId: string | null; kind: string | null; cents: number | null; date: string | null; alsoVoided: number[] | null };

export class ReconciliationError extends Error {
  constructor(readonly differences: string[]) {
    const shown = differences.slice(0, 20);
    const more = differences.length > shown.length ? `\n  … and ${differences.length - shown.length} more` : '';
    super(`The books do not reconcile (security.md L8):\n  ${shown.join('\n  ')}${more}`);
    this.name = 'ReconciliationError';
  }
}

const dollars = (cents: number) => centsToDollars(cents).toFixed(2);

/** Reads the books and checks them; throws a ReconciliationError naming every difference found. */
export async function reconcile({ db, services }: Reconcilable): Promise<void> {
  const today = services.books.today();
  const { rows, audits, properties, fees, investors } = await db.snapshot(async (tx) => ({
    rows: await tx.query<Row>(
      `SELECT id, kind, date, for_month AS "forMonth", period_start AS "periodStart", period_end AS "periodEnd",
              amount_cents AS cents, llc_id AS "llcId", property_id AS "propertyId", investor_id AS "investorId",
              linked_entry_id AS "linkedId", voided_at IS NOT NULL AS voided
         FROM ledger_entry ORDER BY id`,
    ),
    audits: await tx.query<AuditRow>(
      `SELECT action, entity_id AS "entityId", after->>'kind' AS kind, (after->>'amountCents')::bigint AS cents,
              after->>'date' AS date, after->'also_voided' AS "alsoVoided"
         FROM audit_event WHERE entity = 'ledger_entry' ORDER BY id`,
    ),
    properties: await tx.query<BooksInput['properties'][number]>(
      `SELECT id, name, llc_id AS "llcId", property_type AS type, picture_url AS "pictureUrl" FROM property ORDER BY id`,
    ),
    fees: await tx.query<BooksInput['fees'][number]>(
      `SELECT investor_id AS "investorId", effective_month AS month, fee_bps AS bps FROM investor_fee`,
    ),
    investors: await tx.query<{ id: number; name: string; active: boolean }>('SELECT id, name, active FROM investor ORDER BY id'),
  }));
  const diffs: string[] = [];

  // 1. The audit trail: the chain, and one audit row per write of the ledger.
  const brokenAt = await verifyAuditChain(db);
  if (brokenAt !== null) diffs.push(`the audit hash chain breaks at audit_event ${brokenAt}`);
  const records = new Map<number, AuditRow[]>();
  const voids = new Map<number, number>();
  for (const a of audits) {
    const id = Number(a.entityId);
    if (a.action === 'record') records.set(id, [...(records.get(id) ?? []), a]);
    if (a.action === 'void') for (const v of [id, ...(a.alsoVoided ?? [])]) voids.set(v, (voids.get(v) ?? 0) + 1);
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const r of rows) {
    const rec = records.get(r.id) ?? [];
    if (rec.length !== 1) diffs.push(`ledger entry ${r.id} (${r.kind}) has ${rec.length} 'record' audit rows, not 1`);
    else if (rec[0]!.kind !== r.kind || rec[0]!.cents !== r.cents || rec[0]!.date !== r.date) {
      diffs.push(`ledger entry ${r.id} is ${r.kind} ${dollars(r.cents)} on ${r.date}, its audit row says ${rec[0]!.kind} ${dollars(rec[0]!.cents ?? 0)} on ${rec[0]!.date}`);
    }
    const v = voids.get(r.id) ?? 0;
    if (r.voided && v !== 1) diffs.push(`voided ledger entry ${r.id} (${r.kind}) has ${v} 'void' audit rows, not 1`);
    if (!r.voided && v !== 0) diffs.push(`live ledger entry ${r.id} (${r.kind}) has ${v} 'void' audit rows`);
    const linked = r.linkedId === null ? undefined : byId.get(r.linkedId);
    if (linked && linked.voided !== r.voided) diffs.push(`ledger entries ${r.id} and ${linked.id} are linked, but only one of them is voided`);
  }
  for (const id of new Set([...records.keys(), ...voids.keys()])) {
    if (!byId.has(id)) diffs.push(`an audit row names ledger entry ${id}, which does not exist`);
  }

  // 2. No balance below zero at any date, over every live row whatever its date.
  const live = rows.filter((r) => !r.voided);
  const running = new Map<string, Movement[]>();
  const move = (key: string, r: Row, sign: 1 | -1) => running.set(key, [...(running.get(key) ?? []), { id: r.id, date: r.date, cents: sign * r.cents }]);
  for (const r of live) {
    if (r.kind === 'investment' || r.kind === 'investment_withdrawal') move(`investor ${r.investorId}'s capital in property ${r.propertyId}`, r, r.kind === 'investment' ? 1 : -1);
    if (r.kind === 'deposit' || r.kind === 'deposit_withdrawal') move(`the deposits held for property ${r.propertyId}`, r, r.kind === 'deposit' ? 1 : -1);
  }
  for (const [what, movements] of running) {
    const negativeOn = firstNegativeDate(movements);
    if (negativeOn) diffs.push(`${what} goes below zero on ${negativeOn}`);
  }

  // 3–5. The figures as of today, from the domain functions.
  const now = live.filter((r) => r.date <= today);
  const of = (...kinds: string[]) => now.filter((r) => kinds.includes(r.kind));
  const sum = (list: Row[]) => list.reduce((s, r) => s + r.cents, 0);
  const books: BooksInput = {
    properties,
    capital: of('investment', 'investment_withdrawal').map((r) => ({
      id: r.id, investorId: r.investorId!, propertyId: r.propertyId!, date: r.date, cents: r.kind === 'investment' ? r.cents : -r.cents,
    })),
    propertyMonthNet: of('property_income', 'lc_payment', 'property_expense')
      .filter((r) => r.periodStart === null)
      .map((r) => ({ propertyId: r.propertyId!, month: r.forMonth, cents: r.kind === 'property_expense' ? -r.cents : r.cents })),
    periodIncomes: of('property_income')
      .filter((r) => r.periodStart !== null)
      .map((r) => ({ propertyId: r.propertyId!, start: r.periodStart!, end: r.periodEnd!, cents: r.cents })),
    investorExpenses: of('investor_property_expense').map((r) => ({ investorId: r.investorId!, propertyId: r.propertyId!, month: r.forMonth, cents: r.cents })),
    llcExpenses: of('llc_expense').map((r) => ({ id: r.id, llcId: r.llcId!, date: r.date, cents: r.cents })),
    fees,
  };
  const cashWithdrawals: CashWithdrawal[] = of('cash_withdrawal').map((r) => ({ id: r.id, investorId: r.investorId!, date: r.date, cents: r.cents, description: '' }));
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
    for (const m of [...months.keys()].sort((a, b) => a - b)) {
      for (const [pid, pm] of months.get(m)!.byProperty) {
        const c = (cumFee.get(pid) ?? 0) + pm.f;
        cumFee.set(pid, c);
        if (c < 0) diffs.push(`investor ${iid}'s cumulative fee in property ${pid} is ${dollars(c)} in ${monthKey(m)}`);
      }
    }
  }
  let unallocatedNet = 0;
  for (const [pid, months] of allocation.net) {
    let propertyTotal = 0;
    for (const [m, n] of months) {
      propertyTotal += n;
      const shared = shareOf.get(`${pid}:${m}`) ?? 0;
      if (allocation.ownersAt(pid, m)) {
        if (shared !== n) diffs.push(`property ${pid} in ${monthKey(m)}: the investors' shares sum to ${dollars(shared)}, its net is ${dollars(n)}`);
      } else {
        unallocatedNet += n;
        if (shared !== 0) diffs.push(`property ${pid} in ${monthKey(m)} never had an owner, yet ${dollars(shared)} of it was allocated`);
      }
    }
    const rowsNet = sum(of('property_income', 'lc_payment').filter((r) => r.propertyId === pid)) - sum(of('property_expense').filter((r) => r.propertyId === pid));
    if (propertyTotal !== rowsNet) diffs.push(`property ${pid}: its monthly nets sum to ${dollars(propertyTotal)}, its rows to ${dollars(rowsNet)}`);
  }
  const unallocatedTotal = [...allocation.unallocated.values()].reduce((a, b) => a + b, 0);
  if (unallocatedTotal !== unallocatedNet) diffs.push(`the unallocated net is ${dollars(unallocatedTotal)}, the ownerless months sum to ${dollars(unallocatedNet)}`);
  const llcTotal = sum(of('llc_expense'));
  if (-llcShares + allocation.unallocatedLlcExpenses !== llcTotal) {
    diffs.push(`the LLC expenses are ${dollars(llcTotal)}, the investors bear ${dollars(-llcShares)} and nobody ${dollars(allocation.unallocatedLlcExpenses)}`);
  }

  // 5. Each investor's cash and capital, and the cash identity of §4.12.
  const figures = new Map(investors.map((i) => [i.id, investorFigures(books, allocation, i.id, cashWithdrawals, today)]));
  let totalCash = 0;
  for (const i of investors) {
    const f = figures.get(i.id)!;
    totalCash += f.cashBalance;
    const flows = [...(allocation.investors.get(i.id)?.values() ?? [])].reduce((s, im) => s + cashflow(im), 0);
    const withdrawn = sum(of('cash_withdrawal').filter((r) => r.investorId === i.id));
    if (f.cashBalance !== flows - withdrawn) diffs.push(`${i.name}'s cash is ${dollars(f.cashBalance)}, income allocated − fees − expenses − withdrawals is ${dollars(flows - withdrawn)}`);
    const capital = sum(of('investment').filter((r) => r.investorId === i.id)) - sum(of('investment_withdrawal').filter((r) => r.investorId === i.id));
    if (f.totalInvestments !== capital) diffs.push(`${i.name}'s capital is ${dollars(f.totalInvestments)}, investments − investment withdrawals is ${dollars(capital)}`);
  }
  const income = sum(of('property_income', 'lc_payment'));
  const expenses = sum(of('property_expense', 'investor_property_expense', 'llc_expense'));
  const cashOut = sum(of('cash_withdrawal'));
  const left = totalCash + feesTotal + unallocatedTotal - allocation.unallocatedLlcExpenses;
  if (left !== income - expenses - cashOut) {
    diffs.push(`cash identity (§4.12): Σ cash ${dollars(totalCash)} + fees ${dollars(feesTotal)} + unallocated ${dollars(unallocatedTotal)} − LLC expenses nobody bore ${dollars(allocation.unallocatedLlcExpenses)} = ${dollars(left)}, but income − expenses − cash withdrawals = ${dollars(income - expenses - cashOut)}`);
  }

  // 6. The admin summary answers the same sums.
  const summary = await services.reports.adminSummary();
  const expected = {
    total_cash: centsToDollars(totalCash),
    total_investments: centsToDollars(sum(of('investment')) - sum(of('investment_withdrawal'))),
    total_income: centsToDollars(income),
    total_expenses: centsToDollars(expenses),
    total_deposits: centsToDollars(sum(of('deposit')) - sum(of('deposit_withdrawal'))),
  };
  for (const [key, value] of Object.entries(expected)) {
    const answered = summary[key as keyof typeof expected];
    if (answered !== value) diffs.push(`the admin summary's ${key} is ${answered}, the ledger gives ${value}`);
  }
  const listed = new Map(summary.investors.map((i) => [i.investor_name, i]));
  for (const i of investors.filter((x) => x.active)) {
    const f = figures.get(i.id)!;
    const row = listed.get(i.name);
    if (!row) diffs.push(`the admin summary does not list the active investor ${i.name}`);
    else if (row.total_investments !== centsToDollars(f.totalInvestments) || row.cash_balance !== centsToDollars(f.cashBalance)) {
      diffs.push(`the admin summary gives ${i.name} capital ${row.total_investments} and cash ${row.cash_balance}, the ledger ${centsToDollars(f.totalInvestments)} and ${centsToDollars(f.cashBalance)}`);
    }
  }
  if (summary.investors.length !== investors.filter((x) => x.active).length) {
    diffs.push(`the admin summary lists ${summary.investors.length} investors, ${investors.filter((x) => x.active).length} are active`);
  }

  if (diffs.length > 0) throw new ReconciliationError(diffs);
}

/**
 * True for an error that says the database cannot be reached at all (closed, stopped, connections cut):
 * node's connection errors, PostgreSQL's class 08 and 57P01–57P03, the pool's timeout or end, PGlite closed.
 */
export function databaseUnreachable(err: unknown): boolean {
  const { code = '', message = '' } = (err ?? {}) as { code?: string; message?: string };
  return ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03'].includes(code) || /^08/.test(code)
    || /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed/i.test(message);
}

const skipped = new WeakMap<object, string>();

/**
 * For a test that edits the tables behind the app's back on purpose (a row without its audit row, an
 * edited audit row): its app's books are not expected to reconcile, and closing it does not check them.
 * Give the reason; it is the only way to skip the check on a database that can be reached.
 */
export function skipReconciliation(t: { testDb: { db: Db } }, reason: string): void {
  if (!reason.trim()) throw new Error('skipReconciliation needs a reason');
  skipped.set(t.testDb.db, reason);
}

/** Why the books of this database are not reconciled at close, if a test said so. */
export const reconciliationSkipped = (db: Db): string | undefined => skipped.get(db);

/**
 * The check as TestApp.close() runs it: once more after a connection error (a pool that lost its
 * connections replaces them), and skipped only when the database still cannot be reached.
 */
export async function reconcileAtClose(target: Reconcilable): Promise<void> {
  if (reconciliationSkipped(target.db)) return;
  for (let attempt = 1; ; attempt++) {
    try {
      return await reconcile(target);
    } catch (err) {
      if (!databaseUnreachable(err)) throw err;
      if (attempt >= 2) return; // the database is gone (closed or stopped by the test): nothing to reconcile
    }
  }
}
