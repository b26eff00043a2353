import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import { refuseTakenName } from '../taken-names.js';
import { insertLoren } from './lorens.repository.js';

/** Lorens: the tags of the loren selector (opaque to every formula, docs/rules/ledger.md). */
export function createLorensService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async addLoren(name: string, ctx: WriteContext): Promise<void> {
      await db.transaction(async (tx) => {
        await refuseTakenName(tx, { table: 'loren', name, taken: (n) => `A loren named "${n}" already exists` });
        const loren = await insertLoren(tx, name);
        await auditChange(tx, ctx, clock.now(), { action: 'create', entity: 'loren', id: loren.id, after: loren });
      });
    },
  };
}

export type LorensService = ReturnType<typeof createLorensService>;
