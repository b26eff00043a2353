import { z } from 'zod';
import { isValidDate, toMonthStart } from './values/calendar.js';
import { parseFeeFraction } from './values/fee-fraction.js';
import { parseAmount } from './values/money-text.js';

/**
 * The field types of every request. Each one parses the text a form sends into the value the
 * services work with (cents, an ISO date, a month's first day, basis points) and, when it cannot,
 * refuses with the sentence the user reads, naming the field as the form labels it.
 */

/** A JSON number or a decimal string, as a form or a script may send an amount. */
const AmountText = z.union([z.number(), z.string().max(32)], {
  error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number'),
});

const refuse = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/** A positive amount with at most two decimals → integer cents. */
export const Money = (label: string) =>
  AmountText.transform((value, ctx): number => {
    const r = parseAmount(value);
    return r.ok ? r.cents : refuse(ctx, `${label} ${r.reason}.`);
  });

/** Like Money, but zero is allowed (land value, a down payment of nothing). */
export const MoneyOrZero = (label: string) =>
  AmountText.transform((value, ctx): number => {
    if (value === 0 || value === '0' || value === '0.0' || value === '0.00') return 0;
    const r = parseAmount(value);
    return r.ok ? r.cents : refuse(ctx, `${label} ${r.reason}.`);
  });

/** An amount as a viewer shows it: withdrawals appear negative there, the row stores it positive. */
export const ShownMoney = (label: string) =>
  AmountText.transform((value, ctx): number => {
    const r = parseAmount(typeof value === 'string' ? value.trim().replace(/^-/, '') : Math.abs(value));
    return r.ok ? r.cents : refuse(ctx, `${label} ${r.reason}.`);
  });

/** 'YYYY-MM-DD', a real date between 1900 and 2099. */
export const IsoDate = (label: string) =>
  z.string().max(10).transform((value, ctx): string =>
    isValidDate(value)
      ? value
      : refuse(ctx, `${label} must be a real date between 1900-01-01 and 2099-12-31 (YYYY-MM-DD).`),
  );

/** 'YYYY-MM' or any day of the month → the month's first day 'YYYY-MM-01'. */
export const MonthStart = (label: string) =>
  z.string().max(10).transform((value, ctx): string =>
    toMonthStart(value) ?? refuse(ctx, `${label} must be a month between 1900-01 and 2099-12 (YYYY-MM or YYYY-MM-DD).`),
  );

/** A fee as a fraction ("0.05") → basis points, one of 0, 500 … 5000. */
export const FeeFraction = z
  .union([z.string().max(10), z.number()], {
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be a fraction such as 0.05'),
  })
  .transform((value, ctx): number => {
    const bps = parseFeeFraction(value);
    return bps ?? refuse(ctx, 'Fee percentage must be one of 0, 0.05, 0.10 … 0.50.');
  });

/** http(s) or app-relative picture addresses only (security.md V7): never javascript: or data:. */
export const PictureUrl = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(2048, 'must be at most 2048 characters')
  .transform((value, ctx): string => {
    if (value.startsWith('/') && !value.startsWith('//')) return value;
    try {
      const url = new URL(value);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString();
    } catch {
      /* falls through to the refusal */
    }
    return refuse(ctx, 'Picture URL must be an http(s) address or a path starting with /.');
  });

/** The name of a property, investor, LLC, category or loren. */
export const Name = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters')
  .refine((value) => !/[\r\n\t]/.test(value), 'must be on one line')
  // A name of only invisible characters (zero-width spaces, joiners) would look empty everywhere it shows.
  .refine((value) => /[^\s\u200B-\u200D\u2060\uFEFF]/.test(value), 'must contain a visible character');
export const Text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
export const RequiredText = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
/** An unchosen selector may come as absent, null or '': all mean "none". */
export const OptionalName = z.string().trim().max(100).nullable().optional();

/** A money figure the API answers: dollars as a JSON number with at most two decimals. */
export const Dollars = z.number();

/** A tax year as a selector or a script sends it ('2024' or 2024) → the year as a number. */
export const TaxYear = z
  .union([z.string().max(4), z.number()], {
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be a year such as 2024'),
  })
  .transform((value, ctx): number => {
    const text = String(value).trim();
    const year = /^\d{4}$/.test(text) ? Number(text) : NaN;
    return year >= 1900 && year <= 2099 ? year : refuse(ctx, 'Tax year must be a year between 1900 and 2099.');
  });
