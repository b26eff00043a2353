import { prepared, type Queryable } from '../../db/client.js';
import { ownBytes } from '../../lib/kept-json.js';
import { INVESTOR_NAMED } from '../investors/investors.repository.js';

/**
 * What an answer was computed from (migration 0006): scopes of the books ('llc:3', 'investor:12',
 * 'shared', or '*' for all of them) and the version each had in the answer's snapshot.
 */
export type AnswerInputs = { scopes: string[]; versions: number[] };

/** A computation's inputs in one word: the same stamp for the same key means the same answer. */
export const stampOf = (inputs: AnswerInputs): string => inputs.versions.join('.');

/**
 * A kept answer as the database gives it: its stamp, and its JSON gzipped (migration 0008), unless the
 * caller said it holds that very answer.
 */
export type KeptAnswer = { stamp: string; body: Buffer | undefined };

// node-postgres gives bytea as a Buffer, PGlite as a Uint8Array: one type for the callers, in memory of
// its own (a body may be held for long: lib/kept-json.ts ownBytes).
const bodyOf = (bytes: Uint8Array | null): Buffer | undefined => (bytes === null ? undefined : ownBytes(bytes));

/** The versions `scopes` have in `db`'s snapshot, in their order. */
export async function scopeVersions(db: Queryable, scopes: string[]): Promise<number[]> {
  const [row] = await db.query<{ versions: string[] }>(SCOPE_VERSIONS, [scopes]);
  return row!.versions.map(Number);
}

const SCOPE_VERSIONS = prepared('scope_versions', 'SELECT books_scope_versions($1::text[])::text[] AS versions');

/**
 * The answer kept for `key`, if it is still current: checked against the versions of its scopes in the
 * same statement, so an answer whose inputs changed is never returned. `knownStamp` is the stamp of the
 * answer the caller already holds: when it is the kept one, the body is not sent again.
 */
export async function keptAnswer(
  db: Queryable,
  key: string,
  knownStamp: string | null = null,
): Promise<KeptAnswer | undefined> {
  const [row] = await db.query<{ stamp: string; body: Uint8Array | null }>(KEPT_ANSWER, [key, knownStamp]);
  return row && { stamp: row.stamp, body: bodyOf(row.body) };
}

const KEPT_ANSWER = prepared(
  'kept_answer',
  `SELECT stamp, CASE WHEN stamp IS DISTINCT FROM $2 THEN body_gzip END AS body
     FROM answer_cache WHERE key = $1 AND versions = books_scope_versions(scopes)`,
);

/** Where a key names its investor, in the key `keptAnswerOfInvestorNamed` is given. */
export const INVESTOR_MARK = '{investor}';

/**
 * The investor named `name` and the answer kept for them under `keyOf` (INVESTOR_MARK standing for
 * their id), if current, in one statement: an admin reading anyone's figures costs one round trip,
 * not two (issue 12). `guess` is the id the caller expects and `knownStamp` the stamp of the answer it
 * holds for that id: when both are right, the body is not sent again. undefined: no investor has the name.
 */
export async function keptAnswerOfInvestorNamed(
  db: Queryable,
  name: string,
  keyOf: string,
  guess: number | null,
  knownStamp: string | null,
): Promise<{ investorId: number; found: KeptAnswer | undefined } | undefined> {
  // At the first mark: a name later in the key (a property's) may spell the mark too.
  const at = keyOf.indexOf(INVESTOR_MARK);
  const [row] = await db.query<{ id: number; stamp: string | null; body: Uint8Array | null }>(
    KEPT_ANSWER_OF_INVESTOR_NAMED,
    [name, keyOf.slice(0, at), guess, knownStamp, keyOf.slice(at + INVESTOR_MARK.length)],
  );
  if (!row) return undefined;
  return { investorId: row.id, found: row.stamp === null ? undefined : { stamp: row.stamp, body: bodyOf(row.body) } };
}

// answer_cache has no name column: the name matched is the investor's.
const KEPT_ANSWER_OF_INVESTOR_NAMED = prepared(
  'kept_answer_of_investor_named',
  `SELECT i.id, c.stamp, CASE WHEN i.id IS DISTINCT FROM $3 OR c.stamp IS DISTINCT FROM $4 THEN c.body_gzip END AS body
     FROM investor i
     LEFT JOIN answer_cache c ON c.key = $2 || i.id || $5 AND c.versions = books_scope_versions(c.scopes)
    WHERE ${INVESTOR_NAMED}`,
);

/**
 * Keeps an answer (its JSON gzipped) with its inputs. Two servers may race on a key: the one computed
 * from later versions of the same scopes stays. (Either would be safe to keep: a stale one is never served.)
 */
export async function keepAnswer(db: Queryable, key: string, inputs: AnswerInputs, bodyGzip: Buffer): Promise<void> {
  await db.query(
    `INSERT INTO answer_cache AS c (key, scopes, versions, stamp, body_gzip) VALUES ($1, $2::text[], $3::bigint[], $4, $5)
     ON CONFLICT (key) DO UPDATE SET scopes = EXCLUDED.scopes, versions = EXCLUDED.versions, stamp = EXCLUDED.stamp,
                                     body_gzip = EXCLUDED.body_gzip, kept_at = now()
      WHERE NOT (c.scopes = EXCLUDED.scopes AND c.versions > EXCLUDED.versions)`,
    [key, inputs.scopes, inputs.versions, stampOf(inputs), bodyGzip],
  );
}

/** Of `keys`, those kept and current. */
export async function currentKeys(db: Queryable, keys: string[]): Promise<Set<string>> {
  const rows = await db.query<{ key: string }>(
    'SELECT key FROM answer_cache WHERE key = ANY($1::text[]) AND versions = books_scope_versions(scopes)',
    [keys],
  );
  return new Set(rows.map((r) => r.key));
}

/** Every scope's version now: what the refresher compares to find what changed. */
export async function allScopeVersions(db: Queryable): Promise<Map<string, number>> {
  const rows = await db.query<{ scope: string; version: number }>('SELECT scope, version FROM books_scope_version');
  return new Map(rows.map((r) => [r.scope, r.version]));
}

/**
 * Forgets the answers kept by other code (their keys start with another format: a deploy changed the
 * rules or the shapes), and the old ones.
 */
export async function forgetOtherAnswers(db: Queryable, format: string): Promise<void> {
  await db.query(`DELETE FROM answer_cache WHERE left(key, length($1) + 1) <> $1 || '/'`, [format]);
  await forgetOldAnswers(db);
}

/** Forgets answers kept two days ago or earlier: mostly the days before's "as of today", never asked again. */
export async function forgetOldAnswers(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM answer_cache WHERE kept_at < now() - interval '2 days'`);
}

/** Forgets every kept answer (a restore: the books behind them are gone). */
export async function forgetAnswers(db: Queryable): Promise<void> {
  await db.query('DELETE FROM answer_cache');
}
