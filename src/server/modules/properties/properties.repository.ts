import { preparedRead, type Queryable } from '../../db/client.js';
import { nameIs } from '../../lib/names.js';
import type { StoredTerms } from '../land-contracts/land-contracts.js';

import type { PropertyType } from '../../../contract/values/property-types.js';

export type { PropertyType };

export type Property = {
  id: number;
  name: string;
  llcId: number;
  propertyType: PropertyType;
  address: string;
  pictureUrl: string;
  notes: string;
};

const COLUMNS = `id, name, llc_id AS "llcId", property_type AS "propertyType", address,
  picture_url AS "pictureUrl", notes`;

export type NewProperty = {
  name: string;
  llcId: number;
  propertyType: PropertyType;
  taxBucket: 'rental' | 'portfolio';
  address: string;
  pictureUrl: string;
  purchaseDate: string;
  purchasePriceCents: number;
  landValueCents: number;
  propertyValueCents: number;
  /** Checked by the land-contracts module (checkedTerms): the optional terms are present only when given. */
  landContract: StoredTerms | null;
};

// Prepared: every entry recorded against a property looks it up by name.
const PROPERTY_NAMED = preparedRead('property_named', `SELECT ${COLUMNS} FROM property WHERE ${nameIs('$1')}`);

export async function findPropertyByName(db: Queryable, name: string): Promise<Property | undefined> {
  const [row] = await db.query<Property>(PROPERTY_NAMED, [name]);
  return row;
}

/** Properties by id, in id order (the ones that exist). */
export async function propertiesById(db: Queryable, ids: number[]): Promise<Property[]> {
  return db.query<Property>(`SELECT ${COLUMNS} FROM property WHERE id = ANY($1::int[]) ORDER BY id`, [ids]);
}

/** Locks the property row: writers that change its balances take turns (docs/security.md L4). */
export async function lockProperty(db: Queryable, id: number): Promise<void> {
  await db.query('SELECT id FROM property WHERE id = $1 FOR UPDATE', [id]);
}

export async function insertProperty(db: Queryable, p: NewProperty): Promise<Property & Record<string, unknown>> {
  const lc = p.landContract;
  const [row] = await db.query<Property>(
    `INSERT INTO property (name, llc_id, property_type, tax_bucket, address, picture_url, purchase_date,
        purchase_price_cents, land_value_cents, property_value_cents,
        lc_sale_date, lc_sale_price_cents, lc_down_payment_cents, lc_adjusted_basis_cents, lc_rate_bps,
        lc_selling_expenses_cents, lc_installment_cents, lc_first_due_date, lc_grace_days, lc_assumed_mortgage_cents,
        lc_buyer_name, lc_buyer_address)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)
     RETURNING ${COLUMNS}, purchase_date AS "purchaseDate", purchase_price_cents AS "purchasePriceCents",
        land_value_cents AS "landValueCents", property_value_cents AS "propertyValueCents"`,
    [p.name, p.llcId, p.propertyType, p.taxBucket, p.address, p.pictureUrl, p.purchaseDate,
      p.purchasePriceCents, p.landValueCents, p.propertyValueCents,
      lc?.saleDate ?? null, lc?.salePriceCents ?? null, lc?.downPaymentCents ?? null, lc?.adjustedBasisCents ?? null, lc?.rateBps ?? null,
      lc?.sellingExpensesCents ?? null, lc?.installmentCents ?? null, lc?.firstDueDate ?? null, lc?.graceDays ?? 10,
      lc?.assumedMortgageCents ?? 0, lc?.buyerName ?? null, lc?.buyerAddress ?? null],
  );
  return row!;
}

export async function setPropertyNotes(db: Queryable, id: number, notes: string): Promise<void> {
  await db.query('UPDATE property SET notes = $2 WHERE id = $1', [id, notes]);
}
