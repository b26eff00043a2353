import { preparedRead, type Queryable } from '../../db/client.js';
import { nameIs } from '../../lib/names.js';

export type CategoryScope = 'income' | 'property_expense' | 'llc_expense';
export type Category = { id: number; scope: CategoryScope; name: string; taxLine: string };

// Prepared: most entries recorded name a category.
const CATEGORY_NAMED = preparedRead('category_named', `SELECT id, scope, name, tax_line AS "taxLine" FROM category WHERE scope = $1 AND ${nameIs('$2')}`);

export async function findCategory(db: Queryable, scope: CategoryScope, name: string): Promise<Category | undefined> {
  const [row] = await db.query<Category>(CATEGORY_NAMED, [scope, name]);
  return row;
}

export async function insertCategory(db: Queryable, c: Omit<Category, 'id'>): Promise<Category> {
  const [row] = await db.query<Category>(
    `INSERT INTO category (scope, name, tax_line) VALUES ($1, $2, $3) RETURNING id, scope, name, tax_line AS "taxLine"`,
    [c.scope, c.name, c.taxLine],
  );
  return row!;
}
