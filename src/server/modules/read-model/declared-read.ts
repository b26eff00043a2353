import type { Queryable } from '../../db/client.js';

/**
 * One answer kept until the books it was computed from change (docs/performance.md): what it is, as
 * data. Its key names everything the answer depends on besides the books, by ids: a name a request
 * gives is resolved to its row's id first, by the one name rule (lib/names.ts), so every form of a name
 * finds the same kept answer. Its scopes are the parts of the books its reads depend on (migration
 * 0006: 'llc:<id>', 'investor:<id>', 'shared', or '*' for all of them), given by what it read, so a
 * change to any of them makes the answer unservable. tests/integration/declared-reads.test.ts holds
 * every declaration to its scopes.
 */
export type DeclaredRead<P, I, T> = {
  /** The first part of its keys (the endpoint's answer). */
  name: string;
  /**
   * The rest of its key: ids, dates and parameters, never a name as a person typed it. Given as data,
   * the params it is made of (their values in this order, joined by '/'), so serving a kept answer runs
   * no code of the module that declared it; or as a function, for a key made of more than their values.
   */
  key: readonly (keyof P & string)[] | ((params: P) => string);
  /** The reads behind the answer, all in one snapshot of the books. */
  read(tx: Queryable, params: P): Promise<I>;
  /** The scopes of the books `read` depends on. */
  scopes(params: P, input: I): string[];
  /** The answer from what was read: pure. */
  compute(input: I, params: P): T;
};

export const declareRead = <P, I, T>(read: DeclaredRead<P, I, T>): DeclaredRead<P, I, T> => read;

/** The scopes of the books (migration 0006). */
export const scopes = {
  all: '*',
  shared: 'shared',
  llc: (id: number) => `llc:${id}`,
  investor: (id: number) => `investor:${id}`,
} as const;
