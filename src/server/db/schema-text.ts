import { readdir, readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { projectPath } from '../lib/project-files.js';
import type { Queryable } from './client.js';
import { MIGRATIONS_DIR, MIGRATION_FILE } from './migrate.js';

/** The whole schema after every migration, read back from the catalog: committed beside the migrations. */
export const SCHEMA_FILE = projectPath('src/server/db/schema.sql');
/** Each committed migration's SHA-256: a migration that has landed is never edited, only followed by a new one. */
export const CHECKSUMS_FILE = projectPath('src/server/db/migrations/checksums.json');

export const REGENERATE_COMMAND = 'npm run schema';

/** The migration files in the order migrate() applies them. */
export async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => MIGRATION_FILE.test(f)).sort();
}

/** SHA-256 (hex) of each migration file's bytes, by file name, in order. */
export async function migrationChecksums(): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const file of await migrationFiles()) {
    sums[file] = createHash('sha256').update(await readFile(MIGRATIONS_DIR + file)).digest('hex');
  }
  return sums;
}

/** The committed checksums (empty before the first one is written). */
export async function committedChecksums(): Promise<Record<string, string>> {
  try {
    return JSON.parse(await readFile(CHECKSUMS_FILE, 'utf8')) as Record<string, string>;
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return {};
    throw err;
  }
}

/** Migrations whose bytes differ from their committed checksum, or that were committed and are gone. */
export function editedMigrations(committed: Record<string, string>, now: Record<string, string>): string[] {
  return Object.keys(committed).filter((file) => now[file] !== committed[file]);
}

