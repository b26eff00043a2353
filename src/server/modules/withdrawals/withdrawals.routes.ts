import type { Handlers } from '../../http/handlers.js';
import type { WithdrawalsService } from './withdrawals.service.js';

/** The withdrawal maximums and the three withdrawals (docs/rules/withdrawals.md). */
export const withdrawalsRoutes = (withdrawals: WithdrawalsService) =>
  ({
    maxCashWithdrawal: async ({ query }) => ({ max_cash_withdrawal: await withdrawals.maxCashFor(query.investor_name) }),
    maxInvestmentWithdrawal: async ({ query }) => ({
      max_investment_withdrawal: await withdrawals.maxInvestmentFor(query.investor_name, query.property_name),
    }),
    maxDepositWithdrawal: async ({ query }) => ({ max_deposit_withdrawal: await withdrawals.maxDepositFor(query.property_name) }),
    recordCashWithdrawal: ({ body, write }) => withdrawals.recordCashWithdrawal(body, write()),
    recordInvestmentWithdrawal: ({ body, write }) => withdrawals.recordInvestmentWithdrawal(body, write()),
    recordDepositWithdrawal: ({ body, write }) => withdrawals.recordDepositWithdrawal(body, write()),
  }) satisfies Partial<Handlers>;
