import type { Queryable } from '../../db/client.js';
import { chainHash, GENESIS_HASH } from './audit.fns.js';
import { listAuditEvents, listAuditPage } from './audit.repository.js';
import type { z } from 'zod';
import type { AuditLogResponse } from '../../../contract/schemas/viewers.js';

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

/** The audit trail as the admin reads it: paginated, newest first, filterable by entity. */
export function createAuditService({ db }: { db: Queryable }) {
  return {
    async page(q: { entity?: string; page?: number; page_size?: number }): Promise<z.infer<typeof AuditLogResponse>> {
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? 50;
      const { rows, total } = await listAuditPage(db, { entity: q.entity || undefined, limit: pageSize, offset: (page - 1) * pageSize });
      return { events: rows, total, page, page_size: pageSize };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
