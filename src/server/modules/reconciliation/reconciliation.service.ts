import type { Db, Queryable } from '../../db/client.js';
import type { AdminSummaryResponse } from '../../../contract/schemas/reports.js';
import { verifyAuditChain } from '../audit/audit.js';
import { scopeVersions } from '../read-model/read-model.js';
import { auditTrailDifferences, figureDifferences, negativeBalances, summaryDifferences } from './reconciliation.checks.js';
import { auditTrailProblems, balanceRows, bookCounts, figureInputs } from './reconciliation.repository.js';

/** What one reconciliation compared, and every difference it found (none: the books reconcile). */
export type Reconciliation = {
  checked: { ledgerEntries: number; auditEvents: number; investors: number; properties: number };
  differences: string[];
};

/**
 * The reconciliation of docs/security.md L8: the books must add up, whatever was done to them. Read straight
 * from the tables in one snapshot (the database compares rows with their audit rows, and sums what the
 * domain would sum anyway) and recomputed with the domain's pure functions, never through the read
 * model or the kept answers it checks, then compared with what the admin summary answers:
 *
 *  1. the audit hash chain is intact (L10), and every write and void of the ledger has its audit row;
 *  2. no investor's capital in a property and no property's deposits below zero on any date;
 *  3. every property-month's net splits exactly among its owners (T1);
 *  4. no cumulative fee below zero (a clawback never exceeds the fees taken);
 *  5. each investor's cash and capital, and the cash identity (T3, docs/rules/cash.md);
 *  6. the admin summary answers exactly those sums (L8 iii).
 *
 * Run by `npm run admin -- verify` on real books, and when every integration test closes its app.
 * Figures are as of today, as the admin summary computes them; checks 1 and 2 cover every row.
 */
export function createReconciliationService({ db, today, adminSummary }: {
  db: Db;
  today: () => string;
  adminSummary: () => Promise<AdminSummaryResponse>;
}) {
  /** The whole books' version (migration 0009): it moves with every write and void. */
  const booksVersion = async (tx: Queryable) => (await scopeVersions(tx, ['*']))[0]!;

  async function reconcileOnce(): Promise<Reconciliation & { changedMeanwhile: boolean }> {
    const asOf = today();
    const read = await db.snapshot(async (tx) => {
      // A check of the whole books, not a request: at a million entries its statements take longer than
      // the server's 10-second limit, and an operator who runs it can stop it.
      await tx.query('SET LOCAL statement_timeout = 0');
      return {
        brokenAt: await verifyAuditChain(tx),
        auditTrail: await auditTrailProblems(tx),
        balances: await balanceRows(tx),
        figures: await figureInputs(tx, asOf),
        counts: await bookCounts(tx),
        version: await booksVersion(tx),
      };
    });
    const { diffs, expected } = figureDifferences(read.figures, read.balances, asOf);
    // The admin summary is answered as the portal answers it (its own snapshot, a kept answer if current),
    // so it is read after ours: a write in between would show as a difference that is none.
    const summary = await adminSummary();
    return {
      checked: { ledgerEntries: read.counts.entries, auditEvents: read.counts.events, investors: read.figures.investors.length, properties: read.figures.properties.length },
      differences: [
        ...(read.brokenAt === null ? [] : [`the audit hash chain breaks at audit_event ${read.brokenAt}`]),
        ...auditTrailDifferences(read.auditTrail),
        ...negativeBalances(read.balances),
        ...diffs,
        ...summaryDifferences(expected, summary),
      ],
      changedMeanwhile: (await booksVersion(db)) !== read.version,
    };
  }

  return {
    /**
     * Reconciles the books. Run against a portal in use, it starts again (up to three times) when the
     * books changed while it ran, so a write in the meantime is not reported as a difference.
     */
    async reconcile(): Promise<Reconciliation> {
      for (let attempt = 1; ; attempt++) {
        const { changedMeanwhile, ...result } = await reconcileOnce();
        if (!changedMeanwhile || result.differences.length === 0 || attempt === 3) return result;
      }
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
