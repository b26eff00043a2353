import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../src/server/db/client.js';
import { verifyAuditChain } from '../../../src/server/modules/audit/audit.service.js';
import type { Reply, ServerProcess } from './server.js';

/**
 * The books the fault tests write into, the writes they fire, and the checks that follow a fault. One
 * investor owns the one property alone (fee 0), so every figure is a plain sum of the writes: the
 * recomputation the server's answers are compared with.
 */
export const BOOKS = {
  llc: 'Fault Test LLC',
  property: 'Fault House',
  investor: 'Faith Fault',
  /** The seed rows: capital before every month written to, and enough cash that no withdrawal is refused. */
  seedInvestmentCents: 100_000_00,
  seedIncomeCents: 1_000_000_00,
};

/** Every write of a load has amount_cents = LOAD_MIN_CENTS + seq: unique, so each row names its write. */
const LOAD_MIN_CENTS = 10_000;
const LOAD_MAX_CENTS = 99_999;

type Post = (url: string, body: unknown, key?: string) => Promise<unknown>;

/** Writes the LLC, the property, the investor and the two seed rows through the API. */
export async function setUpBooks(server: ServerProcess, token: string): Promise<void> {
  const post: Post = async (url, body, key) => {
    const res = await server.request('POST', url, { body, token, headers: key ? { 'idempotency-key': key } : {} });
    if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  await post('/admin/add_llc', {
    llc_name: BOOKS.llc, address: '1 Fault Road, Springfield, IL', date_started: '2020-01-01',
    principal_business_activity: 'Real estate rental', principal_product: 'Residential rental housing', business_code_number: '531110',
  });
  await post('/admin/add_investment_property', {
    property_name: BOOKS.property, address: '1 Fault Road, Springfield, IL', purchase_date: '2022-01-01', purchase_price: '100000.00',
    land_value: '20000.00', property_value: '120000.00', llc: BOOKS.llc, property_type: 'rental', picture_url: 'https://example.com/fault.jpg',
  });
  await post('/admin/add_investor', { name: BOOKS.investor, email: '', phone: '', address: '', fee_percentage: '0' });
  await post('/admin/add_investment', { property_name: BOOKS.property, investor_name: BOOKS.investor, date: '2023-01-02', amount: dollars(BOOKS.seedInvestmentCents) }, randomUUID());
  await post('/admin/record_property_income', {
    income_date: '2024-01-05', income_for_month: '2024-01-01', property_name: BOOKS.property, description: 'Seed income',
    amount: dollars(BOOKS.seedIncomeCents), income_category: 'Rent',
  }, randomUUID());
}

export type OpKind = 'income' | 'expense' | 'investment' | 'withdrawal';
const KINDS: OpKind[] = ['income', 'expense', 'investment', 'withdrawal'];
const LEDGER_KIND: Record<OpKind, string> = {
  income: 'property_income', expense: 'property_expense', investment: 'investment', withdrawal: 'cash_withdrawal',
};

/** One write a client sends, and what became of it as the client saw it. */
export type Op = {
  seq: number;
  kind: OpKind;
  url: string;
  body: Record<string, unknown>;
  key: string;
  cents: number;
  /** acked: a 2xx came back; ambiguous: the connection died, or 5xx; refused: a 4xx. */
  state: 'pending' | 'acked' | 'ambiguous' | 'refused';
  id?: number;
  statuses: number[];
  attempts: number;
};

const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The write number `seq`: the four kinds in turn, dated in February to November 2024. */
export function makeOp(seq: number, tag: string): Op {
  const kind = KINDS[seq % KINDS.length] as OpKind;
  const cents = LOAD_MIN_CENTS + seq;
  if (cents > LOAD_MAX_CENTS) throw new Error('too many writes for the amount range');
  const mm = String(2 + (seq % 10)).padStart(2, '0');
  const description = `${tag} ${kind} #${seq}`;
  const amount = dollars(cents);
  const p = BOOKS.property;
  const body: Record<string, unknown> =
    kind === 'income'
      ? { income_date: `2024-${mm}-10`, income_for_month: `2024-${mm}-01`, property_name: p, description, amount, income_category: 'Rent' }
      : kind === 'expense'
        ? { expense_date: `2024-${mm}-11`, expense_for_month: `2024-${mm}-01`, property_name: p, description, amount, expense_category: 'Repairs', payer: BOOKS.llc }
        : kind === 'investment'
          ? { property_name: p, investor_name: BOOKS.investor, date: `2024-${mm}-12`, amount }
          : { investor_name: BOOKS.investor, date: `2024-${mm}-20`, description, amount };
  const url = {
    income: '/admin/record_property_income', expense: '/admin/record_property_expense',
    investment: '/admin/add_investment', withdrawal: '/admin/record_cash_withdrawal',
  }[kind];
  return { seq, kind, url, body, key: `fault-${tag}-${seq}-${randomUUID()}`, cents, state: 'pending', statuses: [], attempts: 0 };
}

/** Sends an op once with its Idempotency-Key and records the outcome; a network error is recorded, then rethrown. */
export async function sendOp(server: ServerProcess, token: string, op: Op, timeoutMs = 15_000): Promise<Reply> {
  op.attempts++;
  try {
    const res = await server.request('POST', op.url, { body: op.body, token, headers: { 'idempotency-key': op.key }, timeoutMs });
    op.statuses.push(res.status);
    if (res.status >= 200 && res.status < 300) {
      const id = (res.body as { id?: number }).id;
      if (op.id !== undefined && op.id !== id) throw new Error(`op ${op.seq}: a replay answered id ${id}, first answer was ${op.id}`);
      op.id = id;
      op.state = 'acked';
    } else if (res.status >= 400 && res.status < 500) {
      if (op.state !== 'acked') op.state = 'refused';
    } else if (op.state !== 'acked') {
      op.state = 'ambiguous';
    }
    return res;
  } catch (err) {
    op.statuses.push(0);
    if (op.state !== 'acked') op.state = 'ambiguous';
    throw err;
  }
}

export type BooksCheck = {
  violations: string[];
  /** Load rows in the ledger. */
  rows: number;
  /** Ambiguous writes (no answer) that the database had committed, and that it had not. */
  ambiguousCommitted: number;
  ambiguousAbsent: number;
  /** Ledger id by op seq, for the rows present. */
  idBySeq: Map<number, number>;
};

/**
 * What the database holds against what the clients saw, read straight from the database:
 * - every acknowledged write is there exactly once, with the id it was answered with;
 * - no row of a write that was never sent or was refused; no write twice;
 * - nothing half-written (docs/security.md L7): each load row has exactly one audit row and one
 *   Idempotency-Key holding its id, and each key and each ledger audit row points to a row that exists;
 * - the audit hash chain verifies (L10).
 */
export async function checkBooks(db: Queryable, ops: Op[]): Promise<BooksCheck> {
  const violations: string[] = [];
  const bySeq = new Map(ops.map((o) => [o.seq, o]));
  const rows = await db.query<{ id: number; kind: string; amount_cents: number; description: string | null; voided_at: unknown }>(
    'SELECT id, kind, amount_cents, description, voided_at FROM ledger_entry WHERE amount_cents BETWEEN $1 AND $2 ORDER BY id',
    [LOAD_MIN_CENTS, LOAD_MAX_CENTS],
  );
  const idBySeq = new Map<number, number>();
  for (const row of rows) {
    const seq = row.amount_cents - LOAD_MIN_CENTS;
    const op = bySeq.get(seq);
    if (!op) {
      violations.push(`ledger row ${row.id} (${row.kind} ${row.amount_cents}) belongs to no write that was sent`);
      continue;
    }
    if (idBySeq.has(seq)) violations.push(`write #${seq} is in the ledger twice (rows ${idBySeq.get(seq)} and ${row.id})`);
    idBySeq.set(seq, row.id);
    if (row.kind !== LEDGER_KIND[op.kind]) violations.push(`row ${row.id}: kind ${row.kind}, the write was ${op.kind}`);
    const description = op.body.description;
    if (description !== undefined && row.description !== description) violations.push(`row ${row.id}: description ${row.description}, sent ${String(description)}`);
    if (op.state === 'refused') violations.push(`write #${seq} was refused (${op.statuses.join(',')}) yet is in the ledger as row ${row.id}`);
    if (row.voided_at) violations.push(`row ${row.id} is voided`);
  }
  let ambiguousCommitted = 0;
  let ambiguousAbsent = 0;
  for (const op of ops) {
    const id = idBySeq.get(op.seq);
    if (op.state === 'acked') {
      if (id === undefined) violations.push(`acknowledged write #${op.seq} (${op.kind}, id ${op.id}) is missing`);
      else if (id !== op.id) violations.push(`acknowledged write #${op.seq} was answered id ${op.id} but is row ${id}`);
    } else if (op.state === 'ambiguous') {
      if (id === undefined) ambiguousAbsent++;
      else ambiguousCommitted++;
    }
  }

  // Audit rows: exactly one 'record' row per load row, and no ledger audit row without its row.
  const audits = await db.query<{ entity_id: string; n: number }>(
    `SELECT entity_id, count(*)::int AS n FROM audit_event WHERE entity = 'ledger_entry' AND action = 'record' GROUP BY entity_id`,
  );
  const auditCount = new Map(audits.map((a) => [Number(a.entity_id), a.n]));
  for (const row of rows) {
    const n = auditCount.get(row.id) ?? 0;
    if (n !== 1) violations.push(`ledger row ${row.id} has ${n} audit rows`);
  }
  const orphanAudits = await db.query<{ id: number; entity_id: string }>(
    `SELECT a.id, a.entity_id FROM audit_event a WHERE a.entity = 'ledger_entry'
       AND NOT EXISTS (SELECT 1 FROM ledger_entry l WHERE l.id::text = a.entity_id)`,
  );
  for (const a of orphanAudits) violations.push(`audit row ${a.id} names ledger row ${a.entity_id}, which does not exist`);

  // Idempotency keys: each load row's key holds its id; no key points to a row that is not there.
  const keys = await db.query<{ key: string; id: string | null }>(
    `SELECT key, response_body->>'id' AS id FROM idempotency_key WHERE key LIKE 'fault-%'`,
  );
  const keyOf = new Map(keys.map((k) => [k.key, k.id === null ? undefined : Number(k.id)]));
  const rowIds = new Set(rows.map((r) => r.id));
  for (const op of ops) {
    const stored = keyOf.get(op.key);
    const id = idBySeq.get(op.seq);
    if (id !== undefined && stored !== id) violations.push(`row ${id} (write #${op.seq}) has key answer ${stored}, expected its id`);
    if (id === undefined && keyOf.has(op.key)) violations.push(`the key of write #${op.seq} is stored (id ${stored}) but its row is not there`);
  }
  for (const [key, id] of keyOf) {
    if (id === undefined || !rowIds.has(id)) violations.push(`key ${key} answers id ${id}, which is no load row`);
  }

  const broken = await verifyAuditChain(db);
  if (broken !== null) violations.push(`the audit hash chain breaks at row ${broken}`);
  return { violations, rows: rows.length, ambiguousCommitted, ambiguousAbsent, idBySeq };
}

/** The investor's figures as the sums of the writes say they must be, in cents. */
export function expectedFigures(ops: Op[]) {
  const sum = (kind: OpKind) => ops.filter((o) => o.kind === kind && o.state === 'acked').reduce((s, o) => s + o.cents, 0);
  const income = BOOKS.seedIncomeCents + sum('income') - sum('expense');
  return {
    total_investments: BOOKS.seedInvestmentCents + sum('investment'),
    total_income: income,
    cash_balance: income - sum('withdrawal'),
  };
}

/** The same three figures from the server's investor summary, in cents. */
export async function servedFigures(server: ServerProcess, token: string) {
  const res = await server.request('GET', `/api/investor_summary?investor_name=${encodeURIComponent(BOOKS.investor)}`, { token });
  if (res.status !== 200) throw new Error(`investor_summary: ${res.status} ${JSON.stringify(res.body)}`);
  const b = res.body as Record<string, number>;
  const cents = (v: number | undefined) => Math.round((v ?? NaN) * 100);
  return { total_investments: cents(b.total_investments), total_income: cents(b.total_income), cash_balance: cents(b.cash_balance) };
}
