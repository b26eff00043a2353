import type { Queryable } from '../../db/client.js';
import { KINDS, sqlKinds } from '../../domain/ledger-kinds.js';

export type CallRow = {
  id: number;
  propertyId: number;
  propertyName: string;
  amountCents: number;
  callDate: string;
  dueDate: string;
  purpose: string;
  instructions: string;
  split: 'pro_rata' | 'typed';
  cancelledAt: Date | null;
  cancelReason: string | null;
};

/** A line of a call with what its live receipts add up to. */
export type LineRow = {
  callId: number;
  investorId: number;
  investorName: string;
  amountCents: number;
  capitalCents: number;
  receivedCents: number;
};

export type ReceiptRow = { callId: number; investorId: number; entryId: number; date: string; amountCents: number };

const CALL_COLUMNS = `c.id, c.property_id AS "propertyId", p.name AS "propertyName", c.amount_cents AS "amountCents",
  c.call_date AS "callDate", c.due_date AS "dueDate", c.purpose, c.instructions, c.split,
  c.cancelled_at AS "cancelledAt", c.cancel_reason AS "cancelReason"`;

// What counts as received: the linked investments that are not voided (a voided receipt reopens the debt).
const RECEIVED = `coalesce((SELECT sum(e.amount_cents) FROM capital_call_receipt r JOIN ledger_entry e ON e.id = r.entry_id
  WHERE r.call_id = l.call_id AND r.investor_id = l.investor_id AND e.voided_at IS NULL), 0)`;

const LINE_COLUMNS = `l.call_id AS "callId", l.investor_id AS "investorId", i.name AS "investorName", l.amount_cents AS "amountCents",
  l.capital_cents AS "capitalCents", ${RECEIVED}::bigint AS "receivedCents"`;

/**
 * Each investor's capital in the property on `day`: investments less capital returned, dated on or
 * before it, live entries only; those holding none are left out.
 */
export async function capitalOn(db: Queryable, propertyId: number, day: string): Promise<{ investorId: number; name: string; capitalCents: number }[]> {
  return db.query(
    `SELECT e.investor_id AS "investorId", i.name,
            sum(CASE e.kind WHEN 'investment' THEN e.amount_cents ELSE -e.amount_cents END)::bigint AS "capitalCents"
       FROM ledger_entry e JOIN investor i ON i.id = e.investor_id
      WHERE e.property_id = $1 AND e.date <= $2 AND e.voided_at IS NULL AND e.kind IN ${sqlKinds(KINDS.capital)}
      GROUP BY e.investor_id, i.name
     HAVING sum(CASE e.kind WHEN 'investment' THEN e.amount_cents ELSE -e.amount_cents END) > 0
      ORDER BY e.investor_id`,
    [propertyId, day],
  );
}

export async function insertCall(
  tx: Queryable,
  c: { propertyId: number; amountCents: number; callDate: string; dueDate: string; purpose: string; instructions: string;
    split: 'pro_rata' | 'typed'; createdBy: number | null; at: Date },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO capital_call (property_id, amount_cents, call_date, due_date, purpose, instructions, split, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [c.propertyId, c.amountCents, c.callDate, c.dueDate, c.purpose, c.instructions, c.split, c.createdBy, c.at],
  );
  return row!.id;
}

export async function insertLine(tx: Queryable, l: { callId: number; investorId: number; amountCents: number; capitalCents: number }): Promise<void> {
  await tx.query('INSERT INTO capital_call_line (call_id, investor_id, amount_cents, capital_cents) VALUES ($1, $2, $3, $4)',
    [l.callId, l.investorId, l.amountCents, l.capitalCents]);
}

export async function insertReceipt(tx: Queryable, r: { entryId: number; callId: number; investorId: number }): Promise<void> {
  await tx.query('INSERT INTO capital_call_receipt (entry_id, call_id, investor_id) VALUES ($1, $2, $3)', [r.entryId, r.callId, r.investorId]);
}

/** The call, its row locked when `forUpdate` (receipts and a cancellation read it first). */
export async function findCall(db: Queryable, id: number, forUpdate = false): Promise<CallRow | undefined> {
  if (forUpdate) await db.query('SELECT id FROM capital_call WHERE id = $1 FOR UPDATE', [id]);
  const [row] = await db.query<CallRow>(`SELECT ${CALL_COLUMNS} FROM capital_call c JOIN property p ON p.id = c.property_id WHERE c.id = $1`, [id]);
  return row;
}

