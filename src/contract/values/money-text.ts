/**
 * Amounts arrive as JSON numbers or decimal strings and become integer cents through their decimal
 * text, never by multiplying a float by 100 (domain.md D1). Shared by the server's request schemas and
 * the web forms, so both refuse the same input with the same words.
 */

/** The largest single amount accepted: $100,000,000.00 (security.md V2), far inside 2^53. */
export const MAX_AMOUNT_CENTS = 10_000_000_000;

// eslint-disable-next-line security/detect-unsafe-regex -- anchored, bounded repetition: linear time
const DECIMAL = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

export type ParseResult = { ok: true; cents: number } | { ok: false; reason: string };

/**
 * Parses a positive amount with at most two decimals. A JS number is read through its shortest
 * decimal representation (String(0.1 + 0.2) is "0.30000000000000004", which is rejected).
 */
export function parseAmount(input: unknown): ParseResult {
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
  if (!m) {
    if (/^\d+\.\d{3,}$/.test(text)) return { ok: false, reason: 'must have at most two decimals' };
    return { ok: false, reason: 'must be a number with at most two decimals' };
  }
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (cents <= 0) return { ok: false, reason: 'must be greater than zero' };
  if (cents > MAX_AMOUNT_CENTS) return { ok: false, reason: 'must be at most 100000000.00' };
  return { ok: true, cents };
}
