import type { Queryable } from '../../db/client.js';
import type { BooksInput } from '../../domain/allocation.js';

/** A ledger row as the reconciliation reads it: every row, live or voided, whatever its date. */
export type LedgerRow = {
  id: number;
  kind: string;
  date: string;
  forMonth: string;
  periodStart: string | null;
  periodEnd: string | null;
  cents: number;
  llcId: number | null;
  propertyId: number | null;
  investorId: number | null;
  linkedId: number | null;
  voided: boolean;
};

/** What an audit row of the ledger says it recorded or voided. */
export type LedgerAuditRow = { action: string; entityId: string | null; kind: string | null; cents: number | null; date: string | null; alsoVoided: number[] | null };

export type ReconcilableBooks = {
  rows: LedgerRow[];
  audits: LedgerAuditRow[];
  properties: BooksInput['properties'];
  fees: BooksInput['fees'];
  investors: { id: number; name: string; active: boolean }[];
};

/**
 * Everything the reconciliation compares, straight from the tables (never through the read model it
 * checks), through `tx`: one snapshot, so the rows and their audit rows are of the same moment.
 */
export async function readReconcilableBooks(tx: Queryable): Promise<ReconcilableBooks> {
  return {
    rows: await tx.query<LedgerRow>(
      `SELECT id, kind, date, for_month AS "forMonth", period_start AS "periodStart", period_end AS "periodEnd",
              amount_cents AS cents, llc_id AS "llcId", property_id AS "propertyId", investor_id AS "investorId",
              linked_entry_id AS "linkedId", voided_at IS NOT NULL AS voided
         FROM ledger_entry ORDER BY id`,
    ),
    audits: await tx.query<LedgerAuditRow>(
      `SELECT action, entity_id AS "entityId", after->>'kind' AS kind, (after->>'amountCents')::bigint AS cents,
              after->>'date' AS date, after->'also_voided' AS "alsoVoided"
         FROM audit_event WHERE entity = 'ledger_entry' ORDER BY id`,
    ),
    properties: await tx.query<BooksInput['properties'][number]>(
      `SELECT id, name, llc_id AS "llcId", property_type AS type, picture_url AS "pictureUrl" FROM property ORDER BY id`,
    ),
    fees: await tx.query<BooksInput['fees'][number]>(
      `SELECT investor_id AS "investorId", effective_month AS month, fee_bps AS bps FROM investor_fee`,
    ),
    investors: await tx.query<{ id: number; name: string; active: boolean }>('SELECT id, name, active FROM investor ORDER BY id'),
  };
}
