import type { CsvMapping } from '../../../contract/schemas/bank-import.js';
import type { EntryKind } from '../../../contract/schemas/corrections.js';

/**
 * What the parts of bank import hand each other: the parser's statement (parse/), the LLC's bank
 * accounts and rules (llc-bank-accounts, bank-rules), and the import itself (bank-import.service).
 */

/** One transaction line of a statement, as parsed: integer cents, money in positive; an ISO date. */
export type StatementLine = {
  /** 1-based, in the order of the file's transactions (not its text lines). */
  line: number;
  date: string;
  amountCents: number;
  payee: string;
  memo: string;
  /** The bank's id for the line: OFX FITID, or a CSV's mapped reference column; null when none. */
  reference: string | null;
};

export type StatementFormat = 'csv' | 'ofx' | 'qfx';

export type ParsedStatement = {
  format: StatementFormat;
  /** The bank's own account id, from an OFX file's BANKACCTFROM/CCACCTFROM (bank id and account id); null for CSV. */
  bankAccountId: string | null;
  lines: StatementLine[];
  /** Rows that are not transactions (a balance line, a total, an empty row between): left out, counted. */
  notTransactions: number;
  /** For a CSV: its header, first rows and the mapping used (null with no lines: the columns need mapping). */
  csv: {
    headers: string[];
    rows: string[][];
    mapping: CsvMapping | null;
    mappingSource: 'given' | 'saved' | 'guessed' | null;
  } | null;
};

/** An LLC bank account as the import reads it. */
export type LlcBankAccountRow = {
  id: number;
  llcId: number;
  name: string;
  last4: string | null;
  propertyIds: number[];
  propertyNames: string[];
  csvMapping: CsvMapping | null;
};

/** A live import rule, with its names resolved. */
export type BankRuleRow = {
  id: number;
  position: number;
  matchText: string;
  kind: EntryKind;
  propertyName: string | null;
  category: string | null;
  investorName: string | null;
  description: string | null;
};
