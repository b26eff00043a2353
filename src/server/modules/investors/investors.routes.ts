import type { Handlers } from '../../http/handlers.js';
import type { InvestorsService } from './investors.service.js';

/** Investors and their fees. */
export const investorsRoutes = (investors: InvestorsService) =>
  ({
    // The secret is shown once and never stored in clear (the API's answers are never cached).
    addInvestor: async ({ body, write }) => ({ secret: (await investors.addInvestor(body, write())).secret }),
    setInvestorFee: ({ body, write }) => investors.setInvestorFee(body, write()),
    changeInvestorTaxId: ({ body, write }) => investors.changeTaxId(body, write()),
  }) satisfies Partial<Handlers>;
