import type { ParsedBody } from '../../../contract/endpoint.js';
import type { Endpoints } from '../../../contract/endpoints.js';
import type { BankImportCommitLine } from '../../../contract/schemas/bank-import.js';
import { CORRECTING_FORMS, correctingFormOf, type EntryKind } from '../../../contract/schemas/corrections.js';
import { DATE_FIELD, formFieldsOf, isMoneyIn } from '../../../contract/bank-line-entry.js';
import { usd } from '../../../contract/values/human-format.js';
import type { Queryable } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import type { RunOnce } from '../idempotency/idempotency.js';
import { appendEntries, issueSentence, OverdrawError, type Entry, type EntryBuilder, type FormBuilders } from '../ledger/ledger.js';
import { requireOpenPeriod } from '../period-lock/period-lock.js';
import { decideLines, importedElsewhere, linesOf, lockImport, markCommitted, type ImportLineRow, type ImportRow, type LineDecision } from './bank-import.repository.js';
import type { NoticesService } from '../notices/notices.service.js';
import { rememberRule } from './bank-rules.repository.js';
import { withCachedLookups } from './cached-lookups.js';
import { defaultDescription } from './proposals.js';

type CommitInput = ParsedBody<Endpoints['bankImportCommit']>;
export type CommitResult = { import_id: number; taken: number; skipped: number; rules_added: number };

/** What a kind records, as a refusal names it: "… cannot be recorded as property income". */
const KIND_WORDS: Record<EntryKind, string> = {
  property_income: 'property income', lc_payment: 'a land-contract payment', property_expense: 'a property expense',
  investor_property_expense: "an investor's property expense", llc_expense: 'an LLC expense', deposit: 'a rental deposit',
  deposit_withdrawal: 'a deposit refund', investment: 'an investment', investment_withdrawal: 'a return of capital',
  cash_withdrawal: 'a cash withdrawal',
};

/** The forms whose builders read balances (a withdrawal's maximum): the lines before must be written first. */
const READS_BALANCES: ReadonlySet<keyof FormBuilders> = new Set(['recordCashWithdrawal', 'recordInvestmentWithdrawal', 'recordDepositWithdrawal']);
/** Entries per batched write. */
const BATCH = 1_000;

/** The stages a refusal of an import's state names. */
export const notPreviewed = (row: ImportRow) =>
  new ConflictError(row.state === 'committed' ? `Import ${row.id} is already recorded.` : `Import ${row.id} was undone.`);

const onLine = (n: number, err: unknown): unknown => {
  // Over a withdrawal's maximum, or a balance below zero: a conflict with the books, as in a correction.
  if (err instanceof OverdrawError) return new ConflictError(`Line ${n}: ${err.message}`);
  if (err instanceof AppError) return new AppError(err.statusCode, `Line ${n}: ${err.message}`, err.headers);
  return err;
};

/**
 * The form's fields for the bank line: what the admin sent, and what the line itself says where they left
 * a field out (its date, amount, payer, a description), each only when the form has such a field.
 */
