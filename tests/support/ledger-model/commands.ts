import fc from 'fast-check';
import { expect } from 'vitest';
import { monthOf } from '../../../src/server/domain/dates.js';
import { dateText } from '../../../src/contract/values/human-format.js';
import { centsToDollars, formatCents } from '../../../src/server/domain/money.js';
import { bearer, type TestApp } from '../test-app.js';
import {
  capitalMovements, depositMovements, expectedAdminSummary, expectedProperty, expectedSummary, figuresAt, maxCash, maxDeposit,
  maxInvestment, negativeWith, type Entry, type Kind, type Model,
} from './model.js';
import { CATEGORIES, INVESTOR_NAMES, LLC_NAMES, PROPERTY_NAMES, type World } from './world.js';

/**
 * The commands of the model-based ledger test (docs/security.md L9) for fast-check's `fc.commands`: each
 * sends one write through the real API (app.inject), checks the answer against what the model says
 * it must be (accepted, or refused with the reason), applies it to the model when accepted, and then
 * compares the API's figures with the model's after the step.
 */
export type Stats = {
  sequences: number;
  steps: number;
  accepted: Record<string, number>;
  refused: Record<string, number>;
  /** Withdrawals the API refused, each one the model said goes over a limit (or is dated in the future). */
  refusedWithdrawals: number;
  reads: number;
};

export const newStats = (): Stats => ({ sequences: 0, steps: 0, accepted: {}, refused: {}, refusedWithdrawals: 0, reads: 0 });

export type Real = {
  t: TestApp;
  token: string;
  world: World;
  today: string;
  stats: Stats;
  /** Steps run in this sequence so far. */
  step: number;
  /** What each read last answered, as compared with the model: url → JSON. */
  compared: Map<string, string>;
};

/** What the model says the API must answer. */
type Outcome =
  | { status: 201; entry: Omit<Entry, 'id' | 'voided'> }
  | { status: 200; voids: Entry; message: string }
  | { status: 200; fee: { investor: string; month: string; bps: number } }
  | { status: 400 | 404 | 409; message: RegExp };

type Plan = { url: string; body: Record<string, unknown>; outcome: Outcome; investors?: string[]; pair?: [string, string]; property?: string };

const month = (date: string, shift: number) => {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1 + shift];
  return `${y + Math.floor(m / 12)}-${String((((m % 12) + 12) % 12) + 1).padStart(2, '0')}-01`;
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One write through the API, checked against the model. */
abstract class Step implements fc.AsyncCommand<Model, Real> {
  private shown = '';
  constructor(protected readonly label: string) {}
  check(_m: Readonly<Model>): boolean {
    return true;
  }
  protected abstract plan(m: Model, r: Real): Plan;

  async run(m: Model, r: Real): Promise<void> {
    const p = this.plan(m, r);
    this.shown = `${p.url.replace('/admin/', '')} ${JSON.stringify(p.body)}`;
    const res = await r.t.app.inject({ method: 'POST', url: p.url, payload: p.body, headers: bearer(r.token) });
    r.step++;
    const where = `step ${r.step}, ${this.shown} → ${res.statusCode} ${res.body}`;
    expect(res.statusCode, where).toBe(p.outcome.status);
    const o = p.outcome;
    const name = p.url.replace('/admin/', '');
    if ('message' in o && o.status !== 200) {
      expect(res.json().message, where).toMatch(o.message);
      r.stats.refused[name] = (r.stats.refused[name] ?? 0) + 1;
      if (/^record_.*withdrawal$/.test(name)) r.stats.refusedWithdrawals++;
    } else {
      r.stats.accepted[name] = (r.stats.accepted[name] ?? 0) + 1;
      if ('entry' in o) {
        expect(res.json(), where).toEqual({ message: expect.stringMatching(/successfully$/), id: expect.any(Number) });
        const { id } = res.json() as { id: number };
        expect(m.entries.some((e) => e.id === id), `${where}: a new id`).toBe(false);
        m.entries.push({ ...o.entry, id, voided: false });
        m.counts.entries++;
      } else if ('voids' in o) {
        expect(res.json(), where).toEqual({ message: o.message });
        o.voids.voided = true;
        m.counts.voided++;
      } else {
        expect(res.json(), where).toEqual({ message: 'Fee updated successfully' });
        m.fees.set(`${o.fee.investor}|${o.fee.month}`, o.fee.bps);
      }
      m.counts.audits++;
    }
    r.stats.steps++;
    await compareWithModel(m, r, p, where);
  }

