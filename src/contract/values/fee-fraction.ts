/**
 * The management fee arrives as a fraction string ("0.05") and is kept as integer basis points
 * (docs/rules/README.md): allowed values are 0, 5%, 10% … 50%, i.e. {0, 500, …, 5000}.
 */
export const FEE_CHOICES_BPS = Array.from({ length: 11 }, (_, k) => k * 500);

/**
 * The choices as the API reference lists them (JSON Schema `enum`): as numbers (0, 0.05 … 0.5), and as
 * text in the shortest form, the two-decimal form and the web form's "0.0" ("0", "0.0", "0.00", "0.05",
 * "0.1", "0.10" … "0.50"). The parser also reads other spellings of the same fractions (".5", "0.500").
 */
export const FEE_CHOICES = FEE_CHOICES_BPS.map((bps) => bps / 10000);
export const FEE_CHOICE_TEXTS = [...new Set(FEE_CHOICES.flatMap((f) => [String(f), f.toFixed(2), ...(f === 0 ? ['0.0'] : [])]))].sort();

export function parseFeeFraction(input: unknown): number | null {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  // "0", "0.05", ".5", "0.50": a whole part of 0 or 1 and up to four decimals, read as basis points.
  // eslint-disable-next-line security/detect-unsafe-regex -- anchored, bounded repetition: linear time
  const m = /^([01]?)(?:\.(\d{1,4}))?$/.exec(text);
  if (!m || text === '') return null;
  const bps = Number(m[1] || '0') * 10000 + Number((m[2] ?? '').padEnd(4, '0'));
  return FEE_CHOICES_BPS.includes(bps) ? bps : null;
}
