import type { Queryable } from '../../db/client.js';

export type LedgerKind =
  | 'investment'
  | 'investment_withdrawal'
  | 'cash_withdrawal'
  | 'property_income'
  | 'property_expense'
  | 'investor_property_expense'
  | 'lc_payment'
  | 'deposit'
  | 'deposit_withdrawal'
  | 'llc_expense';

export type NewLedgerEntry = {
  kind: LedgerKind;
  date: string;
  forMonth: string;
  periodStart?: string | null;
  periodEnd?: string | null;
  amountCents: number;
  llcId?: number | null;
  propertyId?: number | null;
  investorId?: number | null;
  categoryId?: number | null;
  lorenId?: number | null;
  payer?: string | null;
  description?: string | null;
  createdBy: number;
  createdAt: Date;
};

export type LedgerEntry = Omit<NewLedgerEntry, 'createdAt'> & { id: number; createdAt: string };

const COLUMNS = `id, kind, date, for_month AS "forMonth", period_start AS "periodStart", period_end AS "periodEnd",
  amount_cents AS "amountCents", llc_id AS "llcId", property_id AS "propertyId", investor_id AS "investorId",
  category_id AS "categoryId", loren_id AS "lorenId", payer, description, created_by AS "createdBy",
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`;

export async function insertLedgerEntry(db: Queryable, e: NewLedgerEntry): Promise<LedgerEntry> {
  const [row] = await db.query<LedgerEntry>(
    `INSERT INTO ledger_entry (kind, date, for_month, period_start, period_end, amount_cents, llc_id, property_id,
        investor_id, category_id, loren_id, payer, description, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     RETURNING ${COLUMNS}`,
    [e.kind, e.date, e.forMonth, e.periodStart ?? null, e.periodEnd ?? null, e.amountCents, e.llcId ?? null,
      e.propertyId ?? null, e.investorId ?? null, e.categoryId ?? null, e.lorenId ?? null, e.payer ?? null,
      e.description ?? null, e.createdBy, e.createdAt.toISOString()],
  );
  return row!;
}
