/**
 * The largest-remainder (Hamilton) split of domain.md §4.2: every split sums exactly to its total.
 * BigInt inside, because total × weight can pass 2^53 (§6.15).
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
  const sum = shares.reduce((s, x) => s + BigInt(x.weight), 0n);
  if (sum <= 0n) throw new Error('apportion needs a positive total weight');
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

/** Rounds numerator/denominator half away from zero (single values: fees, percents; domain.md §1). */
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