function formFields(row: ImportRow, line: ImportLineRow, sent: BankImportCommitLine): { form: keyof FormBuilders; data: Record<string, unknown> } {
  const { line: n, kind, remember: _remember, ...given } = sent;
  if (isMoneyIn(kind) !== line.amountCents > 0) {
    throw new ValidationError(`Line ${n} is money ${line.amountCents > 0 ? 'in' : 'out'}: it cannot be recorded as ${KIND_WORDS[kind]}.`);
  }
  const form = correctingFormOf(kind, given);
  const schema = CORRECTING_FORMS[form];
  const fromLine = formFieldsOf(line, { kind, llc_name: row.llcName, description: defaultDescription(line) });
  const fields: Record<string, unknown> = { ...given };
  for (const [key, value] of Object.entries(fromLine)) {
    if (value !== undefined && fields[key] === undefined && key in schema.shape) fields[key] = value;
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new ValidationError(`Line ${n}: ${issueSentence(parsed.error.issues[0])}`);
  const data = parsed.data as Record<string, unknown>;
  if (data[DATE_FIELD[kind]] !== line.date) throw new ValidationError(`Line ${n}: the date must be the bank line's, ${line.date}.`);
  if (data.amount !== Math.abs(line.amountCents)) throw new ValidationError(`Line ${n}: the amount must be the bank line's, ${usd(Math.abs(line.amountCents))}.`);
  return { form, data };
}

/** The rule a remembered line becomes: its payee, and the choices made for it. */
function ruleOf(row: ImportRow, line: ImportLineRow, kind: EntryKind, data: Record<string, unknown>) {
  const text = (key: string) => (typeof data[key] === 'string' && data[key] ? (data[key] as string) : null);
  const description = text('description') ?? text('notes');
  return {
    llcId: row.llcId, matchText: line.payee, kind, propertyName: text('property_name'),
    category: text('income_category') ?? text('expense_category'), investorName: text('investor_name') ?? text('investor'),
    description: description && description !== defaultDescription(line) ? description : null,
  };
}

/**
 * Records an import's accepted lines through the recording forms' own builders (names, property types,
 * withdrawal limits) and the entry writer (period lock, audit), all in one transaction: one line refused
 * refuses the import, and nothing is written. Every other line is skipped; the decided lines go live, so
 * their identities cannot be recorded again until the import is undone.
 */
export function createCommitImport({ clock, runOnce, builders, notices }: {
  clock: Clock; runOnce: RunOnce; builders: FormBuilders; notices?: Pick<NoticesService, 'queueNotice'>;
}) {
  return (input: CommitInput, ctx: WriteContext): Promise<CommitResult> =>
    runOnce(ctx.userId, ctx.idempotency, async (tx) => {
      const row = await lockImport(tx, input.import_id);
      if (!row) throw new NotFoundError(`No import ${input.import_id}.`);
      if (row.state !== 'previewed') throw notPreviewed(row);
      const lines = new Map((await linesOf(tx, row.id)).map((l) => [l.line, l]));
      const sent = new Set<number>();
      for (const s of input.lines) {
        if (!lines.has(s.line)) throw new ValidationError(`Line ${s.line} is not in import ${row.id}.`);
        if (sent.has(s.line)) throw new ValidationError(`Line ${s.line} is sent twice.`);
        sent.add(s.line);
      }
      const elsewhere = new Set<number>();
      for (const o of await importedElsewhere(tx, row.id)) {
        if (sent.has(o.line)) throw new ConflictError(`Line ${o.line} was already imported in import ${o.importId}.`);
        elsewhere.add(o.line);
      }

      const at = clock.now();
      const decisions: LineDecision[] = [];
      const lookups = withCachedLookups(tx);
      // Entries built and checked, written in batches: before a withdrawal's builder reads the balances the
      // lines before it changed, and at the end.
      const pending: { line: number; entry: Entry }[] = [];
      const flush = async () => {
        const rows = await appendEntries(lookups, ctx, pending.map((p) => p.entry), at, pending.map((p) => ({ bank_import: row.id, bank_line: p.line })));
        rows.forEach((r, i) => decisions.push({ line: pending[i]!.line, decided: 'taken', entryId: r.id, live: true }));
        pending.length = 0;
      };
      let rulesAdded = 0;
      // Money paid to an investor: each is told, as by the withdrawal forms (one notice, no amount in it).
      const paid = new Set<number>();
      for (const s of input.lines) {
        const line = lines.get(s.line)!;
        const { form, data } = formFields(row, line, s);
        try {
          if (READS_BALANCES.has(form)) await flush();
          const entry = await (builders[form] as EntryBuilder<unknown>)(lookups, data);
          await requireOwnLlc(lookups, row, entry);
          await requireOpenPeriod(lookups, entry, entry.date); // here, so the refusal names its line
          pending.push({ line: line.line, entry });
          if (READS_BALANCES.has(form) && entry.investorId != null) paid.add(entry.investorId);
          if (pending.length >= BATCH) await flush();
          if (s.remember && line.payee.trim() && (await rememberRule(tx, ctx, at, ruleOf(row, line, s.kind, data)))) rulesAdded++;
        } catch (err) {
          throw onLine(s.line, err);
        }
      }
      await flush();
      if (paid.size > 0 && !ctx.quiet) await notices?.queueNotice(tx, { event: 'withdrawal_recorded', recipients: [...paid].map((investorId) => ({ investorId })) });
      // A line another import answers for stays that import's: skipped here, not live.
      for (const n of lines.keys()) if (!sent.has(n)) decisions.push({ line: n, decided: 'skipped', entryId: null, live: !elsewhere.has(n) });
      await decideOnce(tx, row.id, decisions);

      const taken = input.lines.length;
      const skipped = lines.size - taken;
      await markCommitted(tx, row.id, { by: ctx.userId, at, taken, skipped });
      await auditChange(tx, ctx, at, {
        action: 'bank_import_commit', entity: 'bank_import', id: row.id,
        before: { state: 'previewed' },
        after: { state: 'committed', llc: row.llcName, file_name: row.fileName, taken, skipped, rules_added: rulesAdded },
      });
      return { import_id: row.id, taken, skipped, rules_added: rulesAdded };
    });
}

/**
 * A statement is one LLC's bank account: its lines are that LLC's money, so an entry on another LLC's
 * property (or another LLC's expense) would put one LLC's cash into another's books. An investor's cash
 * withdrawal names no LLC and is let through.
 */
async function requireOwnLlc(tx: Queryable, row: ImportRow, entry: Entry): Promise<void> {
  const llcId = entry.llcId ?? (entry.propertyId
    ? (await tx.query<{ llc_id: number; name: string }>('SELECT llc_id, name FROM property WHERE id = $1', [entry.propertyId]))[0]?.llc_id
    : undefined);
  if (llcId !== undefined && llcId !== null && llcId !== row.llcId) {
    throw new ValidationError(`the entry would be in another LLC's books, and this statement is ${row.llcName}'s.`);
  }
}

/** The lines decided; another import of the same lines committed at the same moment wins the unique index. */
async function decideOnce(tx: Queryable, importId: number, decisions: LineDecision[]): Promise<void> {
  try {
    await decideLines(tx, importId, decisions);
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw new ConflictError("This statement's lines were recorded by another import at the same moment.");
    throw err;
  }
}
