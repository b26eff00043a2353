import type { LimitFunction } from 'p-limit';
import type { Db } from '../../db/client.js';
import { gzipJson, jsonOf, type KeptText } from '../../lib/kept-json.js';
import { currentKeys, keepAnswer, keptAnswer, keptAnswerNamed, scopeVersions, stampOf, type AnswerInputs, type KeptAnswer, type NamedTable } from './answer-cache.repository.js';
import { ANSWER_FORMAT } from './answer-format.js';
import type { DeclaredRead } from './declared-read.js';
import { KeptReply } from './kept-reply.js';
import { createRecentAnswers, type RecentAnswer } from './recent-answers.js';

/**
 * How much of its answers a server holds, so a hot answer skips its transfer (and its parse): 24 MB of
 * gzipped JSON, a parsed answer counted at four times its JSON more (recent-answers.ts). Every answer
 * of the large tier (15,146, about 17 MB gzipped) fits. An answer not held here is read from the
 * database: one indexed read, a few milliseconds.
 */
const RECENT_ANSWERS_BYTES = 24_000_000;

/** The key an answer of `read` is kept under (before the answers' format). */
export const answerKey = <P>({ name, key }: Pick<DeclaredRead<P, unknown, unknown>, 'name' | 'key'>, params: P): string =>
  `${name}/${typeof key === 'function' ? key(params) : key.map((field) => String(params[field])).join('/')}`;

/** A name a read is asked by: the table whose row it names, and the field of the read's params its id goes in. */
export type Named<P> = { table: NamedTable; name: string; field: keyof P & string };

/** What a read by names answers when no row has one of them: that name (the caller words the refusal). */
export class MissingName {
  constructor(readonly named: Named<unknown>) {}
}

// Stand-ins for the ids of named rows while the key around them is made (an id is never negative).
const idMark = (k: number) => -(900_000_001 + k);

type AnyRead<P, T> = DeclaredRead<P, any, T>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The one layer that keeps answers (docs/performance.md): for a declared read (declared-read.ts), the
 * answer kept under its key if its scopes' versions are unchanged, else one computation in one snapshot
 * shared by the requests that ask, kept in the database with the versions it was computed from. Until
 * one of them changes every request gets it with one indexed read; a change makes it unservable in the
 * same transaction, so no app server can answer stale.
 */
