/**
 * The largest-remainder (Hamilton) split of docs/rules/ownership.md: every split sums exactly to its total.
 * BigInt inside, because total × weight can pass 2^53.
 */
export type Share = { key: number; weight: number };

/** floor(a / b) for b > 0, rounding toward −∞ (BigInt "/" truncates toward zero). */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/**
 * Splits `total` cents (may be negative) by non-negative weights. Leftover cents go to the largest
 * fractional parts; ties go to the larger weight, then the lower key. Weights must sum to more than 0.
 */
export function apportion(total: number, shares: Share[]): Map<number, number> {
  const split = new Map<number, number>();
  apportionEach(total, shares, (key, part) => split.set(key, part));
  return split;
}

/**
 * `apportion` handed to `add` share by share, in the order of `shares`, without the map: the allocation
 * splits every property-month's income and every LLC expense this way, hundreds of thousands of splits
 * for a whole group's balances, and a map per split was much of their garbage (docs/performance.md).
 */
export function apportionEach(total: number, shares: readonly Share[], add: (key: number, part: number) => void): void {
  let sum = 0;
  for (const share of shares) sum += share.weight;
  if (!(sum > 0)) throw new Error('apportion needs a positive total weight');
  // Exact in doubles while every product stays a safe integer (the usual case); BigInt beyond.
  if (Math.abs(total) * sum <= Number.MAX_SAFE_INTEGER) apportionSafe(total, sum, shares, add);
  else for (const [key, part] of apportionBig(total, [...shares])) add(key, part);
}

// Scratch space of apportionSafe, grown to the largest split and reused; a split made from inside
// another's `add` gets its own.
let baseScratch = new Float64Array(64);
let remainderScratch = new Float64Array(64);
let scratchInUse = false;

/**
 * The same split in plain numbers: the quotient is corrected by its remainder, so it is exact too.
 * Written with flat arrays and an index sort, and no sort at all when nothing is left over: an LLC
 * expense is split across a hundred members, hundreds of times in one investor's figures (docs/performance.md),
 * and per-share objects made this the costliest step of a cold answer.
 */
function apportionSafe(total: number, sum: number, shares: readonly Share[], add: (key: number, part: number) => void): void {
  const n = shares.length;
  const own = scratchInUse;
  if (!own && baseScratch.length < n) [baseScratch, remainderScratch] = [new Float64Array(n * 2), new Float64Array(n * 2)];
  const base = own ? new Float64Array(n) : baseScratch;
  const remainder = own ? new Float64Array(n) : remainderScratch;
  scratchInUse = true;
  let given = 0;
  for (let i = 0; i < n; i++) {
    const exact = total * shares[i]!.weight;
    let b = Math.floor(exact / sum);
    let r = exact - b * sum;
    if (r < 0) [b, r] = [b - 1, r + sum];
    else if (r >= sum) [b, r] = [b + 1, r - sum];
    base[i] = b;
    remainder[i] = r;
    given += b;
  }
  const left = total - given;
  if (left > 0) {
    // Remainders and weights are whole numbers below 2^53, so their differences are exact.
    const order = Array.from({ length: n }, (_, i) => i).sort(
      (a, b) => remainder[b]! - remainder[a]! || shares[b]!.weight - shares[a]!.weight || shares[a]!.key - shares[b]!.key,
    );
    for (let k = 0; k < left; k++) base[order[k]!]! += 1;
  }
  try {
    for (let i = 0; i < n; i++) add(shares[i]!.key, base[i]! || 0); // never −0 (0 × a negative total)
  } finally {
    scratchInUse = own;
  }
}

/**
 * One key's part of `apportion(total, shares)` (shares given as a map of key → weight), without making the others': its floor, plus the leftover
 * cent if fewer than the leftover cents go to shares ranked before it (larger remainder, then larger
 * weight, then lower key). One pass and no sort: an investor's own figures need only their own part of
 * each LLC expense split across a hundred members (docs/performance.md). 0 for a key not among the shares.
 */
export function apportionOne(total: number, weights: ReadonlyMap<number, number>, key: number): number {
  let sum = 0;
  for (const weight of weights.values()) sum += weight;
  if (!(sum > 0)) throw new Error('apportion needs a positive total weight');
  const myWeight = weights.get(key);
  if (myWeight === undefined) return 0;
  const mine = { key, weight: myWeight };
  if (Math.abs(total) * sum > Number.MAX_SAFE_INTEGER) {
    return apportionBig(total, [...weights].map(([k, weight]) => ({ key: k, weight }))).get(key)!;
  }
  const split = (weight: number) => {
    const exact = total * weight;
    let base = Math.floor(exact / sum);
    let remainder = exact - base * sum;
    if (remainder < 0) [base, remainder] = [base - 1, remainder + sum];
    else if (remainder >= sum) [base, remainder] = [base + 1, remainder - sum];
    return { base, remainder };
  };
  const own = split(mine.weight);
  let given = 0;
  let ahead = 0;
  for (const [k, weight] of weights) {
    const { base, remainder } = split(weight);
    given += base;
    const before = remainder !== own.remainder ? remainder > own.remainder : weight !== mine.weight ? weight > mine.weight : k < key;
    if (before) ahead++;
  }
  return own.base + (ahead < total - given ? 1 : 0) || 0; // never −0
}

