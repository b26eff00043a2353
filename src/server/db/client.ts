import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { transactionTurns } from './loop-turns.js';

/**
 * A statement of the hot path (a session check, a kept answer's read, a write's statements), parsed and
 * planned once per connection instead of on every run: on PostgreSQL, that tripled how many a second one
 * connection answers (docs/performance.md). Only for constant text: each name stays prepared on every
 * pooled connection, and node-postgres refuses a name given another text.
 */
export type Prepared = { readonly name: string; readonly text: string; readonly readsOnly?: true };
/**
 * Each name's one text. A name given another text is refused here, when the statement is made: sent in
 * a batch with a COMMIT (`queryThenCommit`), node-postgres's own refusal would come as the batch goes out,
 * and the statements behind it and the COMMIT would still be sent.
 */
const preparedTexts = new Map<string, string>();
function named(name: string, text: string): void {
  const known = preparedTexts.get(name);
  if (known === undefined) preparedTexts.set(name, text);
  else if (known !== text) throw new Error(`the prepared statement ${name} was given another text`);
}
export const prepared = (name: string, text: string): Prepared => {
  named(name, text);
  return { name, text };
};
/**
 * A prepared statement that changes nothing (a SELECT of tables and STABLE functions only): on the
 * embedded database it leaves `localWrites` as it is, so what this process holds stays confirmed.
 */
export const preparedRead = (name: string, text: string): Prepared => {
  named(name, text);
  return { name, text, readsOnly: true };
};

/** A statement with its parameters, to send later. */
export type Statement = { readonly statement: string | Prepared; readonly params: unknown[] };

/** A connection or an open transaction: repositories accept either. */
export type Queryable = {
  query<T = Record<string, unknown>>(statement: string | Prepared, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
};

/**
 * `db.query` for a read of many rows of integers, text and dates, which come back as one JSON array instead
 * of a row each. On PGlite every row is a protocol message of its own, parsed in JavaScript: 217,016 month
 * totals took 1.8–2.4 s that way at the large tier, and 0.4–0.6 s as one `json_agg` value, parsed natively
 * (docs/performance.md, ninth round). A date comes as its ISO text, as the parsers above give it; a bigint
 * as a JSON number, checked exact here as `parseInt8` checks it (a fraction is refused too: none is meant).
 */
export async function queryMany<T extends Record<string, unknown>>(db: Queryable, text: string, params: unknown[]): Promise<T[]> {
  const [row] = await db.query<{ rows: T[] }>(`SELECT coalesce(json_agg(r), '[]'::json) AS rows FROM (${text}) r`, params);
  const rows = row!.rows;
  for (const r of rows) {
    for (const v of Object.values(r)) {
      if (typeof v === 'number' && !Number.isSafeInteger(v)) throw new Error(`the value ${v} is not an exact integer`);
    }
  }
  return rows;
}

/** An open transaction: a Queryable that can also send its last statement and its COMMIT as one. */
export type Transaction = Queryable & {
  /**
   * Runs `statement` as this transaction's last and commits: on PostgreSQL both go out together, so the
   * database runs the COMMIT right after the statement, without a round trip to this process between them
   * (a writer holding the books write lock holds it for the database's work only), and the rows come back
   * once committed; on the embedded database the statement runs as any other and the transaction commits
   * when its function returns. If the statement fails, nothing is committed and the error is thrown.
   * Nothing may be queried after it, and the function should return once it has answered. Plain values
   * only (text, numbers, booleans, null, arrays of them): one node-postgres failed to convert would fail
   * the statement before it was sent, and the COMMIT behind it would commit what ran before.
   * `ahead`: statements whose answers nobody needs, sent in the same message just before it (a keyed
   * write's stored answer): one that fails aborts the transaction, and its error is thrown.
   */
  queryThenCommit<T = Record<string, unknown>>(statement: string | Prepared, params?: unknown[], ahead?: readonly Statement[]): Promise<T[]>;
  /** Whether `queryThenCommit` has sent the last statement (false if it refused before sending). */
  lastSent(): boolean;
};

/**
 * Statements a transaction makes at once, because none needs another's answer (the names a write refers to,
 * the period lock and the next id): on PostgreSQL they go out in one write to the socket and answer in one
 * round trip (the pool's pipeline mode), where awaiting each in turn costs a round trip and a turn of the
 * event loop each, holding the connection; on the embedded database they run one after the other. Every
 * one is awaited, and the first failure in the order given is the one thrown, as if they had run in turn
 * (a statement that fails in the database aborts the transaction, and the ones behind it fail after it).
 * For reads whose results decide nothing about each other: each runs even if one before it failed.
 */
export async function together<T extends readonly unknown[]>(work: readonly [...{ [K in keyof T]: Promise<T[K]> }]): Promise<T> {
  const settled = await Promise.allSettled(work);
  const failures = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
  // The database runs statements in the order they were sent, which is the order given only if each sent
  // its own at once: a "transaction is aborted" (25P02) is then never the cause, and the cause is thrown
  // (a deadlock or serialization failure must reach withRetry as itself).
  if (failures.length) throw failures.find((err) => (err as { code?: string } | null)?.code !== '25P02') ?? failures[0];
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** A parameter node-postgres sends as it is (see Transaction.queryThenCommit). */
const isWireValue = (v: unknown): boolean =>
  v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) || (Array.isArray(v) && v.every(isWireValue));

export type Db = Queryable & {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction (READ COMMITTED); retries on serialization failure or deadlock. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Runs the reads behind one answer in one read-only REPEATABLE READ transaction: every query sees the
   * same state of the books, so an answer never mixes a state before a write with one after it.
   */
  snapshot<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * The embedded database only, where one process alone may open the data (data-dir.ts): a count that
   * moves after anything this process ran may have changed the database (a transaction, a script, a
   * statement not declared `preparedRead`). What was read while it stood at n is still what the database
   * holds while it stands at n, so this process's memory can answer without asking (db/local-memo.ts).
   * Undefined on PostgreSQL: other servers may write there.
   */
  localWrites?(): number;
  close(): Promise<void>;
};

const INT8_OID = 20;
const DATE_OID = 1082;

/**
 * bigint columns (cents, ids, counts) come back as JS numbers, and a value beyond 2^53 fails loudly
 * instead of losing precision. Sums of realistic books stay far below that (2^53 cents ≈ $90 trillion).
 */
export function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new Error(`bigint value ${text} exceeds the safe integer range`);
  return n;
}

