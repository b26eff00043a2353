/**
 * An interest rate as the admin types it, a percent ("7.5"), and as the API keeps it, whole basis points
 * (750). Read from the text, never by multiplying a float: "7.15" is 715, not 714.9999….
 */

const PERCENT = /^(\d{1,3})(?:\.(\d{0,2}))?$/;

/** "7.5" → 750, "0.25" → 25, "100" → 10000; null for anything else (more than two decimals, over 100 %). */
export function percentToBps(text: string): number | null {
  const m = PERCENT.exec(text.trim());
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bps <= 10000 ? bps : null;
}

/** 750 → "7.5", 800 → "8", 467 → "4.67": the percent as the admin would type it. */
export function bpsToPercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const cents = String(bps % 100).padStart(2, '0').replace(/0+$/, '');
  return cents ? `${whole}.${cents}` : String(whole);
}

/** 750 → "7.50 %" for reading. */
export const rateText = (bps: number): string => `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')}%`;
