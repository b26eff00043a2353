import { PROPERTY_TYPES } from '../../../contract/values/property-types.js';
import type { Queryable } from '../../db/client.js';
import type { AdminHelpersResponse } from '../../../contract/schemas/admin-helpers.js';

const names = async (db: Queryable, sql: string, params: unknown[] = []) =>
  (await db.query<{ name: string }>(sql, params)).map((r) => r.name);

// Sorted for humans: case-insensitive alphabetical, as a person scans a dropdown.
const propertiesOfType = (db: Queryable, type: string) =>
  names(db, 'SELECT name FROM property WHERE property_type = $1 ORDER BY lower(name)', [type]);
const categoriesOf = (db: Queryable, scope: string) =>
  names(db, 'SELECT name FROM category WHERE scope = $1 ORDER BY lower(name)', [scope]);

/** The thirteen helper lists of docs/product.md "Screens", read in one go (docs/api.md says what each holds). */
export async function readAdminHelpers(db: Queryable): Promise<AdminHelpersResponse> {
  const years = await db.query<{ year: number }>(
    `SELECT DISTINCT extract(year FROM date)::int AS year FROM ledger_entry WHERE voided_at IS NULL ORDER BY year DESC`,
  );
  return {
    property_types: [...PROPERTY_TYPES],
    property_expense_categories: await categoriesOf(db, 'property_expense'),
    property_income_categories: await categoriesOf(db, 'income'),
    rental_properties: await propertiesOfType(db, 'rental'),
    loren_list: await names(db, 'SELECT name FROM loren ORDER BY lower(name)'),
    land_contract_properties: await propertiesOfType(db, 'land_contract'),
    investors_list: await names(db, 'SELECT name FROM investor WHERE active ORDER BY lower(name)'),
    portal_users_list: await names(
      db,
      `SELECT i.name FROM investor i JOIN portal_user u ON u.investor_id = i.id AND u.deleted_at IS NULL
        ORDER BY lower(i.name)`,
    ),
    llcs_list: await names(db, 'SELECT name FROM llc ORDER BY lower(name)'),
    llc_expense_categories: await categoriesOf(db, 'llc_expense'),
    properties: await names(db, 'SELECT name FROM property ORDER BY lower(name)'),
    tax_years: years.map((r) => r.year),
    // Who pays expenses on the LLCs' behalf: the admins, and every payer already named on an expense.
    managers: await names(
      db,
      `SELECT name FROM (
         SELECT username AS name FROM portal_user WHERE role IN ('admin', 'bookkeeper') AND deleted_at IS NULL
         UNION
         SELECT btrim(payer) FROM ledger_entry WHERE payer IS NOT NULL AND btrim(payer) <> '' AND voided_at IS NULL
       ) m ORDER BY lower(name)`,
    ),
  };
}

/** An auditor's lists: their LLCs, those LLCs' properties, and the years with entries in them; nothing else. */
export async function readAuditorHelpers(db: Queryable, llcNames: string[]): Promise<AdminHelpersResponse> {
  const ofLlcs = (type: string | null) =>
    names(db, `SELECT p.name FROM property p JOIN llc l ON l.id = p.llc_id
                WHERE l.name = ANY($1::text[]) AND ($2::text IS NULL OR p.property_type = $2) ORDER BY lower(p.name)`, [llcNames, type]);
  const years = await db.query<{ year: number }>(
    `SELECT DISTINCT extract(year FROM e.date)::int AS year FROM ledger_entry e
       LEFT JOIN property p ON p.id = e.property_id JOIN llc l ON l.id = coalesce(e.llc_id, p.llc_id)
      WHERE e.voided_at IS NULL AND l.name = ANY($1::text[]) ORDER BY year DESC`,
    [llcNames],
  );
  return {
    property_types: [...PROPERTY_TYPES],
    property_expense_categories: [], property_income_categories: [], loren_list: [], investors_list: [],
    portal_users_list: [], llc_expense_categories: [], managers: [],
    rental_properties: await ofLlcs('rental'),
    land_contract_properties: await ofLlcs('land_contract'),
    llcs_list: [...llcNames].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    properties: await ofLlcs(null),
    tax_years: years.map((r) => r.year),
  };
}