export function createKeptAnswers({ db, coldGate }: { db: Db; coldGate: LimitFunction }) {
  const recent = createRecentAnswers(RECENT_ANSWERS_BYTES);
  // Cold computations queue behind `coldGate` (books.service.ts), before taking a connection; kept answers never wait.
  /**
   * Computations under way, by key, with the moment each opened its snapshot. A request may share one
   * only if that snapshot opened after the request began: an earlier one may miss a write the request
   * must see (read your writes).
   */
  const inFlight = new Map<string, { openedAt: number; pending: Promise<RecentAnswer<unknown>> }>();
  /**
   * Keys by the names they were last asked by: a guess that lets a held answer skip its transfer (the
   * database checks it: a wrong guess only sends the body). Bounded like an LRU's keys.
   */
  const keysByNames = new Map<string, { key: string; at: number | undefined }>();
  const GUESSES = 10_000;

  /**
   * On the embedded database (one process: Db.localWrites), the held answers the database last said were
   * current, with the count of this process's writes when it was asked: while the count stands there,
   * they still are, and are served with no round trip. Weak: an answer dropped from `recent` goes too.
   */
  const confirmedAt = new WeakMap<RecentAnswer<unknown>, number>();
  const localNow = () => db.localWrites?.();
  const confirmedNow = (held: RecentAnswer<unknown> | undefined): boolean => {
    const now = localNow();
    return held !== undefined && now !== undefined && confirmedAt.get(held) === now;
  };
  /** A held answer confirmed current, as the caller wants it (parsed ones confirmed as their text was). */
  const served = <T>(key: string, held: RecentAnswer<T>, asText: boolean): RecentAnswer<T> => {
    if (asText || held.answer !== undefined) return held;
    const answer = parsed<T>(key, held);
    confirmedAt.set(answer, confirmedAt.get(held)!);
    return answer;
  };
  /** Notes that the database said `got` is the current answer when the count stood at `asked`. */
  const confirm = <T>(got: RecentAnswer<T>, found: KeptAnswer | undefined, asked: number | undefined): RecentAnswer<T> => {
    if (asked !== undefined && found?.stamp === got.stamp) confirmedAt.set(got, asked);
    return got;
  };

  // Kept answers are stored under the format of the code that computed them (answer-format.ts).
  const format = ANSWER_FORMAT;
  const keyOf = (key: string) => `${format}/${key}`;

  /** Computes in one snapshot, with the versions its scopes have in that same snapshot. */
  async function inSnapshot<P, I, T>(read: AnyRead<P, T>, params: P): Promise<{ input: I; inputs: AnswerInputs }> {
    return db.snapshot(async (tx) => {
      const input = (await read.read(tx, params)) as I;
      const names = [...new Set(read.scopes(params, input))].sort();
      return { input, inputs: { scopes: names, versions: await scopeVersions(tx, names) } };
    });
  }

  /** Keeps an answer in the database and, computed for a request (`openedAt`: when its snapshot opened), here. */
  async function keep<T>(key: string, answer: T, inputs: AnswerInputs, openedAt?: number): Promise<RecentAnswer<T>> {
    const json = JSON.stringify(answer);
    const kept: RecentAnswer<T> = { stamp: stampOf(inputs), answer, gzip: await gzipJson(json), jsonLength: json.length, computedAt: openedAt };
    await keepAnswer(db, key, inputs, kept.gzip);
    // Held (and frozen) for the requests that read it next; those kept ahead are left to the readers.
    return openedAt === undefined ? kept : recent.set(key, kept);
  }

  const parsed = <T>(key: string, text: KeptText & { stamp: string }): RecentAnswer<T> => {
    const json = jsonOf(text);
    return recent.set(key, { stamp: text.stamp, gzip: text.gzip, answer: JSON.parse(json) as T, jsonLength: json.length });
  };

  /**
   * The answer under `key` given what this server holds and what the database said is kept and current:
   * held or read as its text (`asText`: the route sends it as it is), else computed once for everyone
   * asking.
   */
  async function answerOf<P, T>(
    key: string,
    held: RecentAnswer<T> | undefined,
    found: KeptAnswer | undefined,
    read: AnyRead<P, T>,
    params: P,
    asText: boolean,
    began: number,
  ): Promise<RecentAnswer<T>> {
    // The database said the answer kept under the key is current: held at that stamp, it is the same one.
    if (found && held?.stamp === found.stamp) return asText || held.answer !== undefined ? held : parsed<T>(key, held);
    if (found?.body !== undefined) {
      const text = { stamp: found.stamp, gzip: found.body };
      return asText ? recent.set(key, { ...text, answer: undefined }) : parsed<T>(key, text);
    }
    // A computation here that finished while this request's read was on its way, from a snapshot opened
    // after the request began: as current as one it would start (and the database did not have it yet).
    const computed = recent.get<T>(key);
    if (computed?.computedAt !== undefined && computed.computedAt >= began && computed.answer !== undefined) return computed;
    // Requests that find the same answer missing share one computation: a burst after a write costs
    // one allocation, not one per request.
    let flight = inFlight.get(key);
    if (!flight || flight.openedAt < began) {
      const entry = {
        openedAt: Infinity,
        pending: coldGate(async () => {
          const openedAt = performance.now();
          entry.openedAt = openedAt;
          const { input, inputs } = await inSnapshot(read, params);
          return keep(key, read.compute(input, params), inputs, openedAt);
        }).finally(() => {
          if (inFlight.get(key) === entry) inFlight.delete(key);
        }),
      };
      flight = entry;
      inFlight.set(key, flight);
    }
    return (await flight.pending) as RecentAnswer<T>;
  }

  async function byIds<P, T>(read: AnyRead<P, T>, params: P, asText: boolean): Promise<RecentAnswer<T>> {
    const began = performance.now();
    const key = keyOf(answerKey(read, params));
    const held = recent.get<T>(key);
    if (confirmedNow(held)) return served(key, held!, asText);
    const asked = localNow();
    const found = await keptAnswer(db, key, held?.stamp ?? null);
    return confirm(await answerOf(key, held, found, read, params, asText, began), found, asked);
  }

  /**
   * The rows `names` name, resolved by the database's name rule in the statement that reads the answer
   * kept under the key their ids make (each id in its field of `params`): the first name no row has
   * is answered as missing.
   */
  async function byNames<P, T>(read: AnyRead<P, T>, params: P, names: Named<P>[], asText: boolean): Promise<RecentAnswer<T> | MissingName> {
    const began = performance.now();
    const withIds = (ids: number[]): P => ({ ...params, ...Object.fromEntries(names.map((n, k) => [n.field, ids[k]])) });
    const marked = keyOf(answerKey(read, withIds(names.map((_, k) => idMark(k)))));
    const keyParts = names.reduce<string[]>((parts, _, k) => [...parts.slice(0, -1), ...parts.at(-1)!.split(String(idMark(k)))], [marked]);
    if (keyParts.length !== names.length + 1) throw new Error(`${read.name}: each id must appear once in its key`);
    const asked = JSON.stringify([marked, names.map((n) => [n.table, n.name])]);
    const guessed = keysByNames.get(asked);
    const guess = guessed?.key ?? null;
    const guessHeld = guess === null ? undefined : recent.get<T>(guess);
    // The names led to this key, and its answer was current, with nothing written since: both still hold.
    if (guessed?.at !== undefined && guessed.at === localNow() && confirmedNow(guessHeld)) return served(guess!, guessHeld!, asText);
    const at = localNow();
    const got = await keptAnswerNamed(db, names, keyParts, guess, guessHeld?.stamp ?? null);
    const missing = got.ids.findIndex((id) => id === null);
    if (missing >= 0) return new MissingName(names[missing]! as Named<unknown>);
    const key = got.key!;
    keysByNames.delete(asked);
    if (keysByNames.size >= GUESSES) keysByNames.delete(keysByNames.keys().next().value!);
    keysByNames.set(asked, { key, at });
    const held = key === guess ? guessHeld : recent.get<T>(key);
    return confirm(await answerOf(key, held, got.found, read, withIds(got.ids as number[]), asText, began), got.found, at);
  }

  const reply = <T>(held: RecentAnswer<T>) => new KeptReply<T>(held);

  return {
    /** The kept answer of `read` as the route sends it. */
    reply: async <P, T>(read: AnyRead<P, T>, params: P): Promise<KeptReply<T>> => reply(await byIds(read, params, true)),

    /**
     * As `reply`, for a read asked by names: resolved to ids first (by the one name rule), in the same
     * statement, each put in its field of `params`.
     */
    replyNamed: async <P, T>(read: AnyRead<P, T>, params: P, names: Named<P>[]): Promise<KeptReply<T> | MissingName> => {
      const got = await byNames(read, params, names, true);
      return got instanceof MissingName ? got : reply(got);
    },

    /** The kept answer of `read`, for code that reads its figures (the reports in a tax package). */
    answer: async <P, T>(read: AnyRead<P, T>, params: P): Promise<T> => (await byIds(read, params, false)).answer!,

    /** As `answer`, for a read asked by names. */
    answerNamed: async <P, T>(read: AnyRead<P, T>, params: P, names: Named<P>[]): Promise<T | MissingName> => {
      const got = await byNames(read, params, names, false);
      return got instanceof MissingName ? got : got.answer!;
    },

    /**
     * Answers of reads that read the same (`first`'s reads, with its params), computed from one reading
     * in one snapshot and kept with the same inputs, not held in this server (the refresher computes
     * answers ahead of reads: the reads that come will hold them). Queued behind the same bound as cold
     * answers. Resolves to how many it kept.
     */
    ahead: <P, I>(first: DeclaredRead<P, I, unknown>, params: P, answers: (input: I) => [key: string, answer: unknown][]): Promise<number> =>
      coldGate(async () => {
        const { input, inputs } = await inSnapshot<P, I, unknown>(first, params);
        const kept = answers(input);
        for (const [key, answer] of kept) await keep(keyOf(key), answer, inputs);
        return kept.length;
      }),

    /** Of these answers' keys, those kept and current. */
    async currentAnswers(keys: string[]): Promise<Set<string>> {
      const current = await currentKeys(db, keys.map(keyOf));
      return new Set(keys.filter((k) => current.has(keyOf(k))));
    },
  };
}

export type KeptAnswers = ReturnType<typeof createKeptAnswers>;
