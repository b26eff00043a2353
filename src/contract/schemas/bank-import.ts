import { z } from 'zod';
import { Dollars, Name, OptionalName, Text } from '../fields.js';
import { ENTRY_KINDS } from './corrections.js';

/**
 * Bank statements in (docs/product.md "Bank statement import"): an LLC's bank accounts, a statement
 * (CSV, OFX 1.x/2.x, QFX) previewed line by line with what each would record and whether it is already
 * in the books, committed through the recording forms' own rules, and undone by voiding what it
 * recorded. The rules that propose an entry for a payee are kept per LLC.
 */

/** The largest statement accepted: a year of a busy account is well under 1 MB. */
export const MAX_BANK_FILE_BYTES = 5 * 1024 * 1024;
/** The most transaction lines one statement may hold. */
export const MAX_BANK_LINES = 10_000;
/**
 * The fields and list items a commit may carry: 16 a line (the widest form has 10 fields, plus `line`,
 * `kind`, `remember` and the line itself), for MAX_BANK_LINES lines, all sent at once by "accept all".
 */
export const MAX_COMMIT_ENTRIES = 16 * MAX_BANK_LINES;
/** What the upload recognises by content (text/csv, OFX 1.x SGML or 2.x XML; QFX is OFX with Quicken's tags). */
export const BANK_FILE_TYPES = ['text/csv', 'application/x-ofx'] as const;
export const BANK_FILE_ACCEPT = '.csv,.ofx,.qfx,.txt';
export const BANK_FORMATS = ['csv', 'ofx', 'qfx'] as const;

/** The kinds money coming in records, and the kinds money going out records; a line's direction picks among them. */
export const MONEY_IN_KINDS = ['property_income', 'lc_payment', 'deposit', 'investment'] as const;
export const MONEY_OUT_KINDS = [
  'property_expense', 'investor_property_expense', 'llc_expense', 'cash_withdrawal', 'investment_withdrawal', 'deposit_withdrawal',
] as const;

const ImportId = z.coerce.number({ error: 'must be an import number' }).int('must be an import number')
  .min(1, 'must be an import number').max(2_147_483_647, 'must be an import number');
const RuleId = z.number({ error: (i) => (i.input === undefined ? 'is required' : 'must be a rule number') }).int().positive()
  .max(2_147_483_647, 'must be a rule number');
const Last4 = z.string().regex(/^\d{4}$/, 'must be the last four digits of the account');
const HeaderName = z.string().trim().min(1, 'must name a column').max(100, 'must be at most 100 characters');

// ---- CSV column mapping -------------------------------------------------------------------------------

export const DATE_FORMATS = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY'] as const;

/**
 * Which column of a bank's CSV holds what, by the header's text; kept per bank account. Either one
 * `amount` column (money in positive) or `debit` and/or `credit` columns. `reversed_signs`: the bank
 * shows money out as positive (a card statement). `decimal_comma`: "1.234,56".
 */
export const CsvMapping = z.strictObject({
  date: HeaderName,
  amount: HeaderName.optional(),
  debit: HeaderName.optional(),
  credit: HeaderName.optional(),
  payee: HeaderName.optional(),
  memo: HeaderName.optional(),
  reference: HeaderName.optional(),
  date_format: z.enum(DATE_FORMATS, { error: `must be one of ${DATE_FORMATS.join(', ')}` }),
  decimal_comma: z.boolean().default(false),
  reversed_signs: z.boolean().default(false),
}).refine((m) => Boolean(m.amount) !== Boolean(m.debit || m.credit), {
  message: 'Name either the amount column, or the debit and credit columns.',
});
export type CsvMapping = z.output<typeof CsvMapping>;

/** The mapping as a multipart field carries it: JSON text. */
const CsvMappingText = z.string().max(1000).optional().transform((text, ctx) => {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Csv mapping must be JSON text.' });
    return z.NEVER;
  }
}).pipe(CsvMapping.optional());

// ---- bank accounts ------------------------------------------------------------------------------------

