import { parseAmount, type Cents } from '../domain/money.js';
import { isValidDate, toMonthStart, type IsoDate } from '../domain/dates.js';
import { ValidationError } from './errors.js';

/**
 * Field checks the services run on the contract's raw shapes. Each failure is a 400 whose message
 * names the field in the words of the form ("Amount must have at most two decimals.").
 */
export function amountField(label: string, value: unknown): Cents {
  const r = parseAmount(value);
  if (!r.ok) throw new ValidationError(`${label} ${r.reason}.`);
  return r.cents;
}

/** Like amountField, but zero is allowed (land value, a down payment of nothing). */
export function nonNegativeAmountField(label: string, value: unknown): Cents {
  if (value === 0 || value === '0' || value === '0.0' || value === '0.00') return 0;
  return amountField(label, value);
}

export function dateField(label: string, value: string): IsoDate {
  if (!isValidDate(value)) {
    throw new ValidationError(`${label} must be a real date between 1900-01-01 and 2099-12-31 (YYYY-MM-DD).`);
  }
  return value;
}

export function monthField(label: string, value: string): IsoDate {
  const month = toMonthStart(value);
  if (!month) throw new ValidationError(`${label} must be a month between 1900-01 and 2099-12 (YYYY-MM or YYYY-MM-DD).`);
  return month;
}

/** http(s) or app-relative picture addresses only (security.md V7): never javascript: or data:. */
export function pictureUrlField(value: string): string {
  const v = value.trim();
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  try {
    const url = new URL(v);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString();
  } catch {
    /* falls through */
  }
  throw new ValidationError('Picture URL must be an http(s) address or a path starting with /.');
}
