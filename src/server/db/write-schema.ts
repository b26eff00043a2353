// `npm run schema`: migrates a new in-memory database, writes what it holds to src/server/db/schema.sql,
// and adds the checksum of each new migration to migrations/checksums.json. It never rewrites a
// checksum already there: a committed migration that changed is refused, to be put back and followed
// by a new migration instead.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../lib/project-files.js';
import { openPglite } from './client.js';
import { migrate } from './migrate.js';
import {
  CHECKSUMS_FILE, committedChecksums, editedMigrations, migrationChecksums, migrationFiles, SCHEMA_FILE, schemaText,
} from './schema-text.js';

async function main(): Promise<number> {
  const committed = await committedChecksums();
  const now = await migrationChecksums();
  const edited = editedMigrations(committed, now);
  if (edited.length) {
    process.stderr.write(`Migrations are never edited: add a new one. Changed or removed since committed: ${edited.join(', ')}\n`);
    return 1;
  }
  const db = await openPglite();
  try {
    await migrate(db);
    await writeFile(SCHEMA_FILE, await schemaText(db, await migrationFiles()));
  } finally {
    await db.close();
  }
  await writeFile(CHECKSUMS_FILE, JSON.stringify({ ...now, ...committed }, Object.keys(now).sort(), 2) + '\n');
  process.stdout.write(`Wrote ${path.relative(PROJECT_ROOT, SCHEMA_FILE)} and ${path.relative(PROJECT_ROOT, CHECKSUMS_FILE)}.\n`);
  return 0;
}

process.exitCode = await main();
