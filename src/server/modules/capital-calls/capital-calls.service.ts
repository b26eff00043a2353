import type { z } from 'zod';
import type { AdminCall, CapitalCallResponse, InvestorCall } from '../../../contract/schemas/capital-calls.js';
import type { AddInvestmentRequest } from '../../../contract/schemas/ledger.js';
import { dateText } from '../../../contract/values/human-format.js';
import type { Db, Queryable } from '../../db/client.js';
import { isoDay } from '../../domain/dates.js';
import { centsToDollars, usd } from '../../domain/money.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import type { SessionUser } from '../auth/auth.js';
import type { RunOnce } from '../idempotency/idempotency.js';
import { readableInvestor } from '../investor-portal/readable-investor.js';
import { appendEntry, type EntryBuilder } from '../ledger/ledger.js';
import type { NoticesService } from '../notices/notices.service.js';
import { lockProperty } from '../properties/properties.js';
import { existingProperty, requireInvestor, requireProperty } from '../references.js';
import { lineStatus, splitByCapital, type Holder } from './call-split.js';
import {
  allCalls, callsOfInvestor, capitalOn, findCall, insertCall, insertLine, insertReceipt, linesOf, receiptsOf, setCancelled,
  type CallRow, type LineRow,
} from './capital-calls.repository.js';

export const CALL_NOT_FOUND = 'Capital call not found.';

type IssueInput = {
  property_name: string; amount: number; due_date: string; purpose: string; instructions: string;
  lines?: { investor_name: string; amount: number }[];
};
type ReceiptInput = { call_id: number; investor_name: string; amount: number; date: string };

/** The investment form's entry builder (recording module): a receipt is recorded exactly as an investment is. */
export type InvestmentBuilder = EntryBuilder<z.output<typeof AddInvestmentRequest>>;

type Deps = { db: Db; clock: Clock; runOnce: RunOnce; addInvestment: InvestmentBuilder; notices?: Pick<NoticesService, 'queueNotice'> };

const outstandingOf = (l: Pick<LineRow, 'amountCents' | 'receivedCents'>) => Math.max(0, l.amountCents - l.receivedCents);

/**
 * Capital calls (docs/api.md, "Capital calls"): the admin asks a property's investors for money, each
 * for their share; what arrives is recorded as an investment in the property, through the investment
 * form's builder and the ledger's entry writer (period locks, validation and its audit row), linked to
 * the investor's line of the call. Every write is one transaction, audited, and tells whom it concerns.
 */
