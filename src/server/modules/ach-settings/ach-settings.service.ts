import type { ChangeAchSettingsRequest } from '../../../contract/schemas/ach-settings.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { WriteContext } from '../../lib/write-context.js';
import type { z } from 'zod';
import { auditChange } from '../audit/audit.js';
import { findAchSettings, saveAchSettings, type AchSettingsRow, type AchSettingsValues } from './ach-settings.repository.js';

const valuesOf = (row: AchSettingsRow): AchSettingsValues => ({
  company_name: row.company_name, company_id: row.company_id, originating_routing: row.originating_routing,
  destination_routing: row.destination_routing, destination_name: row.destination_name, origin_name: row.origin_name,
});

const answer = (row: AchSettingsRow | undefined) =>
  row
    ? { ...valuesOf(row), updated_at: row.updated_at.toISOString() }
    : { company_name: null, company_id: null, originating_routing: null, destination_routing: null, destination_name: null, origin_name: null, updated_at: null };

/** The group's ACH details for distribution payments' NACHA files: one row, changed by an administrator. */
export function createAchSettingsService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    settings: () => db.snapshot((tx) => findAchSettings(tx)).then(answer),

    /** Saves the details and their audit row; saving the same details again writes nothing. */
    async change(body: z.output<typeof ChangeAchSettingsRequest>, actor: WriteContext) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const before = await findAchSettings(tx, true);
        const after: AchSettingsValues = { ...body };
        if (before && JSON.stringify(valuesOf(before)) === JSON.stringify(after)) return answer(before);
        await saveAchSettings(tx, after, now, actor.userId);
        await auditChange(tx, actor, now, {
          action: 'change_ach_settings', entity: 'ach_settings', id: 1, before: before ? valuesOf(before) : null, after,
        });
        return answer(await findAchSettings(tx));
      });
    },
  };
}

export type AchSettingsService = ReturnType<typeof createAchSettingsService>;
