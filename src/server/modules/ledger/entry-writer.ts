import { prepared, together, type Queryable } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { WriteContext } from '../../lib/write-context.js';
import { changeRow, recordAudits, withAudits } from '../audit/audit.js';
import type { RunOnce } from '../idempotency/idempotency.js';
import { requireOpenPeriod } from '../period-lock/period-lock.js';
import { insertLedgerEntries, insertLedgerEntryWith, ledgerRow, nextLedgerId, type LedgerEntry, type NewLedgerEntry } from './ledger.repository.js';

export type Entry = Omit<NewLedgerEntry, 'createdBy' | 'createdAt'>;

/** What builds an entry inside the write's transaction: names to rows, the checks under their row locks. */
export type EntryBuilder<I> = (tx: Queryable, input: I) => Promise<Entry>;

/**
 * One ledger row and the statement that writes it with its `record` audit row, after the period lock
 * allows its date. `audit` adds facts to the audit row (a correction names the entry it replaces).
 */
async function entryWrite(tx: Queryable, ctx: WriteContext, entry: Entry, at: Date, audit: Record<string, unknown> = {}) {
  // The period lock's answer and the id (no lock) in one round trip, then the row and its audit in one
  // statement: the books write lock, taken by the audit append, is then held for that statement and the
  // commit only (docs/performance.md). The statement refuses a row the table would store other than its
  // audit row says. An id taken for an entry the period lock refuses is left unused, as a rollback leaves one.
  const [, id] = await together([requireOpenPeriod(tx, entry, entry.date), nextLedgerId(tx)]);
  const row = ledgerRow(id, { ...entry, createdBy: ctx.userId, createdAt: at });
  const { text, params } = withAudits(insertLedgerEntryWith(row), [
    changeRow(ctx, at, { action: 'record', entity: 'ledger_entry', id: row.id, after: { ...row, ...audit } }),
  ], row);
  // Its text is the same for every single entry (one row, one audit row), so each connection plans it once.
  return { row, statement: prepared('record_entry', text), params };
}

/** Writes one ledger row and its `record` audit row in `tx` (see entryWrite), where more may follow. */
export async function appendEntry(
  tx: Queryable,
  ctx: WriteContext,
  entry: Entry,
  at: Date,
  audit: Record<string, unknown> = {},
): Promise<LedgerEntry> {
  const { row, statement, params } = await entryWrite(tx, ctx, entry, at, audit);
  await tx.query(statement, params);
  return row;
}

/**
 * appendEntry for many rows at once, in order (a bank import's thousands of lines): the same period lock,
 * rows and `record` audit rows, in a few statements instead of several per row. `audits[i]` adds facts to
 * the audit row of `entries[i]`. The caller runs each builder before, so its checks saw the rows before it.
 */
export async function appendEntries(
  tx: Queryable,
  ctx: WriteContext,
  entries: readonly Entry[],
  at: Date,
  audits: readonly Record<string, unknown>[] = [],
): Promise<LedgerEntry[]> {
  if (entries.length === 0) return [];
  for (const entry of entries) await requireOpenPeriod(tx, entry, entry.date);
  const rows = await insertLedgerEntries(tx, entries.map((e) => ({ ...e, createdBy: ctx.userId, createdAt: at })));
  await recordAudits(tx, rows.map((row, i) => changeRow(ctx, at, { action: 'record', entity: 'ledger_entry', id: row.id, after: { ...row, ...audits[i] } })));
  return rows;
}

/**
 * Appends one ledger row. Each call is one transaction: the row, its audit row and the idempotency key
 * commit together or not at all (docs/security.md L7). `build` runs inside it, so the checks it makes
 * (names, types, limits under a row lock) see the state the row is written into.
 */
export function createEntryWriter({ clock, runOnce }: { clock: Clock; runOnce: RunOnce }) {
  return function record(ctx: WriteContext, build: (tx: Queryable) => Promise<Entry>): Promise<{ id: number }> {
    return runOnce(ctx.userId, ctx.idempotency, async (tx, keep) => {
      const entry = await build(tx);
      const { row, statement, params } = await entryWrite(tx, ctx, entry, clock.now());
      const answer = { id: row.id };
      // The answer is given to the key before the write: the statement storing it goes out with the write
      // and the COMMIT, in one message, so the books write lock is held for the database's work only.
      await keep(answer);
      await tx.queryThenCommit(statement, params);
      return answer;
    });
  };
}

export type EntryWriter = ReturnType<typeof createEntryWriter>;