  toString(): string {
    return this.shown || this.label;
  }
}

// ---- recordings: always accepted, except an LC payment off a land contract and a deposit off a rental ----

type Recorded = { kind: Kind; date: string; forMonth: string; cents: number; investor?: string; property?: string; llc?: string; description: string; period?: { start: string; end: string } };

const recorded = (url: string, body: Record<string, unknown>, entry: Recorded, extra: Partial<Plan> = {}): Plan => ({
  url, body, outcome: { status: 201, entry }, ...extra,
});

class Invest extends Step {
  constructor(private readonly a: { investor: string; property: string; date: string; cents: number }) {
    super(`invest ${JSON.stringify(a)}`);
  }
  protected plan(): Plan {
    const { investor, property, date, cents } = this.a;
    return recorded('/admin/add_investment', { property_name: property, investor_name: investor, date, amount: formatCents(cents) },
      { kind: 'investment', date, forMonth: monthOf(date), cents, investor, property, description: '' }, { pair: [investor, property] });
  }
}

class Income extends Step {
  constructor(private readonly a: { property: string; date: string; shift: number; cents: number; category: string }) {
    super(`income ${JSON.stringify(a)}`);
  }
  protected plan(): Plan {
    const { property, date, shift, cents, category } = this.a;
    const forMonth = month(date, shift);
    return recorded('/admin/record_property_income',
      { income_date: date, income_for_month: forMonth.slice(0, 7), property_name: property, description: `${category} ${forMonth.slice(0, 7)}`, amount: formatCents(cents), income_category: category },
      { kind: 'property_income', date, forMonth, cents, property, description: '' });
  }
}

class PeriodIncome extends Step {
  constructor(private readonly a: { property: string; date: string; start: string; days: number; cents: number }) {
    super(`period income ${JSON.stringify(a)}`);
  }
  protected plan(): Plan {
    const { property, date, start, days, cents } = this.a;
    const end = new Date(Date.parse(`${start}T00:00:00Z`) + (days - 1) * 86_400_000).toISOString().slice(0, 10);
    return recorded('/admin/record_loren_income',
      { income_date: date, property_name: property, description: `Rent ${start} to ${end}`, amount: formatCents(cents), start_date: start, end_date: end },
      { kind: 'property_income', date, forMonth: monthOf(start), cents, property, description: '', period: { start, end } });
  }
}

class Expense extends Step {
  constructor(private readonly a: { property: string; date: string; shift: number; cents: number; category: string; investor?: string }) {
    super(`expense ${JSON.stringify(a)}`);
  }
  protected plan(): Plan {
    const { property, date, shift, cents, category, investor } = this.a;
    const forMonth = month(date, shift);
    const body = { expense_date: date, expense_for_month: forMonth, property_name: property, description: `${category} bill`, amount: formatCents(cents), expense_category: category };
    return investor
      ? recorded('/admin/record_investor_property_expense', { ...body, investor, payer: investor },
        { kind: 'investor_property_expense', date, forMonth, cents, investor, property, description: '' })
      : recorded('/admin/record_property_expense', { ...body, payer: 'admin' }, { kind: 'property_expense', date, forMonth, cents, property, description: '' });
  }
}

class LlcExpense extends Step {
  constructor(private readonly a: { llc: string; date: string; cents: number; category: string }) {
    super(`llc expense ${JSON.stringify(a)}`);
  }
  protected plan(): Plan {
    const { llc, date, cents, category } = this.a;
    return recorded('/admin/record_llc_expense',
      { expense_date: date, llc_name: llc, description: `${category} fee`, amount: formatCents(cents), expense_category: category, payer: 'admin' },
      { kind: 'llc_expense', date, forMonth: monthOf(date), cents, llc, description: '' });
  }
}

