import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  committedChecksums, editedMigrations, migrationChecksums, migrationFiles, REGENERATE_COMMAND, SCHEMA_FILE, schemaText,
} from '../../src/server/db/schema-text.js';
import { DB_KINDS, openTestDb } from '../support/test-db.js';

// The schema in one file: src/server/db/schema.sql is what a new database holds after every migration.
describe.each(DB_KINDS)('schema.sql on %s', (kind) => {
  it('is exactly what migrating a new database builds', async () => {
    // Migrated here from nothing, not copied from the run's template: this is the test of the migrations.
    const testDb = await openTestDb(kind, { fromEmpty: true });
    try {
      const built = await schemaText(testDb.db, await migrationFiles());
      expect(built, `src/server/db/schema.sql differs from what the migrations build: run \`${REGENERATE_COMMAND}\``)
        .toBe(readFileSync(SCHEMA_FILE, 'utf8'));
    } finally {
      await testDb.drop();
    }
  });

  it('shows every kind of object a migration can add', async () => {
    const testDb = await openTestDb(kind);
    try {
      const files = await migrationFiles();
      const before = await schemaText(testDb.db, files);
      await testDb.db.exec(`
        ALTER TABLE llc ADD COLUMN schema_probe integer NOT NULL DEFAULT 7 CHECK (schema_probe > 0);
        CREATE INDEX llc_schema_probe_idx ON llc (schema_probe);
        CREATE FUNCTION schema_probe() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
        CREATE TRIGGER schema_probe AFTER INSERT ON llc FOR EACH ROW EXECUTE FUNCTION schema_probe();
        CREATE VIEW schema_probe_view AS SELECT id FROM llc;
        CREATE TABLE schema_probe_table (id integer PRIMARY KEY);
      `);
      const after = await schemaText(testDb.db, files);
      expect(after).not.toBe(before);
      expect(after).toMatch(/\n {2}schema_probe +integer DEFAULT 7 NOT NULL,\n/);
      expect(after).toMatch(/CONSTRAINT llc_schema_probe_check CHECK \(schema_probe > 0\)/);
      expect(after).toContain('CREATE INDEX llc_schema_probe_idx ON public.llc USING btree (schema_probe);');
      expect(after).toMatch(/CREATE OR REPLACE FUNCTION public\.schema_probe\(\)/);
      expect(after).toMatch(/CREATE TRIGGER schema_probe AFTER INSERT ON (public\.)?llc FOR EACH ROW EXECUTE FUNCTION schema_probe\(\);/);
      expect(after).toContain('CREATE VIEW schema_probe_view AS');
      expect(after).toContain('CREATE TABLE schema_probe_table (');
    } finally {
      await testDb.drop();
    }
  });
});

describe('committed migrations', () => {
  it('are never edited: each keeps the checksum it was committed with', async () => {
    const committed = await committedChecksums();
    const edited = editedMigrations(committed, await migrationChecksums());
    expect(edited, 'migrations are never edited: add a new one').toEqual([]);
  });

  it('each have a committed checksum', async () => {
    const committed = await committedChecksums();
    const missing = (await migrationFiles()).filter((file) => !(file in committed));
    expect(missing, `a new migration's checksum is recorded by \`${REGENERATE_COMMAND}\``).toEqual([]);
  });

  it('notices a migration whose bytes changed, and one that is gone', () => {
    const committed = { '0001_a.sql': 'aa', '0002_b.sql': 'bb', '0003_c.sql': 'cc' };
    expect(editedMigrations(committed, { '0001_a.sql': 'aa', '0002_b.sql': 'bX', '0004_d.sql': 'dd' }))
      .toEqual(['0002_b.sql', '0003_c.sql']);
  });
});
