import { z } from 'zod';
import { Dollars, IsoDate, MoneyOrZero, Name } from '../fields.js';

/**
 * Distribution runs: the quarterly payout as one draft an admin checks, changes and approves. Approval
 * records one ordinary cash withdrawal per line (docs/rules/withdrawals.md), so every figure stays what the
 * rules say; the run only remembers what was proposed, approved and how each investor is paid.
 */

export const MAX_RUN_INVESTORS = 500;
export const MAX_RUN_MEMO = 500;

const RunId = z.coerce.number({ error: 'must be a run number' }).int('must be a run number').min(1, 'must be a run number')
  .max(2_147_483_647, 'must be a run number');

/** Decimal text (or a JSON number) 0 < p ≤ 100 with at most two decimals → hundredths of a percent (5000 = 50 %). */
export const PERCENT_PATTERN = String.raw`^\s*0*(?:0\.(?:[1-9]\d?|0[1-9])|[1-9]\d?(?:\.\d{1,2})?|100(?:\.0{1,2})?)\s*$`;
export const Percent = z
  .union([z.number().meta({ exclusiveMinimum: 0, maximum: 100, multipleOf: 0.01 }), z.string().max(16).meta({ pattern: PERCENT_PATTERN })], {
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number'),
  })
  .meta({ description: 'More than 0 and at most 100, with at most two decimals, as a JSON number or decimal text.' })
  .transform((value, ctx): number => {
    const hundredths = parsePercent(value);
    if (typeof hundredths === 'number') return hundredths;
    ctx.addIssue({ code: 'custom', message: `Percent ${hundredths.reason}.` });
    return z.NEVER;
  });

/** "50" → 5000, "12.5" → 1250, "0.01" → 1; refuses 0, more than 100 and a third decimal. */
export function parsePercent(value: unknown): number | { reason: string } {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const [whole = '', fraction, ...rest] = text.split('.');
  if (rest.length > 0 || !/^\d+$/.test(whole) || (fraction !== undefined && !/^\d+$/.test(fraction))) {
    return { reason: 'must be a number such as 50 or 12.5' };
  }
  if ((fraction ?? '').length > 2) return { reason: 'must have at most two decimals' };
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > 3) return { reason: 'must be at most 100' };
  const hundredths = Number(digits) * 100 + Number((fraction ?? '').padEnd(2, '0'));
  if (hundredths === 0) return { reason: 'must be greater than zero' };
  if (hundredths > 10_000) return { reason: 'must be at most 100' };
  return hundredths;
}

export const DraftDistributionRunRequest = z.strictObject({
  date: IsoDate('Date'),
  mode: z.enum(['all_cash', 'percent'], { error: 'must be all_cash or percent' }),
  percent: Percent.optional(),
  /** Lines below it are left out (amount 0, still shown). */
  minimum: MoneyOrZero('Minimum').optional(),
  memo: z.string().trim().max(MAX_RUN_MEMO, `must be at most ${MAX_RUN_MEMO} characters`).optional(),
  /** An LLC's members; '' means none. */
  llc_name: z.string().normalize('NFC').trim().max(100, 'must be at most 100 characters').optional().transform((v) => v || undefined),
  /** Chosen investors; empty means none. */
  investor_names: z.array(Name).max(MAX_RUN_INVESTORS, `must name at most ${MAX_RUN_INVESTORS} investors`).optional(),
}).refine((r) => !(r.llc_name && r.investor_names?.length), {
  message: 'Choose either an LLC or investors, not both (neither: every investor).',
}).refine((r) => r.mode !== 'percent' || r.percent !== undefined, {
  message: 'Percent is required for a percent run (an all-cash run pays all and ignores it).',
});

export const DistributionRunQuery = z.strictObject({ id: RunId });
export const DistributionRunRequest = z.strictObject({ id: RunId });

export const ChangeDistributionLineRequest = z.strictObject({
  id: RunId,
  investor_name: Name,
  amount: MoneyOrZero('Amount'),
});

export const RunStatus = z.enum(['draft', 'approved', 'cancelled']);
export const PaymentMethod = z.enum(['ach', 'check']);

export const DistributionLine = z.object({
  investor_name: z.string(),
  /** The investor's cash maximum (§4.11) when the draft was made or the line last changed. */
  cash_available: Dollars,
  amount: Dollars,
  /** What the run's rule proposed before any change by hand. */
  computed: Dollars,
  /** How the amount was computed, in words ("50 % of 1,234.57 = 617.285, rounded down to 617.28"). */
  explanation: z.string(),
  method: PaymentMethod,
  /** The last four digits of the account an ACH payment goes to; null for a check. */
  account_last_four: z.string().nullable(),
  /** The cash withdrawal recorded for the line at approval. */
  entry_id: z.number().int().nullable(),
});
export type DistributionLine = z.infer<typeof DistributionLine>;

const RunAudience = z.union([
  z.object({ type: z.literal('everyone') }),
  z.object({ type: z.literal('llc'), llc_name: z.string() }),
  z.object({ type: z.literal('investors'), investor_names: z.array(z.string()) }),
]);

const RunHeader = z.object({
  id: z.number().int(),
  status: RunStatus,
  date: z.string(),
  mode: z.enum(['all_cash', 'percent']),
  /** The percent as decimal text ("50", "12.5"); null for an all-cash run. */
  percent: z.string().nullable(),
  minimum: Dollars,
  memo: z.string(),
  audience: RunAudience,
  total: Dollars,
  ach_total: Dollars,
  check_total: Dollars,
  paid_lines: z.number().int(),
  drafted_by: z.string().nullable(),
  drafted_at: z.string(),
  approved_by: z.string().nullable(),
  approved_at: z.string().nullable(),
  cancelled_by: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type DistributionRunHeader = z.infer<typeof RunHeader>;

export const DistributionRunResponse = RunHeader.extend({ lines: z.array(DistributionLine) });
export type DistributionRun = z.infer<typeof DistributionRunResponse>;
export const DraftDistributionRunResponse = DistributionRunResponse.extend({ message: z.string() });
export const DistributionRunWriteResponse = DistributionRunResponse.extend({ message: z.string() });

export const DistributionRunsResponse = z.object({ runs: z.array(RunHeader) });
