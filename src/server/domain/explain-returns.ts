import { capitalLabel } from './explain-capital.js';
import { cents, percentOf, type ExplainInput, type ExplainItem, type Explanation } from './explain-types.js';
import { count, dateWords, monthWords, pct, sumLine, usd } from './explain-words.js';
import { daysBetween, type IsoDate } from './dates.js';
import { monthIndex, yearOf, type Month } from './months.js';

/** The money-weighted figures explained: xirr, equity multiple and the two withdrawal totals. */

/** What the investor paid in and took out, each in words, by date (xirr's flows are added up per date). */
function flowWords(input: ExplainInput): Map<IsoDate, string[]> {
  const nameOf = new Map(input.books.properties.map((p) => [p.id, p.name]));
  const words = new Map<IsoDate, string[]>();
  const add = (date: IsoDate, text: string) => words.set(date, [...(words.get(date) ?? []), text]);
  const events = input.books.capital.filter((e) => e.investorId === input.investorId);
  for (const e of [...events].sort((a, b) => a.id - b.id)) add(e.date, `${capitalLabel(e, nameOf.get(e.propertyId) ?? '')} ${usd(Math.abs(e.cents))}`);
  for (const w of input.cashWithdrawals.filter((x) => x.investorId === input.investorId)) {
    add(w.date, `Cash paid out to you${w.description ? ` (${w.description})` : ''} ${usd(w.cents)}`);
  }
  const f = input.figures;
  add(input.asOf, `What you hold on ${dateWords(input.asOf)}: capital ${usd(f.totalInvestments)} + cash balance ${usd(f.cashBalance)}`);
  return words;
}

const XIRR_HEADLINE =
  'This is your yearly return counting when each dollar went in and came out: the one yearly rate at which the money ' +
  'you put in would grow into what you have been paid and still hold.';

/** "You put in …; you have been paid …; on … you hold …". */
function paidInAndOut(input: ExplainInput): string {
  const r = input.returns;
  const f = input.figures;
  return (
    `You put in ${usd(r.invested)} and have been paid ${usd(r.capitalReturnedTotal + r.cashDistributedTotal)}; ` +
    `on ${dateWords(input.asOf)} you hold ${usd(r.terminal)} (capital ${usd(f.totalInvestments)} + cash balance ${usd(f.cashBalance)})`
  );
}

export function explainXirr(input: ExplainInput): Explanation {
  const answer = input.returns.xirr;
  const words = flowWords(input);
  const items: ExplainItem[] = answer.flows.map((f) => ({ date: f.date, label: (words.get(f.date) ?? []).join('; '), cents: f.cents }));
  if (answer.percent === null) {
    return { value: percentOf(null), headline: answer.note, arithmetic: [paidInAndOut(input)], items, parts: {} };
  }
  // Each flow grown at the rate up to as_of: what went in and what came out come to the same amount.
  const grown = (sign: 1 | -1) =>
    Math.round(answer.flows.filter((f) => Math.sign(f.cents) === sign).reduce((s, f) => s + Math.abs(f.cents) * Math.pow(1 + answer.rate, daysBetween(f.date, input.asOf) / 365), 0));
  const [paidIn, paidOut] = [grown(-1), grown(1)];
  const grownLine = Number.isSafeInteger(paidIn) && Number.isSafeInteger(paidOut);
  const same =
    Math.abs(paidIn - paidOut) <= 2
      ? `what you put in and what you got back with what you hold both come to ${usd(paidIn)}`
      : `what you put in comes to ${usd(paidIn)} and what you got back with what you hold to ${usd(paidOut)}`;
  return {
    value: percentOf(answer.percent),
    headline: XIRR_HEADLINE,
    arithmetic: [
      paidInAndOut(input),
      ...(grownLine ? [`Each amount grown from its own date to ${dateWords(input.asOf)}, ${same} at a yearly rate of ${pct(answer.percent)}`] : []),
    ],
    items,
    parts: { rate: percentOf(answer.rate * 100), net_present_value: cents(Math.round(answer.npvCents) || 0) },
  };
}

type Withdrawal = { id: number; date: IsoDate; label: string; line: string; cents: number };

const withdrawals = (input: ExplainInput, kinds: { capital: boolean; cash: boolean }, month?: Month): Withdrawal[] => {
  const nameOf = new Map(input.books.properties.map((p) => [p.id, p.name]));
  const inMonth = (date: IsoDate) => month === undefined || monthIndex(date) === month;
  const capital = kinds.capital
    ? input.books.capital
        .filter((e) => e.investorId === input.investorId && e.cents < 0 && inMonth(e.date))
        .map((e) => {
          const name = nameOf.get(e.propertyId) ?? '';
          return { id: e.id, date: e.date, label: `Capital returned from ${name}`, line: `Capital returned from ${name} on ${dateWords(e.date)}`, cents: -e.cents };
        })
    : [];
  const cash = kinds.cash
    ? input.cashWithdrawals
        .filter((w) => w.investorId === input.investorId && inMonth(w.date))
        .map((w) => ({
          id: w.id,
          date: w.date,
          label: `Cash paid out to you${w.description ? `: ${w.description}` : ''}`,
          line: `Paid out to you on ${dateWords(w.date)}${w.description ? ` (${w.description})` : ''}`,
          cents: w.cents,
        }))
    : [];
  return [...capital, ...cash].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.id - b.id));
};

