import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import type { Db, Queryable } from '../../db/client.js';
import { allocate } from '../../domain/allocation.js';
import { isoDay } from '../../domain/dates.js';
import { investorFigures } from '../../domain/investor-figures.js';
import type { Clock } from '../../lib/clock.js';
import { gzipJson, jsonOf, rememberJson, type KeptText } from '../../lib/kept-json.js';
import { nameKey } from '../../lib/names.js';
import { currentKeys, INVESTOR_MARK, keepAnswer, keptAnswer, keptAnswerOfInvestorNamed, scopeVersions, stampOf, type AnswerInputs, type KeptAnswer } from './answer-cache.repository.js';
import { ANSWER_FORMAT } from './answer-format.js';
import { dependsOn, recordedScopes, recordInputs, scopes } from './answer-inputs.js';
import { createRecentAnswers, type RecentAnswer } from './recent-answers.js';
import { investorScope, readBooks } from './books.repository.js';
import { monthlyTotalDifferences } from './read-model-check.repository.js';

/**
 * How much of its answers a server holds, so a hot answer skips its transfer (and its parse): 24 MB of
 * gzipped JSON, a parsed answer counted at four times its JSON more (recent-answers.ts). Every answer
 * of the large tier (15,146, about 17 MB gzipped) fits (issue 12). An answer not held here is read
 * from the database: one indexed read, a few milliseconds.
 */
const RECENT_ANSWERS_BYTES = 24_000_000;

/**
 * The read model: figures computed from the books at a date (domain.md §4). Built once in the
 * composition root; the investor portal and the withdrawal limits read through it.
 */
