/**
 * Amounts arrive as JSON numbers or decimal strings and become integer cents through their decimal
 * text, never by multiplying a float by 100 (docs/rules/README.md). Shared by the server's request schemas and
 * the web forms, so both refuse the same input with the same words.
 */

/** The largest single amount accepted: $100,000,000.00 (docs/security.md V2), far inside 2^53. */
export const MAX_AMOUNT_CENTS = 10_000_000_000;
/** The same in dollars, as the API reference states it. */
export const MAX_AMOUNT = MAX_AMOUNT_CENTS / 100;

/**
 * The decimal texts parseAmount accepts, as the API reference states them (JSON Schema `pattern`,
 * ECMA-262): digits with at most two decimals, leading zeros allowed, at most 100000000.00, and
 * surrounding white space (what String.prototype.trim removes, which is what `\s` matches). The
 * agreement of each pattern with the parser is tested (contract/fields.test.ts), so neither can drift.
 */
const BELOW_ONE = String.raw`0(?:\.(?:[1-9]\d?|0[1-9]))`; // 0.01 … 0.99
const ZERO_OR_BELOW_ONE = String.raw`0(?:\.\d{1,2})?`; // 0 … 0.99
const ONE_TO_MAX = String.raw`[1-9]\d{0,7}(?:\.\d{1,2})?|${String(MAX_AMOUNT)}(?:\.0{1,2})?`; // 1 … 100000000.00
/** A positive amount: more than 0, at most 100000000.00. */
export const AMOUNT_PATTERN = String.raw`^\s*0*(?:${BELOW_ONE}|${ONE_TO_MAX})\s*$`;
/** An amount that may be zero (land value, a down payment of nothing). */
export const AMOUNT_OR_ZERO_PATTERN = String.raw`^\s*0*(?:${ZERO_OR_BELOW_ONE}|${ONE_TO_MAX})\s*$`;
/** An amount as a viewer shows it: a withdrawal is shown negative, so a minus sign may come first. */
export const SHOWN_AMOUNT_PATTERN = String.raw`^\s*-?\s*0*(?:${BELOW_ONE}|${ONE_TO_MAX})\s*$`;

/** Digits, maybe with a fraction: linear, the lengths are checked after the match. */
// eslint-disable-next-line security/detect-unsafe-regex -- anchored, the two digit runs are split by the point: linear time
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
/** Whole dollars have at most this many digits once leading zeros are dropped. */
const MAX_WHOLE_DIGITS = String(MAX_AMOUNT).length;

export type ParseResult = { ok: true; cents: number } | { ok: false; reason: string };

/**
 * Parses a positive amount with at most two decimals (with `zero`, zero too). A JS number is read
 * through its shortest decimal representation (String(0.1 + 0.2) is "0.30000000000000004", which is
 * rejected).
 */
export function parseAmount(input: unknown, { zero = false }: { zero?: boolean } = {}): ParseResult {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'must be a number' };
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { ok: false, reason: 'must be a number' };
  }
  if (text.startsWith('-')) return { ok: false, reason: 'must be greater than zero' };
  const m = DECIMAL.exec(text);
  if (!m) return { ok: false, reason: 'must be a number with at most two decimals' };
  const fraction = m[2] ?? '';
  if (fraction.length > 2) return { ok: false, reason: 'must have at most two decimals' };
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  const cents = whole.length > MAX_WHOLE_DIGITS ? Infinity : Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents === 0 && !zero) return { ok: false, reason: 'must be greater than zero' };
  if (cents > MAX_AMOUNT_CENTS) return { ok: false, reason: 'must be at most 100000000.00' };
  return { ok: true, cents };
}
