import { csvChunks, toCsv, type CsvColumn } from '../../../contract/values/csv.js';
import type { Queryable } from '../../db/client.js';
import type { LedgerKind } from '../../domain/ledger-kinds.js';
import { lastEntryId, ledgerPage, type LedgerExportRow } from './ledger-export.repository.js';

/** The kinds in words a spreadsheet reader understands: one for every kind of the table (domain/ledger-kinds.ts). */
const KIND_WORDS: Record<LedgerKind, string> = {
  investment: 'Investment',
  investment_withdrawal: 'Investment withdrawal',
  cash_withdrawal: 'Cash withdrawal',
  property_income: 'Property income',
  property_expense: 'Property expense',
  investor_property_expense: 'Investor property expense',
  lc_payment: 'Land contract payment',
  deposit: 'Rental deposit',
  deposit_withdrawal: 'Deposit withdrawal',
  llc_expense: 'LLC expense',
};

export const LEDGER_COLUMNS: CsvColumn<LedgerExportRow>[] = [
  { header: 'Entry', kind: 'number', value: (r) => r.id },
  { header: 'Date', kind: 'date', value: (r) => r.date },
  { header: 'Month', kind: 'text', value: (r) => r.month },
  { header: 'Kind', kind: 'text', value: (r) => KIND_WORDS[r.kind] ?? r.kind },
  { header: 'LLC', kind: 'text', value: (r) => r.llc },
  { header: 'Property', kind: 'text', value: (r) => r.property },
  { header: 'Investor', kind: 'text', value: (r) => r.investor },
  { header: 'Category', kind: 'text', value: (r) => r.category },
  { header: 'Description', kind: 'text', value: (r) => r.description },
  { header: 'Amount', kind: 'cents', value: (r) => r.amountCents },
  { header: 'Voided', kind: 'text', value: (r) => (r.voidedAt ? 'yes' : 'no') },
  { header: 'Voided at (UTC)', kind: 'text', value: (r) => r.voidedAt },
  { header: 'Voided by', kind: 'text', value: (r) => r.voidedBy },
  { header: 'Void reason', kind: 'text', value: (r) => r.voidReason },
];

const PAGE = 2_000;

/**
 * The ledger of a period as CSV, oldest first. The first page is read before the answer starts, so a
 * database that cannot answer gets its error said in words (a 503) instead of a file cut short; the rest
 * is read a page at a time while the file is being sent.
 */
export async function ledgerCsv(db: Queryable, f: { from: string; to: string; llcId?: number }, pageSize = PAGE): Promise<AsyncIterable<Uint8Array>> {
  const upToId = await lastEntryId(db);
  const first = await ledgerPage(db, { ...f, after: null, upToId, limit: pageSize });
  return (async function* () {
    const encoder = new TextEncoder();
    // The header goes out even for an empty period: the file still says what it would hold.
    yield encoder.encode(toCsv(LEDGER_COLUMNS, first));
    for (let rows = first; rows.length === pageSize; ) {
      const last = rows[rows.length - 1]!;
      rows = await ledgerPage(db, { ...f, after: { date: last.date, id: last.id }, upToId, limit: pageSize });
      yield encoder.encode([...csvChunks(LEDGER_COLUMNS, rows, { bom: false })].slice(1).join(''));
    }
  })();
}