export async function setCancelled(tx: Queryable, id: number, c: { at: Date; by: number | null; reason: string }): Promise<void> {
  await tx.query('UPDATE capital_call SET cancelled_at = $2, cancelled_by = $3, cancel_reason = $4 WHERE id = $1', [id, c.at, c.by, c.reason]);
}

/** Every call, newest first. */
export async function allCalls(db: Queryable): Promise<CallRow[]> {
  return db.query<CallRow>(`SELECT ${CALL_COLUMNS} FROM capital_call c JOIN property p ON p.id = c.property_id ORDER BY c.call_date DESC, c.id DESC`);
}

/** The lines of the calls `ids`, by investor name. */
export async function linesOf(db: Queryable, ids: number[]): Promise<LineRow[]> {
  if (ids.length === 0) return [];
  return db.query<LineRow>(
    `SELECT ${LINE_COLUMNS} FROM capital_call_line l JOIN investor i ON i.id = l.investor_id
      WHERE l.call_id = ANY($1::int[]) ORDER BY l.call_id, lower(i.name), i.id`,
    [ids],
  );
}

/** The live receipts of a call, oldest first. */
export async function receiptsOf(db: Queryable, callId: number): Promise<ReceiptRow[]> {
  return db.query<ReceiptRow>(
    `SELECT r.call_id AS "callId", r.investor_id AS "investorId", r.entry_id AS "entryId", e.date, e.amount_cents AS "amountCents"
       FROM capital_call_receipt r JOIN ledger_entry e ON e.id = r.entry_id
      WHERE r.call_id = $1 AND e.voided_at IS NULL ORDER BY e.date, e.id`,
    [callId],
  );
}

/** The calls that ask investor `investorId` for something and were not cancelled, with their line, newest first. */
export async function callsOfInvestor(db: Queryable, investorId: number): Promise<(CallRow & LineRow)[]> {
  return db.query<CallRow & LineRow>(
    `SELECT ${CALL_COLUMNS}, ${LINE_COLUMNS}
       FROM capital_call_line l JOIN capital_call c ON c.id = l.call_id JOIN property p ON p.id = c.property_id JOIN investor i ON i.id = l.investor_id
      WHERE l.investor_id = $1 AND c.cancelled_at IS NULL
      ORDER BY c.call_date DESC, c.id DESC`,
    [investorId],
  );
}

/**
 * The investor's calls a statement of `from`–`to` lists: issued in the period, or with a receipt dated in
 * it; with what was asked, and received by `to`.
 */
export async function callsInPeriod(
  db: Queryable, investorId: number, from: string, to: string,
): Promise<{ callDate: string; dueDate: string; propertyName: string; purpose: string; amountCents: number; receivedCents: number; receivedInPeriodCents: number }[]> {
  return db.query(
    `SELECT c.call_date AS "callDate", c.due_date AS "dueDate", p.name AS "propertyName", c.purpose, l.amount_cents AS "amountCents",
            coalesce(sum(e.amount_cents) FILTER (WHERE e.date <= $3), 0)::bigint AS "receivedCents",
            coalesce(sum(e.amount_cents) FILTER (WHERE e.date BETWEEN $2 AND $3), 0)::bigint AS "receivedInPeriodCents"
       FROM capital_call_line l
       JOIN capital_call c ON c.id = l.call_id
       JOIN property p ON p.id = c.property_id
       LEFT JOIN capital_call_receipt r ON r.call_id = l.call_id AND r.investor_id = l.investor_id
       LEFT JOIN ledger_entry e ON e.id = r.entry_id AND e.voided_at IS NULL
      WHERE l.investor_id = $1 AND c.cancelled_at IS NULL
      GROUP BY c.id, c.call_date, c.due_date, p.name, c.purpose, l.amount_cents
     HAVING c.call_date BETWEEN $2 AND $3 OR count(e.id) FILTER (WHERE e.date BETWEEN $2 AND $3) > 0
      ORDER BY c.call_date, c.id`,
    [investorId, from, to],
  );
}