/** An LC payment or a deposit: accepted only on the property type its kind requires (docs/rules/ledger.md). */
class TypedRecording extends Step {
  constructor(private readonly a: { what: 'lc_payment' | 'deposit'; property: string; date: string; cents: number }) {
    super(`${a.what} ${JSON.stringify(a)}`);
  }
  protected plan(_m: Model, r: Real): Plan {
    const { what, property, date, cents } = this.a;
    const type = r.world.property(property).type;
    if (what === 'lc_payment') {
      const body = { payment_date: date, property_name: property, description: 'Monthly payment', amount: formatCents(cents) };
      return type === 'land_contract'
        ? recorded('/admin/record_lc_payment', body, { kind: 'lc_payment', date, forMonth: monthOf(date), cents, property, description: '' })
        : { url: '/admin/record_lc_payment', body, outcome: { status: 400, message: /can only be recorded on a land-contract property/ } };
    }
    const body = { property_name: property, amount: formatCents(cents), date, notes: 'Security deposit' };
    return type === 'rental'
      ? recorded('/admin/add_rental_deposit', body, { kind: 'deposit', date, forMonth: monthOf(date), cents, property, description: '' }, { property })
      : { url: '/admin/add_rental_deposit', body, outcome: { status: 400, message: /can only be recorded on a rental property/ } };
  }
}

// ---- withdrawals: the amount is chosen against the model's limit at the time of the step ---------------

type Amount = { mode: 'max' | 'over' | 'part' | 'tiny' | 'big'; permille: number; big: number };

/** The amount a withdrawal asks for, relative to the model's limit: at it, a cent over, part of it, a cent, or anything. */
function amountFor(a: Amount, max: number): number {
  switch (a.mode) {
    case 'max': return Math.max(1, max);
    case 'over': return max + 1;
    case 'part': return Math.max(1, Math.floor((max * a.permille) / 1000));
    case 'tiny': return 1;
    case 'big': return a.big;
  }
}

const overLimit = (max: number, what: 'withdrawal' | 'deposit') =>
  new RegExp(`^Amount cannot exceed the maximum ${what} amount of ${escape(formatCents(max))}$`);

const FUTURE = /^A withdrawal cannot be dated in the future\.$/;

class CashWithdrawal extends Step {
  constructor(private readonly a: { investor: string; date: string; amount: Amount }) {
    super(`cash withdrawal ${JSON.stringify(a)}`);
  }
  protected plan(m: Model, r: Real): Plan {
    const { investor, date } = this.a;
    const max = maxCash(figuresAt(m, r.world, r.today), r.world, investor);
    const cents = amountFor(this.a.amount, max);
    const description = `Distribution ${date}`;
    const body = { investor_name: investor, date, description, amount: formatCents(cents) };
    const refuse = (message: RegExp): Plan => ({ url: '/admin/record_cash_withdrawal', body, outcome: { status: 400, message }, investors: [investor] });
    if (date > r.today) return refuse(FUTURE);
    if (cents > max) return refuse(overLimit(max, 'withdrawal'));
    return recorded('/admin/record_cash_withdrawal', body, { kind: 'cash_withdrawal', date, forMonth: monthOf(date), cents, investor, description },
      { investors: [investor] });
  }
}

class InvestmentWithdrawal extends Step {
  constructor(private readonly a: { investor: string; property: string; date: string; amount: Amount }) {
    super(`investment withdrawal ${JSON.stringify(a)}`);
  }
  protected plan(m: Model, r: Real): Plan {
    const { investor, property, date } = this.a;
    const max = maxInvestment(m, investor, property, r.today);
    const cents = amountFor(this.a.amount, max);
    const body = { investor_name: investor, property_name: property, date, amount: formatCents(cents) };
    const refuse = (message: RegExp): Plan => ({ url: '/admin/record_investment_withdrawal', body, outcome: { status: 400, message }, pair: [investor, property] });
    if (date > r.today) return refuse(FUTURE);
    if (cents > max) return refuse(overLimit(max, 'withdrawal'));
    const negativeOn = negativeWith(capitalMovements(m, investor, property), { id: Number.MAX_SAFE_INTEGER, date, cents: -cents });
    if (negativeOn) return refuse(new RegExp(`^This withdrawal would take ${investor}'s capital in ${property} below zero on ${dateText(negativeOn)}\\.$`));
    return recorded('/admin/record_investment_withdrawal', body,
      { kind: 'investment_withdrawal', date, forMonth: monthOf(date), cents, investor, property, description: '' }, { pair: [investor, property] });
  }
}