// Only the application's own objects: the `public` schema, nothing an extension brought.
const PUBLIC = `'public'::regnamespace`;
const NOT_FROM_EXTENSION = (catalog: string, oid: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${catalog}'::regclass AND d.objid = ${oid} AND d.deptype = 'e')`;

type Row = Record<string, string>;

/**
 * The schema as readable SQL text, in a stable order (tables by name, each with its columns in
 * order, its constraints, indexes and triggers by name; then views, functions and types by name), built
 * from the catalog with PostgreSQL's own pg_get_*def functions so it needs no pg_dump: the same text on
 * PGlite and on a PostgreSQL server of version 15 or newer.
 */
export async function schemaText(db: Queryable, migrations: string[]): Promise<string> {
  const out: string[] = [
    '-- GENERATED FILE: do not edit. It is never run: the migrations beside it are what build a database.',
    `-- It is what a new database holds after every migration, read back from its catalog, so the whole`,
    `-- schema can be read in one place. After adding a migration, regenerate it with \`${REGENERATE_COMMAND}\``,
    '-- (tests/integration/schema.test.ts fails while it differs from what the migrations build).',
    '--',
    `-- Migrations: ${migrations[0] ?? 'none'} … ${migrations.at(-1) ?? 'none'} (${migrations.length})`,
    '',
  ];

  const extensions = await db.query<Row>(
    `SELECT extname FROM pg_extension WHERE extname <> 'plpgsql' ORDER BY extname`,
  );
  for (const e of extensions) out.push(`CREATE EXTENSION ${e.extname};`);
  if (extensions.length) out.push('');

  const types = await db.query<Row>(
    `SELECT t.oid::text, t.typname, t.typtype,
            format_type(t.typbasetype, t.typtypmod) AS base,
            (SELECT string_agg(quote_literal(e.enumlabel), ', ' ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid) AS labels,
            (SELECT string_agg(pg_get_constraintdef(c.oid, true), ' ' ORDER BY c.conname) FROM pg_constraint c WHERE c.contypid = t.oid) AS checks
       FROM pg_type t
      WHERE t.typnamespace = ${PUBLIC} AND t.typtype IN ('e', 'd') AND ${NOT_FROM_EXTENSION('pg_type', 't.oid')}
      ORDER BY t.typname`,
  );
  for (const t of types) {
    out.push(t.typtype === 'e'
      ? `CREATE TYPE ${t.typname} AS ENUM (${t.labels});`
      : `CREATE DOMAIN ${t.typname} AS ${t.base}${t.checks ? ' ' + t.checks : ''};`);
  }
  if (types.length) out.push('');

  const tables = await db.query<Row>(
    `SELECT c.oid::text, c.relname, c.relpersistence, array_to_string(c.reloptions, ', ') AS options
       FROM pg_class c
      WHERE c.relnamespace = ${PUBLIC} AND c.relkind IN ('r', 'p') AND ${NOT_FROM_EXTENSION('pg_class', 'c.oid')}
      ORDER BY c.relname`,
  );
  for (const table of tables) out.push(...(await tableText(db, table)), '');

  const views = await db.query<Row>(
    `SELECT c.relname, c.relkind, pg_get_viewdef(c.oid, true) AS def
       FROM pg_class c
      WHERE c.relnamespace = ${PUBLIC} AND c.relkind IN ('v', 'm') AND ${NOT_FROM_EXTENSION('pg_class', 'c.oid')}
      ORDER BY c.relname`,
  );
  for (const v of views) {
    out.push(`CREATE ${v.relkind === 'm' ? 'MATERIALIZED ' : ''}VIEW ${v.relname} AS`, (v.def ?? '').trimEnd(), '');
  }

  const functions = await db.query<Row>(
    `SELECT pg_get_functiondef(p.oid) AS def
       FROM pg_proc p
      WHERE p.pronamespace = ${PUBLIC} AND p.prokind IN ('f', 'p') AND ${NOT_FROM_EXTENSION('pg_proc', 'p.oid')}
      ORDER BY p.proname, pg_get_function_identity_arguments(p.oid)`,
  );
  for (const f of functions) out.push(`${f.def!.trimEnd()};`, '');

  return out.join('\n').trimEnd() + '\n';
}

async function tableText(db: Queryable, table: Row): Promise<string[]> {
  const oid = table.oid;
  const columns = await db.query<Row>(
    `SELECT a.attname, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull::text AS not_null,
            a.attidentity, a.attgenerated, pg_get_expr(d.adbin, d.adrelid) AS def,
            CASE WHEN a.attcollation <> t.typcollation THEN co.collname END AS collation
       FROM pg_attribute a
       JOIN pg_type t ON t.oid = a.atttypid
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       LEFT JOIN pg_collation co ON co.oid = a.attcollation
      WHERE a.attrelid = ${oid} AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`,
  );
  // NOT NULL is shown on its column; PostgreSQL 18 also lists it as a constraint ('n'), 15 does not.
  const constraints = await db.query<Row>(
    `SELECT conname, pg_get_constraintdef(oid, true) AS def
       FROM pg_constraint
      WHERE conrelid = ${oid} AND contype IN ('p', 'u', 'f', 'c', 'x')
      ORDER BY conname`,
  );
  const width = Math.max(...columns.map((c) => c.attname!.length));
  const lines = columns.map((c) => {
    let line = `${c.attname!.padEnd(width)} ${c.type}`;
    if (c.collation) line += ` COLLATE "${c.collation}"`;
    if (c.attidentity) line += ` GENERATED ${c.attidentity === 'a' ? 'ALWAYS' : 'BY DEFAULT'} AS IDENTITY`;
    else if (c.attgenerated === 's') line += ` GENERATED ALWAYS AS ${c.def} STORED`;
    else if (c.def) line += ` DEFAULT ${c.def}`;
    if (c.not_null === 'true' && !c.attidentity) line += ' NOT NULL';
    return line;
  });
  lines.push(...constraints.map((c) => `CONSTRAINT ${c.conname} ${c.def}`));
  const persistence = table.relpersistence === 'u' ? 'UNLOGGED ' : '';
  const text = [
    `CREATE ${persistence}TABLE ${table.relname} (`,
    lines.map((l) => `  ${l}`).join(',\n'),
    `)${table.options ? ` WITH (${table.options})` : ''};`,
  ];
  // Indexes a constraint already shows (primary keys, UNIQUE constraints) are not repeated.
  const indexes = await db.query<Row>(
    `SELECT pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = ${oid} AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.conrelid = ${oid})
      ORDER BY c.relname`,
  );
  text.push(...indexes.map((i) => `${i.def};`));
  const triggers = await db.query<Row>(
    `SELECT pg_get_triggerdef(oid, true) AS def FROM pg_trigger WHERE tgrelid = ${oid} AND NOT tgisinternal ORDER BY tgname`,
  );
  text.push(...triggers.map((t) => `${t.def};`));
  return text;
}
