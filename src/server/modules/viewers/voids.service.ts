import type { ParsedBody } from '../../../contract/endpoint.js';
import type { Endpoints } from '../../../contract/endpoints.js';
import type { VoidFamily } from '../../../contract/schemas/viewers.js';
import { firstNegativeDate } from '../../domain/limits.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { appendAudit } from '../audit/audit.repository.js';
import { movementsOfKinds } from '../books/books.repository.js';
import type { RunOnce } from '../idempotency/idempotency.service.js';
import { lockInvestor } from '../investors/investors.repository.js';
import { lockProperty } from '../properties/properties.repository.js';
import { requireOpenPeriod } from '../period-lock/period-lock.service.js';
import { findEntryForUpdate, findLinkedIds, markVoid, type LedgerKind } from '../ledger/ledger.repository.js';

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

/**
 * Deletes are voids (domain.md §3.4): the row stays, marked with who, when and why, and an audit row
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
        const balance =
          row.kind === 'deposit'
            ? { plus: 'deposit', minus: 'deposit_withdrawal', what: `the deposits held for this property` }
            : row.kind === 'investment'
              ? { plus: 'investment', minus: 'investment_withdrawal', what: `this investor's capital in this property` }
              : null;
        if (balance) {
          if (row.kind === 'deposit') await lockProperty(tx, row.propertyId!);
          else await lockInvestor(tx, row.investorId!);
          const rest = await movementsOfKinds(tx, {
            propertyId: row.propertyId!,
            investorId: row.kind === 'investment' ? row.investorId! : undefined,
            plus: balance.plus,
            minus: balance.minus,
            excludeId: row.id,
          });
          const negativeOn = firstNegativeDate(rest);
          if (negativeOn) {
            throw new ConflictError(`Deleting ${word} ID ${row.id} would make ${balance.what} negative on ${negativeOn}. Delete the later withdrawal first.`);
          }
        }
        const now = clock.now();
        const reason = input.reason?.trim() || 'Deleted in the transaction viewer';
        const linked = await findLinkedIds(tx, row.id, row.linkedEntryId);
        for (const id of [row.id, ...linked]) await markVoid(tx, id, { at: now, by: ctx.userId, reason });
        await appendAudit(tx, {
          at: now, userId: ctx.userId, action: 'void', entity: 'ledger_entry', entityId: String(row.id),
          before: row, after: { voided_at: now.toISOString(), voided_by_user_id: ctx.userId, void_reason: reason, also_voided: linked },
          ip: ctx.ip,
        });
        // Nothing to add to the table's message; an empty answer is what an Idempotency-Key replays.
        return {};
      });
    },
  };
}

export type VoidService = ReturnType<typeof createVoidService>;
