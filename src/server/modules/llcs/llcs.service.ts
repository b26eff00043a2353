import type { z } from 'zod';
import type { AddLlcRequest, LlcResponse } from '../../../contract/schemas/master-data.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { NotFoundError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import { refuseTakenName } from '../taken-names.js';
import { existingLlc } from '../references.js';
import { findLlcByName, insertLlc, updateLlc, type Llc } from './llcs.repository.js';

const toResponse = (l: Llc): z.infer<typeof LlcResponse> => ({
  llc_name: l.name,
  address: l.address,
  date_started: l.dateStarted ?? '',
  principal_business_activity: l.principalBusinessActivity,
  principal_product: l.principalProduct,
  business_code_number: l.businessCodeNumber ?? '',
});

/** LLCs and their Form 1065 header fields (docs/rules/tax-reports.md), which the tax report reads. */
export function createLlcsService({ db, clock }: { db: Db; clock: Clock }) {
  const fields = (input: z.output<typeof AddLlcRequest>) => ({
    address: input.address,
    dateStarted: input.date_started,
    principalBusinessActivity: input.principal_business_activity,
    principalProduct: input.principal_product,
    businessCodeNumber: input.business_code_number,
  });

  return {
    async addLlc(input: z.output<typeof AddLlcRequest>, ctx: WriteContext): Promise<void> {
      const values = { name: input.llc_name, ...fields(input) };
      await db.transaction(async (tx) => {
        await refuseTakenName(tx, { table: 'llc', name: input.llc_name, taken: (name) => `An LLC named "${name}" already exists` });
        const llc = await insertLlc(tx, values);
        await auditChange(tx, ctx, clock.now(), { action: 'create', entity: 'llc', id: llc.id, after: llc });
      });
    },

    async updateLlc(input: z.output<typeof AddLlcRequest>, ctx: WriteContext): Promise<void> {
      const values = fields(input);
      await db.transaction(async (tx) => {
        const before = await existingLlc(tx, input.llc_name); // the LLC acted on: unknown → 404, as get_llc
        const after = await updateLlc(tx, before.id, values);
        await auditChange(tx, ctx, clock.now(), { action: 'update', entity: 'llc', id: before.id, before, after });
      });
    },

    async getLlc(name: string): Promise<z.infer<typeof LlcResponse>> {
      const llc = await findLlcByName(db, name);
      if (!llc) throw new NotFoundError(`No LLC named "${name}".`);
      return toResponse(llc);
    },
  };
}

export type LlcsService = ReturnType<typeof createLlcsService>;