export function createCapitalCallsService({ db, clock, runOnce, addInvestment, notices }: Deps) {
  const today = () => isoDay(clock.now());

  /** The investors holding capital in the property today: a call's weights, and whom it may ask. */
  async function holdersOf(tx: Queryable, property: { id: number; name: string }, day: string): Promise<Holder[]> {
    const holders = await capitalOn(tx, property.id, day);
    if (holders.length === 0) {
      throw new ValidationError(`${property.name} has no investors holding capital on ${dateText(day)}, so there is no one to ask.`);
    }
    return holders;
  }

  /** The amounts typed per investor: each an investor of the property, each once, adding up to the call's amount. */
  async function typedLines(tx: Queryable, input: IssueInput, propertyName: string, holders: Holder[]) {
    const lines: { holder: Holder; cents: number }[] = [];
    for (const line of input.lines!) {
      const investor = await requireInvestor(tx, line.investor_name);
      const holder = holders.find((h) => h.investorId === investor.id);
      if (!holder) throw new ValidationError(`${investor.name} is not an investor of ${propertyName} (holds no capital there today).`);
      if (lines.some((l) => l.holder.investorId === investor.id)) throw new ValidationError(`${investor.name} is named twice in the amounts per investor.`);
      lines.push({ holder, cents: line.amount });
    }
    const sum = lines.reduce((s, l) => s + l.cents, 0);
    if (sum !== input.amount) {
      throw new ValidationError(`The amounts per investor add up to ${usd(sum)}, not the call's ${usd(input.amount)}.`);
    }
    return lines;
  }

  function adminCallOf(c: CallRow, lines: LineRow[], day: string): AdminCall {
    const asked = lines.reduce((s, l) => s + l.amountCents, 0);
    const received = lines.reduce((s, l) => s + Math.min(l.receivedCents, l.amountCents), 0);
    const outstanding = lines.reduce((s, l) => s + outstandingOf(l), 0);
    return {
      id: c.id, property_name: c.propertyName, purpose: c.purpose, issued_on: c.callDate, due_date: c.dueDate, split: c.split,
      asked: centsToDollars(asked), received: centsToDollars(received), outstanding: centsToDollars(outstanding),
      status: c.cancelledAt ? 'cancelled' : lineStatus(outstanding, c.dueDate, day),
      late: c.cancelledAt ? [] : lines.filter((l) => lineStatus(outstandingOf(l), c.dueDate, day) === 'late').map((l) => l.investorName),
      cancelled_at: c.cancelledAt ? new Date(c.cancelledAt).toISOString() : null, cancel_reason: c.cancelReason,
    };
  }

  return {
    /** The split a call would make today: the issue form's preview (writes nothing). */
    async preview(query: { property_name: string; amount: number }) {
      return db.snapshot(async (tx) => {
        const property = await existingProperty(tx, query.property_name);
        const day = today();
        const holders = await capitalOn(tx, property.id, day);
        const parts = holders.length ? splitByCapital(query.amount, holders) : [];
        return {
          property_name: property.name, amount: centsToDollars(query.amount),
          total_capital: centsToDollars(holders.reduce((s, h) => s + h.capitalCents, 0)),
          lines: parts.map((p) => ({ investor_name: p.holder.name, capital: centsToDollars(p.holder.capitalCents), amount: centsToDollars(p.cents) })),
        };
      });
    },

    async issue(input: IssueInput, ctx: WriteContext): Promise<{ id: number; lines: { investor_name: string; amount: number }[] }> {
      return runOnce(ctx.userId, ctx.idempotency, async (tx) => {
        const property = await requireProperty(tx, input.property_name);
        const day = today();
        if (input.due_date < day) throw new ValidationError(`The due date cannot be before today (${dateText(day)}).`);
        await lockProperty(tx, property.id);
        const holders = await holdersOf(tx, property, day);
        const split = input.lines ? 'typed' : 'pro_rata';
        // A pro-rata share of nothing (a tiny call, a small holder) asks nothing: no line, no notice.
        const lines = (input.lines ? await typedLines(tx, input, property.name, holders) : splitByCapital(input.amount, holders)).filter((l) => l.cents > 0);
        const at = clock.now();
        const id = await insertCall(tx, {
          propertyId: property.id, amountCents: input.amount, callDate: day, dueDate: input.due_date, purpose: input.purpose,
          instructions: input.instructions, split, createdBy: ctx.userId, at,
        });
        for (const l of lines) await insertLine(tx, { callId: id, investorId: l.holder.investorId, amountCents: l.cents, capitalCents: l.holder.capitalCents });
        await auditChange(tx, ctx, at, {
          action: 'issue_capital_call', entity: 'capital_call', id,
          after: {
            property: property.name, amount_cents: input.amount, call_date: day, due_date: input.due_date, purpose: input.purpose, split,
            lines: lines.map((l) => ({ investor: l.holder.name, capital_cents: l.holder.capitalCents, amount_cents: l.cents })),
          },
        });
        if (!ctx.quiet) {
          await notices?.queueNotice(tx, { event: 'capital_call_issued', recipients: lines.map((l) => ({ investorId: l.holder.investorId })), ref: `capital_call:${id}` });
        }
        return { id, lines: lines.map((l) => ({ investor_name: l.holder.name, amount: centsToDollars(l.cents) })) };
      });
    },

    /**
     * Money received for a call: an investment in the call's property, built by the investment form's
     * builder and written by the ledger (period lock, its audit row naming the call), linked to the line.
     */
    async recordReceipt(input: ReceiptInput, ctx: WriteContext): Promise<{ id: number; outstanding: number }> {
      return runOnce(ctx.userId, ctx.idempotency, async (tx) => {
        const call = await findCall(tx, input.call_id, true);
        if (!call) throw new NotFoundError(CALL_NOT_FOUND);
        if (call.cancelledAt) throw new ConflictError('This capital call was cancelled: nothing more can be received for it.');
        const investor = await requireInvestor(tx, input.investor_name);
        const line = (await linesOf(tx, [call.id])).find((l) => l.investorId === investor.id);
        if (!line) throw new ValidationError(`${investor.name} is not asked for anything in this capital call.`);
        const owed = outstandingOf(line);
        if (input.amount > owed) {
          throw new ConflictError(owed === 0
            ? `${investor.name} owes nothing more on this capital call.`
            : `${investor.name} still owes ${usd(owed)} on this capital call: the amount cannot be more.`);
        }
        const entry = await addInvestment(tx, { property_name: call.propertyName, investor_name: investor.name, date: input.date, amount: input.amount });
        const row = await appendEntry(tx, ctx, { ...entry, description: `Capital call: ${call.purpose}` }, clock.now(), { capital_call_id: call.id });
        await insertReceipt(tx, { entryId: row.id, callId: call.id, investorId: investor.id });
        return { id: row.id, outstanding: centsToDollars(owed - input.amount) };
      });
    },

    /** An investor's calls (not cancelled), newest first. */
    async investorCalls(user: SessionUser, query: { investor_name?: string }): Promise<{ investor_name: string; calls: InvestorCall[] }> {
      const investor = await readableInvestor(db, user, query.investor_name || undefined);
      const rows = await callsOfInvestor(db, investor.id);
      const day = today();
      return {
        investor_name: investor.name,
        calls: rows.map((r) => ({
          id: r.id, property_name: r.propertyName, purpose: r.purpose, instructions: r.instructions, issued_on: r.callDate, due_date: r.dueDate,
          amount: centsToDollars(r.amountCents), received: centsToDollars(r.receivedCents), outstanding: centsToDollars(outstandingOf(r)),
          status: lineStatus(outstandingOf(r), r.dueDate, day),
        })),
      };
    },

    async adminList(): Promise<{ calls: AdminCall[] }> {
      return db.snapshot(async (tx) => {
        const calls = await allCalls(tx);
        const lines = await linesOf(tx, calls.map((c) => c.id));
        const day = today();
        return { calls: calls.map((c) => adminCallOf(c, lines.filter((l) => l.callId === c.id), day)) };
      });
    },

    async detail(id: number): Promise<CapitalCallResponse> {
      return db.snapshot(async (tx) => {
        const call = await findCall(tx, id);
        if (!call) throw new NotFoundError(CALL_NOT_FOUND);
        const [lines, receipts] = [await linesOf(tx, [id]), await receiptsOf(tx, id)];
        const day = today();
        return {
          ...adminCallOf(call, lines, day), instructions: call.instructions,
          lines: lines.map((l) => ({
            investor_name: l.investorName, capital: centsToDollars(l.capitalCents), amount: centsToDollars(l.amountCents),
            received: centsToDollars(l.receivedCents), outstanding: centsToDollars(outstandingOf(l)),
            status: call.cancelledAt ? 'cancelled' as const : lineStatus(outstandingOf(l), call.dueDate, day),
            receipts: receipts.filter((r) => r.investorId === l.investorId)
              .map((r) => ({ entry_id: r.entryId, date: r.date, amount: centsToDollars(r.amountCents) })),
          })),
        };
      });
    },

    /** Tells each investor who still owes something on an open call; audited. */
    async remind(input: { id: number }, ctx: WriteContext): Promise<{ reminded: number }> {
      return db.transaction(async (tx) => {
        const call = await findCall(tx, input.id, true);
        if (!call) throw new NotFoundError(CALL_NOT_FOUND);
        if (call.cancelledAt) throw new ConflictError('This capital call was cancelled: there is nothing to remind anyone of.');
        const owing = (await linesOf(tx, [call.id])).filter((l) => outstandingOf(l) > 0);
        if (owing.length === 0) throw new ConflictError('Everyone has paid this capital call in full: there is no one to remind.');
        const at = clock.now();
        await auditChange(tx, ctx, at, {
          action: 'remind_capital_call', entity: 'capital_call', id: call.id,
          after: { reminded: owing.map((l) => l.investorName) },
        });
        // Each reminder is its own event (no ref): a second reminder a week later is sent again.
        await notices?.queueNotice(tx, { event: 'capital_call_reminder', recipients: owing.map((l) => ({ investorId: l.investorId })) });
        return { reminded: owing.length };
      });
    },

    /** Cancels a call nothing was received for: investors no longer see it; the audit log keeps why. */
    async cancel(input: { id: number; reason: string }, ctx: WriteContext): Promise<void> {
      await db.transaction(async (tx) => {
        const call = await findCall(tx, input.id, true);
        if (!call) throw new NotFoundError(CALL_NOT_FOUND);
        if (call.cancelledAt) throw new ConflictError('This capital call is already cancelled.');
        if ((await linesOf(tx, [call.id])).some((l) => l.receivedCents > 0)) {
          throw new ConflictError('Money was already received for this capital call, so it cannot be cancelled (void the receipts first).');
        }
        const at = clock.now();
        await setCancelled(tx, call.id, { at, by: ctx.userId, reason: input.reason });
        await auditChange(tx, ctx, at, {
          action: 'cancel_capital_call', entity: 'capital_call', id: call.id,
          before: { cancelled: false }, after: { cancelled: true, reason: input.reason },
        });
      });
    },
  };
}

export type CapitalCallsService = ReturnType<typeof createCapitalCallsService>;
