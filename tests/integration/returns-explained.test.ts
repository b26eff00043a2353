import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBatched } from '../../bench/scale/load.js';
import { scalePortfolio, TIERS } from '../../bench/scale/portfolio.js';
import { SUMMARY_FIGURES, type ExplainResponse } from '../../src/contract/schemas/explain.js';
import type { InvestorPropertyResponse, InvestorSummaryResponse } from '../../src/contract/schemas/investor.js';
import { daysBetween } from '../../src/server/domain/dates.js';
import { plainWordsProblems } from '../../src/server/domain/explain-plain-words.js';
import { pct, usd } from '../../src/server/domain/explain-words.js';
import { DEMO_INVESTORS, loadDemoData } from '../../src/server/demo/demo-data.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { prng } from '../support/prng.js';
import { ADMIN, bearer, signIn, startTestApp, type AppTemplate, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/**
 * Returns that explain themselves: xirr, equity_multiple, capital_returned and
 * cash_distributed on the investor summary, and GET /api/explain for every figure and every history
 * row, on the Maple books (values with their arithmetic), on random ledgers (the invariants) and on the
 * demo books (the words: one sentence, arithmetic ending at the figure, no identifiers, no boilerplate).
 */

/** Dollars from the API → cents, through the decimal text (never × 100 on a float). */
const cents = (dollars: number) => Math.round(Number(dollars.toFixed(2).replace('.', '')));
const sumCents = (items: { amount: number }[]) => items.reduce((s, i) => s + cents(i.amount), 0);

/** 100 × n / d (or n / d for a multiple) with two decimals, half away from zero, exactly in BigInt. */
function ratio(n: number, d: number, times: bigint): number {
  const num = BigInt(n) * times;
  const den = BigInt(d);
  const q = ((num < 0n ? -num : num) * 2n + den) / (2n * den);
  return Number(num < 0n ? -q : q) / 100;
}

/** Σ amount / (1 + r)^(days / 365) over the explain items of xirr, in cents, at a rate in percent. */
function npvCents(items: ExplainResponse['items'], ratePercent: number): number {
  const first = items[0]!.date;
  return items.reduce((s, i) => s + cents(i.amount) / Math.pow(1 + ratePercent / 100, daysBetween(first, i.date) / 365), 0);
}

type Figures = { summary: InvestorSummaryResponse; property?: InvestorPropertyResponse };

/** The figure as the page writes it, for the words' check: money, a percent or a multiple. */
function valueText(figure: string, value: number | null): string | null {
  if (value === null) return null;
  if (figure === 'equity_multiple') return `${value.toFixed(2)}×`;
  if (figure === 'xirr' || figure === 'total_roi' || figure.startsWith('roi_per_year:')) return pct(value);
  return usd(cents(value));
}

/**
 * An answer's words keep the rules of explain-plain-words.ts, and its formula is its headline and
 * arithmetic. `quoted`: what the books' admin typed (descriptions such as "Bank fees 2024-01"), quoted as is.
 */
function checkWords(e: ExplainResponse, label: string, quoted: readonly string[] = []): void {
  expect(e.headline, `${label}: a headline`).toBeTypeOf('string');
  expect(e.formula, `${label}: the formula in words`).toBe([e.headline, ...e.arithmetic!].join('\n'));
  const words = { headline: e.headline!, arithmetic: e.arithmetic!, labels: e.items.map((i) => i.label), valueText: valueText(e.figure, e.value) };
  expect(plainWordsProblems(words, { quoted }), label).toEqual([]);
}

/** Every history row of a summary (and of a property's detail) as the explain query that answers it. */
function historyRows(summary: InvestorSummaryResponse, property?: { name: string; detail: InvestorPropertyResponse }) {
  const rows: { table: string; date: string; amount: number; figures: string[]; property?: string }[] = [];
  if (property) {
    for (const r of property.detail.investments_per_month) rows.push({ table: `${property.name} investments`, ...r, figures: ['total_investments'], property: property.name });
    for (const r of property.detail.cashflow_per_month) rows.push({ table: `${property.name} income`, ...r, figures: ['total_income'], property: property.name });
    return rows;
  }
  for (const r of summary.investments_per_month) rows.push({ table: 'Investment History', ...r, figures: ['total_investments'] });
  for (const r of summary.cashflow_per_month) rows.push({ table: 'Income History', ...r, figures: ['total_income'] });
  for (const r of summary.distributions_per_month) rows.push({ table: 'Distributions History', date: r.date, amount: r.amount, figures: ['capital_returned', 'cash_distributed'] });
  return rows;
}

/** The figure's value as the summary (or the property detail) answers it. */
function answered(figure: string, f: Figures): number | null {
  if (f.property) return f.property[figure as 'total_investments' | 'total_income' | 'total_roi'];
  const year = /^roi_per_year:(\d{4})$/.exec(figure)?.[1];
  if (year) return f.summary.roi_per_year[year]!;
  return f.summary[figure as (typeof SUMMARY_FIGURES)[number]];
}

/**
 * The invariants of one explanation: the value is the summary's; a sum's items add up to it to the
 * cent; a ratio's items add up to each of its parts and the parts give the value; xirr's items are
 * the dated flows and leave a net present value within a cent at the rate.
 */
function checkExplanation(e: ExplainResponse, f: Figures, label: string, quoted: readonly string[]): void {
  const value = answered(e.figure, f);
  expect(e.value, `${label}: the value is the summary's`).toBe(value);
  checkWords(e, label, quoted);
  for (const i of e.items) {
    expect(i.date, `${label}: item date`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(cents(i.amount) / 100, `${label}: item amount in dollars with ≤ 2 decimals`).toBe(i.amount);
  }
  const byPart = new Map<string, number>();
  for (const i of e.items) if (i.part) byPart.set(i.part, (byPart.get(i.part) ?? 0) + cents(i.amount));
  for (const [part, total] of byPart) expect(total, `${label}: the items of ${part} add up to it`).toBe(cents(e.parts[part]!));
  const p = (name: string) => cents(e.parts[name]!);
  if (e.figure === 'xirr') {
    const s = f.summary;
    // The flows: Σ withdrawals + terminal value − Σ investments (equity_multiple's parts give Σ investments).
    expect(new Set(e.items.map((i) => i.date)).size, `${label}: one flow a date`).toBe(e.items.length);
    if (e.value === null) {
      expect(e.formula, `${label}: says why there is no rate`).toContain(s.xirr_note!);
      return;
    }
    expect(Math.abs(npvCents(e.items, e.parts.rate!)), `${label}: NPV at the rate within a cent`).toBeLessThan(1);
    expect(Math.abs(e.parts.net_present_value!), label).toBeLessThanOrEqual(0.01);
    expect(Math.abs(e.parts.rate! - e.value), `${label}: the value is the rate rounded`).toBeLessThanOrEqual(0.005 + 1e-9);
  } else if (e.figure === 'total_roi') {
    expect(e.value, label).toBe(p('peak_capital') === 0 ? 0 : ratio(p('total_income'), p('peak_capital'), 10000n));
  } else if (e.figure.startsWith('roi_per_year:')) {
    expect(e.value, label).toBe(ratio(p('income') * 12, p('capital_months'), 10000n));
  } else if (e.figure === 'equity_multiple') {
    expect(e.value, label).toBe(p('invested') === 0 ? null : ratio(p('returned'), p('invested'), 100n));
    const s = f.summary;
    expect(p('returned'), `${label}: withdrawals + terminal value`).toBe(
      cents(s.capital_returned) + cents(s.cash_distributed) + cents(s.total_investments) + cents(s.cash_balance),
    );
  } else {
    expect(byPart.size, `${label}: a sum has no parts on its items`).toBe(0);
    expect(sumCents(e.items), `${label}: the items add up to the value`).toBe(cents(e.value!));
    // A sum's parts are a breakdown of it.
    const parts = Object.values(e.parts);
    if (parts.length) expect(parts.reduce((s, v) => s + cents(v), 0), `${label}: the parts add up to the value`).toBe(cents(e.value!));
  }
}

/** Every figure of an investor's summary and of each property they invested in. */
function figuresOf(summary: InvestorSummaryResponse): string[] {
  return [...SUMMARY_FIGURES, ...Object.keys(summary.roi_per_year).map((y) => `roi_per_year:${y}`)];
}

type Get = (url: string, token?: string) => Promise<{ status: number; body: unknown }>;

type Row = ReturnType<typeof historyRows>[number];

/** The answers a history row's ⓘ asks for: its figure (or, for a distribution, both kinds) in its month. */
async function explainRow(get: Get, query: string, row: Row): Promise<ExplainResponse[]> {
  const answers: ExplainResponse[] = [];
  for (const figure of row.figures) {
    const property = row.property ? `&property_name=${encodeURIComponent(row.property)}` : '';
    const res = await get(`/api/explain?${query}&figure=${figure}&month=${row.date}${property}`);
    expect(res.status, `${row.table} ${row.date} ${figure}: ${JSON.stringify(res.body)}`).toBe(200);
    answers.push(res.body as ExplainResponse);
  }
  return answers;
}

/** A row's explanation is the row: its value is the row's amount, made of that month's items alone. */
function checkRow(answers: ExplainResponse[], row: Row, label: string): void {
  const total = answers.reduce((s, e) => s + cents(e.value!), 0);
  expect(total, `${label}: the row's amount`).toBe(cents(row.amount));
  for (const e of answers) {
    expect(e.month, label).toBe(row.date);
    expect(e.items.every((i) => i.date.startsWith(`${row.date}-`)), `${label}: only the month's items`).toBe(true);
    expect(sumCents(e.items), `${label}: the items add up to the value`).toBe(cents(e.value!));
  }
}

async function explainEverything(get: Get, investor: string, asOf: string, quoted: readonly string[] = []): Promise<{ checked: number; rows: number; answers: Map<string, ExplainResponse>; rowAnswers: Map<string, ExplainResponse> }> {
  const q = `investor_name=${encodeURIComponent(investor)}&as_of=${asOf}`;
  const summary = (await get(`/api/investor_summary?${q}`)).body as InvestorSummaryResponse;
  const answers = new Map<string, ExplainResponse>();
  const explain = async (figure: string, property?: string) => {
    const res = await get(`/api/explain?${q}&figure=${figure}${property ? `&property_name=${encodeURIComponent(property)}` : ''}`);
    expect(res.status, `${investor} ${asOf} ${figure} ${property ?? ''}: ${JSON.stringify(res.body)}`).toBe(200);
    const e = res.body as ExplainResponse;
    expect(e.figure).toBe(figure);
    answers.set(property ? `${property}:${figure}` : figure, e);
    return e;
  };
  for (const figure of figuresOf(summary)) checkExplanation(await explain(figure), { summary }, `${investor} ${asOf} ${figure}`, quoted);
  const rows = historyRows(summary);
  for (const picture of summary.property_pictures) {
    const name = Object.keys(picture)[0]!;
    const property = (await get(`/api/investor_property?${q}&property_name=${encodeURIComponent(name)}`)).body as InvestorPropertyResponse;
    for (const figure of ['total_investments', 'total_income', 'total_roi']) {
      checkExplanation(await explain(figure, name), { summary, property }, `${investor} ${asOf} ${name} ${figure}`, quoted);
    }
    rows.push(...historyRows(summary, { name, detail: property }));
  }
  const rowAnswers = new Map<string, ExplainResponse>();
  for (const row of rows) {
    const label = `${investor} ${asOf} ${row.table} ${row.date}`;
    const found = await explainRow(get, q, row);
    found.forEach((e) => {
      checkWords(e, label, quoted);
      rowAnswers.set(`${row.table} ${row.date} ${e.figure}`, e);
    });
    checkRow(found, row, label);
  }
  return { checked: answers.size, answers, rows: rows.length, rowAnswers };
}

describe.each(DB_KINDS)('returns explained on the Maple books on %s', (kind) => {
  let template: AppTemplate<MapleBooks>;
  let t: TestApp;
  beforeAll(async () => {
    template = await mapleBooksTemplate(kind, { logins: true });
    t = await template.start();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await template?.close();
  });

  const get: Get = async (url, token) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token ?? template.state.admin) });
    return { status: res.statusCode, body: res.json() as unknown };
  };
  const summary = async (name: string, asOf: string) =>
    (await get(`/api/investor_summary?investor_name=${name}&as_of=${asOf}`)).body as InvestorSummaryResponse;
  const explain = async (query: string) => (await get(`/api/explain?${query}`)).body as ExplainResponse;
  const returns = (s: InvestorSummaryResponse) => ({
    xirr: s.xirr, xirr_note: s.xirr_note, equity_multiple: s.equity_multiple, capital_returned: s.capital_returned, cash_distributed: s.cash_distributed,
  });
  const UNDER_A_YEAR = 'No annual return yet: the first money went in or came out less than a year ago, and a return over less than a year is not annualised.';

  it('answers the new summary fields as of 2024-12-31, with the arithmetic', async () => {
    // A: 100,000 in on 2024-01-05; 25,000 of capital back on 2024-09-10; 6,000 cash on 2024-07-01.
    // Terminal value = capital 75,000 + cash 4,042.50 = 79,042.50. Multiple = (25,000 + 6,000 + 79,042.50) / 100,000
    // = 1.100425 → 1.10. No xirr: the first flow (2024-01-05) is 361 days before as_of, under 365.
    expect(returns(await summary('A', '2024-12-31'))).toEqual({
      xirr: null, xirr_note: UNDER_A_YEAR, equity_multiple: 1.1, capital_returned: 25000, cash_distributed: 6000,
    });
    // B: 50,000 in on 2024-04-20; nothing out. Terminal = 50,000 + 3,700 = 53,700; 53,700 / 50,000 = 1.074 → 1.07.
    expect(returns(await summary('B', '2024-12-31'))).toEqual({
      xirr: null, xirr_note: UNDER_A_YEAR, equity_multiple: 1.07, capital_returned: 0, cash_distributed: 0,
    });
    // C: 60,000 in on 2020-06-01; terminal = 60,000 + 19,102.50 = 79,102.50 on 2024-12-31, 1,674 days later.
    // Two flows: r = (79,102.50 / 60,000)^(365/1674) − 1 = 1.318375^0.218041… − 1 = 0.0621195 → 6.21 %.
    // Multiple = 79,102.50 / 60,000 = 1.318375 → 1.32.
    expect(returns(await summary('C', '2024-12-31'))).toEqual({
      xirr: 6.21, xirr_note: null, equity_multiple: 1.32, capital_returned: 0, cash_distributed: 0,
    });
  });

  it('answers them a year on (2025-12-31), when every first flow is over a year old', async () => {
    // A: −100,000 (day 0, 2024-01-05), +6,000 (day 178), +25,000 (day 249), +79,042.50 (day 726, 2025-12-31);
    // the rate solving Σ amount / (1 + r)^(days / 365) = 0 is 0.061668… → 6.17 % (checked below at the rate).
    expect(returns(await summary('A', '2025-12-31'))).toMatchObject({ xirr: 6.17, xirr_note: null, equity_multiple: 1.1 });
    // B: −50,000 on 2024-04-20, +53,700 on 2025-12-31 (620 days): 1.074^(365/620) − 1 = 0.0429237 → 4.29 %.
    expect(returns(await summary('B', '2025-12-31'))).toMatchObject({ xirr: 4.29, equity_multiple: 1.07 });
    // C: 2,039 days: 1.318375^(365/2039) − 1 = 0.0507226 → 5.07 %; the multiple does not age: 1.32.
    expect(returns(await summary('C', '2025-12-31'))).toMatchObject({ xirr: 5.07, equity_multiple: 1.32 });
    const a = await explain('investor_name=A&as_of=2025-12-31&figure=xirr');
    expect(a.items).toEqual([
      { date: '2024-01-05', label: 'Investment in P $100,000.00', amount: -100000 },
      { date: '2024-07-01', label: 'Cash paid out to you (Q2 distribution) $6,000.00', amount: 6000 },
      { date: '2024-09-10', label: 'Capital returned from P $25,000.00', amount: 25000 },
      { date: '2025-12-31', label: 'What you hold on 12/31/2025: capital $75,000.00 + cash balance $4,042.50', amount: 79042.5 },
    ]);
    // In words: what went in and came out, and both sides grown at the rate to as_of (100,000 × 1.0616685^(726/365)).
    expect(a.arithmetic).toEqual([
      'You put in $100,000.00 and have been paid $31,000.00; on 12/31/2025 you hold $79,042.50 (capital $75,000.00 + cash balance $4,042.50)',
      'Each amount grown from its own date to 12/31/2025, what you put in and what you got back with what you hold both come to $112,640.11 at a yearly rate of 6.17%',
    ]);
    expect(Math.abs(a.parts.rate! - 6.1668515)).toBeLessThan(1e-6);
    expect(a.parts.net_present_value).toBe(0);
  });

  it('explains every figure of A, B and C, each adding up, at both dates', async () => {
    let checked = 0;
    let rows = 0;
    for (const asOf of ['2024-12-31', '2025-12-31']) {
      for (const name of ['A', 'B', 'C']) {
        const done = await explainEverything(get, name, asOf);
        checked += done.checked;
        rows += done.rows;
      }
    }
    // A: 11 summary figures + roi 2024 (+ 2025) + 3 for P; B the same; C: 11 + 2020…2024 (+ 2025) + 3 for Q.
    expect(checked).toBe(15 + 15 + 19 + (16 + 16 + 20));
    // Each history row too, A's at 2024-12-31: 2 investment, 12 income, 2 distribution rows, and P's 2 + 12.
    expect(rows).toBeGreaterThan(2 * (2 + 12 + 2 + 2 + 12));
  });

  it("shows A's income with the mid-month rule, the fee high-water mark and LLC expenses by capital", async () => {
    const e = await explain('investor_name=A&as_of=2024-12-31&figure=total_income');
    expect(e.value).toBe(10042.5);
    // 12 months of P, and A's shares of the two LLC expenses: 300 × 100k/160k and 1,200 × 100k/160k.
    expect(e.items).toHaveLength(14);
    expect(e.items.slice(0, 2)).toEqual([
      { date: '2024-01-01', label: 'P: $1,500.00 net income × your 100% share = $1,500.00, less the 10% management fee $150.00 = $1,350.00', amount: 1350 },
      { date: '2024-01-20', label: 'Maple Holdings LLC expense, State fees (Annual report): -$300.00 × your 62.5% share of the LLC = -$187.50', amount: -187.5 },
    ]);
    // May: B's 04-20 investment counts from May (mid-month rule): 1,500 × 2/3; July: −600 × 2/3 with the fee clawed back.
    // The percent is rounded, so the words give the capital it comes from: A's 100,000 of P's 150,000.
    expect(e.items.find((i) => i.date === '2024-05-01')!.label).toBe(
      'P: $1,500.00 net income × your 66.67% share ($100,000.00 of $150,000.00 capital) = $1,000.00, less the 10% management fee $100.00 = $900.00');
    expect(e.items.find((i) => i.date === '2024-07-01')).toEqual({
      date: '2024-07-01',
      label: 'P: a $600.00 net loss × your 66.67% share ($100,000.00 of $150,000.00 capital) = -$400.00, plus $40.00 of earlier management fees given back = -$360.00',
      amount: -360,
    });
    // Σ = 10,980 (P: 4 × 1,350 + 3 × 900 − 360 + 4 × 810) − 187.50 − 750 = 10,042.50.
    expect(e.parts).toEqual({ income_share: 12200, management_fee: -1220, own_expenses: 0, llc_expenses: -937.5 });
    expect(e.headline).toBe('This is your share of what your properties earned each month, after the management fee, less your share of LLC expenses.');
    expect(e.arithmetic).toEqual([
      'P, 12 months: your share $12,200.00, less management fees $1,220.00 = $10,980.00',
      'Your share of LLC expenses: -$937.50',
      'Total: $10,980.00 − $937.50 = $10,042.50',
    ]);
  });

  it("shows A's ratios with their parts: total_roi, roi_per_year, equity_multiple", async () => {
    const roi = await explain('investor_name=A&as_of=2024-12-31&figure=total_roi');
    // 10,042.50 / 100,000 (the peak, reached by the 01-05 investment alone) = 10.04 %.
    expect(roi).toMatchObject({ value: 10.04, parts: { total_income: 10042.5, peak_capital: 100000 } });
    expect(roi.items.filter((i) => i.part === 'peak_capital')).toEqual([
      { date: '2024-01-05', label: 'Investment in P, bringing you to $100,000.00 invested', amount: 100000, part: 'peak_capital' },
    ]);
    expect(roi.arithmetic).toEqual(['The most you had invested: $100,000.00, reached on 01/05/2024', '$10,042.50 income ÷ $100,000.00 = 10.04%']);
    const year = await explain('investor_name=A&as_of=2024-12-31&figure=roi_per_year:2024');
    // 8 × 100,000 + 4 × 75,000 = 1,100,000 capital-months; 10,042.50 × 12 / 1,100,000 = 10.955 → 10.96 %.
    expect(year).toMatchObject({ value: 10.96, parts: { income: 10042.5, capital_months: 1100000 } });
    expect(year.items.filter((i) => i.part === 'capital_months').map((i) => i.amount)).toEqual([...Array(8).fill(100000), ...Array(4).fill(75000)]);
    expect(year.headline).toBe('This is your 2024 income as a yearly percentage of the money you had invested during 2024.');
    expect(year.arithmetic).toEqual([
      'Your capital, month by month: 8 months × $100,000.00 + 4 months × $75,000.00 = $1,100,000.00',
      '$10,042.50 income × 12 ÷ $1,100,000.00 = 10.96%',
    ]);
    const multiple = await explain('investor_name=A&as_of=2024-12-31&figure=equity_multiple');
    expect(multiple).toMatchObject({ value: 1.1, parts: { returned: 110042.5, invested: 100000 } });
    expect(multiple.items.filter((i) => i.part === 'returned').map((i) => [i.date, i.amount])).toEqual([
      ['2024-07-01', 6000], ['2024-09-10', 25000], ['2024-12-31', 75000], ['2024-12-31', 4042.5],
    ]);
    expect(multiple.arithmetic).toEqual([
      '$25,000.00 capital returned + $6,000.00 income paid out + $75,000.00 still invested + $4,042.50 cash balance = $110,042.50',
      '$110,042.50 ÷ $100,000.00 put in = 1.10×',
    ]);
  });

  it("explains C's xirr by its two flows, with the rate and a net present value of 0", async () => {
    const e = await explain('investor_name=C&as_of=2024-12-31&figure=xirr');
    expect(e.value).toBe(6.21);
    expect(e.items).toEqual([
      { date: '2020-06-01', label: 'Investment in Q $60,000.00', amount: -60000 },
      { date: '2024-12-31', label: 'What you hold on 12/31/2024: capital $60,000.00 + cash balance $19,102.50', amount: 79102.5 },
    ]);
    expect(Math.abs(e.parts.rate! - 100 * (Math.pow(79102.5 / 60000, 365 / 1674) - 1))).toBeLessThan(1e-7);
    expect(e.parts.net_present_value).toBe(0);
    const none = await explain('investor_name=A&as_of=2024-12-31&figure=xirr');
    expect(none).toMatchObject({ value: null, parts: {} });
    expect(none.headline).toBe(UNDER_A_YEAR);
  });

  it("explains a property's figures: A in P", async () => {
    const income = await explain('investor_name=A&as_of=2024-12-31&figure=total_income&property_name=P');
    // 10,980 = 12,200 share − 1,220 fee; no LLC expenses in a property's income.
    expect(income).toMatchObject({ value: 10980, parts: { income_share: 12200, management_fee: -1220, own_expenses: 0 } });
    const roi = await explain('investor_name=A&as_of=2024-12-31&figure=total_roi&property_name=p');
    expect(roi).toMatchObject({ value: 10.98, parts: { total_income: 10980, peak_capital: 100000 } });
    const capital = await explain('investor_name=A&as_of=2024-12-31&figure=total_investments&property_name=P');
    expect(capital.items).toEqual([
      { date: '2024-01-05', label: 'Investment in P', amount: 100000 },
      { date: '2024-09-10', label: 'Capital returned from P', amount: -25000 },
    ]);
  });

  it("explains a history row's own figure: A's months of income, investment and distributions, and P's", async () => {
    const q = 'investor_name=A&as_of=2024-12-31';
    // Income History 07/2024 is −$360.00: that month alone, with its arithmetic, never Total Income.
    const july = await explain(`${q}&figure=total_income&month=2024-07`);
    expect(july).toMatchObject({ figure: 'total_income', month: '2024-07', value: -360, items: [{ date: '2024-07-01', label: 'Income from P', amount: -360 }] });
    expect(july.headline).toBe('This is your share of what your properties earned in 07/2024, after the management fee.');
    expect(july.arithmetic).toEqual([
      'P: a $600.00 net loss × your 66.67% share ($100,000.00 of $150,000.00 capital) = -$400.00, plus $40.00 of earlier management fees given back = -$360.00',
    ]);
    // 01/2024: P's month and A's share of the LLC's state fees, added up.
    const january = await explain(`${q}&figure=total_income&month=2024-01`);
    expect(january.value).toBe(1162.5);
    expect(january.arithmetic).toEqual([
      'P: $1,500.00 net income × your 100% share = $1,500.00, less the 10% management fee $150.00 = $1,350.00',
      'Maple Holdings LLC expense, State fees (Annual report): -$300.00 × your 62.5% share of the LLC = -$187.50',
      'Income of the month: $1,350.00 − $187.50 = $1,162.50',
    ]);
    // Investment History 09/2024 is the capital returned that month, not Active Investments.
    const september = await explain(`${q}&figure=total_investments&month=2024-09`);
    expect(september).toMatchObject({ value: -25000, arithmetic: ['Capital returned from P on 09/10/2024: -$25,000.00'] });
    // Distributions History: both kinds of payment of the month, added by the page.
    const paid = await explain(`${q}&figure=cash_distributed&month=2024-07`);
    expect(paid).toMatchObject({ value: 6000, arithmetic: ['Paid out to you on 07/01/2024 (Q2 distribution): $6,000.00'] });
    expect(await explain(`${q}&figure=capital_returned&month=2024-07`)).toMatchObject({ value: 0, items: [], arithmetic: [] });
    // A property's rows: P's income of 07/2024 is A's, without LLC expenses; a date of the month reads as its month.
    expect(await explain(`${q}&figure=total_income&property_name=P&month=2024-07-19`)).toMatchObject({ value: -360, month: '2024-07' });
    expect(await explain(`${q}&figure=total_investments&property_name=P&month=2024-01`)).toMatchObject({
      value: 100000, arithmetic: ['Investment in P on 01/05/2024: $100,000.00'],
    });
    // Every row of A's tables, B's and C's is its own figure (explainEverything checks the same at two dates).
    const summaryOfA = await summary('A', '2024-12-31');
    for (const row of historyRows(summaryOfA)) checkRow(await explainRow(get, q, row), row, `A ${row.table} ${row.date}`);
    // A month only where there are rows; a month that is not one, in plain words.
    expect(await get(`/api/explain?${q}&figure=xirr&month=2024-07`)).toEqual({
      status: 400,
      body: { message: 'A month is asked for only with the figures of the history tables, total_investments, total_income, capital_returned, cash_distributed: leave out the month for the others.' },
    });
    expect(await get(`/api/explain?${q}&figure=total_income&month=2024-13`)).toEqual({
      status: 400, body: { message: 'Month must be a month between 1900-01 and 2099-12 (YYYY-MM or YYYY-MM-DD).' },
    });
  });

  it('lets an investor explain only their own figures, and refuses in plain words', async () => {
    const { A, B } = template.state.investors;
    expect((await get('/api/explain?figure=total_income&as_of=2024-12-31', B)).body).toMatchObject({ value: 3700 });
    expect(await get('/api/explain?figure=total_income&investor_name=A', B)).toEqual({ status: 404, body: { message: 'Investor not found.' } });
    expect(await get('/api/explain?figure=total_income&investor_name=Nobody')).toEqual({ status: 404, body: { message: 'Investor not found.' } });
    expect(await get('/api/explain?figure=total_roi&property_name=Q', A)).toEqual({ status: 404, body: { message: 'Property not found.' } });
    expect(await get('/api/explain?figure=roi_per_year:2019', A)).toEqual({
      status: 404, body: { message: 'There is no roi_per_year for 2019: no capital was invested that year.' },
    });
    const refused = await get('/api/explain?figure=irr', A);
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toBe(
      'Figure must be one of total_investments, total_income, total_roi, cash_balance, total_rental_investments, total_lc_investments, ' +
        'total_other_investments, xirr, equity_multiple, capital_returned, cash_distributed or roi_per_year:{year} (such as roi_per_year:2024); ' +
        'with a property name, one of total_investments, total_income, total_roi.',
    );
    expect(await get('/api/explain?figure=xirr&property_name=P', A)).toEqual({
      status: 400, body: { message: 'A property has only the figures total_investments, total_income, total_roi: leave out the property name for the others.' },
    });
    expect(await get('/api/explain', A)).toEqual({ status: 400, body: { message: 'Figure is required.' } });
    expect(await get('/api/explain?figure=xirr&as_of=2099-01-01', A)).toEqual({ status: 400, body: { message: 'As of cannot be a date in the future.' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/explain?figure=xirr' })).statusCode).toBe(401);
  });
});

describe('explanations in words on the demo books', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    const runtime = { db: t.testDb.db, services: t.services, jwtSecret: '', close: async () => {} };
    await loadDemoData(runtime, () => {}, t.clock.now().toISOString().slice(0, 10));
    token = await signIn(t.app, ADMIN.username, ADMIN.password);
  }, 300_000);
  afterAll(() => t?.close());

  it('explains every figure and every history row of every demo investor in words, each its own', async () => {
    const get: Get = async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      return { status: res.statusCode, body: res.json() as unknown };
    };
    const today = t.services.books.today();
    for (const { name } of DEMO_INVESTORS) {
      const { answers, rows, rowAnswers } = await explainEverything(get, name, today);
      expect(rows, name).toBeGreaterThan(30);
      // No boilerplate: a line of words without numbers (a headline, a rule) belongs to at most three panels
      // (a figure of the summary, its property's and a row can share one, as when a month has one property).
      // Arithmetic with amounts repeats only where the books do (the same rent, month after month).
      const panels = new Map<string, Set<string>>();
      for (const [key, e] of [...answers, ...rowAnswers]) {
        for (const line of [e.headline!, ...e.arithmetic!].filter((l) => !/[$%×]/.test(l))) panels.set(line, new Set([...(panels.get(line) ?? []), key]));
      }
      const repeated = [...panels].filter(([, keys]) => keys.size > 3).map(([line, keys]) => `${line} (${[...keys].join(', ')})`);
      expect(repeated, name).toEqual([]);
    }
  }, 600_000);
});

