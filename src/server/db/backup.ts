import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Db } from './client.js';

/**
 * Backup and restore: a logical copy of every table as gzipped JSON lines, taken in
 * one REPEATABLE READ snapshot. The same file restores into the embedded database and into
 * PostgreSQL (so it is also the way from one to the other). A restore replaces everything in one
 * transaction: it lands whole or not at all.
 */
const FORMAT = 'investor-portal-backup';
const PAGE = 2000;

/** Every table, parents before children, so rows insert in this order. */
const TABLES = [
  'llc', 'property', 'investor', 'investor_fee', 'portal_user', 'investor_access', 'registration_secret', 'staff_llc_grant', 'api_token',
  'recovery_code', 'session', 'login_event',
  'category', 'loren', 'ledger_entry', 'audit_event', 'idempotency_key', 'picture',
  'stored_file', 'stored_file_chunk', 'document', 'document_version', 'document_download',
  'notice_outbox', 'notice_setting', 'sign_in_device',
  'k1_consent', 'k1_batch', 'k1_batch_file', 'k1_document',
  'statement_publication', 'statement_publication_investor',
  'bank_account', 'bank_account_change',
  'investor_update', 'investor_update_recipient', 'investor_update_attachment',
  'distribution_run', 'distribution_run_line', 'ach_settings',
  'capital_call', 'capital_call_line', 'capital_call_receipt',
  'llc_bank_account', 'llc_bank_account_property', 'bank_rule', 'bank_import', 'bank_import_line', 'statement_download', 'federal_rate',
] as const;

/**
 * Rows a page of a table holds: a stored file's chunk is up to 256 KiB (twice that as JSON), so its pages
 * are two chunks, and a backup holds about a MiB of a file at a time, as the upload did.
 */
const pageOf = (table: string) => (table === 'stored_file_chunk' ? 2 : PAGE);

type Header = { format: typeof FORMAT; version: 1; created_at: string; migrations: string[]; counts: Record<string, number> };

const migrations = async (db: Pick<Db, 'query'>) =>
  (await db.query<{ name: string }>('SELECT name FROM schema_migration ORDER BY name')).map((r) => r.name);

/**
 * Migrations that change the shape of nothing a backup holds (kept answers and versions, computed again;
 * a guard, which checks the restored rows as they go in): a backup taken on either side of one restores.
 * Add a migration here only if no table in TABLES changes shape.
 */
const OUTSIDE_BACKUPS = new Set([
  '0008_kept_answers_gzipped.sql', '0009_whole_books_version.sql', '0010_balance_guard.sql',
  '0011_sign_in_limits.sql', // new tables of passing state (attempt windows, spent challenges), not backed up
]);

/** The migrations that shape the tables a backup holds. */
const backedShape = (names: string[]) => JSON.stringify(names.filter((name) => !OUTSIDE_BACKUPS.has(name)));

/** Writes the backup; answers how many rows of each table it holds. */
export async function backupTo(db: Db, file: string): Promise<Record<string, number>> {
  const gzip = createGzip();
  const out = gzip.pipe(createWriteStream(file, { mode: 0o600 })); // the file holds password hashes: owner only
  const write = (value: unknown) => new Promise<void>((resolve) => (gzip.write(`${JSON.stringify(value)}\n`) ? resolve() : gzip.once('drain', resolve)));
  const counts = await db.snapshot(async (tx) => {
    const c: Record<string, number> = {};
    for (const table of TABLES) {
      const [n] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      c[table] = n!.n;
    }
    const header: Header = { format: FORMAT, version: 1, created_at: new Date().toISOString(), migrations: await migrations(tx), counts: c };
    await write(header);
    for (const table of TABLES) {
      const page = pageOf(table);
      for (let offset = 0; offset < c[table]!; offset += page) {
        const rows = await tx.query<{ row: unknown }>(`SELECT to_jsonb(t) AS row FROM ${table} t ORDER BY 1 LIMIT ${page} OFFSET ${offset}`);
        await write({ table, rows: rows.map((r) => r.row) });
      }
    }
    return c;
  });
  gzip.end();
  await finished(out);
  return counts;
}

/** Replaces every row with the backup's; refuses a file of another format or schema. */
export async function restoreFrom(db: Db, file: string): Promise<Record<string, number>> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  const header = (first.done ? null : JSON.parse(first.value)) as Header | null;
  if (header?.format !== FORMAT) throw new Error(`${file} is not a backup of this portal.`);
  const schema = await migrations(db);
  if (backedShape(schema) !== backedShape(header.migrations)) {
    throw new Error(`The backup was taken at schema ${header.migrations.at(-1)}, this database is at ${schema.at(-1)}: start the matching version first.`);
  }
  return db.transaction(async (tx) => {
    // TRUNCATE fires no row trigger: the ledger and audit guards stay in force for everything else.
    await tx.query(`TRUNCATE ${TABLES.join(', ')} RESTART IDENTITY CASCADE`);
    const restored: Record<string, number> = Object.fromEntries(TABLES.map((t) => [t, 0]));
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const { table, rows } = JSON.parse(next.value) as { table: (typeof TABLES)[number]; rows: unknown[] };
      if (!TABLES.includes(table)) throw new Error(`The backup names an unknown table "${table}".`);
      await tx.query(
        `INSERT INTO ${table} OVERRIDING SYSTEM VALUE SELECT * FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`,
        [JSON.stringify(rows)],
      );
      restored[table]! += rows.length;
    }
    for (const table of TABLES) {
      if (restored[table] !== header.counts[table]) throw new Error(`The backup is incomplete: ${table} has ${restored[table]} of ${header.counts[table]} rows.`);
    }
    // Identity columns continue after the highest restored id.
    const identities = await tx.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns WHERE is_identity = 'YES' AND table_schema = current_schema()`,
    );
    for (const { table_name: table, column_name: column } of identities) {
      if (!(TABLES as readonly string[]).includes(table)) continue;
      await tx.query(
        `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), greatest(coalesce((SELECT max(${column}) FROM ${table}), 0), 1), (SELECT count(*) > 0 FROM ${table}))`,
      );
    }
    return restored;
  });
}
