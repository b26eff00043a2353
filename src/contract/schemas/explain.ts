import { z } from 'zod';
import { IsoDate, MonthStart } from '../fields.js';
import { MAX_YEAR, MIN_YEAR, YEAR_PATTERN } from '../values/calendar.js';

/**
 * "Show the math": GET /api/explain answers one figure of the investor summary or the
 * property detail with its formula in words and the dated items it is made of.
 */

/** The summary's figures that can be explained; roi_per_year is asked for one year: `roi_per_year:2024`. */
export const SUMMARY_FIGURES = [
  'total_investments', 'total_income', 'total_roi', 'cash_balance',
  'total_rental_investments', 'total_lc_investments', 'total_other_investments',
  'xirr', 'equity_multiple', 'capital_returned', 'cash_distributed',
] as const;
/** The property detail's figures, asked for with a property_name. */
export const PROPERTY_FIGURES = ['total_investments', 'total_income', 'total_roi'] as const;
/**
 * The figures a history row adds up to, asked for with a month: Investment History (and a
 * property's), Income History (and a property's), and Distributions History (both withdrawal totals).
 */
export const ROW_FIGURES = ['total_investments', 'total_income', 'capital_returned', 'cash_distributed'] as const;

export type SummaryFigure = (typeof SUMMARY_FIGURES)[number];
export type PropertyFigure = (typeof PROPERTY_FIGURES)[number];
/** A figure as the service receives it: a summary figure, or roi_per_year with its year. */
export type ExplainFigure = { name: SummaryFigure } | { name: 'roi_per_year'; year: number };

const ROI_YEAR = /^roi_per_year:(\d{4})$/;
const FIGURE_WORDS =
  `Figure must be one of ${SUMMARY_FIGURES.join(', ')} or roi_per_year:{year} (such as roi_per_year:2024); ` +
  `with a property name, one of ${PROPERTY_FIGURES.join(', ')}.`;

const Figure = z
  .string()
  .trim()
  .max(40)
  // What the API reference states: one of the summary's figures, or roi_per_year with a year in range.
  .meta({
    anyOf: [{ enum: [...SUMMARY_FIGURES] }, { pattern: `^roi_per_year:${YEAR_PATTERN.slice(1)}` }],
    description: FIGURE_WORDS,
  })
  .transform((value, ctx): ExplainFigure => {
    if ((SUMMARY_FIGURES as readonly string[]).includes(value)) return { name: value as SummaryFigure };
    const year = ROI_YEAR.exec(value)?.[1];
    if (year !== undefined && Number(year) >= MIN_YEAR && Number(year) <= MAX_YEAR) return { name: 'roi_per_year', year: Number(year) };
    ctx.addIssue({ code: 'custom', message: FIGURE_WORDS });
    return z.NEVER;
  });

export const ExplainQuery = z
  .strictObject({
    investor_name: z.string().trim().max(100).optional(),
    figure: Figure,
    property_name: z.string().trim().max(100).optional(),
    as_of: IsoDate('As of').optional(),
    // A history row's month: the explanation is that month's amount, as the row shows it.
    month: MonthStart('Month').optional(),
  })
  .superRefine((q, ctx) => {
    // The property detail has three figures; the others belong to the whole summary.
    if (q.property_name && !(PROPERTY_FIGURES as readonly string[]).includes(q.figure.name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['property_name'],
        message: `A property has only the figures ${PROPERTY_FIGURES.join(', ')}: leave out the property name for the others.`,
      });
    }
    if (q.month && !(ROW_FIGURES as readonly string[]).includes(q.figure.name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['month'],
        message: `A month is asked for only with the figures of the history tables, ${ROW_FIGURES.join(', ')}: leave out the month for the others.`,
      });
    }
  });

const ExplainItem = z.object({
  date: z.string().describe("YYYY-MM-DD; a month's item is dated the month's first day"),
  label: z.string().describe("The item in words: with its arithmetic, or, in a history row's month (where each item's arithmetic is a line of `arithmetic`), what it is"),
  amount: z.number().describe('Dollars'),
  part: z.string().optional().describe('For a ratio: the part (numerator or denominator) this item adds up to'),
});

export const ExplainResponse = z.object({
  figure: z.string(),
  value: z.number().nullable().describe("The figure, exactly as the summary or property detail answers it, or with a month the history row's amount (null: xirr or equity_multiple that has none)"),
  formula: z.string().describe('In words: what the figure is, then its arithmetic with the real numbers (the headline and the arithmetic lines, one a line)'),
  headline: z.string().optional().describe('One sentence saying what the figure is'),
  arithmetic: z.array(z.string()).optional().describe('The worked arithmetic with the real numbers, a line each, ending at the value'),
  month: z.string().optional().describe("YYYY-MM: the history row's month, when one was asked for; the value is that month's amount"),
  items: z.array(ExplainItem).describe('For a sum, they add up to the value to the cent; for a ratio, each adds up to its part'),
  parts: z.record(z.string(), z.number()).describe('Subtotals; for a ratio its numerator and denominator; for xirr the rate (percent, unrounded) and the net present value at it'),
});
export type ExplainResponse = z.infer<typeof ExplainResponse>;
