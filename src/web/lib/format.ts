/**
 * The one formatter module of the web app (docs/product.md "Formats and constants", docs/product.md "Look and feel"): en-US currency with a minus sign,
 * percentages with two decimals, MM/DD/YYYY dates and MM/YYYY months. Nothing else formats numbers.
 */
import { wholeUnits } from '../../contract/values/dollar-cents';
import { dateText, monthText, percentText, usd } from '../../contract/values/human-format';

// wholeUnits rounds by hand, not with Intl.NumberFormat: a page's first `new Intl.NumberFormat(…, { currency })`
// loads the browser's locale data, 25–100 ms of the main thread (×4 on a throttled phone) before the
// investor page can show a figure. It is the contract's one reading of dollars into cents (dollar-cents.ts).

/** 1234.5 → "$1,234.50"; -5 → "-$5.00"; rounded → "$1,235" (written by the shared human-format). */
export function formatCurrency(amount: number, opts: { rounded?: boolean } = {}): string {
  const sign = amount < 0 ? -1 : 1;
  return opts.rounded ? usd(sign * wholeUnits(Math.abs(amount), 0) * 100, { wholeDollars: true }) : usd(sign * wholeUnits(Math.abs(amount), 2));
}

/** 12.345 → "12.35%" (the server already rounds to two decimals). */
export const formatPercent = percentText;

/** "2024-07-01" → "07/01/2024". */
export const formatDate = dateText;

/** "2024-07" or "2024-07-01" → "07/2024". */
export const formatMonth = monthText;

/** A timestamp in the viewer's local time, or "N/A" (login summary, docs/product.md "Screens"). */
export const formatDateTime = (iso: string | null): string => (iso ? new Date(iso).toLocaleString('en-US') : 'N/A');

/** Axis ticks of percent charts: 10 → "10%", 2.5 → "2.5%" (the tooltip keeps the full two decimals). */
export const formatPercentTick = (value: number): string => `${Number(value.toFixed(2))}%`;

/** An equity multiple: 1.1 → "1.10×" (the server already rounds to two decimals). */
export const formatMultiple = (value: number): string => `${value.toFixed(2)}×`;

/** A rate as solved, unrounded, to six decimals without trailing zeros: 6.2087341… → "6.208734%". */
export const formatRate = (value: number): string => `${Number(value.toFixed(6))}%`;
