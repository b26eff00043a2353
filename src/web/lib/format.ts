/**
 * The one formatter module of the web app (portal-spec §9, ui.md): en-US currency with a minus sign,
 * percentages with two decimals, MM/DD/YYYY dates and MM/YYYY months. Nothing else formats numbers.
 */
/**
 * en-US dollars written out by hand, as Intl.NumberFormat would write them: a page's first
 * `new Intl.NumberFormat(…, { currency })` loads the browser's locale data, 25–100 ms of the main
 * thread (×4 on Lighthouse's phone) before the investor page can show a figure (issue 25 item 9).
 * Like Intl, it rounds the shortest decimal that reads back as the number, a tie away from zero
 * (1.005 → 1.01, where toFixed, rounding the binary value 1.00499…, writes 1.00). `amount` ≥ 0.
 */
function dollars(amount: number, decimals: 0 | 2): string {
  let [whole = '', fraction = ''] = String(amount).split('.');
  if (/e/i.test(whole + fraction)) [whole = '', fraction = ''] = amount.toFixed(decimals).split('.'); // below 1e-6: 0
  if (fraction.length > decimals) {
    const up = fraction.charCodeAt(decimals) >= 53; // the next digit is 5 or more
    const digits = (BigInt(whole + fraction.slice(0, decimals)) + (up ? 1n : 0n)).toString().padStart(decimals + 1, '0');
    [whole, fraction] = [digits.slice(0, digits.length - decimals), digits.slice(digits.length - decimals)];
  }
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return decimals === 0 ? `$${grouped}` : `$${grouped}.${fraction.padEnd(decimals, '0')}`;
}

/** 1234.5 → "$1,234.50"; -5 → "-$5.00"; rounded → "$1,235". */
export function formatCurrency(amount: number, opts: { rounded?: boolean } = {}): string {
  const text = dollars(Math.abs(amount), opts.rounded ? 0 : 2);
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
