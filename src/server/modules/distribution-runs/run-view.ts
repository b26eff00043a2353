import type { DistributionLine, DistributionRun, DistributionRunHeader } from '../../../contract/schemas/distribution-runs.js';
import { centsToDollars } from '../../domain/money.js';
import { explainLine, percentText, type RunRule } from './line-amounts.js';
import type { LineRow, RunRow } from './distribution-runs.repository.js';

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

export const ruleOf = (run: RunRow): RunRule => ({ mode: run.mode, percentHundredths: run.percentHundredths });

/** A line as the API answers it: dollars, the computation in words, how it is paid. */
export function lineView(run: RunRow, l: LineRow): DistributionLine {
  return {
    investor_name: l.investorName,
    cash_available: centsToDollars(l.cashAvailableCents),
    amount: centsToDollars(l.amountCents),
    computed: centsToDollars(l.computedCents),
    explanation: explainLine({ maxCents: l.cashAvailableCents, computedCents: l.computedCents, amountCents: l.amountCents }, ruleOf(run), run.minimumCents),
    method: l.method,
    account_last_four: l.accountLast4,
    entry_id: l.entryId,
  };
}

/** A run's header with its totals (ACH and checks apart), from its lines. */
export function headerView(run: RunRow, lines: readonly LineRow[], investorNames: readonly string[]): DistributionRunHeader {
  const sum = (ls: readonly LineRow[]) => ls.reduce((s, l) => s + l.amountCents, 0);
  const paid = lines.filter((l) => l.amountCents > 0);
  return {
    id: run.id,
    status: run.status,
    date: run.date,
    mode: run.mode,
    percent: run.percentHundredths === null ? null : percentText(run.percentHundredths),
    minimum: centsToDollars(run.minimumCents),
    memo: run.memo,
    audience: run.audience === 'llc' ? { type: 'llc', llc_name: run.llcName ?? '' }
      : run.audience === 'investors' ? { type: 'investors', investor_names: [...investorNames] } : { type: 'everyone' },
    total: centsToDollars(sum(paid)),
    ach_total: centsToDollars(sum(paid.filter((l) => l.method === 'ach'))),
    check_total: centsToDollars(sum(paid.filter((l) => l.method === 'check'))),
    paid_lines: paid.length,
    drafted_by: run.draftedBy,
    drafted_at: iso(run.draftedAt)!,
    approved_by: run.approvedBy,
    approved_at: iso(run.approvedAt),
    cancelled_by: run.cancelledBy,
    cancelled_at: iso(run.cancelledAt),
  };
}

export function runView(run: RunRow, lines: readonly LineRow[]): DistributionRun {
  return { ...headerView(run, lines, lines.map((l) => l.investorName)), lines: lines.map((l) => lineView(run, l)) };
}
