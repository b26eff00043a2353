import type { KeptText } from '../../lib/kept-json.js';

/**
 * The answers a server read or computed last, parsed or as their text, with the stamp of the inputs
 * each was computed from. Only a shortcut: an answer held here is served only when the database says
 * the answer kept under its key is of that stamp and still current (kept-answers.ts), so several app
 * servers on one database never disagree, and a change made through any of them is seen at once. The
 * least recently used go first once the cost held passes `budget`, which bounds the memory: an answer
 * costs the length of its gzipped JSON and ENTRY_COST for its key and entry, and a parsed one
 * PARSED_COST times its JSON's length more (its objects take a few times their JSON).
 */
const PARSED_COST = 4;
const ENTRY_COST = 256;
/**
 * `answer` undefined: held as its gzipped text only, for routes that send it as it is (kept-answers.ts
 * `reply`); else parsed, with `jsonLength` its JSON's length. `computedAt`: for an answer this server
 * computed, when its snapshot opened (performance.now()).
 */
export type RecentAnswer<T> = KeptText & { stamp: string; answer: T | undefined; jsonLength?: number; computedAt?: number };

export function createRecentAnswers(budget: number) {
  const held = new Map<string, RecentAnswer<unknown>>();
  let cost = 0;
  const costOf = (key: string, a: RecentAnswer<unknown>) =>
    ENTRY_COST + key.length + a.gzip.length + (a.answer === undefined ? 0 : PARSED_COST * (a.jsonLength ?? 0));
  const drop = (key: string) => {
    const gone = held.get(key);
    if (gone) cost -= costOf(key, gone);
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
      cost += costOf(key, answer);
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
