import type { Queryable } from '../../db/client.js';
import { KINDS, sqlKinds } from '../../domain/ledger-kinds.js';
import type { FederalRate } from '../../domain/imputed-interest.js';
import type { Payment } from '../../domain/installment-sale.js';
import type { TaxItem, TaxProperty } from '../../domain/tax-report.js';
import { contractColumns, taxTermsOf, type ContractColumns } from '../land-contracts/land-contracts.js';

/** The SQL of the admin's reports: totals of the whole books, and the items of a tax year. */

export type BookTotals = { incomeCents: number; expensesCents: number; depositsHeldCents: number; capitalCents: number };

/** docs/rules/cash.md, the admin's totals: gross income, all expenses, deposits held and outstanding capital, as of a date. */
export async function bookTotals(db: Queryable, asOf: string, propertyId: number | null = null): Promise<BookTotals> {
  const [row] = await db.query<BookTotals>(
    `SELECT coalesce(sum(amount_cents) FILTER (WHERE kind IN ${sqlKinds(KINDS.income)}), 0)::bigint AS "incomeCents",
            coalesce(sum(amount_cents) FILTER (WHERE kind IN ${sqlKinds(KINDS.expenses)}), 0)::bigint AS "expensesCents",
            coalesce(sum(CASE kind WHEN 'deposit' THEN amount_cents WHEN 'deposit_withdrawal' THEN -amount_cents END), 0)::bigint AS "depositsHeldCents",
            coalesce(sum(CASE kind WHEN 'investment' THEN amount_cents WHEN 'investment_withdrawal' THEN -amount_cents END), 0)::bigint AS "capitalCents"
       FROM ledger_entry
      WHERE voided_at IS NULL AND date <= $1 AND ($2::int IS NULL OR property_id = $2)`,
    [asOf, propertyId],
  );
  return row!;
}

/** The investors holding capital in a property at a date (investments − investment withdrawals > 0), by name. */
export async function capitalByInvestor(db: Queryable, propertyId: number, asOf: string): Promise<{ name: string; cents: number }[]> {
  return db.query<{ name: string; cents: number }>(
    `SELECT i.name, sum(CASE e.kind WHEN 'investment' THEN e.amount_cents ELSE -e.amount_cents END)::bigint AS cents
       FROM ledger_entry e JOIN investor i ON i.id = e.investor_id
      WHERE e.voided_at IS NULL AND e.date <= $2 AND e.property_id = $1 AND e.kind IN ${sqlKinds(KINDS.capital)}
      GROUP BY i.id, i.name HAVING sum(CASE e.kind WHEN 'investment' THEN e.amount_cents ELSE -e.amount_cents END) > 0
      ORDER BY lower(i.name)`,
    [propertyId, asOf],
  );
}

/** Every investor's name by id, and whether they are active. */
export async function investorNames(db: Queryable): Promise<{ id: number; name: string; active: boolean }[]> {
  return db.query('SELECT id, name, active FROM investor ORDER BY lower(name), id');
}

type PropertyRow = Omit<TaxProperty, 'terms'> & ContractColumns & { llcId: number; address: string };

const toTaxProperty = (r: PropertyRow): TaxProperty & { address: string; llcId: number } => {
  const terms = taxTermsOf(r);
  return { id: r.id, name: r.name, type: r.type, bucket: r.bucket, nonresidential: r.nonresidential, purchaseDate: r.purchaseDate,
    purchasePriceCents: r.purchasePriceCents, landValueCents: r.landValueCents, address: r.address, llcId: r.llcId, terms,
    servicing: terms ? { installmentCents: r.installmentCents, firstDueDate: r.firstDueDate } : null };
};

/** The properties of an LLC, or one property, with what the tax rules need. */
export async function taxProperties(db: Queryable, f: { llcId?: number; propertyId?: number }) {
  const rows = await db.query<PropertyRow>(
    `SELECT id, name, llc_id AS "llcId", address, property_type AS type, tax_bucket AS bucket, nonresidential,
            purchase_date AS "purchaseDate", purchase_price_cents AS "purchasePriceCents", land_value_cents AS "landValueCents",
            ${contractColumns()}
       FROM property
      WHERE ($1::int IS NULL OR llc_id = $1) AND ($2::int IS NULL OR id = $2)
      ORDER BY lower(name), id`,
    [f.llcId ?? null, f.propertyId ?? null],
  );
  return rows.map(toTaxProperty);
}

/** The non-void entries dated in [from, to] on these properties, and the LLC's own expenses (cash basis, docs/rules/tax-reports.md). */
export async function taxItems(db: Queryable, f: { propertyIds: number[]; llcId: number | null; from: string; to: string }): Promise<TaxItem[]> {
  return db.query<TaxItem>(
    `SELECT CASE e.kind WHEN 'property_income' THEN 'income' WHEN 'property_expense' THEN 'expense'
                        WHEN 'investor_property_expense' THEN 'investor_expense' ELSE e.kind END AS kind,
            e.property_id AS "propertyId", e.investor_id AS "investorId", e.date, e.for_month AS "forMonth",
            CASE WHEN e.period_start IS NULL THEN NULL ELSE json_build_object('start', e.period_start::text, 'end', e.period_end::text) END AS period,
            e.amount_cents AS cents, coalesce(c.name, '') AS category
       FROM ledger_entry e LEFT JOIN category c ON c.id = e.category_id
      WHERE e.voided_at IS NULL AND e.date BETWEEN $3 AND $4
        AND ((e.property_id = ANY($1::int[]) AND e.kind IN ${sqlKinds(KINDS.propertyBooks)})
          OR (e.llc_id = $2 AND e.kind = 'llc_expense'))
      ORDER BY e.date, e.id`,
    [f.propertyIds, f.llcId, f.from, f.to],
  );
}

/** Every land-contract payment up to a date, per property: the installment schedule runs from the sale. */
export async function lcPayments(db: Queryable, propertyIds: number[], to: string): Promise<Map<number, Payment[]>> {
  const rows = await db.query<Payment & { propertyId: number }>(
    `SELECT id, property_id AS "propertyId", date, amount_cents AS cents FROM ledger_entry
      WHERE voided_at IS NULL AND kind = 'lc_payment' AND property_id = ANY($1::int[]) AND date <= $2 ORDER BY date, id`,
    [propertyIds, to],
  );
  const out = new Map<number, Payment[]>();
  for (const r of rows) out.set(r.propertyId, [...(out.get(r.propertyId) ?? []), { id: r.id, date: r.date, cents: r.cents }]);
  return out;
}

/** Deposits held by these properties at a date. */
export async function depositsHeld(db: Queryable, propertyIds: number[], asOf: string): Promise<number> {
  const [row] = await db.query<{ cents: number }>(
    `SELECT coalesce(sum(CASE kind WHEN 'deposit' THEN amount_cents ELSE -amount_cents END), 0)::bigint AS cents
       FROM ledger_entry
      WHERE voided_at IS NULL AND kind IN ${sqlKinds(KINDS.deposits)} AND property_id = ANY($1::int[]) AND date <= $2`,
    [propertyIds, asOf],
  );
  return row!.cents;
}

/** Every applicable federal rate recorded (three a month at most): the tax split tests contracts against them (docs/rules/tax-reports.md). */
export async function federalRates(db: Queryable): Promise<FederalRate[]> {
  return db.query<FederalRate>(
    `SELECT to_char(month, 'YYYY-MM') AS month, term, rate_bps AS "rateBps" FROM federal_rate ORDER BY month, term`,
  );
}
