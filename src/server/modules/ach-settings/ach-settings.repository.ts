import type { Queryable } from '../../db/client.js';

export type AchSettingsRow = {
  company_name: string;
  company_id: string;
  originating_routing: string;
  destination_routing: string;
  destination_name: string;
  origin_name: string;
  updated_at: Date;
  updated_by: number;
};

/** The one row of ACH details, locked when `forUpdate` (a change reads it first). */
export async function findAchSettings(tx: Queryable, forUpdate = false): Promise<AchSettingsRow | undefined> {
  const [row] = await tx.query<AchSettingsRow>(
    `SELECT company_name, company_id, originating_routing, destination_routing, destination_name, origin_name, updated_at, updated_by
       FROM ach_settings WHERE id = 1${forUpdate ? ' FOR UPDATE' : ''}`,
  );
  return row;
}

export type AchSettingsValues = Omit<AchSettingsRow, 'updated_at' | 'updated_by'>;

/** Saves the details over the one row, creating it the first time. */
export async function saveAchSettings(tx: Queryable, v: AchSettingsValues, at: Date, userId: number): Promise<void> {
  await tx.query(
    `INSERT INTO ach_settings (id, company_name, company_id, originating_routing, destination_routing, destination_name, origin_name, updated_at, updated_by)
     VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (id) DO UPDATE SET company_name = EXCLUDED.company_name, company_id = EXCLUDED.company_id,
       originating_routing = EXCLUDED.originating_routing, destination_routing = EXCLUDED.destination_routing,
       destination_name = EXCLUDED.destination_name, origin_name = EXCLUDED.origin_name,
       updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
    [v.company_name, v.company_id, v.originating_routing, v.destination_routing, v.destination_name, v.origin_name, at, userId],
  );
}
