import type { Queryable } from '../../db/client.js';
import { nameIs } from '../../lib/names.js';

export type Llc = {
  id: number;
  name: string;
  address: string;
  dateStarted: string | null;
  principalBusinessActivity: string;
  principalProduct: string;
  businessCodeNumber: string | null;
};

const COLUMNS = `id, name, address, date_started AS "dateStarted",
  principal_business_activity AS "principalBusinessActivity", principal_product AS "principalProduct",
  business_code_number AS "businessCodeNumber"`;

export type LlcFields = Omit<Llc, 'id'>;

export async function findLlcByName(db: Queryable, name: string): Promise<Llc | undefined> {
  const [row] = await db.query<Llc>(`SELECT ${COLUMNS} FROM llc WHERE ${nameIs('$1')}`, [name]);
  return row;
}

export async function findLlcById(db: Queryable, id: number): Promise<Llc | undefined> {
  const [row] = await db.query<Llc>(`SELECT ${COLUMNS} FROM llc WHERE id = $1`, [id]);
  return row;
}

export async function insertLlc(db: Queryable, l: LlcFields): Promise<Llc> {
  const [row] = await db.query<Llc>(
    `INSERT INTO llc (name, address, date_started, principal_business_activity, principal_product, business_code_number)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [l.name, l.address, l.dateStarted, l.principalBusinessActivity, l.principalProduct, l.businessCodeNumber],
  );
  return row!;
}

export async function updateLlc(db: Queryable, id: number, l: Omit<LlcFields, 'name'>): Promise<Llc> {
  const [row] = await db.query<Llc>(
    `UPDATE llc SET address = $2, date_started = $3, principal_business_activity = $4, principal_product = $5,
            business_code_number = $6
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, l.address, l.dateStarted, l.principalBusinessActivity, l.principalProduct, l.businessCodeNumber],
  );
  return row!;
}
