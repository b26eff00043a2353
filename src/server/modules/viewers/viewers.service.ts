import type { z } from 'zod';
import type { LlcTxnsResponse, PropertyTxnsResponse, TxnRow } from '../../../contract/schemas/viewers.js';
import type { Db } from '../../db/client.js';
import { existingInvestor, existingLlc, existingProperty } from '../references.js';
import { listEntries, listTransactions, type EntryListRow, type LedgerKind } from '../ledger/ledger.js';
import type { LedgerEntriesQuery, LedgerEntryRow } from '../../../contract/schemas/corrections.js';
import { centsToDollars } from '../../domain/money.js';
import { viewerRow } from './viewer-row.js';

/** The transaction viewers of the admin area (docs/product.md "Screens", Delete Property / LLC Transaction). */
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

    /** The entries a form's receipts list and a correction's form read: newest recorded first. */
    async ledgerEntries(q: z.output<typeof LedgerEntriesQuery>): Promise<{ entries: LedgerEntryRow[] }> {
      return db.snapshot(async (tx) => {
        const property = q.property_name ? await existingProperty(tx, q.property_name) : undefined;
        const rows = await listEntries(tx, {
          kinds: q.kind ? [q.kind] : undefined, id: q.id, propertyId: property?.id, category: q.category,
          includeVoided: q.include_voided === 'true' || q.id !== undefined, limit: q.limit ?? 5,
        });
        return { entries: rows.map(entryRow) };
      });
    },
  };
}

function entryRow(r: EntryListRow): LedgerEntryRow {
  return {
    id: r.id, kind: r.kind, date: r.date, for_month: r.forMonth, period_start: r.periodStart, period_end: r.periodEnd,
    amount: centsToDollars(r.amountCents), property: r.property, llc: r.llc, investor: r.investor, category: r.category,
    loren: r.loren, payer: r.payer, description: r.description, recorded_at: r.recordedAt, recorded_by: r.recordedBy,
    voided_at: r.voidedAt, voided_by: r.voidedBy, void_reason: r.voidReason,
  };
}

export type ViewersService = ReturnType<typeof createViewersService>;
