import type { Db } from '../../src/server/db/client.js';
import type { Services } from '../../src/server/services.js';

/**
 * The reconciliation of docs/security.md L8 (src/server/modules/reconciliation), run when a test closes its
 * app (tests/support/test-app.ts): the books a test leaves behind must add up, whatever the test did to
 * them through the API. A difference fails the test, naming what differs.
 */
export type Reconcilable = { db: Db; services: Services };

export class ReconciliationError extends Error {
  constructor(readonly differences: string[]) {
    const shown = differences.slice(0, 20);
    const more = differences.length > shown.length ? `\n  … and ${differences.length - shown.length} more` : '';
    super(`The books do not reconcile (docs/security.md L8):\n  ${shown.join('\n  ')}${more}`);
    this.name = 'ReconciliationError';
  }
}

/** Reconciles the books; throws a ReconciliationError naming every difference found. */
export async function reconcile({ services }: Reconcilable): Promise<void> {
  const { differences } = await services.reconciliation.reconcile();
  if (differences.length > 0) throw new ReconciliationError(differences);
}

/**
 * Writes a return of capital with SQL, past the app and past the database's own balance guard
 * (migration 0010), as only someone holding the database's keys could: books that no longer reconcile,
 * for the tests of the check. Answers the new row's id.
 */
export async function withdrawCapitalWithSql(
  db: Db,
  w: { investor: string; property: string; date: string; cents: number },
): Promise<number> {
  const [row] = await db.transaction(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    return tx.query<{ id: number }>(
      `INSERT INTO ledger_entry (kind, date, for_month, amount_cents, investor_id, property_id, created_by)
       SELECT 'investment_withdrawal', $3::date, date_trunc('month', $3::date)::date, $4, i.id, p.id, u.id
         FROM investor i, property p, portal_user u WHERE i.name = $1 AND p.name = $2 AND u.username = 'admin' RETURNING id`,
      [w.investor, w.property, w.date, w.cents],
    );
  });
  if (!row) throw new Error(`no investor ${w.investor} or property ${w.property} to withdraw from`);
  return row.id;
}

/**
 * True for an error that says the database cannot be reached at all (closed, stopped, connections cut):
 * node's connection errors, PostgreSQL's class 08 and 57P01–57P03, the pool's timeout or end, PGlite closed.
 */
export function databaseUnreachable(err: unknown): boolean {
  const { code = '', message = '' } = (err ?? {}) as { code?: string; message?: string };
  return ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03'].includes(code) || /^08/.test(code)
    || /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed/i.test(message);
}

const skipped = new WeakMap<object, string>();

/**
 * For a test that edits the tables behind the app's back on purpose (a row without its audit row, an
 * edited audit row): its app's books are not expected to reconcile, and closing it does not check them.
 * Give the reason; it is the only way to skip the check on a database that can be reached.
 */
export function skipReconciliation(t: { testDb: { db: Db } }, reason: string): void {
  if (!reason.trim()) throw new Error('skipReconciliation needs a reason');
  skipped.set(t.testDb.db, reason);
}

/** Why the books of this database are not reconciled at close, if a test said so. */
export const reconciliationSkipped = (db: Db): string | undefined => skipped.get(db);

/**
 * The check as TestApp.close() runs it: once more after a connection error (a pool that lost its
 * connections replaces them), and skipped only when the database still cannot be reached.
 */
export async function reconcileAtClose(target: Reconcilable): Promise<void> {
  if (reconciliationSkipped(target.db)) return;
  for (let attempt = 1; ; attempt++) {
    try {
      return await reconcile(target);
    } catch (err) {
      if (!databaseUnreachable(err)) throw err;
      if (attempt >= 2) return; // the database is gone (closed or stopped by the test): nothing to reconcile
    }
  }
}
