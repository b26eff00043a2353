import type { z } from 'zod';
import type { LlcTxnsResponse, PropertyTxnsResponse, TxnRow } from '../../../contract/schemas/viewers.js';
import type { Db } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { findInvestorByName } from '../investors/investors.repository.js';
import { findLlcByName } from '../llcs/llcs.repository.js';
import { findPropertyByName } from '../properties/properties.repository.js';
import { listTransactions, type LedgerKind } from '../ledger/ledger.repository.js';
import { viewerRow } from './viewer-row.js';

/** The transaction viewers of the admin area (portal-spec §2 Delete Property / LLC Transaction). */
export function createViewersService({ db }: { db: Db }) {
  return {
    async propertyTransactions(propertyName: string, includeVoided: boolean): Promise<z.infer<typeof PropertyTxnsResponse>> {
      // Five lists, one state of the books: a write between two of them cannot show half of itself.
      return db.snapshot(async (tx) => {
        const property = await findPropertyByName(tx, propertyName);
        if (!property) throw new NotFoundError(`No property named "${propertyName}".`);
        const list = async (kinds: LedgerKind[]) =>
          (await listTransactions(tx, { propertyId: property.id, kinds, includeVoided })).map(viewerRow);
        return {
          income: await list(['property_income']),
          expenses: await list(['property_expense', 'investor_property_expense']),
          deposits: await list(['deposit', 'deposit_withdrawal']),
          lc_payments: await list(['lc_payment']),
          investments: await list(['investment', 'investment_withdrawal']),
        };
      });
    },

    async llcTransactions(llcName: string, includeVoided: boolean): Promise<z.infer<typeof LlcTxnsResponse>> {
      const llc = await findLlcByName(db, llcName);
      if (!llc) throw new NotFoundError(`No LLC named "${llcName}".`);
      return { expenses: (await listTransactions(db, { llcId: llc.id, kinds: ['llc_expense'], includeVoided })).map(viewerRow) };
    },

    async investorTransactions(investorName: string, includeVoided: boolean): Promise<{ cash_withdrawals: TxnRow[] }> {
      const investor = await findInvestorByName(db, investorName);
      if (!investor) throw new NotFoundError(`No investor named "${investorName}".`);
      return { cash_withdrawals: (await listTransactions(db, { investorId: investor.id, kinds: ['cash_withdrawal'], includeVoided })).map(viewerRow) };
    },
  };
}

export type ViewersService = ReturnType<typeof createViewersService>;
