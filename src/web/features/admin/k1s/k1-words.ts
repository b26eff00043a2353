import type { K1BatchResponse } from '../../../../contract/schemas/k1-batches';

/**
 * How the K-1s screen words and orders a batch's matches, apart from React so the rules are tested alone:
 * which files need the admin's eye, in what order, and which members two files point to.
 */
export type K1File = K1BatchResponse['files'][number];

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** "tax ID", "name", "unmatched", or "two members: A, B" when several members fit the file. */
export function matchText(file: Pick<K1File, 'matched_by' | 'candidates'>): string {
  if (file.matched_by === 'tax_id') return 'tax ID';
  if (file.matched_by === 'name') return 'name';
  if (file.candidates.length > 1) {
    return `${COUNT_WORDS[file.candidates.length] ?? file.candidates.length} members: ${file.candidates.join(', ')}`;
  }
  return 'unmatched';
}

/** A file the portal could not give one member: the admin must choose. */
export const needsChoice = (file: Pick<K1File, 'matched_by' | 'investor_name'>): boolean =>
  file.matched_by === null || file.investor_name === null;

/** The files to review, those needing a choice first, each group in the batch's own order. */
export function reviewOrder<F extends Pick<K1File, 'matched_by' | 'investor_name'>>(files: readonly F[]): F[] {
  return [...files.filter(needsChoice), ...files.filter((f) => !needsChoice(f))];
}

/** The members chosen for more than one file, each with those files, in the order of the rows. */
export function doubleChoices(rows: readonly { file: string; investor_name: string }[]): { member: string; files: string[] }[] {
  const byMember = new Map<string, string[]>();
  for (const row of rows) {
    if (!row.investor_name) continue;
    byMember.set(row.investor_name, [...(byMember.get(row.investor_name) ?? []), row.file]);
  }
  return [...byMember].filter(([, files]) => files.length > 1).map(([member, files]) => ({ member, files }));
}

/** The tax years to offer: last year, then every year of the books, newest first, each once. */
export function yearChoices(booksYears: readonly number[], lastYear: number): number[] {
  return [...new Set([lastYear, ...booksYears])].sort((a, b) => b - a);
}
