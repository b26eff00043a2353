/**
 * What a distribution run proposes to pay an investor, from their cash maximum (docs/rules/withdrawals.md),
 * in integer arithmetic only: a percent is hundredths of a percent (5000 = 50 %), the product is taken
 * in BigInt (cents × 10,000 can pass 2^53) and rounded down to the cent, so a line is never above its maximum.
 */
export type RunRule = { mode: 'all_cash' | 'percent'; percentHundredths: number | null };

/** The amount the rule proposes for a maximum of `maxCents`. */
export function proposedCents(maxCents: number, rule: RunRule): number {
  if (maxCents <= 0) return 0;
  if (rule.mode === 'all_cash' || rule.percentHundredths === null) return maxCents;
  return Number((BigInt(maxCents) * BigInt(rule.percentHundredths)) / 10_000n);
}

/** The line's amount: what the rule proposes, or 0 when that is below the run's minimum. */
export const lineCents = (maxCents: number, rule: RunRule, minimumCents: number): number => {
  const proposed = proposedCents(maxCents, rule);
  return proposed < minimumCents ? 0 : proposed;
};

/** 5000 → "50", 1250 → "12.5", 3333 → "33.33". */
export function percentText(hundredths: number): string {
  const fraction = String(hundredths % 100).padStart(2, '0').replace(/0+$/, '');
  return `${Math.trunc(hundredths / 100)}${fraction ? `.${fraction}` : ''}`;
}

function grouped(digits: string): string {
  let out = '';
  for (let k = 0; k < digits.length; k++) out += (k > 0 && (digits.length - k) % 3 === 0 ? ',' : '') + digits[k];
  return out;
}

/** 123457 → "1,234.57", as the screen's money reads without its dollar sign. */
export const amountText = (cents: number): string =>
  `${grouped(String(Math.trunc(cents / 100)))}.${String(cents % 100).padStart(2, '0')}`;

/** The exact product of a percent and an amount, in dollars: 5000 × 123457 → "617.285" (two decimals at least). */
function exactText(maxCents: number, hundredths: number): string {
  const millionths = BigInt(maxCents) * BigInt(hundredths); // dollars × 10^6
  const fraction = String(millionths % 1_000_000n).padStart(6, '0').replace(/0{1,4}$/, '');
  return `${grouped(String(millionths / 1_000_000n))}.${fraction.padEnd(2, '0')}`;
}

/**
 * The line in words, as the screen's "how this was computed" shows it: "50 % of 1,234.57 = 617.285, rounded
 * down to 617.28", then the minimum or a change by hand when either applies.
 */
export function explainLine(l: { maxCents: number; computedCents: number; amountCents: number }, rule: RunRule, minimumCents: number): string {
  const words: string[] = [];
  const proposed = proposedCents(l.maxCents, rule);
  if (l.maxCents <= 0) words.push('No cash available.');
  else if (rule.mode === 'all_cash' || rule.percentHundredths === null) words.push(`All of ${amountText(l.maxCents)}.`);
  else {
    const exact = exactText(l.maxCents, rule.percentHundredths);
    const rounded = amountText(proposed);
    words.push(`${percentText(rule.percentHundredths)} % of ${amountText(l.maxCents)} = ${exact}${exact === rounded ? '' : `, rounded down to ${rounded}`}.`);
  }
  if (l.maxCents > 0 && proposed < minimumCents) words.push(`${amountText(proposed)} is below the minimum of ${amountText(minimumCents)}: left out.`);
  if (l.amountCents !== l.computedCents) words.push(`Changed by hand to ${amountText(l.amountCents)}.`);
  return words.join(' ');
}
