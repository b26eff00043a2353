/**
 * Which member a K-1 is for, from what the file holds: a member's tax ID in its text first (the surest
 * sign: a K-1 prints the partner's identifying number), else a member's name in its file name or text.
 * One member found is a match; several are candidates for the admin to choose from; none is no match.
 */
export type K1Member = {
  id: number;
  name: string;
  /** The digits of the member's tax ID, or null (none on file, or no DATA_KEY to open it). */
  taxDigits: string | null;
};

export type K1Match = { investorId: number | null; matchedBy: 'tax_id' | 'name' | null; candidates: number[] };

/**
 * The numbers written in a text as their digits alone: runs of digits joined by hyphens (123-45-6789,
 * 12-3456789, 123456789). Digits across spaces or lines are not joined, so a year beside a tax ID does not
 * make one longer number of both.
 */
export function numbersIn(text: string): Set<string> {
  return new Set([...text.matchAll(/\d[\d-]*/g)].map((m) => m[0].replaceAll('-', '')));
}

/** Text as words for comparing names: lower case, accents kept, punctuation, `_` and `-` as spaces, one space between words. */
export function words(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** A file's name without its folders and extension, as words. */
export const fileNameWords = (fileName: string): string => words((fileName.split('/').at(-1) ?? '').replace(/\.[^.]*$/, ''));

/** Whether the words of `name` appear as whole words in `haystack` (both already as words()). */
const holds = (haystack: string, name: string) => name !== '' && ` ${haystack} `.includes(` ${name} `);

export function matchK1(members: readonly K1Member[], fileName: string, text: string): K1Match {
  const numbers = numbersIn(text);
  const byTaxId = members.filter((m) => m.taxDigits !== null && m.taxDigits.length >= 9 && numbers.has(m.taxDigits));
  if (byTaxId.length > 0) return decide(byTaxId, 'tax_id');
  const name = fileNameWords(fileName);
  const body = words(text);
  return decide(members.filter((m) => holds(name, words(m.name)) || holds(body, words(m.name))), 'name');
}

function decide(found: readonly K1Member[], by: 'tax_id' | 'name'): K1Match {
  if (found.length === 1) return { investorId: found[0]!.id, matchedBy: by, candidates: [] };
  return { investorId: null, matchedBy: null, candidates: found.map((m) => m.id) };
}
