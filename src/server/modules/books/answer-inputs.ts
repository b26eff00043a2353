import type { Queryable } from '../../db/client.js';

/**
 * The scopes of the books an answer is computed from (migration 0006). Code that reads the books
 * declares them on the snapshot it reads through; an answer whose computation declared none depends on
 * all of the books ('*'), so forgetting to declare costs speed, never correctness.
 */
export const scopes = {
  all: '*',
  shared: 'shared',
  llc: (id: number) => `llc:${id}`,
  investor: (id: number) => `investor:${id}`,
} as const;

const declared = new WeakMap<Queryable, Set<string>>();

/** Starts recording what is read through `tx` (books.service.ts, once per kept answer's snapshot). */
export function recordInputs(tx: Queryable): Set<string> {
  const found = new Set<string>();
  declared.set(tx, found);
  return found;
}

/** Declares that what is being computed through `tx` depends on these scopes. */
export function dependsOn(tx: Queryable, ...names: string[]): void {
  const found = declared.get(tx);
  if (found) for (const name of names) found.add(name);
}

/** The scopes recorded, sorted; none recorded means all of the books. */
export const recordedScopes = (found: Set<string>): string[] => (found.size > 0 ? [...found].sort() : [scopes.all]);
