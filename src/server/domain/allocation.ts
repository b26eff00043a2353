import type { PropertyType } from '../../contract/values/property-types.js';
import { apportion, apportionEach, apportionOne, roundDiv, type Share } from './apportion.js';
import type { IsoDate } from './dates.js';
import { daysPerMonth, effectiveMonth, monthIndex, yearOf, type Month } from './months.js';

/**
 * The allocation engine of docs/rules/ownership.md and docs/rules/fees.md: who owns each property in each month, how each month's
 * net income splits between the owners, the cumulative high-water-mark fee, investor-specific and LLC
 * expenses. Pure: it takes the books as plain data (already limited to non-void entries up to as_of)
 * and returns every investor's monthly amounts in cents.
 */
export type { PropertyType };
export type PropertyInfo = { id: number; name: string; llcId: number; type: PropertyType; pictureUrl: string; notes?: string };

/** An investment (+) or investment withdrawal (−). */
export type CapitalEvent = { id: number; investorId: number; propertyId: number; date: IsoDate; cents: number };

export type BooksInput = {
  properties: PropertyInfo[];
  capital: CapitalEvent[];
  /** Σ income + lc payments − property expenses per (property, for_month), period income excluded. */
  propertyMonthNet: { propertyId: number; month: IsoDate; cents: number }[];
  periodIncomes: { propertyId: number; start: IsoDate; end: IsoDate; cents: number }[];
  investorExpenses: { investorId: number; propertyId: number; month: IsoDate; cents: number }[];
  llcExpenses: { id: number; llcId: number; date: IsoDate; cents: number }[];
  /** Fee history: bps in force from each month on. */
  fees: { investorId: number; month: IsoDate; bps: number }[];
};

export type PropertyMonth = { g: number; f: number; ei: number };
export type InvestorMonth = { byProperty: Map<number, PropertyMonth>; l: number };

export type Allocation = {
  /** investor → month → amounts */
  investors: Map<number, Map<Month, InvestorMonth>>;
  /** property → month → N(p, m) */
  net: Map<number, Map<Month, number>>;
  /** Net income of properties that never had an investor (docs/rules/tax-reports.md). */
  unallocated: Map<number, number>;
  /** LLC expenses of LLCs that never had an investor: nobody bears them. */
  unallocatedLlcExpenses: number;
  /** C(i, p, m) for any month. */
  capitalAt(investorId: number, propertyId: number, m: Month): number;
  /** The months at which some capital changes, per property. */
  capitalMonths(propertyId: number): Month[];
  /** W(p, m): the owners of a property in a month by capital, with the fallback of docs/rules/ownership.md; null if never owned. */
  ownersAt(propertyId: number, m: Month): Map<number, number> | null;
  /** The members of an LLC in a month by their capital in it, with the same fallback: LLC expenses' weights. */
  llcOwnersAt(llcId: number, m: Month): Map<number, number> | null;
};

type CapitalState = Map<number, number>; // investor → capital, only > 0

/** Capital of one property over time: a sorted list of (month, state after that month's changes). */
function capitalTimeline(events: CapitalEvent[]): { month: Month; state: CapitalState }[] {
  const byMonth = new Map<Month, CapitalEvent[]>();
  for (const e of events) {
    const m = effectiveMonth(e.date);
    byMonth.set(m, [...(byMonth.get(m) ?? []), e]);
  }
  const running = new Map<number, number>();
  return [...byMonth.keys()]
    .sort((a, b) => a - b)
    .map((month) => {
      for (const e of byMonth.get(month)!) running.set(e.investorId, (running.get(e.investorId) ?? 0) + e.cents);
      return { month, state: new Map([...running].filter(([, c]) => c > 0)) };
    });
}

function stateAt(timeline: { month: Month; state: CapitalState }[], m: Month): CapitalState {
  let found: CapitalState = new Map();
  for (const point of timeline) {
    if (point.month > m) break;
    found = point.state;
  }
  return found;
}

/**
 * Weights with the fallback of docs/rules/ownership.md: this month's owners; else the first later month with capital
 * (items before funding go to the first investors); else the last earlier one; else none.
 */
function weightsWithFallback(months: Month[], at: (m: Month) => CapitalState, m: Month): CapitalState | null {
  const now = at(m);
  if (now.size > 0) return now;
  for (const c of months) if (c > m && at(c).size > 0) return at(c);
  for (const c of [...months].reverse()) if (c < m && at(c).size > 0) return at(c);
  return null;
}

// The same owner state splits many amounts (a month's income, an LLC's several expenses in a month):
// its shares are made once per state object.
const sharesMade = new WeakMap<CapitalState, Share[]>();
const shares = (state: CapitalState): Share[] => {
  let made = sharesMade.get(state);
  if (!made) sharesMade.set(state, (made = [...state].map(([key, weight]) => ({ key, weight }))));
  return made;
};

