import type { KeptText } from '../../lib/kept-json.js';

/**
 * The answers a server read or computed last, parsed or as their text, with the stamp of the inputs
 * each was computed from. Only a shortcut: an answer held here is served only when the database says
 * the answer kept under its key is of that stamp and still current (books.service.ts), so several app
 * servers on one database never disagree, and a change made through any of them is seen at once. The
 * least recently used go first once the cost held passes `budget`, which bounds the memory: an answer
 * held as text costs TEXT_COST times its length (its gzip, once made, adds well under a quarter: JSON
 * compresses about tenfold), a parsed one PARSED_COST times it (its objects take a few times its JSON).
 */
const TEXT_COST = 1.25;
const PARSED_COST = 4;
/**
 * `answer` undefined: held as its text only, for routes that send it as it is (books.service.ts `sent`).
 * `computedAt`: for an answer this server computed, when its snapshot opened (performance.now()).
 */
export type RecentAnswer<T> = KeptText & { stamp: string; answer: T | undefined; computedAt?: number };

export function createRecentAnswers(budget: number) {
  const held = new Map<string, RecentAnswer<unknown>>();
  let cost = 0;
  const costOf = (a: RecentAnswer<unknown>) => a.json.length * (a.answer === undefined ? TEXT_COST : PARSED_COST);
  const drop = (key: string) => {
    const gone = held.get(key);
    if (gone) cost -= costOf(gone);
    held.delete(key);
  };
  return {
    get<T>(key: string): RecentAnswer<T> | undefined {
      const found = held.get(key) as RecentAnswer<T> | undefined;
      if (found) {
        // A Map keeps insertion order: out and back in makes it the most recently used.
        held.delete(key);
        held.set(key, found);
      }
      return found;
    },
    set<T>(key: string, answer: RecentAnswer<T>): RecentAnswer<T> {
      // Shared by every request that reads it from now on: frozen, so no caller can change another's answer.
      deepFreeze(answer.answer);
      drop(key);
      held.set(key, answer);
      cost += costOf(answer);
      for (const oldest of held.keys()) {
        if (cost <= budget) break;
        drop(oldest);
      }
      return answer;
    },
  };
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}
