import type { Queryable } from '../../db/client.js';
import { KINDS, sqlKinds } from '../../domain/ledger-kinds.js';

export type RunStatus = 'draft' | 'approved' | 'cancelled';
export type RunMode = 'all_cash' | 'percent';
export type RunAudience = 'everyone' | 'llc' | 'investors';
export type PaymentMethod = 'ach' | 'check';

export type RunRow = {
  id: number;
  status: RunStatus;
  date: string;
  mode: RunMode;
  percentHundredths: number | null;
  minimumCents: number;
  memo: string;
  audience: RunAudience;
  llcName: string | null;
  draftedById: number | null;
  draftedBy: string | null;
  draftedAt: Date;
  approvedBy: string | null;
  approvedAt: Date | null;
  cancelledBy: string | null;
  cancelledAt: Date | null;
};

export type LineRow = {
  runId: number;
  investorId: number;
  investorName: string;
  address: string;
  cashAvailableCents: number;
  computedCents: number;
  amountCents: number;
  method: PaymentMethod;
  accountLast4: string | null;
  entryId: number | null;
};

export type ScopeInvestor = { id: number; name: string };

const RUN_COLUMNS = `r.id, r.status, r.run_date AS "date", r.mode, r.percent_hundredths AS "percentHundredths",
  r.minimum_cents AS "minimumCents", r.memo, r.audience, l.name AS "llcName", r.drafted_by AS "draftedById",
  du.username AS "draftedBy", r.drafted_at AS "draftedAt", au.username AS "approvedBy", r.approved_at AS "approvedAt",
  cu.username AS "cancelledBy", r.cancelled_at AS "cancelledAt"`;

const RUNS_FROM = `distribution_run r
  LEFT JOIN llc l ON l.id = r.llc_id
  LEFT JOIN portal_user du ON du.id = r.drafted_by
  LEFT JOIN portal_user au ON au.id = r.approved_by
  LEFT JOIN portal_user cu ON cu.id = r.cancelled_by`;

const LINE_COLUMNS = `dl.run_id AS "runId", dl.investor_id AS "investorId", i.name AS "investorName", i.address,
  dl.cash_available_cents AS "cashAvailableCents", dl.computed_cents AS "computedCents", dl.amount_cents AS "amountCents",
  dl.method, dl.account_last4 AS "accountLast4", dl.ledger_entry_id AS "entryId"`;

/** Every investor, by name. */
export const everyInvestor = (tx: Queryable): Promise<ScopeInvestor[]> =>
  tx.query<ScopeInvestor>('SELECT id, name FROM investor ORDER BY name, id');

/**
 * An LLC's members: investors with capital or their own expenses in one of its properties (live entries), the
 * membership the document vault and investor updates use too.
 */
export const membersOfLlc = (tx: Queryable, llcId: number): Promise<ScopeInvestor[]> =>
  tx.query<ScopeInvestor>(
    `SELECT i.id, i.name FROM investor i WHERE EXISTS (SELECT 1 FROM ledger_entry e JOIN property p ON p.id = e.property_id
      WHERE e.investor_id = i.id AND p.llc_id = $1 AND e.voided_at IS NULL AND e.kind IN ${sqlKinds(KINDS.investorInProperty)})
     ORDER BY i.name, i.id`,
    [llcId],
  );

export async function insertRun(
  tx: Queryable,
  r: { date: string; mode: RunMode; percentHundredths: number | null; minimumCents: number; memo: string; audience: RunAudience;
    llcId: number | null; draftedBy: number | null; at: Date },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO distribution_run (run_date, mode, percent_hundredths, minimum_cents, memo, audience, llc_id, drafted_by, drafted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [r.date, r.mode, r.percentHundredths, r.minimumCents, r.memo, r.audience, r.llcId, r.draftedBy, r.at],
  );
  return row!.id;
}

export type NewLine = {
  investorId: number; position: number; cashAvailableCents: number; computedCents: number; amountCents: number;
  method: PaymentMethod; accountLast4: string | null;
};

/** A run's lines, in one statement (a run of everyone is 2,000 of them). */
export async function insertLines(tx: Queryable, runId: number, lines: readonly NewLine[]): Promise<void> {
  const col = <T>(f: (l: NewLine) => T) => lines.map(f);
  await tx.query(
    `INSERT INTO distribution_run_line (run_id, investor_id, position, cash_available_cents, computed_cents, amount_cents, method, account_last4)
     SELECT $1, * FROM unnest($2::int[], $3::int[], $4::bigint[], $5::bigint[], $6::bigint[], $7::text[], $8::text[])`,
    [runId, col((l) => l.investorId), col((l) => l.position), col((l) => l.cashAvailableCents), col((l) => l.computedCents),
      col((l) => l.amountCents), col((l) => l.method), col((l) => l.accountLast4)],
  );
}

export async function findRun(tx: Queryable, id: number): Promise<RunRow | undefined> {
  const [row] = await tx.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM ${RUNS_FROM} WHERE r.id = $1`, [id]);
  return row;
}

/** The run's row lock, then the run: every change of a run is made under it, so two admins change it one at a time. */
export async function lockRun(tx: Queryable, id: number): Promise<RunRow | undefined> {
  await tx.query('SELECT id FROM distribution_run WHERE id = $1 FOR UPDATE', [id]);
  return findRun(tx, id);
}

export const allRuns = (tx: Queryable): Promise<RunRow[]> =>
  tx.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM ${RUNS_FROM} ORDER BY r.id DESC`);

export const linesOf = (tx: Queryable, runIds: readonly number[]): Promise<LineRow[]> =>
  runIds.length === 0
    ? Promise.resolve([])
    : tx.query<LineRow>(
      `SELECT ${LINE_COLUMNS} FROM distribution_run_line dl JOIN investor i ON i.id = dl.investor_id
       WHERE dl.run_id = ANY($1::int[]) ORDER BY dl.run_id, dl.position`,
      [runIds],
    );

export async function setLineAmount(tx: Queryable, runId: number, investorId: number, amountCents: number, cashAvailableCents: number): Promise<void> {
  await tx.query(
    'UPDATE distribution_run_line SET amount_cents = $3, cash_available_cents = $4 WHERE run_id = $1 AND investor_id = $2',
    [runId, investorId, amountCents, cashAvailableCents],
  );
}

export type PaidLine = { investorId: number; entryId: number; method: PaymentMethod; accountLast4: string | null };

/** Each paid line's ledger entry and how it is paid, in one statement. */
export async function setLinesPaid(tx: Queryable, runId: number, lines: readonly PaidLine[]): Promise<void> {
  await tx.query(
    `UPDATE distribution_run_line dl SET ledger_entry_id = p.entry_id, method = p.method, account_last4 = p.last4
       FROM unnest($2::int[], $3::bigint[], $4::text[], $5::text[]) AS p(investor_id, entry_id, method, last4)
      WHERE dl.run_id = $1 AND dl.investor_id = p.investor_id`,
    [runId, lines.map((l) => l.investorId), lines.map((l) => l.entryId), lines.map((l) => l.method), lines.map((l) => l.accountLast4)],
  );
}

export async function setRunApproved(tx: Queryable, id: number, by: number | null, at: Date): Promise<void> {
  await tx.query(`UPDATE distribution_run SET status = 'approved', approved_by = $2, approved_at = $3 WHERE id = $1`, [id, by, at]);
}

export async function setRunCancelled(tx: Queryable, id: number, by: number | null, at: Date): Promise<void> {
  await tx.query(`UPDATE distribution_run SET status = 'cancelled', cancelled_by = $2, cancelled_at = $3 WHERE id = $1`, [id, by, at]);
}