/**
 * `onlyInvestor`: keep the amounts of that investor alone. Every split is still made over all owners
 * (the largest-remainder cent of one depends on the others), but the other investors' monthly cells are
 * not built: an investor's own figures need only theirs, and in a hundred-member LLC over ten years
 * those cells were most of the memory a cold answer allocated (docs/performance.md).
 */
export function allocate(input: BooksInput, { onlyInvestor }: { onlyInvestor?: number } = {}): Allocation {
  const kept = (iid: number) => onlyInvestor === undefined || iid === onlyInvestor;
  /** Splits `cents` by the weights into `add`: every owner's part, or with onlyInvestor theirs alone. */
  const splitInto = (cents: number, weights: CapitalState, add: (iid: number, part: number) => void) => {
    if (onlyInvestor === undefined) apportionEach(cents, shares(weights), add);
    else if (weights.has(onlyInvestor)) add(onlyInvestor, apportionOne(cents, weights, onlyInvestor));
  };
  const propertyById = new Map(input.properties.map((p) => [p.id, p]));
  const timelines = new Map<number, { month: Month; state: CapitalState }[]>();
  // Grouped in one pass: filtering the whole capital list per property was quadratic in the books.
  const capitalOf = new Map<number, CapitalEvent[]>();
  for (const e of input.capital) {
    let list = capitalOf.get(e.propertyId);
    if (!list) capitalOf.set(e.propertyId, (list = []));
    list.push(e);
  }
  for (const p of input.properties) timelines.set(p.id, capitalTimeline(capitalOf.get(p.id) ?? []));
  const timeline = (pid: number) => timelines.get(pid) ?? [];
  const capitalMonths = (pid: number) => timeline(pid).map((t) => t.month);
  const capitalAt = (iid: number, pid: number, m: Month) => stateAt(timeline(pid), m).get(iid) ?? 0;

  const investors = new Map<number, Map<Month, InvestorMonth>>();
  const cell = (iid: number, m: Month): InvestorMonth => {
    let months = investors.get(iid);
    if (!months) investors.set(iid, (months = new Map()));
    let c = months.get(m);
    if (!c) months.set(m, (c = { byProperty: new Map(), l: 0 }));
    return c;
  };
  const propertyCell = (iid: number, pid: number, m: Month): PropertyMonth => {
    const c = cell(iid, m);
    let pc = c.byProperty.get(pid);
    if (!pc) c.byProperty.set(pid, (pc = { g: 0, f: 0, ei: 0 }));
    return pc;
  };

  // N(p, m) (docs/rules/ownership.md), with period income spread over its days.
  const net = new Map<number, Map<Month, number>>();
  const addNet = (pid: number, m: Month, cents: number) => {
    let months = net.get(pid);
    if (!months) net.set(pid, (months = new Map()));
    months.set(m, (months.get(m) ?? 0) + cents);
  };
  for (const row of input.propertyMonthNet) addNet(row.propertyId, monthIndex(row.month), row.cents);
  for (const p of input.periodIncomes) {
    const parts = apportion(p.cents, daysPerMonth(p.start, p.end).map((d) => ({ key: d.month, weight: d.days })));
    for (const [m, cents] of parts) addNet(p.propertyId, m, cents);
  }

  // G(i, p, m): the largest-remainder split of N by the month's owners.
  const unallocated = new Map<number, number>();
  for (const [pid, months] of net) {
    const points = timeline(pid);
    const changeMonths = points.map((t) => t.month);
    const at = (m: Month) => stateAt(points, m);
    // The months in order, so this month's owners are found by moving along the timeline, not by
    // reading it from its start for each month (a property's ten years of changes, for each of its months).
    let next = 0;
    let owners: CapitalState = new Map();
    for (const [m, n] of [...months].sort((a, b) => a[0] - b[0])) {
      for (; next < points.length && points[next]!.month <= m; next++) owners = points[next]!.state;
      const weights = owners.size > 0 ? owners : weightsWithFallback(changeMonths, at, m);
      if (!weights) {
        unallocated.set(pid, (unallocated.get(pid) ?? 0) + n);
        continue;
      }
      splitInto(n, weights, (iid, g) => (propertyCell(iid, pid, m).g += g));
    }
  }

  // Ei: 100% to the named investor (docs/rules/ownership.md).
  for (const e of input.investorExpenses) if (kept(e.investorId)) propertyCell(e.investorId, e.propertyId, monthIndex(e.month)).ei += e.cents;

  // L(i, m): each LLC expense split by the members' capital in the LLC that month (docs/rules/ownership.md).
  const llcProperties = new Map<number, number[]>();
  for (const p of input.properties) llcProperties.set(p.llcId, [...(llcProperties.get(p.llcId) ?? []), p.id]);
  // The members' capital in an LLC over time, made once per LLC: the sum of its properties' states at
  // each month where one of them changes (between those months no sum changes). Summed per month as
  // asked, it was most of a cold answer's time (docs/performance.md: a 40-property LLC over ten years).
  const llcTimelines = new Map<number, { month: Month; state: CapitalState }[]>();
  const llcTimeline = (llcId: number) => {
    let found = llcTimelines.get(llcId);
    if (found) return found;
    const pids = llcProperties.get(llcId) ?? [];
    const months = [...new Set(pids.flatMap(capitalMonths))].sort((a, b) => a - b);
    found = months.map((month) => {
      const sum: CapitalState = new Map();
      for (const pid of pids) for (const [iid, c] of stateAt(timeline(pid), month)) sum.set(iid, (sum.get(iid) ?? 0) + c);
      return { month, state: sum };
    });
    llcTimelines.set(llcId, found);
    return found;
  };
  // Memoized per (LLC, month): an LLC pays several expenses a month.
  const llcMemo = new Map<string, CapitalState | null>();
  const llcOwnersAt = (llcId: number, m: Month): CapitalState | null => {
    const key = `${llcId}:${m}`;
    if (llcMemo.has(key)) return llcMemo.get(key)!;
    const points = llcTimeline(llcId);
    const weights = weightsWithFallback(points.map((p) => p.month), (month) => stateAt(points, month), m);
    llcMemo.set(key, weights);
    return weights;
  };
  let unallocatedLlcExpenses = 0;
  for (const e of input.llcExpenses) {
    const m = monthIndex(e.date);
    const weights = llcOwnersAt(e.llcId, m);
    if (!weights) {
      unallocatedLlcExpenses += e.cents; // an LLC with no investors ever: nobody bears it
      continue;
    }
    splitInto(-e.cents, weights, (iid, l) => (cell(iid, m).l += l));
  }

  // F(i, p, t): the cumulative high-water-mark fee with its history (docs/rules/fees.md).
  const feeHistory = new Map<number, { month: Month; bps: number }[]>();
  for (const f of input.fees) {
    const history = feeHistory.get(f.investorId);
    // Pushed, not copied: an investor's fifty changes copied at each would be 1,275 copies, for each investor.
    if (history) history.push({ month: monthIndex(f.month), bps: f.bps });
    else feeHistory.set(f.investorId, [{ month: monthIndex(f.month), bps: f.bps }]);
  }
  for (const history of feeHistory.values()) history.sort((a, b) => a.month - b.month);
  const rateAt = (iid: number, m: Month) => {
    let bps = 0;
    for (const f of feeHistory.get(iid) ?? []) {
      if (f.month > m) break;
      bps = f.bps;
    }
    return bps;
  };
  for (const [iid, months] of investors) {
    // Each (investor, property) on its own: only the properties the investor has amounts in, months in order.
    const ordered = [...months.keys()].sort((a, b) => a - b);
    const pids = new Set<number>();
    for (const m of ordered) for (const pid of months.get(m)!.byProperty.keys()) if (propertyById.has(pid)) pids.add(pid);
    for (const pid of pids) {
      let cumG = 0;
      let pos = 0;
      let exactFee = 0n; // in 1/10000 of a cent
      let cumFee = 0n;
      for (const m of ordered) {
        const pc = months.get(m)!.byProperty.get(pid);
        if (!pc || pc.g === 0) continue;
        cumG += pc.g;
        const newPos = Math.max(0, cumG);
        exactFee += BigInt(rateAt(iid, m)) * BigInt(newPos - pos);
        if (exactFee < 0n) exactFee = 0n; // a clawback never exceeds the fees taken
        pos = newPos;
        const newCumFee = roundDiv(exactFee, 10000n);
        pc.f = Number(newCumFee - cumFee);
        cumFee = newCumFee;
      }
    }
  }

  const ownersAt = (pid: number, m: Month) => weightsWithFallback(capitalMonths(pid), (month) => stateAt(timeline(pid), month), m);
  return { investors, net, unallocated, unallocatedLlcExpenses, capitalAt, capitalMonths, ownersAt, llcOwnersAt };
}

/**
 * Each investor's management fees of one year on the given properties: Σ F(i, p, m) over that year's
 * months (docs/rules/fees.md). The LLC tax report's fee table reads it, with the LLC's properties.
 */
export function feesInYear(allocation: Allocation, year: number, propertyIds: readonly number[]): Map<number, number> {
  const ids = new Set(propertyIds);
  const fees = new Map<number, number>();
  for (const [investorId, months] of allocation.investors) {
    let fee = 0;
    for (const [m, im] of months) {
      if (yearOf(m) !== year) continue;
      for (const [pid, pm] of im.byProperty) if (ids.has(pid)) fee += pm.f;
    }
    fees.set(investorId, fee);
  }
  return fees;
}

/** Inet(i, p, m) = G − F − Ei (docs/rules/fees.md). */
export const inet = (pm: PropertyMonth): number => pm.g - pm.f - pm.ei;

/** cashflow(i, m) = Σ_p Inet(i, p, m) + L(i, m) (docs/rules/cash.md). */
export const cashflow = (im: InvestorMonth): number => [...im.byProperty.values()].reduce((s, pm) => s + inet(pm), 0) + im.l;
