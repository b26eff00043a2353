import { preparedRead, type Prepared, type Queryable } from '../../db/client.js';
import { ownBytes } from '../../lib/kept-json.js';

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

const SCOPE_VERSIONS = preparedRead('scope_versions', 'SELECT books_scope_versions($1::text[])::text[] AS versions');

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

const KEPT_ANSWER = preparedRead(
  'kept_answer',
  `SELECT stamp, CASE WHEN stamp IS DISTINCT FROM $2 THEN body_gzip END AS body
     FROM answer_cache WHERE key = $1 AND versions = books_scope_versions(scopes)`,
);

/** The tables a kept answer's key may name a row of, by the name a request gives. */
export type NamedTable = 'investor' | 'property' | 'llc';

/**
 * The rows named `names` (by the database's name_key: lib/names.ts) and the answer kept under the key
 * their ids make, if current, in one statement: a read by name costs one round trip, not two. The key is
 * `keyParts` with the ids between them (keyParts[0] id[0] keyParts[1] …). `guessKey` is the key the
 * caller expects and `knownStamp` the stamp of the answer it holds under it: when both are right, the
 * body is not sent again. An id is null where no row has the name (and then no answer is read).
 */
export async function keptAnswerNamed(
  db: Queryable,
  names: { table: NamedTable; name: string }[],
  keyParts: string[],
  guessKey: string | null,
  knownStamp: string | null,
): Promise<{ ids: (number | null)[]; key: string | null; found: KeptAnswer | undefined }> {
  const [row] = await db.query<{ ids: (number | null)[]; key: string | null; stamp: string | null; body: Uint8Array | null }>(
    namedStatement(names.map((n) => n.table)),
    [guessKey, knownStamp, ...keyParts, ...names.map((n) => n.name)],
  );
  return { ids: row!.ids, key: row!.key, found: row!.stamp === null ? undefined : { stamp: row!.stamp, body: bodyOf(row!.body) } };
}

const namedStatements = new Map<string, Prepared>();
/** Parameters: $1 the guessed key, $2 the known stamp, then the key's parts, then the names. */
function namedStatement(tables: NamedTable[]): Prepared {
  const name = `kept_answer_named_${tables.join('_')}`;
  let statement = namedStatements.get(name);
  if (!statement) {
    const part = (k: number) => `$${k + 3}`;
    const nameParam = (k: number) => `$${k + 4 + tables.length}`;
    // The key: its parts with the ids between them; null when a name found no row (no answer is joined).
    const key = [...tables.map((_, k) => `${part(k)} || n${k}.id`), part(tables.length)].join(' || ');
    const joins = tables.map((table, k) => `LEFT JOIN ${table} n${k} ON name_key(n${k}.name) = name_key(${nameParam(k)})`).join(' ');
    statement = preparedRead(
      name,
      `SELECT ARRAY[${tables.map((_, k) => `n${k}.id`).join(', ')}]::int[] AS ids, k.key, c.stamp,
              CASE WHEN c.key IS DISTINCT FROM $1 OR c.stamp IS DISTINCT FROM $2 THEN c.body_gzip END AS body
         FROM (SELECT 1) one ${joins}
         CROSS JOIN LATERAL (SELECT ${key} AS key) k
         LEFT JOIN answer_cache c ON c.key = k.key AND c.versions = books_scope_versions(c.scopes)`,
    );
    namedStatements.set(name, statement);
  }
  return statement;
}

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