export const LlcBankAccountsQuery = z.strictObject({ llc_name: Name });
export const LlcBankAccount = z.object({
  name: z.string(),
  last4: z.string().nullable(),
  /** The properties it usually serves: a line is proposed for the property when there is exactly one. */
  property_names: z.array(z.string()),
  /** The CSV mapping kept from the last import of a CSV statement; null before one. */
  csv_mapping: CsvMapping.nullable(),
});
export const LlcBankAccountsResponse = z.object({ llc_name: z.string(), accounts: z.array(LlcBankAccount) });

export const AddLlcBankAccountRequest = z.strictObject({
  llc_name: Name,
  name: Name,
  last4: Last4.optional(),
  property_names: z.array(Name).max(200).default([]),
});
export const ChangeLlcBankAccountRequest = z.strictObject({
  llc_name: Name,
  name: Name,
  new_name: Name.optional(),
  /** An empty text clears it. */
  last4: z.union([Last4, z.literal('')]).optional(),
  property_names: z.array(Name).max(200).optional(),
  csv_mapping: CsvMapping.nullable().optional(),
});

// ---- rules ---------------------------------------------------------------------------------------------

export const BankRulesQuery = z.strictObject({ llc_name: Name });
const RuleFields = {
  /** Matched against the line's payee and memo, ignoring case and repeated spaces. */
  match_text: z.string().normalize('NFC').trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  kind: z.enum(ENTRY_KINDS, { error: 'must be a kind of entry' }),
  property_name: OptionalName,
  category: OptionalName,
  investor_name: OptionalName,
  /** The entry's description; the line's payee and memo when left out. */
  description: Text(500).optional(),
};
export const AddBankRuleRequest = z.strictObject({
  llc_name: Name,
  ...RuleFields,
  /** Where it goes in the order (1: first); last when left out. */
  position: z.number().int().positive().max(10_000, 'must be at most 10,000').optional(),
});
export const ChangeBankRuleRequest = z.strictObject({
  id: RuleId,
  ...RuleFields,
  position: z.number().int().positive().max(10_000, 'must be at most 10,000').optional(),
});
export const DeleteBankRuleRequest = z.strictObject({ id: RuleId });
export const BankRule = z.object({
  id: z.number().int(),
  position: z.number().int(),
  match_text: z.string(),
  kind: z.enum(ENTRY_KINDS),
  property_name: z.string().nullable(),
  category: z.string().nullable(),
  investor_name: z.string().nullable(),
  description: z.string().nullable(),
  created_at: z.string(),
});
export const BankRulesResponse = z.object({ llc_name: z.string(), rules: z.array(BankRule) });
export const AddBankRuleResponse = z.object({ message: z.string(), id: z.number().int() });

// ---- preview ------------------------------------------------------------------------------------------

/** The text parts of POST /admin/bank_import_preview; the file part is `file`. */
export const BankImportPreviewFields = z.strictObject({
  llc_name: Name,
  /** The LLC's bank account the statement is of (its CSV mapping is used and kept). */
  bank_account: z.string().normalize('NFC').trim().max(100).optional().transform((v) => v || undefined),
  /** A CSV's column mapping (JSON); kept for the bank account. Without it, the account's kept one, else a guess. */
  csv_mapping: CsvMappingText,
});

export const LINE_STATUSES = ['new', 'already_imported', 'possible_duplicate'] as const;

/** What a line would record: the entry kind and the choices of its form; null fields are left to the admin. */
export const BankLineProposal = z.object({
  kind: z.enum(ENTRY_KINDS).nullable(),
  property_name: z.string().nullable(),
  category: z.string().nullable(),
  investor_name: z.string().nullable(),
  description: z.string(),
  /** The rule that proposed it; null: the portal's default for the account. */
  rule: z.object({ id: z.number().int(), match_text: z.string() }).nullable(),
});
export type BankLineProposal = z.infer<typeof BankLineProposal>;

