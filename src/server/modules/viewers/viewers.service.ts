import type { z } from 'zod';
import type { LlcTxnsResponse, PropertyTxnsResponse, TxnRow } from '../../../contract/schemas/viewers.js';
import type { Db } from '../../db/client.js';
import { existingInvestor, existingLlc, existingProperty } from '../references.js';
import { listTransactions, type LedgerKind } from '../ledger/ledger.repository.js';
import { viewerRow } from './viewer-row.js';

/** The transaction viewers of the admin area (portal-spec §2 Delete Property / LLC Transaction). */
export function createViewersService({ db }: { db: Db }) {
  return {
    async propertyTransactions(propertyName: string, includeVoided: boolean): Promise<z.infer<typeof PropertyTxnsResponse>> {
      // Five lists, one state of the books: a write between two of them cannot show half of itself.
      return db.snapshot(async (tx) => {
        const property = await existingProperty(tx, propertyName);
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
      const llc = await existingLlc(db, llcName);
      return { expenses: (await listTransactions(db, { llcId: llc.id, kinds: ['llc_expense'], includeVoided })).map(viewerRow) };
    },

    async investorTransactions(investorName: string, includeVoided: boolean): Promise<{ cash_withdrawals: TxnRow[] }> {
      const investor = await existingInvestor(db, investorName);
      return { cash_withdrawals: (await listTransactions(db, { investorId: investor.id, kinds: ['cash_withdrawal'], includeVoided })).map(viewerRow) };
    },
  };
}

export type ViewersService = ReturnType<typeof createViewersService>;
