import type { Handlers } from '../../http/handlers.js';
import type { BankAccountsService } from './bank-accounts.service.js';

/** Investors' bank accounts for distributions (contract/endpoints.ts, "bank accounts"). */
export const bankAccountsRoutes = (accounts: BankAccountsService) =>
  ({
    bankAccount: ({ user, query }) => accounts.get(user, query),
    changeBankAccount: ({ user, body, write }) => accounts.change(user, body, write()),
    bankChanges: () => accounts.pending(),
    approveBankChange: ({ user, body, write }) => accounts.approve(user, body.investor_name, write()),
    rejectBankChange: ({ user, body, write }) => accounts.reject(user, body, write()),
  }) satisfies Partial<Handlers>;