// Calendar dates stay 'YYYY-MM-DD' strings: a Date object would drag a time zone into a day.
const parseDate = (text: string) => text;

const BYTEA_OID = 17;

/**
 * bytea in PGlite's text form (\x and hex digits), through Node's native hex codec. PGlite's own writes a
 * string per byte and joins them (and reads back with a call per byte): a K-1's 256 kB chunk took tens of
 * milliseconds and most of a K-1 batch's time on the embedded database (docs/performance.md).
 */
const byteaText = (value: unknown): string => {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
};
const byteaOfText = (text: string): Uint8Array => {
  const bytes = Buffer.from(text.slice(2), 'hex');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};

const SNAPSHOT = 'ISOLATION LEVEL REPEATABLE READ READ ONLY';

const RETRYABLE = new Set(['40001', '40P01']);
const MAX_TRIES = 10;

async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (!code || !RETRYABLE.has(code) || attempt >= MAX_TRIES) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}

/**
 * Runs `fn` on a transaction that refuses statements after its last one (`queryThenCommit`), and says
 * whether that one was sent. `last` runs it (and on PostgreSQL its COMMIT); by default the statement runs
 * as any other. Its outcome is awaited here as well, so a function that caught its failure, or did not
 * wait for it, cannot make the transaction look committed.
 */
async function withLastStatement<T>(
  q: Queryable,
  fn: (tx: Transaction) => Promise<T>,
  last: (statements: readonly Statement[]) => Promise<unknown[]> = async (statements) => {
    let rows: unknown[] = [];
    for (const { statement, params } of statements) rows = await q.query(statement, params);
    return rows;
  },
): Promise<{ result: T; sentLast: boolean }> {
  let ending: Promise<unknown[]> | undefined;
  const open = () => {
    if (ending) throw new Error('this transaction has already sent its last statement');
  };
  const tx: Transaction = {
    async query<R>(statement: string | Prepared, params?: unknown[]) {
      open();
      return q.query<R>(statement, params);
    },
    async exec(script: string) {
      open();
      return q.exec(script);
    },
    lastSent: () => ending !== undefined,
    async queryThenCommit<R>(statement: string | Prepared, params: unknown[] = [], ahead: readonly Statement[] = []) {
      open();
      const statements = [...ahead, { statement, params }];
      if (!statements.every((s) => s.params.every(isWireValue))) {
        throw new Error('queryThenCommit sends plain values only (text, numbers, booleans, null, arrays of them)');
      }
      ending = last(statements);
      return (await ending) as R[];
    },
  };
  const result = await fn(tx);
  if (ending) await ending;
  return { result, sentLast: ending !== undefined };
}

const PGLITE_SHARED_BUFFERS = '32MB';

