import type { z } from 'zod';
import type { AddInvestmentPropertyRequest, SetPropertyNotesRequest } from '../../../contract/schemas/master-data.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import { refuseTakenName } from '../taken-names.js';
import { existingProperty, requireLlc } from '../references.js';
import { checkedTerms } from '../land-contracts/land-contracts.js';
import { findPropertyByName, insertProperty, setPropertyNotes, type NewProperty } from './properties.repository.js';

type AddInput = z.output<typeof AddInvestmentPropertyRequest>;

/** Investment properties: master data and notes. */
export function createPropertiesService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async addProperty(input: AddInput, ctx: WriteContext): Promise<void> {
      const { purchase_price: purchasePriceCents, land_value: landValueCents } = input;
      if (landValueCents > purchasePriceCents) throw new ValidationError('Land value cannot exceed the purchase price.');
      const values: Omit<NewProperty, 'llcId'> = {
        name: input.property_name,
        propertyType: input.property_type,
        taxBucket: input.property_type === 'rental' ? 'rental' : 'portfolio', // docs/rules/tax-reports.md
        address: input.address,
        pictureUrl: input.picture_url ?? '', // none yet: the investor page draws a placeholder
        purchaseDate: input.purchase_date,
        purchasePriceCents,
        landValueCents,
        propertyValueCents: input.property_value,
        // The same rule as set_land_contract_terms (docs/rules/tax-reports.md "Land contracts").
        landContract: checkedTerms(input, input.property_type === 'land_contract'),
      };
      await db.transaction(async (tx) => {
        const llc = await requireLlc(tx, input.llc);
        await refuseTakenName(tx, { table: 'property', name: input.property_name, taken: (name) => `A property named "${name}" already exists` });
        const property = await insertProperty(tx, { ...values, llcId: llc.id });
        await auditChange(tx, ctx, clock.now(), { action: 'create', entity: 'property', id: property.id, after: { ...values, llc: llc.name } });
      });
    },

    async getNotes(propertyName: string): Promise<{ notes: string }> {
      const property = await findPropertyByName(db, propertyName);
      if (!property) throw new NotFoundError(`No property named "${propertyName}".`);
      return { notes: property.notes };
    },

    async setNotes(input: z.output<typeof SetPropertyNotesRequest>, ctx: WriteContext): Promise<void> {
      await db.transaction(async (tx) => {
        // The property is what the call acts on: unknown, it is a 404, as get_property_notes answers.
        const property = await existingProperty(tx, input.property_name);
        await setPropertyNotes(tx, property.id, input.notes);
        await auditChange(tx, ctx, clock.now(), { action: 'update_notes', entity: 'property', id: property.id, before: { notes: property.notes }, after: { notes: input.notes } });
      });
    },
  };
}

export type PropertiesService = ReturnType<typeof createPropertiesService>;
