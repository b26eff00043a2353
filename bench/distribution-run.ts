/**
 * A distribution run for every investor of the seeded books, as the admin pays a quarter out (issue 32,
 * item 4): the draft (each investor's cash maximum today, target ≤ 2 s), its approval, which records one
 * cash withdrawal per line in one transaction (target ≤ 5 s), then the undo: an approved run cannot be
 * cancelled, so each withdrawal it recorded is voided through the API, as the refusal to cancel one says,
 * and the books are as seeded for the next run. Meanwhile a bare request is timed now and then, as beside
 * the bank import.
 *
 * Approval: the bench's server runs without REQUIRE_SECOND_APPROVER (its default), so the admin who drafted
 * the run approves it. With it set, another admin must approve (tests/integration/distribution-runs.test.ts
 * makes one with users.createAdmin; through the API one is invited with /admin/invite_staff and must set up
 * two-factor sign-in), which changes nothing of the work measured here.
 */
import { probeHealthz } from './healthz-probe.js';
import { postJson } from './post-json.js';
import { dollarsText, parseCents } from '../src/contract/values/dollar-cents.js';
import { usd } from '../src/contract/values/human-format.js';

export type DistributionRunScenario = {
  /** Lines of the draft: every investor of the books. */
  lines: number;
  /** Lines with an amount above 0, each a cash withdrawal once approved. */
  paidLines: number;
  totalCents: number;
  draftSeconds: number;
  approveSeconds: number;
  /** The voids of the run's withdrawals, which leave the books as they were. */
  undoSeconds: number;
  voided: number;
  waitP50: number;
  waitMax: number;
};

export const DISTRIBUTION_RUN_TARGETS = { draftSeconds: 2, approveSeconds: 5 };

/** How many voids are sent at once: enough to keep the server busy, few enough not to queue for long. */
const VOIDS_AT_ONCE = 4;

type Line = { investor_name: string; amount: number; entry_id: number | null };
type RunAnswer = { id: number; status: string; date: string; total: number; paid_lines: number; lines: Line[] };

/** The API's dollars (a JSON number with at most two decimals) as cents, through their text as the web app reads them. */
const centsOf = (dollars: number) => parseCents(dollarsText(dollars))!;

/**
 * `date`: the run's date, after every seeded entry (the withdrawals take each investor's cash of today) and
 * not in the future (the draft refuses one). Every run voids what it recorded, so runs may share the date.
 */
export async function measureDistributionRun(base: string, token: string, date: string, log: (line: string) => void = () => {}): Promise<DistributionRunScenario> {
  const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const send = <T>(path: string, body: unknown, what: string) => postJson<T>(`${base}${path}`, json, Buffer.from(JSON.stringify(body)), what);
  const probe = probeHealthz(base);
  try {
    let started = performance.now();
    // No LLC and no investors named: every investor, all of their cash.
    const draft = await send<RunAnswer>('/admin/draft_distribution_run', { date, mode: 'all_cash', memo: `bench ${Date.now()}` }, 'draft');
    const draftSeconds = (performance.now() - started) / 1000;
    log(`draft of ${draft.lines.length} lines ${draftSeconds.toFixed(2)} s`);

    started = performance.now();
    const approved = await send<RunAnswer>('/admin/approve_distribution_run', { id: draft.id }, 'approve');
    const approveSeconds = (performance.now() - started) / 1000;
    log(`approval of ${approved.paid_lines} lines ${approveSeconds.toFixed(2)} s`);

    // Each withdrawal voided as the Corrections screen does it: by its id, amount and date as shown.
    const paid = approved.lines.filter((l): l is Line & { entry_id: number } => l.entry_id !== null);
    started = performance.now();
    let next = 0;
    const voider = async () => {
      for (let k = next++; k < paid.length; k = next++) {
        const l = paid[k]!;
        await send('/admin/delete_withdrawal', { id: l.entry_id, amount: dollarsText(l.amount), date: approved.date, reason: 'bench: undoing its distribution run' }, `void of ${l.investor_name}'s withdrawal`);
      }
    };
    await Promise.all(Array.from({ length: VOIDS_AT_ONCE }, voider));
    const undoSeconds = (performance.now() - started) / 1000;
    log(`${paid.length} withdrawals voided in ${undoSeconds.toFixed(2)} s`);

    return {
      lines: draft.lines.length, paidLines: approved.paid_lines, totalCents: centsOf(approved.total),
      draftSeconds, approveSeconds, undoSeconds, voided: paid.length, ...(await probe.stop()),
    };
  } finally {
    await probe.stop();
  }
}

/** The run in words, with each figure against its target. */
export function distributionRunSentence(run: DistributionRunScenario): string {
  const against = (seconds: number, target: number) => `${seconds.toFixed(2)} s (target ≤ ${target} s, ${((seconds / target) * 100).toFixed(0)} % of it)`;
  const n = (x: number) => x.toLocaleString('en-US');
  return `draft for ${n(run.lines)} investors ${against(run.draftSeconds, DISTRIBUTION_RUN_TARGETS.draftSeconds)}; ` +
    `approval of ${n(run.paidLines)} cash withdrawals (${usd(run.totalCents)} in all) ${against(run.approveSeconds, DISTRIBUTION_RUN_TARGETS.approveSeconds)}; ` +
    `undone by voiding its ${n(run.voided)} withdrawals, ${VOIDS_AT_ONCE} at once, in ${run.undoSeconds.toFixed(2)} s; ` +
    `a bare request meanwhile waited ${run.waitP50.toFixed(0)} ms (median), ${run.waitMax.toFixed(0)} ms at most.`;
}