class DepositWithdrawal extends Step {
  constructor(private readonly a: { property: string; date: string; amount: Amount }) {
    super(`deposit withdrawal ${JSON.stringify(a)}`);
  }
  protected plan(m: Model, r: Real): Plan {
    const { property, date } = this.a;
    const max = maxDeposit(m, property, r.today);
    const cents = amountFor(this.a.amount, max);
    const body = { property_name: property, date, notes: 'Move-out refund', amount: formatCents(cents) };
    const refuse = (message: RegExp): Plan => ({ url: '/admin/record_deposit_withdrawal', body, outcome: { status: 400, message }, property });
    if (date > r.today) return refuse(FUTURE);
    if (cents > max) return refuse(overLimit(max, 'deposit'));
    const negativeOn = negativeWith(depositMovements(m, property), { id: Number.MAX_SAFE_INTEGER, date, cents: -cents });
    if (negativeOn) return refuse(new RegExp(`^This withdrawal would take the deposits held for ${property} below zero on ${dateText(negativeOn)}\\.$`));
    return recorded('/admin/record_deposit_withdrawal', body,
      { kind: 'deposit_withdrawal', date, forMonth: monthOf(date), cents, property, description: '' }, { property });
  }
}

// ---- voids (docs/rules/ledger.md) ------------------------------------------------------------------------

const FAMILIES: { family: string; kinds: Kind[]; word: string; done: string }[] = [
  { family: 'income', kinds: ['property_income'], word: 'income', done: 'Income' },
  { family: 'expense', kinds: ['property_expense', 'investor_property_expense'], word: 'expense', done: 'Expense' },
  { family: 'deposit', kinds: ['deposit', 'deposit_withdrawal'], word: 'deposit', done: 'Deposit' },
  { family: 'lc_payment', kinds: ['lc_payment'], word: 'land contract payment', done: 'Land contract payment' },
  { family: 'llc_expense', kinds: ['llc_expense'], word: 'LLC expense', done: 'LLC expense' },
  { family: 'investment', kinds: ['investment', 'investment_withdrawal'], word: 'investment', done: 'Investment' },
  { family: 'withdrawal', kinds: ['cash_withdrawal'], word: 'withdrawal', done: 'Withdrawal' },
];

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

class Void extends Step {
  constructor(private readonly a: { pick: number; variant: 'ok' | 'stale' | 'wrong_family'; shownNegative: boolean }) {
    super(`void ${JSON.stringify(a)}`);
  }
  override check(m: Readonly<Model>): boolean {
    return m.entries.length > 0;
  }
  protected plan(m: Model): Plan {
    const { pick, variant, shownNegative } = this.a;
    const e = m.entries[pick % m.entries.length]!;
    const own = FAMILIES.find((f) => f.kinds.includes(e.kind))!;
    const others = FAMILIES.filter((f) => f !== own);
    const f = variant === 'wrong_family' ? others[pick % others.length]! : own;
    const cents = variant === 'stale' ? e.cents + 1 : e.cents;
    const body = { id: e.id, amount: `${shownNegative ? '-' : ''}${formatCents(cents)}`, date: e.date };
    const url = `/admin/delete_${f.family}`;
    const about = { pair: e.investor && e.property ? ([e.investor, e.property] as [string, string]) : undefined, property: e.property, investors: e.investor ? [e.investor] : undefined };
    const refuse = (status: 404 | 409, message: RegExp): Plan => ({ url, body, outcome: { status, message }, ...about });
    if (f !== own) return refuse(404, new RegExp(`^No ${escape(f.word)} with ID ${e.id}\\.$`));
    if (e.voided) return refuse(409, new RegExp(`^${escape(capital(f.word))} ID ${e.id} was already deleted\\.$`));
    if (variant === 'stale') return refuse(409, new RegExp(`^${escape(capital(f.word))} ID ${e.id} has changed since it was shown`));
    const rest = e.kind === 'deposit' ? depositMovements(m, e.property!) : e.kind === 'investment' ? capitalMovements(m, e.investor!, e.property!) : null;
    const negativeOn = rest && negativeWith(rest.filter((x) => x.id !== e.id));
    if (negativeOn) return refuse(409, new RegExp(`^Deleting ${escape(f.word)} ID ${e.id} would make .* negative on ${dateText(negativeOn)}\\.`));
    return { url, body, outcome: { status: 200, voids: e, message: `${f.done} deleted successfully!` }, ...about };
  }
}