export function createBooksService({ db, clock }: { db: Db; clock: Clock }) {
  const recent = createRecentAnswers(RECENT_ANSWERS_BYTES);
  // Cold answers are CPU-bound allocation over a snapshot that holds a pooled connection. Running more at
  // once than there are cores finishes none sooner, but holds more connections and memory: under a burst
  // of different cold answers, 32 at once exhausted the pool (503s) and took ~1 GB. So they queue here,
  // before taking a connection; kept answers never wait.
  const coldGate = pLimit(Math.max(1, availableParallelism()));

  /**
   * Computes in one snapshot, recording the scopes of the books the computation declares it read and
   * their versions in that same snapshot: what the answers it gives are current for.
   */
  async function inSnapshot<T>(compute: (tx: Queryable) => Promise<T>): Promise<{ result: T; inputs: AnswerInputs }> {
    return db.snapshot(async (tx) => {
      const found = recordInputs(tx);
      const result = await compute(tx);
      const names = recordedScopes(found);
      return { result, inputs: { scopes: names, versions: await scopeVersions(tx, names) } };
    });
  }

  /**
   * Keeps an answer with its inputs, in the database and, computed for a request (`openedAt`: when its
   * snapshot opened), parsed in this server.
   */
  async function keep<T>(key: string, answer: T, inputs: AnswerInputs, openedAt?: number): Promise<RecentAnswer<T>> {
    const json = JSON.stringify(answer);
    const kept: RecentAnswer<T> = { stamp: stampOf(inputs), answer, gzip: await gzipJson(json), jsonLength: json.length, computedAt: openedAt };
    await keepAnswer(db, key, inputs, kept.gzip);
    // Held (and frozen) for the requests that read it next; the refresher's are left to the readers.
    return openedAt === undefined ? kept : recent.set(key, kept);
  }

  /**
   * Computations under way, by key, with the moment each opened its snapshot. A request may share one
   * only if that snapshot opened after the request began: an earlier one may miss a write the request
   * must see (read your writes).
   */
  const inFlight = new Map<string, { openedAt: number; pending: Promise<RecentAnswer<unknown>> }>();

  const keyOf = (answerKey: string) => `${ANSWER_FORMAT}/${answerKey}`;
  /** A kept text read: the answer, and its JSON's length (what holding it parsed costs). */
  const parsedFrom = <T>(text: KeptText): { answer: T; jsonLength: number } => {
    const json = jsonOf(text);
    return { answer: JSON.parse(json) as T, jsonLength: json.length };
  };
  /** An answer's stand-in that carries only its kept text: what a route sends as it is. */
  const textOnly = <T>(text: KeptText): T => rememberJson(Object.freeze({}) as T, text);

  /** `kept` and `sent`: the kept answer if current, else one computation shared by the requests that ask. */
  async function keptAnswerOf<T>(answerKey: string, compute: (tx: Queryable) => Promise<T>, asText: boolean): Promise<T> {
    const began = performance.now();
    const key = keyOf(answerKey);
    const held = recent.get<T>(key);
    return answerOf(key, held, await keptAnswer(db, key, held?.stamp ?? null), compute, asText, began);
  }

  /**
   * Investors' ids by the names they were last asked for: a guess that lets a held answer skip its
   * transfer (the database checks it: a wrong guess only sends the body). Bounded like an LRU's keys.
   */
  const investorIds = new Map<string, number>();
  const INVESTOR_IDS = 10_000;

  /** `sentForInvestorNamed`: the investor and their kept answer in one statement. */
  async function sentOfInvestorNamed<T>(
    name: string,
    answerKey: (investorId: number | typeof INVESTOR_MARK) => string,
    compute: (investorId: number) => (tx: Queryable) => Promise<T>,
  ): Promise<T | undefined> {
    const began = performance.now();
    const guess = investorIds.get(nameKey(name)) ?? null;
    const guessHeld = guess === null ? undefined : recent.get<T>(keyOf(answerKey(guess)));
    const got = await keptAnswerOfInvestorNamed(db, name, keyOf(answerKey(INVESTOR_MARK)), guess, guessHeld?.stamp ?? null);
    if (!got) return undefined;
    if (investorIds.size >= INVESTOR_IDS) investorIds.delete(investorIds.keys().next().value!);
    investorIds.set(nameKey(name), got.investorId);
    const key = keyOf(answerKey(got.investorId));
    const held = got.investorId === guess ? guessHeld : recent.get<T>(key);
    return answerOf(key, held, got.found, compute(got.investorId), true, began);
  }

  /** The answer for `key` given what this server holds and what the database said is kept and current. */
  async function answerOf<T>(
    key: string,
    held: RecentAnswer<T> | undefined,
    found: KeptAnswer | undefined,
    compute: (tx: Queryable) => Promise<T>,
    asText: boolean,
    began: number,
  ): Promise<T> {
    // The database said the answer kept under the key is current: held at that stamp, it is the same one.
    if (found && held?.stamp === found.stamp) {
      if (held.answer !== undefined) return rememberJson(held.answer, held);
      if (asText) return textOnly(held);
      const parsed = recent.set(key, { ...held, ...parsedFrom<T>(held) });
      return rememberJson(parsed.answer!, parsed);
    }
    if (found?.body !== undefined) {
      const text = { stamp: found.stamp, gzip: found.body };
      if (asText) return textOnly(recent.set(key, { ...text, answer: undefined }));
      const parsed = recent.set(key, { ...text, ...parsedFrom<T>(text) });
      return rememberJson(parsed.answer!, parsed);
    }
    // A computation here that finished while this request's read was on its way, from a snapshot opened
    // after the request began: as current as one it would start (and the database did not have it yet).
    const computed = recent.get<T>(key);
    if (computed?.computedAt !== undefined && computed.computedAt >= began && computed.answer !== undefined) {
      return rememberJson(computed.answer, computed);
    }
    // Requests that find the same answer missing share one computation: a burst after a write costs
    // one allocation, not one per request.
    let flight = inFlight.get(key);
    if (!flight || flight.openedAt < began) {
      const entry = {
        openedAt: Infinity,
        pending: coldGate(async () => {
          const openedAt = performance.now();
          entry.openedAt = openedAt;
          const { result, inputs } = await inSnapshot(compute);
          return keep(key, result, inputs, openedAt);
        }).finally(() => {
          if (inFlight.get(key) === entry) inFlight.delete(key);
        }),
      };
      flight = entry;
      inFlight.set(key, flight);
    }
    const shared = (await flight.pending) as RecentAnswer<T>;
    return rememberJson(shared.answer!, shared);
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
     * An answer that depends only on the books (and its key): computed in one snapshot, and kept in the
     * database with the versions of the scopes of the books it read (migration 0006). Until one of them
     * changes every request gets it with one indexed read; a change makes it unservable in the same
     * transaction, so no app server can answer stale. The key must name everything else the answer
     * depends on (endpoint, investor, date, parameters).
     */
    kept: <T>(answerKey: string, compute: (tx: Queryable) => Promise<T>): Promise<T> => keptAnswerOf(answerKey, compute, false),

    /**
     * As `kept`, for an answer a route only sends: one found in the database is not parsed, and is held
     * here as its text. What comes back may then be a stand-in that carries only that text
     * (lib/kept-json.ts), which the route sends as it is; no other caller may read it.
     */
    sent: <T>(answerKey: string, compute: (tx: Queryable) => Promise<T>): Promise<T> => keptAnswerOf(answerKey, compute, true),

    /**
     * As `sent`, for an answer about the investor named `name` (an admin reading anyone's figures): the
     * investor is found and their kept answer read in one statement, one round trip less per request.
     * `answerKey` names the answer of an investor (given INVESTOR_MARK, where the id goes); undefined:
     * no investor has that name.
     */
    sentForInvestorNamed: sentOfInvestorNamed,

    /** Of these answers' keys, those kept and current. */
    async currentAnswers(answerKeys: string[]): Promise<Set<string>> {
      const current = await currentKeys(db, answerKeys.map(keyOf));
      return new Set(answerKeys.filter((k) => current.has(keyOf(k))));
    },

    /**
     * Several answers computed together in one snapshot and kept with the same inputs, not held in this
     * server (the refresher computes answers ahead of reads: the reads that come will hold them).
     * Queued behind the same bound as cold answers.
     */
    keepAhead: (compute: (tx: Queryable) => Promise<[answerKey: string, answer: unknown][]>): Promise<number> =>
      coldGate(async () => {
        const { result, inputs } = await inSnapshot(compute);
        for (const [answerKey, answer] of result) await keep(keyOf(answerKey), answer, inputs);
        return result.length;
      }),

    /** `npm run admin -- verify`: the monthly totals the database keeps, against the ledger itself. */
    verify: () => db.snapshot((tx) => monthlyTotalDifferences(tx)),

    /**
     * An investor's books, allocation and figures as of a date, read through `tx`: a snapshot for an
     * answer, or a write's own transaction when a limit is checked under its row lock.
     */
    async investorAt(tx: Queryable, investorId: number, asOf: string) {
      const scope = await investorScope(tx, investorId, asOf);
      dependsOn(tx, scopes.shared, scopes.investor(investorId), ...scope.llcIds.map(scopes.llc));
      const books = await readBooks(tx, asOf, scope);
      const allocation = allocate(books, { onlyInvestor: investorId });
      return { books, allocation, figures: investorFigures(books, allocation, investorId, books.cashWithdrawals, asOf) };
    },
  };
}

export type BooksService = ReturnType<typeof createBooksService>;
