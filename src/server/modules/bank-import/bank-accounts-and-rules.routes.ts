import type { Handlers } from '../../http/handlers.js';
import type { BankRulesService } from './bank-rules.service.js';
import type { LlcBankAccountsService } from './llc-bank-accounts.service.js';

/** An LLC's bank accounts and its import rules (contract/endpoints.ts, "bank statements in"). */
export const bankAccountsAndRulesRoutes = (accounts: LlcBankAccountsService, rules: BankRulesService) =>
  ({
    llcBankAccounts: ({ query }) => accounts.list(query),
    addLlcBankAccount: ({ body, write }) => accounts.add(body, write()),
    changeLlcBankAccount: ({ body, write }) => accounts.change(body, write()),
    bankRules: ({ query }) => rules.list(query),
    addBankRule: ({ body, write }) => rules.add(body, write()),
    changeBankRule: ({ body, write }) => rules.change(body, write()),
    deleteBankRule: ({ body, write }) => rules.delete(body, write()),
  }) satisfies Partial<Handlers>;