class SetFee extends Step {
  constructor(private readonly a: { investor: string; bps: number; month: string }) {
    super(`fee ${JSON.stringify(a)}`);
  }
  protected plan(): Plan {
    const { investor, bps, month: m } = this.a;
    return {
      url: '/admin/set_investor_fee',
      body: { investor_name: investor, fee_percentage: String(bps / 10000), effective_month: m.slice(0, 7) },
      outcome: { status: 200, fee: { investor, month: m, bps } },
      investors: [investor],
    };
  }
}

// ---- comparing the API with the model after a step ------------------------------------------------------

const get = async (r: Real, url: string) => {
  r.stats.reads++;
  const res = await r.t.app.inject({ method: 'GET', url, headers: bearer(r.token) });
  return { status: res.statusCode, body: res.json() as unknown };
};
const q = encodeURIComponent;

/** The rows the tables hold: every ledger row, the voided ones, every audit row. */
export async function tableCounts(t: TestApp): Promise<Model['counts']> {
  const [c] = await t.testDb.db.query<Model['counts']>(
    `SELECT (SELECT count(*) FROM ledger_entry)::int AS entries, (SELECT count(*) FROM ledger_entry WHERE voided_at IS NOT NULL)::int AS voided,
            (SELECT count(*) FROM audit_event)::int AS audits`,
  );
  return c!;
}

/**
 * After every step: nothing written by a refusal and exactly one row (and its audit row) by an
 * acceptance; the admin summary (every investor's capital and cash, the five totals); each investor's
 * summary the step changed in the model or named; the cash, capital and deposit maximums of what it
 * named. A summary the model says did not change is compared again at its next change, and everything
 * at the end of the sequence (compareEverything), so a wrong figure cannot hide. (Reading only what may
 * have changed halves the reads: each one recomputes the investor's books on the server.)
 */
async function compareWithModel(m: Model, r: Real, p: Plan, where: string): Promise<void> {
  expect(await tableCounts(r.t), `${where}: the rows written`).toEqual(m.counts);
  const fig = figuresAt(m, r.world, r.today);
  expect((await get(r, '/admin/get_admin_summary')).body, `${where}: the admin summary`).toEqual(expectedAdminSummary(m, fig, r.world));
  for (const name of INVESTOR_NAMES) {
    const named = (p.investors ?? []).includes(name) || p.pair?.[0] === name;
    await compareChanged(r, `/api/investor_summary?investor_name=${q(name)}`, expectedSummary(fig, r.world, name), named, `${where}: ${name}'s summary`);
    if (named) await compareChanged(r, `/admin/get_max_cash_withdrawal?investor_name=${q(name)}`, { max_cash_withdrawal: centsToDollars(maxCash(fig, r.world, name)) }, true, `${where}: ${name}'s cash maximum`);
  }
  if (p.pair) await compareInvestmentMax(m, r, p.pair[0], p.pair[1], where);
  if (p.property) await compareDepositMax(m, r, p.property, where);
}

