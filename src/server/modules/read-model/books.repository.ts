import { queryMany, type Queryable } from '../../db/client.js';
import { KINDS, sqlKinds } from '../../domain/ledger-kinds.js';
import type { BooksInput, PropertyInfo } from '../../domain/allocation.js';
import type { CashWithdrawal } from '../../domain/investor-figures.js';

/**
 * What one investor's figures depend on: the properties they put money in or were charged for (their
 * net income and owners), and every property of those LLCs (whose capital weighs the LLC expenses).
 */
export type InvestorScope = { investorId: number; propertyIds: number[]; llcIds: number[] };
/**
 * What a read covers: null means all (an LLC report reads every investor of its properties).
 * `cash: false` skips the investors' cash withdrawals, which an LLC's tax report never uses: read for
 * every investor they were most of its rows at scale (docs/performance.md). `fees: false` skips the fees, for a
 * caller that read them once for many reads (read-model/balances.ts).
 */
export type BooksScope = { investorId: number | null; propertyIds: number[] | null; llcIds: number[] | null; cash?: false; fees?: false };

export async function investorScope(db: Queryable, investorId: number, asOf: string): Promise<InvestorScope> {
  const rows = await db.query<{ propertyId: number; llcId: number }>(
    `SELECT DISTINCT e.property_id AS "propertyId", p.llc_id AS "llcId"
       FROM ledger_entry e JOIN property p ON p.id = e.property_id
      WHERE e.voided_at IS NULL AND e.date <= $2 AND e.investor_id = $1
        AND e.kind IN ${sqlKinds(KINDS.investorInProperty)}`,
    [investorId, asOf],
  );
  return { investorId, propertyIds: rows.map((r) => r.propertyId), llcIds: [...new Set(rows.map((r) => r.llcId))] };
}

/**
 * The LLCs (with every property of each) whose books weigh the figures of `investorIds` as of a date: those they
 * put money in or were charged in (investorScope's LLCs, for many investors in one read). null: every LLC.
 */
export async function llcPropertiesOf(db: Queryable, investorIds: readonly number[] | null, asOf: string): Promise<Map<number, number[]>> {
  const rows = await db.query<{ llcId: number; ids: number[] }>(
    `SELECT llc_id AS "llcId", array_agg(id ORDER BY id) AS ids FROM property
      WHERE $1::int[] IS NULL OR llc_id IN (
        SELECT p.llc_id FROM ledger_entry e JOIN property p ON p.id = e.property_id
         WHERE e.voided_at IS NULL AND e.date <= $2 AND e.investor_id = ANY($1::int[])
           AND e.kind IN ${sqlKinds(KINDS.investorInProperty)})
      GROUP BY llc_id ORDER BY llc_id`,
    [investorIds, asOf],
  );
  return new Map(rows.map((r) => [r.llcId, r.ids]));
}

/** Each investor's cash withdrawals dated up to as_of, summed (of `investorIds`, or null: everyone's). */
export async function cashWithdrawalTotals(db: Queryable, asOf: string, investorIds: readonly number[] | null): Promise<{ investorId: number; cents: number }[]> {
  return db.query(
    `SELECT investor_id AS "investorId", sum(amount_cents)::bigint AS cents FROM ledger_entry
      WHERE voided_at IS NULL AND date <= $1 AND kind = 'cash_withdrawal' AND ($2::int[] IS NULL OR investor_id = ANY($2::int[]))
      GROUP BY investor_id`,
    [asOf, investorIds],
  );
}

/**
 * Sums of whole months before the as_of month, kept by the database (migration 0005): with
 * asOfMonth's rows from the ledger they give exactly the live entries dated on or before as_of.
 * Parameters: $2 the first day of the as_of month. A month's total whose entries were all voided is
 * skipped, so a group exists exactly when a live entry does, as when the ledger is summed directly.
 */
const wholeMonths = (columns: string) => `SELECT ${columns}, for_month, cents FROM property_month_total WHERE entries > 0 AND date_month < $2`;
/** The live entries of the as_of month up to as_of ($1), read from the ledger by (property, date). */
const AS_OF_MONTH = `voided_at IS NULL AND date >= $2 AND date <= $1`;

/**
 * Reads the books the allocation engine needs, already summed per (property, month) where the rules
 * allow it, so the cost follows the number of property-months rather than the number of rows.
 * With a scope, only what that investor's figures depend on is read: the cost follows what the
 * investor sees, not the size of the whole ledger. Only non-void entries dated on or before as_of
 * count (docs/rules/README.md).
 */
