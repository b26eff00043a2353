/**
 * The management fee arrives as a fraction string ("0.05") and is kept as integer basis points
 * (domain.md §1): allowed values are 0, 5%, 10% … 50%, i.e. {0, 500, …, 5000}.
 */
export const FEE_CHOICES_BPS = Array.from({ length: 11 }, (_, k) => k * 500);

export function parseFeeFraction(input: unknown): number | null {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  // "0", "0.05", ".5", "0.50": a whole part of 0 or 1 and up to four decimals, read as basis points.
  // eslint-disable-next-line security/detect-unsafe-regex -- anchored, bounded repetition: linear time
  const m = /^([01]?)(?:\.(\d{1,4}))?$/.exec(text);
  if (!m || text === '') return null;
  const bps = Number(m[1] || '0') * 10000 + Number((m[2] ?? '').padEnd(4, '0'));
  return FEE_CHOICES_BPS.includes(bps) ? bps : null;
}
