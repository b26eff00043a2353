import { z } from 'zod';
import { DATE_PATTERN, isValidDate, MAX_DATE, MAX_YEAR, MIN_DATE, MIN_YEAR, MONTH_PATTERN, toMonthStart, YEAR_PATTERN } from './values/calendar.js';
import { FEE_CHOICE_TEXTS, FEE_CHOICES, parseFeeFraction } from './values/fee-fraction.js';
import { AMOUNT_OR_ZERO_PATTERN, AMOUNT_PATTERN, MAX_AMOUNT, parseAmount, SHOWN_AMOUNT_PATTERN } from './values/money-text.js';

/**
 * The field types of every request. Each one parses the text a form sends into the value the
 * services work with (cents, an ISO date, a month's first day, basis points) and, when it cannot,
 * refuses with the sentence the user reads, naming the field as the form labels it.
 */

/**
 * A JSON number or a decimal string, as a form or a script may send an amount. The parser (money-text.ts)
 * decides; `number` and `pattern` are what the API reference states it accepts (JSON Schema, from the
 * parser's own constants: a transform's rules are invisible to the generated document otherwise).
 */
const AmountText = (number: Record<string, unknown>, pattern: string, description: string) =>
  z
    .union([z.number().meta({ ...number, multipleOf: 0.01 }), z.string().max(32).meta({ pattern })], {
      error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number'),
    })
    .meta({ description: `${description}, with at most two decimals, as a JSON number or decimal text.` });
const MAX_WORDS = MAX_AMOUNT.toFixed(2);
const PositiveAmount = () => AmountText({ exclusiveMinimum: 0, maximum: MAX_AMOUNT }, AMOUNT_PATTERN, `More than 0 and at most ${MAX_WORDS}`);

const refuse = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/** A positive amount with at most two decimals → integer cents. */
export const Money = (label: string) =>
  PositiveAmount().transform((value, ctx): number => {
    const r = parseAmount(value);
    return r.ok ? r.cents : refuse(ctx, `${label} ${r.reason}.`);
  });

/** Like Money, but zero is allowed (land value, a down payment of nothing). */
export const MoneyOrZero = (label: string) =>
  AmountText({ minimum: 0, maximum: MAX_AMOUNT }, AMOUNT_OR_ZERO_PATTERN, `0 or more, at most ${MAX_WORDS}`).transform((value, ctx): number => {
    const r = parseAmount(value, { zero: true });
    return r.ok ? r.cents : refuse(ctx, `${label} ${r.reason}.`);
  });

/** An amount as a viewer shows it: withdrawals appear negative there, the row stores it positive. */
export const ShownMoney = (label: string) =>
  AmountText(
    { minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT, not: { const: 0 } }, SHOWN_AMOUNT_PATTERN,
    `Not 0, between -${MAX_WORDS} and ${MAX_WORDS} (a withdrawal as the viewer shows it, negative)`,
  ).transform((value, ctx): number => {
    const r = parseAmount(typeof value === 'string' ? value.trim().replace(/^-/, '') : Math.abs(value));
    return r.ok ? r.cents : refuse(ctx, `${label} ${r.reason}.`);
  });

/** 'YYYY-MM-DD', a real date between 1900 and 2099. */
export const IsoDate = (label: string) =>
  z
    .string()
    .max(10)
    .meta({ pattern: DATE_PATTERN, format: 'date', description: `A real date, YYYY-MM-DD, from ${MIN_DATE} to ${MAX_DATE}.` })
    .transform((value, ctx): string =>
      isValidDate(value)
        ? value
        : refuse(ctx, `${label} must be a real date between ${MIN_DATE} and ${MAX_DATE} (YYYY-MM-DD).`),
    );

/** 'YYYY-MM' or any day of the month → the month's first day 'YYYY-MM-01'. */
export const MonthStart = (label: string) =>
  z
    .string()
    .max(10)
    .meta({
      pattern: MONTH_PATTERN,
      description: `A month, YYYY-MM, from ${MIN_DATE.slice(0, 7)} to ${MAX_DATE.slice(0, 7)}; a real date of the month (YYYY-MM-DD) is read as its month.`,
    })
    .transform((value, ctx): string =>
    toMonthStart(value) ?? refuse(ctx, `${label} must be a month between 1900-01 and 2099-12 (YYYY-MM or YYYY-MM-DD).`),
  );