export async function readBooks(
  db: Queryable,
  asOf: string,
  scope?: BooksScope,
): Promise<BooksInput & { cashWithdrawals: CashWithdrawal[] }> {
  // Each filter is "NULL means all", so the admin's whole-book views share these queries.
  const properties = scope?.propertyIds ?? null;
  const llcs = scope?.llcIds ?? null;
  const investor = scope?.investorId ?? null;
  const live = 'voided_at IS NULL AND date <= $1';
  const monthStart = `${asOf.slice(0, 7)}-01`;

  const propertyRows = await db.query<PropertyInfo>(
    `SELECT id, name, llc_id AS "llcId", property_type AS type, picture_url AS "pictureUrl", notes FROM property
      WHERE $1::int[] IS NULL OR llc_id = ANY($1::int[]) ORDER BY id`,
    [llcs],
  );
  const capital = await db.query<BooksInput['capital'][number]>(
    `SELECT id, investor_id AS "investorId", property_id AS "propertyId", date,
            CASE kind WHEN 'investment' THEN amount_cents ELSE -amount_cents END AS cents
       FROM ledger_entry
      WHERE ${live} AND kind IN ${sqlKinds(KINDS.capital)}
        AND ($2::int[] IS NULL OR property_id IN (SELECT id FROM property WHERE llc_id = ANY($2::int[])))
      ORDER BY date, id`,
    [asOf, llcs],
  );
  // The month groups are the many rows of a whole-book read (a property-month each): queryMany.
  const propertyMonthNet = await queryMany<BooksInput['propertyMonthNet'][number]>(db,
    `SELECT property_id AS "propertyId", for_month AS month, sum(cents)::bigint AS cents FROM (
       ${wholeMonths('property_id')} AND investor_id = 0 AND ($3::int[] IS NULL OR property_id = ANY($3::int[]))
       UNION ALL
       SELECT property_id, for_month, CASE kind WHEN 'property_expense' THEN -amount_cents ELSE amount_cents END
         FROM ledger_entry
        WHERE ${AS_OF_MONTH} AND kind IN ${sqlKinds(KINDS.propertyNet)} AND period_start IS NULL
          AND ($3::int[] IS NULL OR property_id = ANY($3::int[]))
     ) parts GROUP BY property_id, for_month`,
    [asOf, monthStart, properties],
  );
  const periodIncomes = await db.query<BooksInput['periodIncomes'][number]>(
    `SELECT property_id AS "propertyId", period_start AS start, period_end AS "end", amount_cents AS cents
       FROM ledger_entry
      WHERE ${live} AND kind = 'property_income' AND period_start IS NOT NULL
        AND ($2::int[] IS NULL OR property_id = ANY($2::int[]))`,
    [asOf, properties],
  );
  const investorExpenses = await queryMany<BooksInput['investorExpenses'][number]>(db,
    `SELECT investor_id AS "investorId", property_id AS "propertyId", for_month AS month, sum(cents)::bigint AS cents FROM (
       ${wholeMonths('investor_id, property_id')} AND investor_id > 0 AND ($3::int IS NULL OR investor_id = $3)
         AND ($4::int[] IS NULL OR property_id = ANY($4::int[]))
       UNION ALL
       SELECT investor_id, property_id, for_month, amount_cents FROM ledger_entry
        WHERE ${AS_OF_MONTH} AND kind = 'investor_property_expense' AND ($3::int IS NULL OR investor_id = $3)
          AND ($4::int[] IS NULL OR property_id = ANY($4::int[]))
     ) parts GROUP BY investor_id, property_id, for_month`,
    [asOf, monthStart, investor, properties],
  );
  const llcExpenses = await db.query<BooksInput['llcExpenses'][number]>(
    `SELECT id, llc_id AS "llcId", date, amount_cents AS cents FROM ledger_entry
      WHERE ${live} AND kind = 'llc_expense' AND ($2::int[] IS NULL OR llc_id = ANY($2::int[])) ORDER BY id`,
    [asOf, llcs],
  );
  // An investor's own figures need only their own fees (other owners' fees never change their amounts).
  const fees = scope?.fees === false ? [] : await feesOf(db, investor);
  const cashWithdrawals = scope?.cash === false ? [] : await db.query<CashWithdrawal>(
    `SELECT id, investor_id AS "investorId", date, amount_cents AS cents, coalesce(description, '') AS description
       FROM ledger_entry
      WHERE ${live} AND kind = 'cash_withdrawal' AND ($2::int IS NULL OR investor_id = $2) ORDER BY date, id`,
    [asOf, investor],
  );
  return { properties: propertyRows, capital, propertyMonthNet, periodIncomes, investorExpenses, llcExpenses, fees, cashWithdrawals };
}

/** The fee schedule of one investor, or of every investor (null). */
export const feesOf = (db: Queryable, investorId: number | null): Promise<BooksInput['fees']> =>
  db.query<BooksInput['fees'][number]>(
    `SELECT investor_id AS "investorId", effective_month AS month, fee_bps AS bps FROM investor_fee WHERE $1::int IS NULL OR investor_id = $1`,
    [investorId],
  );

/** The totals of an adding and a subtracting kind for a property (and investor), dated up to as_of. */
export async function totalsOfKinds(
  db: Queryable,
  f: { asOf: string; propertyId: number; investorId?: number; plus: string; minus: string },
): Promise<{ plusCents: number; minusCents: number }> {
  const [row] = await db.query<{ plus_cents: number; minus_cents: number }>(
    `SELECT coalesce(sum(amount_cents) FILTER (WHERE kind = $3), 0)::bigint AS plus_cents,
            coalesce(sum(amount_cents) FILTER (WHERE kind = $4), 0)::bigint AS minus_cents
       FROM ledger_entry
      WHERE voided_at IS NULL AND date <= $1 AND property_id = $2 AND kind IN ($3, $4)
        AND ($5::int IS NULL OR investor_id = $5)`,
    [f.asOf, f.propertyId, f.plus, f.minus, f.investorId ?? null],
  );
  return { plusCents: row!.plus_cents, minusCents: row!.minus_cents };
}

export async function movementsOfKinds(
  db: Queryable,
  f: { propertyId: number; investorId?: number; plus: string; minus: string; excludeId?: number },
): Promise<{ id: number; date: string; cents: number }[]> {
  return db.query<{ id: number; date: string; cents: number }>(
    `SELECT id, date, CASE kind WHEN $2 THEN amount_cents ELSE -amount_cents END AS cents
       FROM ledger_entry
      WHERE voided_at IS NULL AND property_id = $1 AND kind IN ($2, $3)
        AND ($4::int IS NULL OR investor_id = $4) AND ($5::bigint IS NULL OR id <> $5)
      ORDER BY date, id`,
    [f.propertyId, f.plus, f.minus, f.investorId ?? null, f.excludeId ?? null],
  );
}
