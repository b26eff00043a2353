/**
 * The management fee arrives as a fraction string ("0.05") and is kept as integer basis points
 * (domain.md §1): allowed values are 0, 5%, 10% … 50%, i.e. {0, 500, …, 5000}.
 */
export const FEE_CHOICES_BPS = Array.from({ length: 11 }, (_, k) => k * 500);

export function parseFeeFraction(input: unknown): number | null {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  const m = /^(0|1)(?:\.(\d{1,4}))?$/.exec(text) ?? /^\.(\d{1,4})()$/.exec(text);
  if (!m) return null;
  const [whole, frac] = m[0].startsWith('.') ? ['0', m[1] ?? ''] : [m[1] ?? '0', m[2] ?? ''];
  const bps = Number(whole) * 10000 + Number(frac.padEnd(4, '0'));
  return FEE_CHOICES_BPS.includes(bps) ? bps : null;
}
