import type { Queryable } from '../db/client.js';
import { ConflictError } from '../lib/errors.js';
import { lookKeys } from '../lib/name-skeleton.js';
import { nameKey } from '../lib/names.js';

/**
 * A new name is refused when it is taken: when a row of its table (a category: of its scope)
 * has the same name (lib/names.ts: NFC, case and surrounding spaces aside), or a name that looks the
 * same (lib/name-skeleton.ts: "Аlice Morgan" with a Cyrillic А beside "Alice Morgan"). The refusal
 * names the one that exists.
 *
 * The names are compared here, in the transaction that inserts the new one, under a lock that every
 * transaction adding a name to the same table takes first: two look-alikes added at once take turns,
 * and the second finds the first. (The unique index on name_key(name) still refuses the same name.)
 * Tables of names are small: an admin adds an LLC, a property or an investor at a time.
 */
const TABLES = { llc: 1, property: 2, investor: 3, category: 4, loren: 5 } as const;
export type NameTable = keyof typeof TABLES;

/** Any constant (another than migrate.ts's): paired with the table's number, the lock of its new names. */
const NEW_NAME_LOCK = 7_340_022;

// A name's looks, computed once per name while it is asked about (bounded: dropped whole when full).
const looksOf = new Map<string, readonly [string, string]>();
const LOOKS_KEPT = 20_000;
function looks(name: string): readonly [string, string] {
  let got = looksOf.get(name);
  if (!got) {
    if (looksOf.size >= LOOKS_KEPT) looksOf.clear();
    got = lookKeys(name);
    looksOf.set(name, got);
  }
  return got;
}

export type NewName = {
  table: NameTable;
  /** The category's scope: names are unique within it. */
  scope?: string;
  name: string;
  /** The sentence that a name is taken, without its full stop: 'An investor named "X" already exists'. */
  taken: (name: string) => string;
};

/** Throws a ConflictError (409) when `name` is taken in its table; call it inside the inserting transaction. */
export async function refuseTakenName(tx: Queryable, { table, scope, name, taken }: NewName): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [NEW_NAME_LOCK, TABLES[table]]);
  const rows = scope === undefined
    ? await tx.query<{ name: string }>(`SELECT name FROM ${table} ORDER BY id`)
    : await tx.query<{ name: string }>(`SELECT name FROM ${table} WHERE scope = $1 ORDER BY id`, [scope]);
  const key = nameKey(name);
  if (rows.some((r) => nameKey(r.name) === key)) throw new ConflictError(`${taken(name)}.`);
  const [asWritten, caseAside] = looks(name);
  const alike = rows.find((r) => {
    const [w, c] = looks(r.name);
    return w === asWritten || c === caseAside;
  });
  if (alike) throw new ConflictError(`${taken(alike.name)}; "${name}" looks the same.`);
}