/** The BigInt split, always exact; exported for the test that the fast path agrees with it. */
export function apportionBig(total: number, shares: Share[]): Map<number, number> {
  const sum = shares.reduce((s, x) => s + BigInt(x.weight), 0n);
  const t = BigInt(total);
  const parts = shares.map((s) => {
    const exact = t * BigInt(s.weight);
    const base = floorDiv(exact, sum);
    return { ...s, base, remainder: exact - base * sum };
  });
  let left = t - parts.reduce((s, p) => s + p.base, 0n);
  const order = [...parts].sort((a, b) =>
    a.remainder !== b.remainder ? (b.remainder > a.remainder ? 1 : -1) : b.weight !== a.weight ? b.weight - a.weight : a.key - b.key,
  );
  for (const p of order) {
    if (left <= 0n) break;
    p.base += 1n;
    left -= 1n;
  }
  return new Map(parts.map((p) => [p.key, Number(p.base)]));
}

/** Rounds numerator/denominator half away from zero (single values: fees, percents; docs/rules/README.md). */
export function roundDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new Error('roundDiv needs a positive denominator');
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const q = (2n * n + denominator) / (2n * denominator);
  return negative ? -q : q;
}

/** 100 × part / whole as a percent with two decimals (e.g. 10.04), 0 when whole is 0. */
export function percent(part: number, whole: number): number {
  if (whole === 0) return 0;
  return Number(roundDiv(BigInt(part) * 10000n, BigInt(whole))) / 100;
}

/** An exact share: n / d cents, d > 0. */
export type Fraction = { n: bigint; d: bigint };

const gcd = (a: bigint, b: bigint): bigint => {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y) [x, y] = [y, x % y];
  return x || 1n;
};

export const fraction = (n: bigint, d = 1n): Fraction => {
  const g = gcd(n, d);
  return { n: n / g, d: d / g };
};

export const addFractions = (a: Fraction, b: Fraction): Fraction => fraction(a.n * b.d + b.n * a.d, a.d * b.d);

/** The exact parts of `cents` split by weights (no rounding): what a cell accumulates before it is rounded once. */
export function exactParts(cents: number, weights: Map<number, number>): Map<number, Fraction> {
  const sum = [...weights.values()].reduce((s, w) => s + BigInt(w), 0n);
  if (sum <= 0n) throw new Error('exactParts needs a positive total weight');
  return new Map([...weights].map(([key, w]) => [key, fraction(BigInt(cents) * BigInt(w), sum)]));
}

/**
 * Rounds exact shares that add up to a whole number of cents (a report cell, docs/rules/tax-reports.md) to cents
 * summing to that total: floor each, then the leftover cents to the largest fractional parts; ties go
 * to the larger share, then the lower key (docs/rules/ownership.md). Shares may be negative, as a member's net can be.
 */
export function roundShares(shares: Map<number, Fraction>): Map<number, number> {
  const entries = [...shares];
  if (entries.length === 0) return new Map();
  const lcm = entries.reduce((l, [, f]) => (l * f.d) / gcd(l, f.d), 1n);
  const scaled = entries.map(([key, f]) => ({ key, value: f.n * (lcm / f.d) }));
  const total = scaled.reduce((s, x) => s + x.value, 0n);
  if (total % lcm !== 0n) throw new Error('roundShares needs shares that add up to whole cents');
  const parts = scaled.map((x) => {
    const base = floorDiv(x.value, lcm);
    return { ...x, base, remainder: x.value - base * lcm };
  });
  let left = total / lcm - parts.reduce((s, p) => s + p.base, 0n);
  const order = [...parts].sort((a, b) =>
    a.remainder !== b.remainder ? (b.remainder > a.remainder ? 1 : -1) : a.value !== b.value ? (b.value > a.value ? 1 : -1) : a.key - b.key,
  );
  for (const p of order) {
    if (left <= 0n) break;
    p.base += 1n;
    left -= 1n;
  }
  return new Map(parts.map((p) => [p.key, Number(p.base)]));
}
