import type { Queryable } from '../../db/client.js';
import { chainHash, GENESIS_HASH } from './audit.fns.js';
import { auditEventsAfter, auditNames, listAuditPage } from './audit.repository.js';
import { auditSentence } from './audit-sentence.js';
import type { z } from 'zod';
import type { AuditLogResponse } from '../../../contract/schemas/viewers.js';

/** How many audit rows the chain check reads at a time. */
const CHAIN_PAGE = 10_000;

/** Recomputes the hash chain; returns the id of the first row that does not match, or null if intact. */
export async function verifyAuditChain(db: Queryable): Promise<number | null> {
  let prev = GENESIS_HASH;
  for (let after = 0; ;) {
    const page = await auditEventsAfter(db, after, CHAIN_PAGE);
    for (const row of page) {
      const { id, prevHash, hash, ...fields } = row;
      if (prevHash !== prev || chainHash(prev, fields) !== hash) return id;
      prev = hash;
    }
    if (page.length < CHAIN_PAGE) return null;
    after = page[page.length - 1]!.id;
  }
}

/** The audit trail as the admin reads it: paginated, newest first, filterable by entity. */
export function createAuditService({ db }: { db: Queryable }) {
  return {
    async page(q: { entity?: string; page?: number; page_size?: number }): Promise<z.infer<typeof AuditLogResponse>> {
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? 50;
      const { rows, total } = await listAuditPage(db, { entity: q.entity || undefined, limit: pageSize, offset: (page - 1) * pageSize });
      const idsOf = (entity: string) => rows.filter((r) => r.entity === entity && r.entity_id).map((r) => Number(r.entity_id));
      const names = await auditNames(db, { entries: idsOf('ledger_entry'), investors: idsOf('investor'), properties: idsOf('property'), llcs: idsOf('llc') });
      const events = rows.map(({ api_token, ...r }) => {
        const id = Number(r.entity_id);
        const entityNames = names[r.entity as 'investor' | 'property' | 'llc'] as Map<number, string> | undefined;
        return { ...r, summary: auditSentence({ ...r, api_token }, { entry: r.entity === 'ledger_entry' ? names.entries.get(id) : undefined, name: entityNames?.get(id) }) };
      });
      return { events, total, page, page_size: pageSize };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
