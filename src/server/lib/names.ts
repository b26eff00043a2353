import { LOWER, UPPER } from './name-case.js';

/**
 * The one rule for names. A name is stored as written in Unicode NFC, trimmed: the request
 * field (contract/fields.ts Name) normalizes it so, and migration 0012 brought older names to it. Two
 * names are the same name when their keys are equal: NFC, trimmed, each character in its simple
 * lowercase (name-case.ts). The database's name_key(text) (migration 0012) computes the same key with
 * the same table: lookups (`nameIs`), the unique indexes and the answers kept by name (nameKey) agree
 * on every database, so a name finds the same row whether its answer is kept or not.
 */

/** A name as stored: NFC, without surrounding spaces. */
export const canonicalName = (name: string): string => name.normalize('NFC').trim();

const FOLD = new Map<string, string>();
{
  const upper = [...UPPER];
  const lower = [...LOWER];
  upper.forEach((c, i) => FOLD.set(c, lower[i]!));
}

/** Each character's simple lowercase, the same as the database's name_key folds. */
export const foldCase = (text: string): string => {
  let out = '';
  for (const c of text) out += FOLD.get(c) ?? c;
  return out;
};

/**
 * A name as a person types it, case and surrounding spaces aside: how investors, properties and LLCs
 * are matched when asked for by name, and how answers kept by name are keyed. The same as the
 * database's name_key(name).
 */
export const nameKey = (name: string): string => foldCase(canonicalName(name));

/** Whether two names are the same name (see nameKey). */
export const sameName = (a: string, b: string): boolean => nameKey(a) === nameKey(b);

/**
 * SQL: the row's `name` is the name in parameter `param` (e.g. '$1'), by the database's name_key, which
 * its table's unique index is built on (so the lookup is an index scan).
 */
export const nameIs = (param: string): string => `name_key(name) = name_key(${param})`;