/** Reads `url` and compares it with what the model expects, when that changed since it was last compared (or always, given `force`). */
async function compareChanged(r: Real, url: string, expected: unknown, force: boolean, what: string): Promise<void> {
  const json = JSON.stringify(expected);
  if (!force && r.compared.get(url) === json) return;
  expect((await get(r, url)).body, what).toEqual(expected);
  r.compared.set(url, json);
}

async function compareInvestmentMax(m: Model, r: Real, investor: string, property: string, where: string) {
  const res = await get(r, `/admin/get_max_investment_withdrawal?investor_name=${q(investor)}&property_name=${q(property)}`);
  expect(res.body, `${where}: the capital maximum of ${investor} in ${property}`).toEqual({ max_investment_withdrawal: centsToDollars(maxInvestment(m, investor, property, r.today)) });
}

async function compareDepositMax(m: Model, r: Real, property: string, where: string) {
  const res = await get(r, `/admin/get_max_deposit_withdrawal?property_name=${q(property)}`);
  expect(res.body, `${where}: the deposits held for ${property}`).toEqual({ max_deposit_withdrawal: centsToDollars(maxDeposit(m, property, r.today)) });
}

/**
 * At the end of a sequence: every investor's summary and cash maximum, and every capital maximum and
 * property figure of each (investor, property) with capital movements; every deposit maximum; one
 * pair without any answers 404.
 */
export async function compareEverything(m: Model, r: Real): Promise<void> {
  const where = `after step ${r.step}`;
  const fig = figuresAt(m, r.world, r.today);
  for (const investor of INVESTOR_NAMES) {
    await compareChanged(r, `/api/investor_summary?investor_name=${q(investor)}`, expectedSummary(fig, r.world, investor), true, `${where}: ${investor}'s summary`);
    await compareChanged(r, `/admin/get_max_cash_withdrawal?investor_name=${q(investor)}`, { max_cash_withdrawal: centsToDollars(maxCash(fig, r.world, investor)) }, true, `${where}: ${investor}'s cash maximum`);
    let without = 0;
    for (const property of PROPERTY_NAMES) {
      const expected = expectedProperty(fig, r.world, investor, property);
      const moved = m.entries.some((e) => e.investor === investor && e.property === property);
      if (!moved && without++ > 0) continue;
      await compareInvestmentMax(m, r, investor, property, where);
      const res = await get(r, `/api/investor_property?investor_name=${q(investor)}&property_name=${q(property)}`);
      if (expected) expect(res.body, `${where}: ${investor} in ${property}`).toEqual(expected);
      else expect(res, `${where}: ${investor} in ${property}`).toEqual({ status: 404, body: { message: 'Property not found.' } });
    }
  }
  for (const property of PROPERTY_NAMES) await compareDepositMax(m, r, property, where);
}

// ---- the generators ----------------------------------------------------------------------------------------

/**
 * A day of 2025-01 … 2025-01 + `months` (the clock stands at 2026-01-15: later days are in the future),
 * often the 1st, the 15th or 16th (either side of the mid-month rule, docs/rules/ownership.md) or the 28th, so that entries
 * often share a date.
 */
