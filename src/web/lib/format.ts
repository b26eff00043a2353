/**
 * The one formatter module of the web app (portal-spec §9, ui.md): en-US currency with a minus sign,
 * percentages with two decimals, MM/DD/YYYY dates and MM/YYYY months. Nothing else formats numbers.
 */
const currency2 = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const currency0 = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** 1234.5 → "$1,234.50"; -5 → "-$5.00"; rounded → "$1,235". */
export function formatCurrency(amount: number, opts: { rounded?: boolean } = {}): string {
  const text = (opts.rounded ? currency0 : currency2).format(Math.abs(amount));
  return amount < 0 && text !== '$0.00' && text !== '$0' ? `-${text}` : text;
}

/** 12.345 → "12.35%" (the server already rounds to two decimals). */
export const formatPercent = (value: number): string => `${value.toFixed(2)}%`;

/** "2024-07-01" → "07/01/2024". */
export function formatDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso;
}

/** "2024-07" or "2024-07-01" → "07/2024". */
export function formatMonth(iso: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(iso);
  return m ? `${m[2]}/${m[1]}` : iso;
}

/** A timestamp in the viewer's local time, or "N/A" (login summary, portal-spec §3). */
export const formatDateTime = (iso: string | null): string => (iso ? new Date(iso).toLocaleString('en-US') : 'N/A');

/** Axis ticks of percent charts: 10 → "10%", 2.5 → "2.5%" (the tooltip keeps the full two decimals). */
export const formatPercentTick = (value: number): string => `${Number(value.toFixed(2))}%`;

/** An equity multiple: 1.1 → "1.10×" (the server already rounds to two decimals). */
export const formatMultiple = (value: number): string => `${value.toFixed(2)}×`;

/** A rate as solved, unrounded, to six decimals without trailing zeros: 6.2087341… → "6.208734%". */
export const formatRate = (value: number): string => `${Number(value.toFixed(6))}%`;
