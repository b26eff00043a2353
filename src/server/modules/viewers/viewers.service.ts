import type { z } from 'zod';
import type { LlcTxnsResponse, PropertyTxnsResponse, TxnRow } from '../../../contract/schemas/viewers.js';
import type { Db } from '../../db/client.js';
import { centsToDollars } from '../../domain/money.js';
import { NotFoundError } from '../../lib/errors.js';
import { findInvestorByName } from '../investors/investors.repository.js';
import { findLlcByName } from '../llcs/llcs.repository.js';
import { findPropertyByName } from '../properties/properties.repository.js';
import { listTransactions, type LedgerKind, type TxnListRow } from '../ledger/ledger.repository.js';

/** Money leaving a balance shows as a negative amount in the viewers (domain.md §4.12). */
const OUTFLOWS = new Set<LedgerKind>(['deposit_withdrawal', 'investment_withdrawal', 'cash_withdrawal']);

function toRow(r: TxnListRow): TxnRow {
  // "Repairs (Ann): Roof patch", "Refund: Unit 2 deposit", "Rent: May rent": what it is, then what was written.
  const capital = r.kind === 'investment' || r.kind === 'investment_withdrawal';
  const who = r.investor && (capital || r.kind === 'investor_property_expense') ? ` (${r.investor})` : '';
  const label = r.category ?? (r.kind === 'deposit_withdrawal' ? 'Refund' : r.kind === 'investment' ? 'Investment' : r.kind === 'investment_withdrawal' ? 'Capital returned' : '');
  const head = label + who;
  const detail = [head.trim(), r.description ?? ''].filter(Boolean).join(': ');
  const row: TxnRow = {
    id: r.id,
    date: r.date,
    amount: centsToDollars(OUTFLOWS.has(r.kind) ? -r.amountCents : r.amountCents),
    detail,
  };
  if (r.voidedAt) Object.assign(row, { voided_at: r.voidedAt, voided_by: r.voidedBy ?? '', void_reason: r.voidReason ?? '' });
  return row;
}

/** The transaction viewers of the admin area (portal-spec §2 Delete Property / LLC Transaction). */
export function createViewersService({ db }: { db: Db }) {
  return {
    async propertyTransactions(propertyName: string, includeVoided: boolean): Promise<z.infer<typeof PropertyTxnsResponse>> {
      // Five lists, one state of the books: a write between two of them cannot show half of itself.
      return db.snapshot(async (tx) => {
        const property = await findPropertyByName(tx, propertyName);
        if (!property) throw new NotFoundError(`No property named "${propertyName}".`);
        const list = async (kinds: LedgerKind[]) =>
          (await listTransactions(tx, { propertyId: property.id, kinds, includeVoided })).map(toRow);
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
      return { expenses: (await listTransactions(db, { llcId: llc.id, kinds: ['llc_expense'], includeVoided })).map(toRow) };
    },

    async investorTransactions(investorName: string, includeVoided: boolean): Promise<{ cash_withdrawals: TxnRow[] }> {
      const investor = await findInvestorByName(db, investorName);
      if (!investor) throw new NotFoundError(`No investor named "${investorName}".`);
      return { cash_withdrawals: (await listTransactions(db, { investorId: investor.id, kinds: ['cash_withdrawal'], includeVoided })).map(toRow) };
    },
  };
}

export type ViewersService = ReturnType<typeof createViewersService>;
