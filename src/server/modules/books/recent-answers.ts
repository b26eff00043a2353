/**
 * The answers a server read or computed last, parsed, with the stamp of the inputs each was computed
 * from. Only a shortcut: an answer held here is served only when the database says the answer kept
 * under its key is of that stamp and still current (books.service.ts), so several app servers on one
 * database never disagree, and a change made through any of them is seen at once. The least recently used go first once the JSON held passes
 * `budgetChars`, which bounds the memory (a parsed answer takes a few times its JSON).
 */
export type RecentAnswer<T> = { stamp: string; answer: T; json: string };

export function createRecentAnswers(budgetChars: number) {
  const held = new Map<string, RecentAnswer<unknown>>();
  let chars = 0;
  const drop = (key: string) => {
    const gone = held.get(key);
    if (gone) chars -= gone.json.length;
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
      chars += answer.json.length;
      for (const oldest of held.keys()) {
        if (chars <= budgetChars) break;
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
