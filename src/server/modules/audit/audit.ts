import type { Queryable } from '../../db/client.js';
import { appendAudit, type AuditInput } from './audit.repository.js';

/**
 * The audit module's public face: other modules write audit rows through it, never through
 * audit.repository.ts, so the chain's one writer stays in one place (docs/architecture.md, "Modules").
 */
export { appendAudit as recordAudit, appendAudits as recordAudits, withAudits, type AuditInput } from './audit.repository.js';
export { verifyAuditChain } from './audit.service.js';

/** Who made a change and from where: a write context, or `OPERATOR` for the console's commands. */
export type Actor = { userId: number | null; ip: string | null; apiTokenId?: number };

/** The operator at the console (npm run admin, the first admin at start): no signed-in user, no address. */
export const OPERATOR: Actor = { userId: null, ip: null };

/** One change to a row of the master data: what was done to which row, as it was and as it is now. */
export type Change = { action: string; entity: string; id: number | string; before?: unknown; after?: unknown };

/** The audit row of `change`; an absent side is null, as the chain stores it. */
export const changeRow = (actor: Actor, at: Date, change: Change): AuditInput => ({
  at,
  userId: actor.userId,
  action: change.action,
  entity: change.entity,
  entityId: String(change.id),
  before: change.before ?? null,
  after: change.after ?? null,
  ip: actor.ip,
  // Absent, not null, without a token: the chain hashes the fields present, so rows before tokens verify as before.
  ...(actor.apiTokenId === undefined ? {} : { apiTokenId: actor.apiTokenId }),
});

/** Appends the audit row of `change`; call it inside the transaction of the write it records. */
export const auditChange = (tx: Queryable, actor: Actor, at: Date, change: Change): Promise<void> =>
  appendAudit(tx, changeRow(actor, at, change));