describe.each(DB_KINDS)('returns explained on random ledgers on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let investors: { name: string }[];
  beforeAll(async () => {
    t = await startTestApp(kind);
    token = await signIn(t.app, ADMIN.username, ADMIN.password);
    const [admin] = await t.testDb.db.query<{ id: number }>('SELECT id FROM portal_user WHERE username = $1', [ADMIN.username]);
    await loadBatched(t.app, t.testDb.db, token, admin!.id, scalePortfolio(TIERS.tiny, 20261114));
    investors = await t.testDb.db.query<{ name: string }>('SELECT name FROM investor ORDER BY id');
  }, 300_000);
  afterAll(() => t?.close());

  it('explains every figure of every investor: items add up, the NPV at the rate is within a cent', async () => {
    const get: Get = async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      return { status: res.statusCode, body: res.json() as unknown };
    };
    const rng = prng(1114);
    const today = t.services.books.today();
    // The scale books' descriptions carry their months ("Bank fees 2024-01"): the admin's words, quoted as typed.
    const typed = await t.testDb.db.query<{ text: string }>(`SELECT DISTINCT description AS text FROM ledger_entry WHERE description <> ''`);
    const quoted = typed.map((r) => r.text);
    let checked = 0;
    let rates = 0;
    for (const investor of investors) {
      const asOfs = [today, `2025-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`];
      for (const asOf of asOfs) {
        const { checked: n, answers } = await explainEverything(get, investor.name, asOf, quoted);
        checked += n;
        if (answers.get('xirr')?.value !== null) rates++;
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(rates, 'some investors have a rate').toBeGreaterThan(0);
  }, 300_000);
});
