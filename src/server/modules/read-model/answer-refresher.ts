import type { Queryable } from '../../db/client.js';
import { aheadStepsOf } from './ahead-steps.js';
import { allScopeVersions, forgetOldAnswers } from './answer-cache.repository.js';
import type { KeptAnswers } from './kept-answers.js';
import type { AheadUnit, RegisteredRead } from './registered-read.js';
import { activeInvestorIds, membersOf, propertyIdsByLlc } from './standing-answers.repository.js';

export type PassReport = { answers: number; ms: number; first: boolean };

/**
 * Lets the requests that arrived meanwhile run before the next step. PGlite answers on this thread, and
 * its promises resolve without waiting for I/O, so back-to-back steps would starve the server: the large
 * tier's first pass kept even /healthz waiting 72 s.
 */
const requestsFirst = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Keeps the answers people open most computed ahead of their reads (docs/performance.md): those the
 * registry of declared reads (src/server/declared-reads.ts) plans ahead, per investor and per LLC, as of
 * today. A read then finds its answer kept, instead of waiting for a cold computation behind everyone else's.
 *
 * It watches the versions of the books' scopes (migration 0006). Whatever changed, through this server
 * or another on the same database, names the answers to compute again: an investor's scope theirs, an
 * LLC's its members' and its properties', the shared scope all of them. The first pass after start-up
 * computes what is missing or stale (after a restart of the same code, nothing is). It only ever saves
 * work: a read never depends on it, since a kept answer is served only while its inputs are current.
 * Steps run one at a time, behind the same bound as cold reads, so readers are never starved.
 */
export function createAnswerRefresher({
  db,
  reads,
  kept,
  today,
  pollMs = 1_000,
  longestWaitMs = 10_000,
  waitWhile = () => false,
}: {
  db: Queryable;
  /** Every declared read, each with whether and how it is computed ahead (registered-read.ts). */
  reads: RegisteredRead[];
  /** Computes ahead, and says which answers are kept and current (kept-answers.ts). */
  kept: Pick<KeptAnswers, 'ahead' | 'currentAnswers'>;
  today: () => string;
  pollMs?: number;
  longestWaitMs?: number;
  /**
   * True while a batch or a write runs (lib/long-work.ts): computing ahead then would slow it, and under
   * a stream of writes would compute answers the next write makes old, so a pass waits between its steps.
   */
  waitWhile?: () => boolean;
}) {
  const stepsOf = aheadStepsOf(reads, kept);
  /** The key of what a unit's steps keep last, today: whether it is current says whether all of them are. */
  const lastKey = (unit: AheadUnit): string | undefined => stepsOf(unit, today()).at(-1)?.key;
  /** Of these units, those whose answers are not all kept and current (a unit with none to keep is current). */
  async function stale<U extends AheadUnit>(units: U[]): Promise<U[]> {
    const keyed = units.map((u) => [u, lastKey(u)] as const);
    const current = await kept.currentAnswers(keyed.flatMap(([, key]) => (key === undefined ? [] : [key])));
    return keyed.filter(([, key]) => key !== undefined && !current.has(key)).map(([u]) => u);
  }
  let onPass: (report: PassReport) => void = () => {};
  let onError: (err: unknown) => void = () => {};
  let seen: Map<string, number> | undefined;
  let seenDay = '';
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  // While writes keep coming, a pass would compute answers the next write makes old again, and take a
  // connection (PGlite's only one) from the writers: it waits for a poll that sees no new change, or
  // at most longestWaitMs after the first change it has not computed; then each of its steps waits for a
  // moment with no write under way (waitWhile), so a stream of writes is rarely slowed by it (a step
  // already under way finishes first).
  let lastTotal: number | undefined;
  let waitingSince: number | undefined;

  type Work = { investors: Set<number>; llcs: Set<number> };

  /** What the changes since the last pass touch; everything on the first pass or a new day. */
  async function workSince(versions: Map<string, number>): Promise<Work | 'all'> {
    if (!seen || seenDay !== today()) return 'all';
    const work: Work = { investors: new Set(), llcs: new Set() };
    for (const [scope, version] of versions) {
      if (seen.get(scope) === version) continue;
      if (scope === 'shared') return 'all';
      const [kind, id] = scope.split(':');
      if (kind === 'investor') work.investors.add(Number(id));
      if (kind === 'llc') work.llcs.add(Number(id));
    }
    return work;
  }

  /** While a batch or a write runs, waits (checking every tenth of a poll; a stop ends the wait too). */
  async function batchesFirst(): Promise<void> {
    while (waitWhile() && !stopped) await new Promise((resolve) => setTimeout(resolve, pollMs / 10));
  }

  async function pass(): Promise<void> {
    await batchesFirst();
    if (stopped) return;
    const started = performance.now();
    const versions = await allScopeVersions(db);
    const day = today();
    // The whole books' version: it moves with every change (migration 0009).
    const total = versions.get('*') ?? 0;
    const settling = seen !== undefined && day === seenDay && total !== lastTotal;
    lastTotal = total;
    if (settling) {
      waitingSince ??= started;
      if (started - waitingSince < longestWaitMs) return;
    }
    waitingSince = undefined;
    const work = await workSince(versions);
    const first = seen === undefined;
    // Once a day: the days before's answers "as of today" are never asked again.
    if (day !== seenDay) await forgetOldAnswers(db);
    const byLlc = await propertyIdsByLlc(db);
    const investorUnit = (investorId: number): AheadUnit => ({ per: 'investor', unit: investorId });
    const llcUnit = (llcId: number): AheadUnit => ({ per: 'llc', unit: { llcId, propertyIds: byLlc.get(llcId) ?? [] } });
    let units: AheadUnit[];
    if (work === 'all') {
      // After a restart of the same code most answers are still current: skip those.
      units = [...(await stale((await activeInvestorIds(db)).map(investorUnit))), ...(await stale([...byLlc.keys()].map(llcUnit)))];
    } else {
      const active = new Set(await activeInvestorIds(db));
      const investors = [...new Set([...work.investors, ...(await membersOf(db, [...work.llcs]))])].filter((i) => active.has(i)).sort((a, b) => a - b);
      units = [...investors.map(investorUnit), ...[...work.llcs].map(llcUnit)];
    }
    let answers = 0;
    for (const unit of units) {
      // Each unit's steps as of the day it starts on.
      for (const step of stepsOf(unit, today())) {
        if (stopped) return;
        await requestsFirst();
        await batchesFirst();
        if (stopped) return;
        answers += await step.run();
      }
    }
    // Only a finished pass moves the mark: a stopped or failed one is done again from the same versions.
    seen = versions;
    seenDay = day;
    if (answers > 0 || first) onPass({ answers, ms: performance.now() - started, first });
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().catch(onError).finally(schedule);
    }, seen ? pollMs : 0);
    timer.unref();
  }

  return {
    /** Starts watching; `onPass` hears of each pass that kept answers (and of the first), `onError` of a failed one. */
    start(hooks: { onPass?: (report: PassReport) => void; onError?: (err: unknown) => void } = {}): void {
      onPass = hooks.onPass ?? onPass;
      onError = hooks.onError ?? onError;
      stopped = false;
      schedule();
    },
    /** Stops after the job under way (a server closing waits for it before closing the database). */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type AnswerRefresher = ReturnType<typeof createAnswerRefresher>;
