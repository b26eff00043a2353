import type { Handlers } from '../../http/handlers.js';
import type { ViewersService } from './viewers.service.js';
import type { CorrectionsService, VoidService } from '../ledger/ledger.js';

/**
 * The transaction viewers and the voids of their rows (docs/product.md "Screens", Delete Property / LLC Transaction),
 * the entries behind the forms' receipts, and the one-step correction.
 */
export const viewersRoutes = (viewers: ViewersService, voids: VoidService, corrections: CorrectionsService) =>
  ({
    propertyTxns: ({ query }) => viewers.propertyTransactions(query.selectedProperty, query.include_voided === 'true'),
    llcTxns: ({ query }) => viewers.llcTransactions(query.selectedLLC, query.include_voided === 'true'),
    investorTxns: ({ query }) => viewers.investorTransactions(query.investor_name, query.include_voided === 'true'),
    deleteIncome: ({ body, write }) => voids.voidEntry('income', body, write()),
    deleteExpense: ({ body, write }) => voids.voidEntry('expense', body, write()),
    deleteDeposit: ({ body, write }) => voids.voidEntry('deposit', body, write()),
    deleteLcPayment: ({ body, write }) => voids.voidEntry('lc_payment', body, write()),
    deleteLlcExpense: ({ body, write }) => voids.voidEntry('llc_expense', body, write()),
    deleteInvestment: ({ body, write }) => voids.voidEntry('investment', body, write()),
    deleteWithdrawal: ({ body, write }) => voids.voidEntry('withdrawal', body, write()),
    ledgerEntries: ({ query }) => viewers.ledgerEntries(query),
    correctEntry: ({ body, write }) => corrections.correct(body, write()),
  }) satisfies Partial<Handlers>;
