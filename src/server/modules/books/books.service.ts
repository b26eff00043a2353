import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import type { Db, Queryable } from '../../db/client.js';
import { allocate } from '../../domain/allocation.js';
import { isoDay } from '../../domain/dates.js';
import { investorFigures } from '../../domain/investor-figures.js';
import type { Clock } from '../../lib/clock.js';
import { rememberJson } from '../../lib/kept-json.js';
import { booksVersion, keepAnswer, keptAnswer } from './answer-cache.repository.js';
import { ANSWER_FORMAT } from './answer-format.js';
import { createRecentAnswers } from './recent-answers.js';
import { investorScope, readBooks } from './books.repository.js';
import { monthlyTotalDifferences } from './read-model-check.repository.js';

/**
 * How much answer JSON a server holds parsed in memory, so a hot answer skips its transfer and parse
 * (issue 12): 16 M characters, a few thousand investor summaries, some 50 MB of memory at most.
 */
const RECENT_ANSWERS_CHARS = 16_000_000;

/**
 * The read model: figures computed from the books at a date (domain.md §4). Built once in the
 * composition root; the investor portal and the withdrawal limits read through it.
 */
export function createBooksService({ db, clock }: { db: Db; clock: Clock }) {
  const inFlight = new Map<string, Promise<unknown>>();
  const recent = createRecentAnswers(RECENT_ANSWERS_CHARS);
  // Cold answers are CPU-bound allocation over a snapshot that holds a pooled connection. Running more at
  // once than there are cores finishes none sooner, but holds more connections and memory: under a burst
  // of different cold answers, 32 at once exhausted the pool (503s) and took ~1 GB. So they queue here,
  // before taking a connection; kept answers never wait.
  const coldGate = pLimit(Math.max(1, availableParallelism()));

  /** Computes an answer in one snapshot and keeps it with the version that snapshot saw. */
  async function computeAndKeep<T>(key: string, compute: (tx: Queryable) => Promise<T>): Promise<{ answer: T; json: string }> {
    const { version, answer } = await db.snapshot(async (tx) => ({ version: await booksVersion(tx), answer: await compute(tx) }));
    const json = JSON.stringify(answer);
    await keepAnswer(db, key, version, json);
    return recent.set(key, { version, answer, json });
  }

  return {
    /** Today in the business's calendar. UTC for now; a BUSINESS_TIME_ZONE setting is a later step. */
    today: (): string => isoDay(clock.now()),

    /** The reads behind one answer, in one read-only snapshot of the books. */
    snapshot: <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => db.snapshot(fn),

    /** A computation not kept (a statement): in one snapshot, queued behind the same bound as cold answers. */
    computed: <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => coldGate(() => db.snapshot(fn)),

    /** Outside any snapshot: the lookups an answer needs before it knows which kept answer to serve. */
    db: db as Queryable,

    /**
     * An answer that depends only on the books (and its key): computed once per version of the books,
     * in one snapshot, and kept in the database with that version (migration 0005). Until the next
     * change of the books every request gets it with one indexed read; a change makes it unservable in
     * the same transaction, so no app server can answer stale. The key must name everything else the
     * answer depends on (endpoint, investor, date, parameters).
     */
    async kept<T>(answerKey: string, compute: (tx: Queryable) => Promise<T>): Promise<T> {
      const key = `${ANSWER_FORMAT}/${answerKey}`;
      const held = recent.get<T>(key);
      const { version, body } = await keptAnswer(db, key, held?.version ?? null);
      // The database said which version is current: an answer held at it is right, whoever computed it.
      if (held?.version === version) return rememberJson(held.answer, held.json);
      if (body !== undefined) return rememberJson(recent.set(key, { version, answer: JSON.parse(body) as T, json: body }).answer, body);
      // Requests that find the same answer missing at the same version share one computation: a burst
      // after a write costs one allocation, not one per request. The computation may see a newer
      // version than the request did, never an older one.
      const flight = `${key}@${version}`;
      let pending = inFlight.get(flight) as Promise<{ answer: T; json: string }> | undefined;
      if (!pending) {
        pending = coldGate(() => computeAndKeep(key, compute)).finally(() => inFlight.delete(flight));
        inFlight.set(flight, pending);
      }
      const { answer, json } = await pending;
      return rememberJson(answer, json);
    },

    /** `npm run admin -- verify`: the monthly totals the database keeps, against the ledger itself. */
    verify: () => db.snapshot((tx) => monthlyTotalDifferences(tx)),

    /**
     * An investor's books, allocation and figures as of a date, read through `tx`: a snapshot for an
     * answer, or a write's own transaction when a limit is checked under its row lock.
     */
    async investorAt(tx: Queryable, investorId: number, asOf: string) {
      const books = await readBooks(tx, asOf, await investorScope(tx, investorId, asOf));
      const allocation = allocate(books, { onlyInvestor: investorId });
      return { books, allocation, figures: investorFigures(books, allocation, investorId, books.cashWithdrawals, asOf) };
    },
  };
}

export type BooksService = ReturnType<typeof createBooksService>;
