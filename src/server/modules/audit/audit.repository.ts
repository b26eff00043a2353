import type { Queryable } from '../../db/client.js';
import { canonicalJson, type AuditFields } from './audit.fns.js';

export type AuditInput = Omit<AuditFields, 'at'> & { at: Date };

/** Appends one audit row; call it inside the transaction of the write it records. */
export async function appendAudit(tx: Queryable, input: AuditInput): Promise<void> {
  await appendAudits(tx, [input]);
}

/** Appends audit rows in order, chained as one by one would (a batched load of many writes). */
export async function appendAudits(tx: Queryable, inputs: AuditInput[]): Promise<void> {
  await tx.query(`SELECT ${auditAppendCall(1)}`, auditAppendParams(inputs));
}

/**
 * The statement that runs `write` (an INSERT … RETURNING of one row) and appends the audit rows in the
 * same statement. A change holds the books write lock from the append to its commit; one statement for
 * the row and its audit leaves one round trip less in that time (docs/performance.md). The audit rows are
 * made before the statement, so they cannot read what the write returns: the caller knows the row already
 * (an id taken before, the values it sends) and gives it as `expected`. The statement checks that the
 * write returned exactly that one row (migration 0034) and fails otherwise, so the check holds even when
 * the COMMIT is sent behind the statement before its answer (`queryThenCommit`).
 */
export function withAudits(write: { text: string; params: unknown[] }, inputs: AuditInput[], expected: object): { text: string; params: unknown[] } {
  const first = write.params.length + 1;
  const append = auditAppendParams(inputs);
  // AFTER triggers of the write (the scope bump, the month totals) fire at the statement's end, after the
  // append took the books write lock: the lock still comes first. `audited` is one row whatever the write
  // returned, so the check runs once: a second row fails the subquery, none gives it null.
  return {
    text: `WITH written AS (${write.text}), audited AS (SELECT ${auditAppendCall(first)})
           SELECT stored_as_expected((SELECT to_jsonb(w) FROM written w), $${first + append.length}::jsonb) AS stored FROM audited`,
    params: [...write.params, ...append, JSON.stringify(expected)],
  };
}

/**
 * The books write lock (migration 0009) serializes audit appends across connections, so the hash chain
 * never forks; every change to the books takes it too, so writers wait for it in one order. Every writer
 * waits while this one holds it, so the lock, the read of the chain's last hash, the chaining (chainHash's
 * rule, in SQL) and the insert are one call (migration 0033), its parameters from `$first` on.
 */
const auditAppendCall = (first: number): string => {
  const types = ['timestamptz', 'int', 'text', 'text', 'text', 'jsonb', 'jsonb', 'text', 'int', 'text'];
  return `audit_append(${types.map((type, i) => `$${first + i}::${type}[]`).join(', ')})`;
};

function auditAppendParams(inputs: AuditInput[]): unknown[][] {
  const rows = inputs.map((input) => {
    // The columns store a missing value as null, so the hash must see null too: an `undefined` (a request's
    // address once its client has hung up) would be left out of the hash yet read back as null, and the
    // row would no longer verify.
    const fields: AuditFields = { ...input, at: input.at.toISOString(), userId: input.userId ?? null, entityId: input.entityId ?? null, ip: input.ip ?? null };
    // Round-trip through JSON so the hash covers exactly what jsonb stores.
    const before = fields.before === undefined ? null : JSON.parse(JSON.stringify(fields.before));
    const after = fields.after === undefined ? null : JSON.parse(JSON.stringify(fields.after));
    return { ...fields, before, after, canonical: canonicalJson({ ...fields, before, after }) };
  });
  const json = (v: unknown) => (v === null ? null : JSON.stringify(v));
  return [rows.map((r) => r.at), rows.map((r) => r.userId), rows.map((r) => r.action), rows.map((r) => r.entity), rows.map((r) => r.entityId),
    rows.map((r) => json(r.before)), rows.map((r) => json(r.after)), rows.map((r) => r.ip), rows.map((r) => r.apiTokenId ?? null),
    rows.map((r) => r.canonical)];
}

export type AuditRow = AuditFields & { id: number; prevHash: string; hash: string };

/**
 * Up to `limit` audit rows after the id `afterId`, in chain order: the chain is verified page by page,
 * so checking it never holds the whole trail (its before and after documents) at once.
 */
export async function auditEventsAfter(db: Queryable, afterId: number, limit: number): Promise<AuditRow[]> {
  const rows = await db.query<AuditRow & { apiTokenId: number | null }>(
    `SELECT id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, user_id AS "userId",
            action, entity, entity_id AS "entityId", before, after, ip, prev_hash AS "prevHash", hash, api_token_id AS "apiTokenId"
       FROM audit_event
      WHERE id > $1
      ORDER BY id
      LIMIT $2`,
    [afterId, limit],
  );
  // A row without a token was hashed without the field (audit.fns.ts): read it back the same way.
  return rows.map(({ apiTokenId, ...row }) => (apiTokenId === null ? row : { ...row, apiTokenId }));
}

export type AuditPageRow = {
  id: number; at: string; user: string | null; action: string; entity: string; entity_id: string | null; before: unknown; after: unknown;
  /** The name of the personal API token the change was made with, or null. */
  api_token: string | null;
};

/** One page of the audit trail, newest first, optionally for one kind of entity. */
export async function listAuditPage(
  db: Queryable,
  f: { entity?: string; limit: number; offset: number },
): Promise<{ rows: AuditPageRow[]; total: number }> {
  const rows = await db.query<AuditPageRow>(
    `SELECT a.id, to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at, u.username AS "user",
            a.action, a.entity, a.entity_id, a.before, a.after, t.name AS api_token
       FROM audit_event a LEFT JOIN portal_user u ON u.id = a.user_id LEFT JOIN api_token t ON t.id = a.api_token_id
      WHERE ($1::text IS NULL OR a.entity = $1)
      ORDER BY a.id DESC LIMIT $2 OFFSET $3`,
    [f.entity ?? null, f.limit, f.offset],
  );
  const [count] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM audit_event WHERE ($1::text IS NULL OR entity = $1)',
    [f.entity ?? null],
  );
  return { rows, total: count!.n };
}

/** The names behind the ids an audit page mentions: its ledger entries, investors, properties and LLCs. */
export async function auditNames(db: Queryable, ids: { entries: number[]; investors: number[]; properties: number[]; llcs: number[] }) {
  const entries = await db.query<{ id: number; kind: string; amountCents: number; property: string | null; investor: string | null; llc: string | null; category: string | null }>(
    `SELECT e.id, e.kind, e.amount_cents AS "amountCents", p.name AS property, i.name AS investor, l.name AS llc, c.name AS category
       FROM ledger_entry e LEFT JOIN property p ON p.id = e.property_id LEFT JOIN investor i ON i.id = e.investor_id
       LEFT JOIN llc l ON l.id = e.llc_id LEFT JOIN category c ON c.id = e.category_id
      WHERE e.id = ANY($1::bigint[])`,
    [ids.entries],
  );
  const names = (table: 'investor' | 'property' | 'llc', list: number[]) =>
    db.query<{ id: number; name: string }>(`SELECT id, name FROM ${table} WHERE id = ANY($1::int[])`, [list]);
  return {
    entries: new Map(entries.map((e) => [e.id, e])),
    investor: new Map((await names('investor', ids.investors)).map((r) => [r.id, r.name])),
    property: new Map((await names('property', ids.properties)).map((r) => [r.id, r.name])),
    llc: new Map((await names('llc', ids.llcs)).map((r) => [r.id, r.name])),
  };
}
