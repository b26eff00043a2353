import type { z } from 'zod';
import type { InvestorCorrection, InvestorCorrectionsResponse } from '../../../contract/schemas/investor-corrections.js';
import { afterStatement, correctionEffects, type CorrectionEffect, type ShownStatement } from '../../domain/correction-effects.js';
import { centsToDollars } from '../../domain/money.js';
import type { SessionUser } from '../auth/auth.js';
import { readableInvestor } from '../investor-portal/readable-investor.js';
import { readBooks, type BooksService } from '../read-model/read-model.js';
import { correctionRows, correctionScope, statementsShown, type CorrectionRow } from './investor-corrections.repository.js';

/**
 * How many corrections are listed, the newest. Each one listed is one more allocation of the investor's
 * books (the state after it), so the list is bounded; an investor sees a handful in a year.
 */
const NEWEST = 200;

const NO_REASON = 'no reason given';
/** What a void without a reason is stored with (modules/ledger/voids.ts): no reason the admin gave. */
const STORED_WITHOUT_REASON = 'Deleted in the transaction viewer';

const givenReason = (reason: string | null): string | null => {
  const text = reason?.trim();
  return text && text !== STORED_WITHOUT_REASON ? text : null;
};

/**
 * The reason of a correction: a void's own; a late entry's is its correction's, when it was recorded as
 * one (the void of the entry it corrects happened at the same instant, "Corrected: …").
 */
function reasonOf(row: CorrectionRow, rows: readonly CorrectionRow[]): string {
  if (row.what === 'voided') return givenReason(row.voidReason) ?? NO_REASON;
  const corrected = rows.find((r) => r.what === 'voided' && r.correctedAt === row.correctedAt);
  return givenReason(corrected?.voidReason ?? null) ?? NO_REASON;
}

const changedNothing = ({ effect, share }: CorrectionEffect) =>
  share === 0 && effect.totalIncome === 0 && effect.cashBalance === 0 && effect.capital === 0;

function answerOf(row: CorrectionRow, rows: readonly CorrectionRow[], shown: readonly ShownStatement[], { effect, share }: CorrectionEffect): InvestorCorrection {
  return {
    corrected_at: row.correctedAt,
    what: row.what,
    kind: row.entry.kind,
    date: row.entry.date,
    property_name: row.propertyName,
    llc_name: row.llcName,
    amount: centsToDollars(row.entry.cents),
    reason: reasonOf(row, rows),
    your_share: centsToDollars(share),
    effect: { total_income: centsToDollars(effect.totalIncome), cash_balance: centsToDollars(effect.cashBalance), capital: centsToDollars(effect.capital) },
    after_statement: afterStatement(shown, row.entry.date, row.correctedAt),
  };
}

/**
 * The corrections an investor reads (docs/decisions.md 50): who may read is the investor summary's
 * (readableInvestor, figures), the answer names their own share and effects only. Computed when asked
 * (not kept), behind the read model's bound on cold computations, from one snapshot.
 */
export function createInvestorCorrectionsService({ books }: { books: BooksService }) {
  return {
    async list(user: SessionUser, investorName: string | undefined): Promise<z.infer<typeof InvestorCorrectionsResponse>> {
      const investor = await readableInvestor(books.db, user, investorName);
      const asOf = books.today();
      const corrections = await books.computed(async (tx) => {
        const scope = await correctionScope(tx, investor.id, asOf);
        const rows = await correctionRows(tx, { investorId: investor.id, asOf, ...scope, limit: NEWEST });
        if (rows.length === 0) return [];
        const shown = await statementsShown(tx, investor.id);
        // The books as the summary reads them today, over the scope voided entries included.
        const now = await readBooks(tx, asOf, { investorId: investor.id, ...scope });
        const oldestFirst = [...rows].reverse();
        const effects = correctionEffects(now, investor.id, oldestFirst.map(({ what, entry }) => ({ what, entry })), asOf);
        // A correction that changed none of their figures and held no share of theirs is not theirs to read;
        // its effect is zero, so the others still add up to the change.
        return oldestFirst
          .map((row, i) => ({ row, effect: effects[i]! }))
          .filter(({ effect }) => !changedNothing(effect))
          .map(({ row, effect }) => answerOf(row, rows, shown, effect))
          .reverse();
      });
      return { investor_name: investor.name, corrections };
    },
  };
}

export type InvestorCorrectionsService = ReturnType<typeof createInvestorCorrectionsService>;