const withdrawalItems = (list: Withdrawal[]): ExplainItem[] => list.map(({ date, label, cents: c }) => ({ date, label, cents: c }));

/**
 * The arithmetic of payments to the investor: in a month's row each payment with its date; over many
 * months the payments added up, or, when there are many, added up by year.
 */
function paymentsArithmetic(list: Withdrawal[], month?: Month): string[] {
  if (list.length === 0) return [];
  const [only] = list;
  if (list.length === 1 && only) return [`${only.line}: ${usd(only.cents)}`];
  if (month !== undefined || list.length <= 5) {
    const lines = month !== undefined ? list.map((w) => `${w.line}: ${usd(w.cents)}`) : [];
    const total = sumLine(list.map((w) => w.cents), month !== undefined ? `Paid in ${monthWords(month)}` : 'Total');
    return total ? [...lines, total] : lines;
  }
  const years = new Map<number, { cents: number; n: number }>();
  for (const w of list) {
    const y = yearOf(monthIndex(w.date));
    const t = years.get(y) ?? { cents: 0, n: 0 };
    years.set(y, { cents: t.cents + w.cents, n: t.n + 1 });
  }
  const lines = [...years].map(([y, t]) => `${y}, ${count(t.n, 'payment')}: ${usd(t.cents)}`);
  const total = sumLine([...years.values()].map((t) => t.cents), 'Total');
  return total ? [...lines, total] : lines;
}

const inWhen = (month?: Month) => (month === undefined ? '' : ` in ${monthWords(month)}`);

export function explainCapitalReturned(input: ExplainInput, month?: Month): Explanation {
  const list = withdrawals(input, { capital: true, cash: false }, month);
  return {
    value: cents(month === undefined ? input.returns.capitalReturnedTotal : list.reduce((s, w) => s + w.cents, 0)),
    headline:
      month === undefined
        ? 'This is the part of your investments paid back to you; it lowers your Active Investments, not your Cash Balance.'
        : `This is the capital paid back to you${inWhen(month)}.`,
    arithmetic: paymentsArithmetic(list, month),
    items: withdrawalItems(list),
    parts: {},
  };
}

export function explainCashDistributed(input: ExplainInput, month?: Month): Explanation {
  const list = withdrawals(input, { capital: false, cash: true }, month);
  return {
    value: cents(month === undefined ? input.returns.cashDistributedTotal : list.reduce((s, w) => s + w.cents, 0)),
    headline:
      month === undefined
        ? 'This is the income paid out to you in cash; it lowers your Cash Balance.'
        : `This is the income paid out to you in cash${inWhen(month)}.`,
    arithmetic: paymentsArithmetic(list, month),
    items: withdrawalItems(list),
    parts: {},
  };
}

/** The cash withdrawals as negative items (a cash balance's), and their arithmetic's total. */
export const cashWithdrawalItems = (input: ExplainInput): ExplainItem[] =>
  withdrawalItems(withdrawals(input, { capital: false, cash: true })).map((i) => ({ ...i, cents: -i.cents }));

export function explainEquityMultiple(input: ExplainInput): Explanation {
  const r = input.returns;
  const f = input.figures;
  const invested = input.books.capital
    .filter((e) => e.investorId === input.investorId && e.cents > 0)
    .sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.id - b.id));
  const nameOf = new Map(input.books.properties.map((p) => [p.id, p.name]));
  const returned: ExplainItem[] = [
    ...withdrawalItems(withdrawals(input, { capital: true, cash: true })),
    { date: input.asOf, label: `Capital still invested on ${dateWords(input.asOf)}`, cents: f.totalInvestments },
    { date: input.asOf, label: `Cash balance on ${dateWords(input.asOf)}`, cents: f.cashBalance },
  ];
  const back = r.capitalReturnedTotal + r.cashDistributedTotal + r.terminal;
  const arithmetic = [
    `${usd(r.capitalReturnedTotal)} capital returned + ${usd(r.cashDistributedTotal)} income paid out + ${usd(f.totalInvestments)} still invested ` +
      `+ ${usd(f.cashBalance)} cash balance = ${usd(back)}`,
    r.equityMultiple === null ? 'Nothing has been invested yet, so there is no multiple.' : `${usd(back)} ÷ ${usd(r.invested)} put in = ${r.equityMultiple.toFixed(2)}×`,
  ];
  return {
    value: { unit: 'multiple', n: r.equityMultiple },
    headline: 'This is what you have been paid plus what you still hold, for each dollar you put in.',
    arithmetic,
    items: [
      ...returned.map((i) => ({ ...i, part: 'returned' })),
      ...invested.map((e) => ({ date: e.date, label: `Investment in ${nameOf.get(e.propertyId) ?? ''}`, cents: e.cents, part: 'invested' })),
    ],
    parts: { returned: cents(back), invested: cents(r.invested) },
  };
}

