import { prepared, type Queryable } from '../../db/client.js';

// Prepared: every entry recorded asks it (prepared, not a read: it locks the LLC's row for share).
const CLOSED_THROUGH_FOR = prepared(
  'closed_through_for',
  `SELECT l.name AS "llcName", l.closed_through AS "closedThrough" FROM llc l
    WHERE l.id = coalesce($1::int, (SELECT llc_id FROM property WHERE id = $2::int)) FOR SHARE OF l`,
);

/**
 * The LLC an entry belongs to, with its closed-through date, locked for share so closing a period and
 * writing into it take turns: an LLC expense names the LLC, every other entry its property's LLC.
 */
export async function closedThroughFor(
  db: Queryable,
  ref: { llcId?: number | null; propertyId?: number | null },
): Promise<{ llcName: string; closedThrough: string | null } | undefined> {
  const [row] = await db.query<{ llcName: string; closedThrough: string | null }>(CLOSED_THROUGH_FOR, [ref.llcId ?? null, ref.propertyId ?? null]);
  return row;
}

/** The LLC's closed-through date, its row locked: two admins closing one period take turns. */
export async function lockClosedThrough(db: Queryable, llcId: number): Promise<string | null> {
  const [row] = await db.query<{ closedThrough: string | null }>('SELECT closed_through AS "closedThrough" FROM llc WHERE id = $1 FOR UPDATE', [llcId]);
  return row?.closedThrough ?? null;
}

export async function setClosedThrough(db: Queryable, llcId: number, closedThrough: string | null): Promise<void> {
  await db.query('UPDATE llc SET closed_through = $2 WHERE id = $1', [llcId, closedThrough]);
}

export async function listPeriodLocks(db: Queryable): Promise<{ llc_name: string; closed_through: string | null }[]> {
  return db.query('SELECT name AS llc_name, closed_through FROM llc ORDER BY lower(name)');
}
