import { MAX_AMOUNT_CENTS } from '../../../../contract/values/money-text.js';

/**
 * A bank's amount text into integer cents, shared by the CSV and OFX readers. Banks write amounts every
 * way a person would: "-12.50", "12.50-", "(12.50)", "$1,234.56", "1.234,56 €", "1 234,56". The text is
 * read digit by digit into BigInt cents, never through a float (docs/rules/README.md), and a third
 * decimal is refused rather than rounded: "12.345" is a typo or a wrong decimal setting, not a cent.
 */

export type AmountResult =
  | { ok: true; cents: number }
  /** Why, as the end of a sentence: `the amount “12.345” ${reason}.` */
  | { ok: false; reason: string };

const MINUSES = new Set(['-', '\u2212']);
const CURRENCY = new Set(['$', '€', '£']);
/** Plain, no-break and narrow no-break spaces: all are written between groups of thousands. */
const SPACES = new Set([' ', '\u00a0', '\u202f']);

/** Takes the sign, parentheses and currency symbols off; null when they are doubled or misplaced. */
function stripSign(text: string): { negative: boolean; digits: string } | null {
  let s = text.trim();
  let signs = 0;
  let negative = false;
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = true;
    signs += 1;
    s = s.slice(1, -1).trim();
  }
  for (;;) {
    const first = s.charAt(0);
    const last = s.charAt(s.length - 1);
    if (CURRENCY.has(first) || SPACES.has(first)) s = s.slice(1);
    else if (CURRENCY.has(last) || SPACES.has(last)) s = s.slice(0, -1);
    else if (first === '+' || MINUSES.has(first)) {
      negative = negative || MINUSES.has(first);
      signs += 1;
      s = s.slice(1);
    } else if (MINUSES.has(last)) {
      negative = true;
      signs += 1;
      s = s.slice(0, -1);
    } else break;
  }
  return signs > 1 ? null : { negative, digits: s };
}

const isDigits = (s: string) => /^\d+$/.test(s);

/** The whole part with its thousands separators: "1,234,567" (groups of three after the first), or bare digits. */
function wholeOf(text: string, separators: Set<string>): string | null {
  const groups: string[] = [''];
  for (const ch of text) {
    if (separators.has(ch)) groups.push('');
    else groups[groups.length - 1] += ch;
  }
  if (groups.length === 1) return text === '' || isDigits(text) ? text : null;
  const [first, ...rest] = groups as [string, ...string[]];
  const grouped = isDigits(first) && first.length <= 3 && rest.every((g) => g.length === 3 && isDigits(g));
  return grouped ? groups.join('') : null;
}

/**
 * Reads one amount: money in positive, money out negative as the text says (the caller flips a card's
 * reversed signs). With `decimalComma`, "1.234,56" is 1234.56 and "1.234" is 1234.00; without it,
 * "1,234.56" is 1234.56, "1,234" is 1234.00 and "12.345" is refused for its three decimals.
 */
export function parseAmountText(text: string, { decimalComma = false }: { decimalComma?: boolean } = {}): AmountResult {
  const notAmount: AmountResult = { ok: false, reason: decimalComma ? 'is not an amount like 1.234,56' : 'is not an amount like 1,234.56' };
  const signed = stripSign(text);
  if (!signed || signed.digits === '') return notAmount;
  const point = decimalComma ? ',' : '.';
  const separators = new Set([decimalComma ? '.' : ',', "'", ...SPACES]);
  const parts = signed.digits.split(point);
  if (parts.length > 2) return notAmount;
  const whole = wholeOf(parts[0]!, separators);
  const fraction = parts[1] ?? '';
  if (whole === null || (fraction !== '' && !isDigits(fraction)) || (whole === '' && fraction === '')) return notAmount;
  if (fraction.length > 2) return { ok: false, reason: 'has more than two decimals' };
  const cents = BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0'));
  if (cents > BigInt(MAX_AMOUNT_CENTS)) return { ok: false, reason: 'is more than the largest amount the portal records (100,000,000.00)' };
  const value = Number(cents);
  return { ok: true, cents: signed.negative && value !== 0 ? -value : value };
}

/**
 * Whether amounts like these are written with a decimal comma: "1.234,56" or "-12,50" say yes, "12.50"
 * says no; "1,234" alone says nothing (a thousand, by the US reading). No sign either way: no.
 */
export function guessDecimalComma(values: readonly string[]): boolean {
  let comma = 0;
  let point = 0;
  for (const value of values) {
    const s = stripSign(value)?.digits ?? '';
    if (/,\d{1,2}$/.test(s) || /\.\d{3},/.test(s)) comma += 1;
    else if (/\.\d{1,2}$/.test(s) || /,\d{3}\./.test(s)) point += 1;
  }
  return comma > point;
}

/**
 * OFX amounts have no thousands separators, and the standard allows a comma as the decimal mark: the
 * last of "." or "," is the decimal mark ("-12,50", "1234.56", and a bank's "1.234,56" all read right).
 */
export function ofxDecimalComma(text: string): boolean {
  return text.lastIndexOf(',') > text.lastIndexOf('.');
}
