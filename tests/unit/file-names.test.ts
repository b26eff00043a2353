import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** House rule (docs/architecture.md): file and folder names are kebab-case, so a name says what it holds the same way everywhere. */
const ROOTS = ['src', 'tests', 'bench'];
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)*$/;
/** Names other tools fix: numbered migrations, READMEs. */
const FIXED = /^(\d{4}_[a-z0-9_]+\.sql|README\.md)$/;

function names(dir: string): string[] {
  // Hidden folders hold tools' data (bench/.data: the bench's databases), not the project's files.
  return readdirSync(dir, { withFileTypes: true }).filter((entry) => !(entry.isDirectory() && entry.name.startsWith('.'))).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? [full, ...names(full)] : [full];
  });
}

describe('file names', () => {
  it('are kebab-case in src, tests and bench', () => {
    const all = ROOTS.flatMap((root) => names(root));
    expect(all.length).toBeGreaterThan(100);
    const odd = all.filter((file) => {
      const base = path.basename(file);
      return !KEBAB.test(base) && !FIXED.test(base);
    });
    expect(odd).toEqual([]);
  });
});
