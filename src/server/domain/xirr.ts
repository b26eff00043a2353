import { roundDiv } from './apportion.js';
import { daysBetween, type IsoDate } from './dates.js';

/**
 * Money-weighted returns: the investor's annual rate of return over dated payments (what
 * Excel calls XIRR) and the equity multiple. Amounts are integer cents; only the rate is a float,
 * because it is the root of an equation, not an amount of money.
 */

/** A payment on a calendar date, seen from the investor: negative = the investor paid in. */
export type DatedCents = { date: IsoDate; cents: number };

/** A rate with its percent (two decimals, like the ROI figures), or null with a note in plain words. */
export type XirrAnswer =
  | { percent: number; rate: number; npvCents: number; flows: DatedCents[] }
  | { percent: null; note: string; flows: DatedCents[] };

/** The rates searched: a rate outside them is no answer an investor could use anyway. */
export const MIN_RATE = -0.99;
export const MAX_RATE = 100;
const GRID_POINTS = 600;
const TOLERANCE = 1e-9;
const MAX_ITERATIONS = 200;
const YEAR_DAYS = 365;

export const NOTES = {
  nothing: 'No return can be computed: no money went in or came out.',
  onlyIn: 'No return can be computed: money only went in.',
  onlyOut: 'No return can be computed: money only came out.',
  underAYear: 'No annual return yet: the first money went in or came out less than a year ago, and a return over less than a year is not annualised.',
  noRoot: 'No return can be computed: no yearly rate between −99 % and 10,000 % fits these payments.',
} as const;

const ambiguousNote = (rates: number[]) =>
  `No return can be computed: the return is ambiguous, because more than one yearly rate fits these payments (${rates
    .map((r) => `${toPercent(r).toFixed(2)} %`)
    .join(', ')}).`;

/** Adds payments on the same date, drops those that come to 0, and sorts by date. */
export function mergeFlows(flows: DatedCents[]): DatedCents[] {
  const byDate = new Map<IsoDate, number>();
  for (const f of flows) {
    if (!Number.isSafeInteger(f.cents)) throw new RangeError(`Not a whole number of cents: ${f.cents}`);
    daysBetween(f.date, f.date); // a date that is not one fails here, before any arithmetic
    byDate.set(f.date, (byDate.get(f.date) ?? 0) + f.cents);
  }
  return [...byDate]
    .filter(([, cents]) => cents !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, cents]) => ({ date, cents }));
}

/**
 * The investor's payments for xirr: each investment paid in (negative), each return of capital and
 * each cash withdrawal taken out (positive), and what the investor holds on `asOf` (active capital plus
 * cash balance) as if taken out that day. Inputs are the amounts as recorded: positive cents.
 */
export function investorFlows(input: {
  investments: DatedCents[];
  capitalReturned: DatedCents[];
  cashWithdrawn: DatedCents[];
  terminalCents: number;
  asOf: IsoDate;
}): DatedCents[] {
  const positive = (list: DatedCents[]) => {
    for (const f of list) if (f.cents < 0) throw new RangeError(`Expected a recorded amount (>= 0 cents), got ${f.cents}`);
    return list;
  };
  return mergeFlows([
    ...positive(input.investments).map((f) => ({ date: f.date, cents: -f.cents })),
    ...positive(input.capitalReturned),
    ...positive(input.cashWithdrawn),
    { date: input.asOf, cents: input.terminalCents },
  ]);
}

/** Σ cents / (1 + rate)^(days / 365) and its derivative in the rate, in cents (floats). */
function npv(flows: { years: number; cents: number }[], rate: number): { value: number; slope: number } {
  let value = 0;
  let slope = 0;
  for (const f of flows) {
    const term = f.cents * Math.pow(1 + rate, -f.years);
    value += term;
    slope -= (f.years * term) / (1 + rate);
  }
  return { value, slope };
}

/**
 * The investor's annual money-weighted return as of `asOf`: the rate solving
 * Σ cents_i / (1 + r)^(days_i / 365) = 0, with days counted from the first payment. Payments on one
 * date are added together first. Payments must not be dated after `asOf`.
 */