const day = (months: number) =>
  fc.record({ m: fc.integer({ min: 0, max: months }), d: fc.oneof(fc.constantFrom(1, 15, 16, 28), fc.integer({ min: 1, max: 28 })) })
    .map(({ m, d }) => `${2025 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
const cents = (max: number) => fc.integer({ min: 1, max });
const investor = fc.constantFrom(...INVESTOR_NAMES);
const property = fc.constantFrom(...PROPERTY_NAMES);
const shift = fc.constantFrom(0, 0, 0, -1, 1);
const amount: fc.Arbitrary<Amount> = fc.record({
  mode: fc.constantFrom('max', 'over', 'part', 'part', 'tiny', 'big'),
  permille: fc.integer({ min: 1, max: 999 }),
  big: cents(10_000_000),
});

/** Every command, weighted so that sequences put money in, earn and spend it, take it out and void some of it. */
export const ledgerCommand: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ investor, property, date: day(14), cents: cents(5_000_000) }).map((a) => new Invest(a)) },
  { weight: 5, arbitrary: fc.record({ property, date: day(14), shift, cents: cents(500_000), category: fc.constantFrom(...CATEGORIES.income) }).map((a) => new Income(a)) },
  { weight: 1, arbitrary: fc.record({ property, date: day(14), start: day(13), days: fc.integer({ min: 1, max: 120 }), cents: cents(600_000) }).map((a) => new PeriodIncome(a)) },
  { weight: 4, arbitrary: fc.record({ property, date: day(14), shift, cents: cents(400_000), category: fc.constantFrom(...CATEGORIES.property_expense) }).map((a) => new Expense(a)) },
  { weight: 2, arbitrary: fc.record({ property, date: day(14), shift, cents: cents(100_000), category: fc.constantFrom(...CATEGORIES.property_expense), investor }).map((a) => new Expense(a)) },
  { weight: 2, arbitrary: fc.record({ llc: fc.constantFrom(...LLC_NAMES), date: day(14), cents: cents(150_000), category: fc.constantFrom(...CATEGORIES.llc_expense) }).map((a) => new LlcExpense(a)) },
  { weight: 2, arbitrary: fc.record({ what: fc.constant('lc_payment' as const), property, date: day(14), cents: cents(300_000) }).map((a) => new TypedRecording(a)) },
  { weight: 2, arbitrary: fc.record({ what: fc.constant('deposit' as const), property, date: day(14), cents: cents(200_000) }).map((a) => new TypedRecording(a)) },
  { weight: 5, arbitrary: fc.record({ investor, date: day(13), amount }).map((a) => new CashWithdrawal(a)) },
  { weight: 4, arbitrary: fc.record({ investor, property, date: day(13), amount }).map((a) => new InvestmentWithdrawal(a)) },
  { weight: 3, arbitrary: fc.record({ property, date: day(13), amount }).map((a) => new DepositWithdrawal(a)) },
  {
    weight: 5,
    arbitrary: fc.record({ pick: fc.nat(), variant: fc.constantFrom('ok', 'ok', 'ok', 'ok', 'ok', 'stale', 'wrong_family'), shownNegative: fc.boolean() })
      .map((a) => new Void(a)),
  },
  { weight: 1, arbitrary: fc.record({ investor, bps: fc.constantFrom(0, 500, 1000, 2500, 5000), month: day(13).map((d) => `${d.slice(0, 7)}-01`) }).map((a) => new SetFee(a)) },
);

/** The seed every sequence starts from (recorded once in the template): capital in every property, some income, a deposit. */
export const SEED_STEPS: Step[] = [
  new Invest({ investor: 'Ann', property: 'Birch House', date: '2025-01-05', cents: 5_000_000 }),
  new Invest({ investor: 'Ben', property: 'Birch House', date: '2025-02-20', cents: 3_000_000 }),
  new Invest({ investor: 'Cal', property: 'Cedar Flats', date: '2025-01-10', cents: 2_000_000 }),
  new Invest({ investor: 'Dee', property: 'Birch Lot', date: '2025-03-01', cents: 4_000_000 }),
  new Invest({ investor: 'Ann', property: 'Cedar Barn', date: '2025-04-16', cents: 1_000_000 }),
  new Invest({ investor: 'Dee', property: 'Cedar Flats', date: '2025-05-02', cents: 1_500_000 }),
  new Income({ property: 'Birch House', date: '2025-02-03', shift: 0, cents: 200_000, category: 'Rent' }),
  new Income({ property: 'Birch House', date: '2025-03-03', shift: 0, cents: 200_000, category: 'Rent' }),
  new Income({ property: 'Cedar Flats', date: '2025-02-05', shift: 0, cents: 150_000, category: 'Rent' }),
  new TypedRecording({ what: 'lc_payment', property: 'Birch Lot', date: '2025-04-01', cents: 120_000 }),
  new TypedRecording({ what: 'deposit', property: 'Birch House', date: '2025-02-01', cents: 100_000 }),
  new Expense({ property: 'Cedar Barn', date: '2025-06-10', shift: 0, cents: 30_000, category: 'HOA dues' }),
];
