import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Name } from '../../contract/fields.js';
import { projectPath } from './project-files.js';
import { LOWER, UPPER } from './name-case.js';
import { canonicalName, foldCase, nameKey, sameName } from './names.js';

/** The one rule for names: how they are stored, compared, and which are names at all. */
describe('names', () => {
  it('are stored in NFC without surrounding spaces', () => {
    expect(canonicalName('  Cafe\u0301 ')).toBe('Caf\u00e9');
    expect(canonicalName('Caf\u00e9')).toBe('Caf\u00e9');
  });

  it('are one name composed or decomposed, in any case, with or without surrounding spaces', () => {
    expect(sameName('Cafe\u0301', 'CAF\u00c9')).toBe(true);
    expect(sameName(' Maple Holdings LLC ', 'maple holdings llc')).toBe(true);
    expect(nameKey('\u00c5sa Lindqvist')).toBe('\u00e5sa lindqvist');
    // Letters whose case the databases' own lower() disagreed on: the table decides, the same everywhere.
    expect(nameKey('\u24b6\u24b7')).toBe('\u24d0\u24d1'); // circled A B
    expect(nameKey('\u0130stanbul')).toBe('istanbul'); // İ: its simple lowercase, as lower() gives it
    expect(sameName('Cafe', 'Caf\u00e9')).toBe(false);
    // Each character on its own: a final sigma stays what it is, as PostgreSQL's lower() leaves it.
    expect(nameKey('\u039f\u0394\u039f\u03a3')).toBe('\u03bf\u03b4\u03bf\u03c3');
  });

  it('fold case by a table of one-to-one simple lowercase mappings', () => {
    const upper = [...UPPER];
    const lower = [...LOWER];
    expect(upper.length).toBe(lower.length);
    expect(upper.length).toBeGreaterThan(1400);
    expect(new Set(upper).size).toBe(upper.length);
    upper.forEach((c, i) => {
      expect(c === '\u0130' ? 'i' : c.toLowerCase(), `U+${c.codePointAt(0)!.toString(16)}`).toBe(lower[i]);
      expect(upper.includes(lower[i]!), 'a lowercase is never folded again').toBe(false);
    });
    expect(foldCase('ABC xyz \u00c9')).toBe('abc xyz \u00e9');
  });

  it('fold case in the database by the same table (migration 0012 name_key)', () => {
    const sql = readFileSync(projectPath('src/server/db/migrations/0012_names.sql'), 'utf8');
    const translate = /RETURN translate\(normalize\(btrim\(\$1\), NFC\),\s*'([^']*)',\s*'([^']*)'\);/.exec(sql);
    expect(translate, 'name_key translates with two literals').not.toBeNull();
    expect(translate![1]).toBe(UPPER);
    expect(translate![2]).toBe(LOWER);
  });
});

describe('the Name field', () => {
  const parsed = (text: string) => Name.safeParse(text);
  const refusal = (text: string) => parsed(text).error?.issues[0]?.message;

  it('stores a name in NFC, trimmed', () => {
    expect(parsed('  Cafe\u0301  ').data).toBe('Caf\u00e9');
  });

  it('wants a letter or digit that shows', () => {
    for (const blank of ['\u3164', '\u3164\u3164\u3164', '\u2800\u2800', '\u115f\u1160', '\uffa0', '\u200b\u200c\u200d', '\u2060\ufeff', '\u00ad', '\u034f', '\u0301\u0301', '\u180e', '\u{e0041}']) {
      expect(refusal(blank), JSON.stringify(blank)).toBe('must contain a visible letter or digit');
    }
    for (const name of ['\u00c5sa Lindqvist', '\u674e', '7', 'Unit 4', '\u3164A', 'Zo\u00eb']) {
      expect(parsed(name).success, JSON.stringify(name)).toBe(true);
    }
  });
});