/** A fee as a fraction ("0.05") → basis points, one of 0, 500 … 5000. */
export const FeeFraction = z
  .union([z.string().max(10).meta({ enum: FEE_CHOICE_TEXTS }), z.number().meta({ enum: FEE_CHOICES })], {
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be a fraction such as 0.05'),
  })
  .meta({ description: 'The management fee as a fraction: 0, 0.05, 0.10 … 0.50 (0% to 50% in steps of 5%), as text or a JSON number.' })
  .transform((value, ctx): number => {
    const bps = parseFeeFraction(value);
    return bps ?? refuse(ctx, 'Fee percentage must be one of 0, 0.05, 0.10 … 0.50.');
  });

/** http(s) or app-relative picture addresses only (docs/security.md V7): never javascript: or data:. */
export const PictureUrl = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(2048, 'must be at most 2048 characters')
  .meta({
    pattern: String.raw`^\s*(?:/(?!/)|[Hh][Tt][Tt][Pp][Ss]?://[^\s/?#])`,
    description: 'An http(s) address, or a path on the portal starting with a single /.',
  })
  .transform((value, ctx): string => pictureAddress(value, ctx));

function pictureAddress(value: string, ctx: z.RefinementCtx): string {
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString();
  } catch {
    /* falls through to the refusal */
  }
  return refuse(ctx, 'Picture URL must be an http(s) address or a path starting with /.');
}

/**
 * A property's picture, which may be left out: absent, empty or blank is no picture,
 * '' in the books, and the investor page draws a tile with the property's initials until one is
 * uploaded; anything else must be a PictureUrl.
 */
export const OptionalPictureUrl = z
  .string()
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .meta({
    pattern: String.raw`^\s*(?:$|/(?!/)|[Hh][Tt][Tt][Pp][Ss]?://[^\s/?#])`,
    description: 'Optional: an http(s) address, or a path on the portal starting with a single /; empty for no picture.',
  })
  .transform((value, ctx): string => (value === '' ? '' : pictureAddress(value, ctx)))
  .optional();

/**
 * A letter or digit that shows: not a default-ignorable or format character (zero-width spaces and
 * joiners, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, which are letters that render blank),
 * nor the blank braille pattern U+2800.
 */
const VISIBLE_LETTER_OR_DIGIT = /(?![\p{Default_Ignorable_Code_Point}\p{Cf}\u2800])[\p{L}\p{N}]/u;

/**
 * The name of a property, investor, LLC, category or loren, as it is stored and looked up (server/lib/names.ts,
 * docs/decisions.md #21): in Unicode NFC, so "Café" typed with a combining accent is the same text as
 * typed precomposed, without surrounding spaces, and with at least one letter or digit that shows.
 */
export const Name = z
  .string()
  .normalize('NFC')
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters')
  .refine((value) => !/[\r\n\t]/.test(value), 'must be on one line')
  // A name of only invisible characters or symbols would look empty, or be no name, everywhere it shows.
  .refine((value) => VISIBLE_LETTER_OR_DIGIT.test(value), 'must contain a visible letter or digit');
export const Text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
export const RequiredText = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
/** An unchosen selector may come as absent, null or '': all mean "none". */
export const OptionalName = z.string().normalize('NFC').trim().max(100).nullable().optional();

/** A money figure the API answers: dollars as a JSON number with at most two decimals. */
export const Dollars = z.number();

/** A tax year as a selector or a script sends it ('2024' or 2024) → the year as a number. */
export const TaxYear = z
  .union([z.string().max(4).meta({ pattern: YEAR_PATTERN }), z.number().meta({ type: 'integer', minimum: MIN_YEAR, maximum: MAX_YEAR })], {
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be a year such as 2024'),
  })
  .meta({ description: `A year from ${MIN_YEAR} to ${MAX_YEAR}, as four digits or a JSON number.` })
  .transform((value, ctx): number => {
    const text = String(value).trim();
    const year = /^\d{4}$/.test(text) ? Number(text) : NaN;
    return year >= MIN_YEAR && year <= MAX_YEAR ? year : refuse(ctx, `Tax year must be a year between ${MIN_YEAR} and ${MAX_YEAR}.`);
  });