export const BankImportLine = z.object({
  line: z.number().int(),
  date: z.string(),
  /** Money in positive, money out negative. */
  amount: Dollars,
  payee: z.string(),
  memo: z.string(),
  /** The bank's id for the line (OFX FITID, or a CSV's reference column); null when the file has none. */
  reference: z.string().nullable(),
  status: z.enum(LINE_STATUSES),
  /** Why, in words: "same amount, 2 days apart, same payee"; "imported on 2026-03-02 (import 4)". */
  reason: z.string().nullable(),
  /** For a possible duplicate: the entry already in the books. */
  duplicate_of: z.object({ id: z.number().int(), kind: z.enum(ENTRY_KINDS), date: z.string(), amount: Dollars, description: z.string() }).nullable(),
  /** The line's date is in a closed period: it cannot be recorded (in words). */
  closed: z.string().nullable(),
  proposal: BankLineProposal,
  /** After commit: taken (recorded as entry_id) or skipped; null while previewed. */
  decided: z.enum(['taken', 'skipped']).nullable(),
  entry_id: z.number().int().nullable(),
});
export type BankImportLine = z.infer<typeof BankImportLine>;

export const CsvSample = z.object({
  headers: z.array(z.string()),
  /** The first rows after the header, as the file has them. */
  rows: z.array(z.array(z.string())),
  mapping: CsvMapping.nullable(),
  /** Where the mapping came from; null: none could be guessed (import_id is then null, and no lines). */
  mapping_source: z.enum(['given', 'saved', 'guessed']).nullable(),
});

export const BankImportResponse = z.object({
  /** Null when a CSV's columns still need mapping (see csv). */
  import_id: z.number().int().nullable(),
  llc_name: z.string(),
  bank_account: z.string().nullable(),
  file_name: z.string(),
  format: z.enum(BANK_FORMATS),
  state: z.enum(['previewed', 'committed', 'undone']),
  lines: z.array(BankImportLine),
  counts: z.object({ new: z.number().int(), already_imported: z.number().int(), possible_duplicate: z.number().int() }),
  /** Rows of the file that are not transactions (a balance line, a total): left out, counted here. */
  not_transactions: z.number().int(),
  csv: CsvSample.nullable(),
});
export const BankImportPreviewResponse = BankImportResponse.extend({ message: z.string() });
export const BankImportQuery = z.strictObject({ import_id: ImportId });

// ---- commit and undo ----------------------------------------------------------------------------------

/**
 * A line to record: its kind and the fields of the recording form for that kind (the form's date and
 * amount may be left out: they are the bank line's, and must equal them when sent). `remember` keeps the
 * choice as a rule for the line's payee.
 */
export const BankImportCommitLine = z.looseObject({
  line: z.number({ error: (i) => (i.input === undefined ? 'is required' : 'must be a line number') }).int().positive()
    .max(MAX_BANK_LINES, 'must be a line number'),
  kind: z.enum(ENTRY_KINDS, { error: 'must be a kind of entry' }),
  remember: z.boolean().optional(),
});
export type BankImportCommitLine = z.infer<typeof BankImportCommitLine>;

export const BankImportCommitRequest = z.strictObject({
  import_id: ImportId,
  /** The lines to record; every other line of the import is skipped. */
  lines: z.array(BankImportCommitLine).max(MAX_BANK_LINES, `must be at most ${MAX_BANK_LINES} lines`),
});
export const BankImportCommitResponse = z.object({
  message: z.string(),
  import_id: z.number().int(),
  taken: z.number().int(),
  skipped: z.number().int(),
  rules_added: z.number().int(),
});
export const BankImportUndoRequest = z.strictObject({ import_id: ImportId });
export const BankImportUndoResponse = z.object({ message: z.string(), import_id: z.number().int(), voided: z.number().int() });

// ---- the imports of an LLC ----------------------------------------------------------------------------

export const BankImportsQuery = z.strictObject({ llc_name: Name });
export const BankImportsResponse = z.object({
  llc_name: z.string(),
  imports: z.array(z.object({
    import_id: z.number().int(),
    file_name: z.string(),
    file_sha256: z.string(),
    format: z.enum(BANK_FORMATS),
    bank_account: z.string().nullable(),
    state: z.enum(['previewed', 'committed', 'undone']),
    lines: z.number().int(),
    uploaded_by: z.string(),
    uploaded_at: z.string(),
    committed_by: z.string().nullable(),
    committed_at: z.string().nullable(),
    lines_taken: z.number().int().nullable(),
    lines_skipped: z.number().int().nullable(),
    undone_by: z.string().nullable(),
    undone_at: z.string().nullable(),
  })),
});
