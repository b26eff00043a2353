import { capitalLabel } from './explain-capital.js';
import { cents, percentOf, type ExplainInput, type ExplainItem, type Explanation } from './explain-types.js';
import { usd } from './explain-words.js';
import type { IsoDate } from './dates.js';

/** The money-weighted figures explained (issue 14): xirr, equity multiple and the two withdrawal totals. */

export const FLOW_CONVENTION =
  "Cash flows from the investor's side: each investment as a negative amount on its date; each investment " +
  'withdrawal and each cash withdrawal as a positive amount on its date; and a terminal value (active capital plus ' +
  'cash balance, both as of as_of) as a positive amount on as_of. Flows on the same date are added together.';

const XIRR_FORMULA =
  "xirr is the investor's money-weighted annual return, in percent with two decimals: the rate r that solves " +
  'Σ amount_i / (1 + r)^(days_i / 365) = 0, with days_i counted from the first flow, found by Newton\'s method ' +
  'with a bisection fallback to within 1e-9 and rounded half away from zero. ' +
  FLOW_CONVENTION +
  ' There is no rate when none exists (no sign change), when the first flow is less than 365 days before as_of, ' +
  'when more than one rate between −99 % and 10,000 % solves it (ambiguous), or when the solver cannot bracket a root.';

/** What the investor paid in and took out, each with its words, by date. */
function flowWords(input: ExplainInput): Map<IsoDate, string[]> {
  const nameOf = new Map(input.books.properties.map((p) => [p.id, p.name]));
  const words = new Map<IsoDate, string[]>();
  const add = (date: IsoDate, text: string) => words.set(date, [...(words.get(date) ?? []), text]);
  const events = input.books.capital.filter((e) => e.investorId === input.investorId);
  for (const e of [...events].sort((a, b) => a.id - b.id)) add(e.date, `${capitalLabel(e, nameOf.get(e.propertyId) ?? '')} ${usd(Math.abs(e.cents))}`);
  for (const w of input.cashWithdrawals.filter((x) => x.investorId === input.investorId)) {
    add(w.date, `Cash withdrawal${w.description ? ` (${w.description})` : ''} ${usd(w.cents)}`);
  }
  const f = input.figures;
  add(input.asOf, `Terminal value on ${input.asOf}: capital ${usd(f.totalInvestments)} + cash balance ${usd(f.cashBalance)}`);
  return words;
}

export function explainXirr(input: ExplainInput): Explanation {
  const answer = input.returns.xirr;
  const words = flowWords(input);
  const items: ExplainItem[] = answer.flows.map((f) => ({ date: f.date, label: (words.get(f.date) ?? []).join('; '), cents: f.cents }));
  if (answer.percent === null) return { value: percentOf(null), formula: `${XIRR_FORMULA} Here: ${answer.note}`, items, parts: {} };
  return {
    value: percentOf(answer.percent),
    formula: `${XIRR_FORMULA} The parts are the rate as solved (unrounded) and the net present value of the flows at that rate.`,
    items,
    parts: { rate: percentOf(answer.rate * 100), net_present_value: cents(Math.round(answer.npvCents) || 0) },
  };
}

const withdrawalItems = (input: ExplainInput, kinds: { capital: boolean; cash: boolean }): ExplainItem[] => {
  const nameOf = new Map(input.books.properties.map((p) => [p.id, p.name]));
  const capital = kinds.capital
    ? input.books.capital
        .filter((e) => e.investorId === input.investorId && e.cents < 0)
        .map((e) => ({ id: e.id, date: e.date, label: `Return of capital from ${nameOf.get(e.propertyId) ?? ''}`, cents: -e.cents }))
    : [];
  const cash = kinds.cash
    ? input.cashWithdrawals
        .filter((w) => w.investorId === input.investorId)
        .map((w) => ({ id: w.id, date: w.date, label: `Cash withdrawal${w.description ? `: ${w.description}` : ''}`, cents: w.cents }))
    : [];
  return [...capital, ...cash]
    .sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.id - b.id))
    .map(({ date, label, cents: c }) => ({ date, label, cents: c }));
};

export const explainCapitalReturned = (input: ExplainInput): Explanation => ({
  value: cents(input.returns.capitalReturnedTotal),
  formula: 'capital_returned = Σ investment withdrawals dated on or before as_of (capital paid back to you; it lowers your capital, not your cash).',
  items: withdrawalItems(input, { capital: true, cash: false }),
  parts: {},
});

export const explainCashDistributed = (input: ExplainInput): Explanation => ({
  value: cents(input.returns.cashDistributedTotal),
  formula: 'cash_distributed = Σ cash withdrawals dated on or before as_of (income paid out to you; it lowers your cash balance).',
  items: withdrawalItems(input, { capital: false, cash: true }),
  parts: {},
});

export function explainEquityMultiple(input: ExplainInput): Explanation {
  const r = input.returns;
  const f = input.figures;
  const invested = input.books.capital
    .filter((e) => e.investorId === input.investorId && e.cents > 0)
    .sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.id - b.id));
  const nameOf = new Map(input.books.properties.map((p) => [p.id, p.name]));
  const returned: ExplainItem[] = [
    ...withdrawalItems(input, { capital: true, cash: true }),
    { date: input.asOf, label: `Terminal value: capital still invested on ${input.asOf}`, cents: f.totalInvestments },
    { date: input.asOf, label: `Terminal value: cash balance on ${input.asOf}`, cents: f.cashBalance },
  ];
  return {
    value: { unit: 'multiple', n: r.equityMultiple },
    formula:
      'equity_multiple = (Σ withdrawals of both kinds + terminal value) ÷ Σ investments, two decimals, rounded half away ' +
      'from zero; none without investments. The terminal value is active capital plus cash balance, both as of as_of. ' +
      'The items under "returned" add up to the numerator, those under "invested" to the denominator.',
    items: [
      ...returned.map((i) => ({ ...i, part: 'returned' })),
      ...invested.map((e) => ({ date: e.date, label: `Investment in ${nameOf.get(e.propertyId) ?? ''}`, cents: e.cents, part: 'invested' })),
    ],
    parts: { returned: cents(r.capitalReturnedTotal + r.cashDistributedTotal + r.terminal), invested: cents(r.invested) },
  };
}