export function xirr(input: DatedCents[], asOf: IsoDate): XirrAnswer {
  const flows = mergeFlows(input);
  const none = (note: string): XirrAnswer => ({ percent: null, note, flows });
  const first = flows[0];
  const last = flows.at(-1);
  if (first === undefined || last === undefined) {
    // Money put in on as_of itself merges away with the terminal value of that day: money did move, less
    // than a year ago, which is what the investor should read, not that nothing moved.
    const recent = input.some((f) => f.cents !== 0 && daysBetween(f.date, asOf) < YEAR_DAYS);
    return none(recent ? NOTES.underAYear : NOTES.nothing);
  }
  if (daysBetween(last.date, asOf) < 0) throw new RangeError(`A payment on ${last.date} is after ${asOf}`);
  // By Descartes' rule of signs a rate exists only if the payments change sign.
  if (flows.every((f) => f.cents < 0)) return none(NOTES.onlyIn);
  if (flows.every((f) => f.cents > 0)) return none(NOTES.onlyOut);
  if (daysBetween(first.date, asOf) < YEAR_DAYS) return none(NOTES.underAYear);

  const timed = flows.map((f) => ({ years: daysBetween(first.date, f.date) / YEAR_DAYS, cents: f.cents }));
  const f = (rate: number) => npv(timed, rate);
  const roots = bracketRoots((rate) => f(rate).value).map((b) => (b.lo === b.hi ? b.lo : refine(f, b.lo, b.hi)));
  if (roots.length > 1) return none(ambiguousNote(roots));
  const rate = roots[0];
  if (rate === undefined) return none(NOTES.noRoot);
  return { percent: toPercent(rate), rate, npvCents: f(rate).value, flows };
}

type Bracket = { lo: number; hi: number };

/**
 * Scans the rates from −99 % to 10,000 % on a grid even in log(1 + rate) for sign changes of the NPV:
 * each change, or an exact zero, is one root. Roots closer together than a grid step can be missed;
 * a grid value that overflows (centuries at −99 %) is skipped.
 */
function bracketRoots(value: (rate: number) => number): Bracket[] {
  const lo = Math.log(1 + MIN_RATE);
  const hi = Math.log(1 + MAX_RATE);
  const brackets: Bracket[] = [];
  let previous: { rate: number; value: number } | undefined;
  for (let k = 0; k <= GRID_POINTS; k++) {
    // The ends exactly, not through exp(log(...)), so a root on an end is found.
    const rate = k === 0 ? MIN_RATE : k === GRID_POINTS ? MAX_RATE : Math.exp(lo + ((hi - lo) * k) / GRID_POINTS) - 1;
    const v = value(rate);
    if (!Number.isFinite(v)) continue;
    if (v === 0) {
      brackets.push({ lo: rate, hi: rate });
      previous = undefined; // the sign change across this zero is this root, not another
    } else {
      if (previous !== undefined && Math.sign(previous.value) !== Math.sign(v)) brackets.push({ lo: previous.rate, hi: rate });
      previous = { rate, value: v };
    }
  }
  return brackets;
}

/**
 * Newton's method kept inside a bracket with a sign change: a step that would leave the bracket (or a
 * flat slope) is replaced by bisection, so it always converges. It stops when a Newton step is under
 * 1e-9, taking that step: the rate is then far closer than 1e-9, which keeps the NPV within a cent.
 */
function refine(f: (rate: number) => { value: number; slope: number }, lo: number, hi: number): number {
  const loSign = Math.sign(f(lo).value);
  let rate = (lo + hi) / 2;
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const { value, slope } = f(rate);
    if (value === 0) return rate;
    if (Math.sign(value) === loSign) lo = rate;
    else hi = rate;
    const step = value / slope;
    // Checked before the bracket: a converged step can round onto the bracket's end it just set.
    if (Math.abs(step) < TOLERANCE) return rate - step;
    rate = rate - step > lo && rate - step < hi ? rate - step : (lo + hi) / 2;
    if (hi - lo < TOLERANCE) break;
  }
  return rate;
}

/**
 * The rate as a percent with two decimals, half away from zero. The rate is first cut to 1e-10, below
 * the solver's tolerance, so float noise (0.12344999999999999 for 0.12345) cannot decide a half.
 */
function toPercent(rate: number): number {
  const tenBillionths = BigInt(Math.round(rate * 1e10));
  return Number(roundDiv(tenBillionths, 1_000_000n)) / 100 || 0; // never −0
}

/**
 * (withdrawn + terminal) ÷ invested with two decimals, half away from zero, exact in integer cents;
 * null when nothing was invested. `withdrawnCents` is both kinds: capital returned and cash withdrawn.
 */
export function equityMultiple(investedCents: number, withdrawnCents: number, terminalCents: number): number | null {
  if (investedCents <= 0) return null;
  const back = BigInt(withdrawnCents) + BigInt(terminalCents);
  return Number(roundDiv(back * 100n, BigInt(investedCents))) / 100 || 0;
}
