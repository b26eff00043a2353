import type { Queryable } from '../../db/client.js';
import { chainHash, GENESIS_HASH } from './audit.fns.js';
import { listAuditEvents } from './audit.repository.js';

/** Recomputes the hash chain; returns the id of the first row that does not match, or null if intact. */
export async function verifyAuditChain(db: Queryable): Promise<number | null> {
  let prev = GENESIS_HASH;
  for (const row of await listAuditEvents(db)) {
    const { id, prevHash, hash, ...fields } = row;
    if (prevHash !== prev || chainHash(prev, fields) !== hash) return id;
    prev = hash;
  }
  return null;
}
