import type { Queryable } from '../../db/client.js';
import type { Payment } from '../../domain/installment-sale.js';
import type { StoredTerms } from './land-contract-terms.js';
import { contractColumns, type ContractColumns } from './contract-columns.js';

/** A property with its land-contract columns as stored (null where not recorded) and its LLC. */
export type ContractRow = ContractColumns & {
  id: number;
  name: string;
  propertyType: string;
  address: string;
  llcId: number;
  llcName: string;
  llcAddress: string;
  /** The LLC's books are closed through this date (null: open). */
  closedThrough: string | null;
};

const SELECT = `SELECT p.id, p.name, p.property_type AS "propertyType", p.address, p.llc_id AS "llcId",
    l.name AS "llcName", l.address AS "llcAddress", l.closed_through AS "closedThrough", ${contractColumns('p')}
  FROM property p JOIN llc l ON l.id = p.llc_id`;

/** A property by name with its contract columns (by name_key, as lib/names.ts nameIs finds names; qualified here for the join). */
export async function contractByName(db: Queryable, name: string): Promise<ContractRow | undefined> {
  const [row] = await db.query<ContractRow>(`${SELECT} WHERE name_key(p.name) = name_key($1)`, [name]);
  return row;
}

/**
 * The same, for a change of its terms: the property row locked for update, the LLC's for share, so closing
 * the period and changing the terms take turns (as period-lock's closedThroughFor does for entries).
 */
export async function contractForUpdate(db: Queryable, name: string): Promise<ContractRow | undefined> {
  const [row] = await db.query<ContractRow>(`${SELECT} WHERE name_key(p.name) = name_key($1) FOR UPDATE OF p FOR SHARE OF l`, [name]);
  return row;
}

/** Every land-contract property, by name. */
export async function landContractRows(db: Queryable): Promise<ContractRow[]> {
  return db.query<ContractRow>(`${SELECT} WHERE p.property_type = 'land_contract' ORDER BY lower(p.name), p.id`);
}

/** The live (not voided) land-contract payments of a property, in date order. */
export async function contractPayments(db: Queryable, propertyId: number): Promise<Payment[]> {
  return db.query<Payment>(
    `SELECT id, date, amount_cents AS cents FROM ledger_entry
      WHERE voided_at IS NULL AND kind = 'lc_payment' AND property_id = $1 ORDER BY date, id`,
    [propertyId],
  );
}

/** Replaces every land-contract column of the property with `terms` (absent optional terms: null, or their default). */
export async function setContractTerms(db: Queryable, propertyId: number, terms: StoredTerms): Promise<void> {
  await db.query(
    `UPDATE property SET lc_sale_date = $2, lc_sale_price_cents = $3, lc_down_payment_cents = $4, lc_adjusted_basis_cents = $5,
        lc_rate_bps = $6, lc_selling_expenses_cents = $7, lc_installment_cents = $8, lc_first_due_date = $9, lc_grace_days = $10,
        lc_assumed_mortgage_cents = $11, lc_buyer_name = $12, lc_buyer_address = $13
      WHERE id = $1`,
    [propertyId, terms.saleDate, terms.salePriceCents, terms.downPaymentCents, terms.adjustedBasisCents, terms.rateBps,
      terms.sellingExpensesCents ?? null, terms.installmentCents ?? null, terms.firstDueDate ?? null, terms.graceDays ?? 10,
      terms.assumedMortgageCents ?? 0, terms.buyerName ?? null, terms.buyerAddress ?? null],
  );
}
