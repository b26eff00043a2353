import type { Queryable } from '../../db/client.js';
import type { NachaSettings } from '../../lib/nacha/nacha-file.js';
import { findAchSettings } from './ach-settings.repository.js';

/**
 * The ACH details as the NACHA writer takes them, or null when no administrator has saved them yet (a
 * distribution run cannot make its file then). Read inside the caller's transaction or snapshot.
 */
export async function achSettings(q: Queryable): Promise<NachaSettings | null> {
  const row = await findAchSettings(q);
  if (!row) return null;
  return {
    companyName: row.company_name, companyId: row.company_id, originatingRouting: row.originating_routing,
    destinationRouting: row.destination_routing, destinationName: row.destination_name, originName: row.origin_name,
  };
}
