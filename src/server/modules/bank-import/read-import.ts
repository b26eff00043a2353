import type { z } from 'zod';
import type { BankImportLine, BankImportResponse } from '../../../contract/schemas/bank-import.js';
import type { EntryKind } from '../../../contract/schemas/corrections.js';
import type { Queryable } from '../../db/client.js';
import { centsToDollars } from '../../domain/money.js';
import { duplicateCandidates, importedElsewhere, linesOf, rentCategory, type ImportRow } from './bank-import.repository.js';
import { liveRules } from './bank-rules.repository.js';
import { findLlcBankAccount } from './llc-bank-accounts.repository.js';
import { possibleDuplicates } from './possible-duplicates.js';
import { proposalFor } from './proposals.js';

type Answer = z.input<typeof BankImportResponse>;

/** "imported on 2026-03-02 in import 7 (recorded)". */
const importedWords = (o: { importId: number; decided: string; committedOn: string }) =>
  `imported on ${o.committedOn} in import ${o.importId} (${o.decided === 'taken' ? 'recorded' : 'skipped'})`;

/**
 * An import as the preview shows it, its statuses as of now: a line is already imported while a live line
 * of another import has its identity; else a possible duplicate of a live entry of the LLC; else new. The
 * proposals follow the LLC's rules as they are now; a committed import's lines say what each became.
 */
export async function importAnswer(db: Queryable, row: ImportRow): Promise<Answer> {
  const lines = await linesOf(db, row.id);
  const elsewhere = new Map((await importedElsewhere(db, row.id)).map((o) => [o.line, o]));
  const open = lines.filter((l) => !elsewhere.has(l.line));
  const dates = open.map((l) => l.date).sort();
  const candidates = open.length
    ? await duplicateCandidates(db, { llcId: row.llcId, importId: row.id, from: dates[0]!, to: dates.at(-1)!, amounts: [...new Set(open.map((l) => Math.abs(l.amountCents)))] })
    : [];
  const duplicates = possibleDuplicates(open, candidates);
  const rules = await liveRules(db, row.llcId);
  const account = row.bankAccount ? await findLlcBankAccount(db, row.llcId, row.bankAccount) : null;
  const defaults = { propertyName: account?.propertyNames.length === 1 ? account.propertyNames[0]! : null, rentCategory: await rentCategory(db) };
  const closed = row.closedThrough ? `The books of ${row.llcName} are closed through ${row.closedThrough}.` : null;

  const counts = { new: 0, already_imported: 0, possible_duplicate: 0 };
  const answerLines = lines.map((l): z.input<typeof BankImportLine> => {
    const before = elsewhere.get(l.line);
    const duplicate = duplicates.get(l.line);
    const status = before ? 'already_imported' : duplicate ? 'possible_duplicate' : 'new';
    counts[status]++;
    return {
      line: l.line, date: l.date, amount: centsToDollars(l.amountCents), payee: l.payee, memo: l.memo, reference: l.reference, status,
      reason: before ? importedWords(before) : duplicate?.reason ?? null,
      duplicate_of: duplicate
        ? { id: duplicate.entry.id, kind: duplicate.entry.kind as EntryKind, date: duplicate.entry.date, amount: centsToDollars(duplicate.entry.amountCents),
          description: duplicate.entry.description ?? '' }
        : null,
      closed: closed && l.date <= row.closedThrough! ? closed : null,
      proposal: proposalFor(l, rules, defaults),
      decided: l.decided, entry_id: l.entryId,
    };
  });
  const csv = row.csvSample;
  return {
    import_id: row.id, llc_name: row.llcName, bank_account: row.bankAccount, file_name: row.fileName, format: row.format, state: row.state,
    lines: answerLines, counts, not_transactions: row.notTransactions,
    csv: csv ? { headers: csv.headers, rows: csv.rows, mapping: csv.mapping, mapping_source: csv.mappingSource } : null,
  };
}
