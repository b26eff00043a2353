import { createRequire } from 'node:module';
import { foldCase } from './names.js';

/**
 * Whether two names look the same: "Аlice Morgan" with a Cyrillic А, "Alice Morgan" with a
 * zero-width joiner inside or a no-break space, "Ａｌｉｃｅ Ｍｏｒｇａｎ" in fullwidth letters all read as
 * "Alice Morgan". Pure functions (the confusables data is read once, when the module loads).
 *
 * The confusable skeleton of Unicode Technical Standard #39 (§4): the text in NFD, without its
 * default-ignorable characters, each character replaced by its prototype from Unicode's confusables.txt
 * (the data of the `unhomoglyph` package, confusables.txt of Unicode 13), then in NFD again.
 */
// Read with require: the compiled server's bundle (esbuild, target node20) would drop an import's JSON attribute.
const confusables = createRequire(import.meta.url)('unhomoglyph/data.json') as Record<string, string>;
const PROTOTYPE: ReadonlyMap<string, string> = new Map(Object.entries(confusables));

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** UTS #39 skeleton(text). */
export function skeleton(text: string): string {
  let out = '';
  for (const c of text.normalize('NFD').replace(DEFAULT_IGNORABLE, '')) out += PROTOTYPE.get(c) ?? c;
  return out.normalize('NFD');
}

// Characters that render as blank space though Unicode calls them letters or symbols (the Hangul fillers
// are also default-ignorable, which the skeleton would drop: between two words they show as a space).
const BLANKS = /[\u115F\u1160\u3164\uFFA0\u2800]/gu;

/**
 * What a name looks like, as a person reads it: the skeleton of its NFKC form (compatibility characters,
 * fullwidth and mathematical letters among them, look like what NFKC makes of them, and confusables.txt
 * leaves some of them out), with blank characters and runs of spaces read as one space (a page shows
 * "Alice  Morgan" as "Alice Morgan"), without surrounding spaces.
 */
function looks(text: string): string {
  return skeleton(text.normalize('NFKC').replace(BLANKS, ' ')).replace(/\s+/gu, ' ').trim();
}

/** The looks of a name as written and case aside (lowercase first: "АLICE" is "alice" to a reader of capitals too). */
export function lookKeys(name: string): readonly [string, string] {
  return [looks(name), looks(foldCase(name))];
}

/**
 * Whether `a` and `b` look the same: the same skeleton as written, or the same skeleton case aside
 * (names are one name case aside: lib/names.ts).
 */
export function looksAlike(a: string, b: string): boolean {
  const [ka, kaCaseless] = lookKeys(a);
  const [kb, kbCaseless] = lookKeys(b);
  return ka === kb || kaCaseless === kbCaseless;
}