/** Embedded PostgreSQL (WASM). dataDir undefined = in memory. One connection; queries are serialized. */
export async function openPglite(dataDir?: string): Promise<Db> {
  // Loaded only here: the WebAssembly database is ~50 MB of a server's memory it needs only when embedded.
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dataDir, {
    parsers: { [INT8_OID]: parseInt8, [DATE_OID]: parseDate, [BYTEA_OID]: byteaOfText },
    serializers: { [BYTEA_OID]: byteaText },
    // PostgreSQL's 128 MB of shared buffers live in the server's own memory here, all touched at start:
    // 296 MB resident before the first query. The files stay in the OS's page cache either way, so 32 MB
    // holds the hot pages (sessions, kept answers) at about 100 MB less (docs/performance.md).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  // Moved when a write ends, committed or not, so a read that began before it is never taken as after it
  // (a reader notes the count before it asks: local-memo.ts).
  let writes = 0;
  const wrote = () => {
    writes++;
  };
  // Outside a transaction a statement is one statement: nothing to wait for after it.
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>, inTransaction: boolean, afterStatement: () => Promise<void> | undefined = () => undefined): Queryable => ({
    // In process there is no connection to keep a statement on: a prepared one runs as its text.
    async query<T>(statement: string | Prepared, params: unknown[] = []) {
      const reads = typeof statement !== 'string' && statement.readsOnly === true;
      let rows: T[];
      try {
        rows = (await q.query<T>(typeof statement === 'string' ? statement : statement.text, params)).rows;
      } finally {
        if (!reads && !inTransaction) wrote();
      }
      await afterStatement();
      return rows;
    },
    async exec(script: string) {
      try {
        await q.exec(script);
      } finally {
        if (!inTransaction) wrote();
      }
      await afterStatement();
    },
  });
  return {
    kind: 'pglite',
    ...wrap(db, false),
    transaction: (fn) => withRetry(() => db.transaction(async (tx) => (await withLastStatement(wrap(tx, true, transactionTurns()), fn)).result).finally(wrote)),
    snapshot: (fn) =>
      withRetry(() =>
        db.transaction(async (tx) => {
          await tx.exec(`SET TRANSACTION ${SNAPSHOT}`);
          return fn(wrap(tx, true, transactionTurns()));
        }),
      ),
    localWrites: () => writes,
    close: () => db.close(),
  };
}

/**
 * The statements a transaction makes in one turn of the event loop go out in one write to the socket
 * (`together`, and a last statement with its COMMIT): the stream is corked at the first and uncorked once
 * the turn's code has run (scheduled before any is sent, so a statement that throws cannot leave it corked). Each query
 * would otherwise be a system call of its own, the largest part of a write's time in this process.
 */
const corkedStreams = new WeakSet<object>();
function corkUntilNextTick(stream: { cork?(): void; uncork?(): void }): void {
  if (!stream.cork || !stream.uncork || corkedStreams.has(stream)) return;
  corkedStreams.add(stream);
  stream.cork();
  process.nextTick(() => {
    corkedStreams.delete(stream);
    stream.uncork!();
  });
}

/** node-postgres's form of a statement: a named one is prepared on each connection the first time it runs there. */
const asConfig = (statement: string | Prepared, values: unknown[]): pg.QueryConfig =>
  typeof statement === 'string' ? { text: statement, values } : { name: statement.name, text: statement.text, values };

/** A PostgreSQL server through node-postgres, with a pool sized for a small app server. */
export async function openPostgres(connectionString: string): Promise<Db> {
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === INT8_OID) return parseInt8;
      if (oid === DATE_OID) return parseDate;
      return pg.types.getTypeParser(oid, format);
    },
  };
  const pool = new pg.Pool({
    connectionString,
    types,
    // A query is sent as soon as it is made, not after the one before it has answered: the code awaits
    // each statement in turn anyway, except a transaction's last one and its COMMIT (`queryThenCommit`).
    pipeline: true,
    max: 10,
    connectionTimeoutMillis: 5_000,
    statement_timeout: 10_000,
  });
  // Without a listener an idle client's error (server restart, network cut) would crash the process (docs/security.md E2).
  pool.on('error', () => {});
  // Once per connection, not per checkout: pooled clients are reused, and listeners would pile up.
  pool.on('connect', (client) => client.on('error', () => {}));
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    async query<T>(statement: string | Prepared, params: unknown[] = []) {
      const res = await pool.query(asConfig(statement, params));
      return res.rows as T[];
    },
    async exec(script: string) {
      await pool.query(script);
    },
    transaction: (fn) => inTransaction('BEGIN', fn),
    snapshot: (fn) => inTransaction(`BEGIN ${SNAPSHOT}`, fn),
    close: () => pool.end(),
  };

  function inTransaction<T>(begin: string, fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return withRetry(async () => {
      const client = await pool.connect();
      try {
        await client.query(begin);
        const stream = (client as unknown as { connection: { stream: { cork?(): void; uncork?(): void } } }).connection.stream;
        const open: Queryable = {
          async query<R>(statement: string | Prepared, params: unknown[] = []) {
            corkUntilNextTick(stream);
            const res = await client.query(asConfig(statement, params));
            return res.rows as R[];
          },
          async exec(script: string) {
            await client.query(script);
          },
        };
        const { result, sentLast } = await withLastStatement(open, fn, async (statements) => {
          // All are on the wire before any answers (the pool's pipeline mode), in one write to the socket:
          // each query would otherwise be a system call of its own, the largest part of a write's time
          // in this process (docs/performance.md). A statement that fails leaves the transaction aborted,
          // the ones behind it fail, and PostgreSQL answers the COMMIT with ROLLBACK.
          corkUntilNextTick(stream);
          const sent = [...statements.map(({ statement, params }) => client.query(asConfig(statement, params))), client.query('COMMIT')];
          const answers = await Promise.all(sent);
          const commit = answers.at(-1)!;
          if (commit.command !== 'COMMIT') throw new Error(`the transaction ended in ${commit.command}, not COMMIT`);
          return answers.at(-2)!.rows;
        });
        if (!sentLast) await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    });
  }
}
