import type { ParsedBody } from '../../../contract/endpoint.js';
import type { Endpoints } from '../../../contract/endpoints.js';
import type { VoidFamily } from '../../../contract/schemas/viewers.js';
import { dateText } from '../../../contract/values/human-format.js';
import type { Queryable } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange, changeRow, recordAudits } from '../audit/audit.js';
import type { RunOnce } from '../idempotency/idempotency.js';
import { requireOpenPeriod } from '../period-lock/period-lock.js';
import { balanceFundedBy, firstDateBelowZero, lockBalance, lockBalances } from './balance-guard.js';
import {
  findEntriesForUpdate, findEntryForUpdate, findLinkedIds, findLinkedIdsOfMany, markVoid, markVoids, type LedgerEntry, type LedgerKind,
} from './ledger.repository.js';

/** What each delete family of the contract may void, and the word its messages use. */
const VOID_FAMILIES = {
  income: { kinds: ['property_income'], word: 'income' },
  expense: { kinds: ['property_expense', 'investor_property_expense'], word: 'expense' },
  deposit: { kinds: ['deposit', 'deposit_withdrawal'], word: 'deposit' },
  lc_payment: { kinds: ['lc_payment'], word: 'land contract payment' },
  llc_expense: { kinds: ['llc_expense'], word: 'LLC expense' },
  investment: { kinds: ['investment', 'investment_withdrawal'], word: 'investment' },
  withdrawal: { kinds: ['cash_withdrawal'], word: 'withdrawal' },
} as const satisfies Record<VoidFamily, { kinds: LedgerKind[]; word: string }>;

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export type VoidedRow = LedgerEntry & { voidedAt: string | null; linkedEntryId: number | null };

/** Takes the row lock of the balance `row` adds to (the property's deposits, the investor's capital), if any. */
export async function lockBalanceOf(tx: Queryable, row: VoidedRow): Promise<void> {
  const balance = balanceFundedBy(row);
  if (balance) await lockBalance(tx, balance);
}

/** lockBalanceOf of many rows, in the one order of lockBalances. */
export async function lockBalancesOf(tx: Queryable, rows: readonly VoidedRow[]): Promise<void> {
  await lockBalances(tx, rows.flatMap((row) => balanceFundedBy(row) ?? []));
}

/**
 * The first date on which the balance `row` adds to would be below zero without it (the live rows
 * only: in a correction, with the corrected entry already written), or null; null for other kinds.
 */
export async function negativeBalanceDate(tx: Queryable, row: VoidedRow): Promise<string | null> {
  const balance = balanceFundedBy(row);
  return balance ? firstDateBelowZero(tx, balance, { without: row.id }) : null;
}

/** The words a balance is named by in a refusal. */
export function balanceWords(row: { kind: string; propertyId?: number | null; investorId?: number | null }): string {
  const family = balanceFundedBy(row)?.family;
  if (family === 'capital') return "this investor's capital in this property";
  if (family === 'deposits') return 'the deposits held for this property';
  return 'a balance';
}

/** Marks `row` and the rows linked to it voided (docs/rules/ledger.md); answers the linked ids. */
export async function markVoided(tx: Queryable, row: VoidedRow, v: { at: Date; by: number; reason: string }): Promise<number[]> {
  const linked = await findLinkedIds(tx, row.id, row.linkedEntryId);
  for (const id of [row.id, ...linked]) await markVoid(tx, id, v);
  return linked;
}

/** The rows of `ids`, each locked (for many voids in one transaction: a bank import's undo). */
export const lockEntries = (tx: Queryable, ids: readonly number[]): Promise<VoidedRow[]> => findEntriesForUpdate(tx, ids);

/**
 * markVoided and appendVoidAudit for many rows at once, in a few statements instead of several per row:
 * each row and the rows linked to it marked voided, one `void` audit row each (with `extra`).
 */
export async function voidMany(
  tx: Queryable,
  ctx: WriteContext,
  rows: readonly VoidedRow[],
  v: { at: Date; reason: string },
  extra: Record<string, unknown> = {},
): Promise<void> {
  if (rows.length === 0) return;
  const linked = await findLinkedIdsOfMany(tx, rows);
  await markVoids(tx, [...new Set(rows.flatMap((r) => [r.id, ...linked.get(r.id)!]))], { at: v.at, by: ctx.userId, reason: v.reason });
  await recordAudits(tx, rows.map((row) => changeRow(ctx, v.at, {
    action: 'void', entity: 'ledger_entry', id: row.id, before: row,
    after: { voided_at: v.at.toISOString(), voided_by_user_id: ctx.userId, void_reason: v.reason, also_voided: linked.get(row.id)!, ...extra },
  })));
}

/** The `void` audit row of `row`; `extra` adds facts (the entry a correction replaced it with). */
export async function appendVoidAudit(
  tx: Queryable,
  ctx: WriteContext,
  row: VoidedRow,
  v: { at: Date; reason: string; linked: number[] },
  extra: Record<string, unknown> = {},
): Promise<void> {
  await auditChange(tx, ctx, v.at, {
    action: 'void', entity: 'ledger_entry', id: row.id,
    before: row, after: { voided_at: v.at.toISOString(), voided_by_user_id: ctx.userId, void_reason: v.reason, also_voided: v.linked, ...extra },
  });
}

/**
 * Deletes are voids (docs/rules/ledger.md): the row stays, marked with who, when and why, and an audit row
 * records it. A stale request (the row's amount or date differ from what the viewer showed) and a void
 * that would make deposits held or capital negative are refused with 409.
 */
export function createVoidService({ clock, runOnce }: { clock: Clock; runOnce: RunOnce }) {
  return {
    voidEntry(family: VoidFamily, input: ParsedBody<Endpoints['deleteIncome']>, ctx: WriteContext): Promise<Record<string, never>> {
      const { kinds, word } = VOID_FAMILIES[family];
      const { amount: amountCents, date } = input;
      return runOnce(ctx.userId, ctx.idempotency, async (tx) => {
        const row = await findEntryForUpdate(tx, input.id);
        if (!row || !(kinds as readonly string[]).includes(row.kind)) throw new NotFoundError(`No ${word} with ID ${input.id}.`);
        if (row.voidedAt) throw new ConflictError(`${capitalize(word)} ID ${input.id} was already deleted.`);
        if (row.amountCents !== amountCents || row.date !== date) {
          throw new ConflictError(`${capitalize(word)} ID ${input.id} has changed since it was shown. Reload and try again.`);
        }
        await requireOpenPeriod(tx, row, row.date);
        // A deposit or an investment can only go if nothing later was paid out of it.
        await lockBalanceOf(tx, row);
        const negativeOn = await negativeBalanceDate(tx, row);
        if (negativeOn) {
          throw new ConflictError(`Deleting ${word} ID ${row.id} would make ${balanceWords(row)} negative on ${dateText(negativeOn)}. Delete the later withdrawal first.`);
        }
        const now = clock.now();
        const reason = input.reason?.trim() || 'Deleted in the transaction viewer';
        const linked = await markVoided(tx, row, { at: now, by: ctx.userId, reason });
        await appendVoidAudit(tx, ctx, row, { at: now, reason, linked });
        // Nothing to add to the table's message; an empty answer is what an Idempotency-Key replays.
        return {};
      });
    },
  };
}

export type VoidService = ReturnType<typeof createVoidService>;
