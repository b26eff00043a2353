import type { Handlers } from '../../http/handlers.js';
import type { InvestorCorrectionsService } from './investor-corrections.service.js';

/** The corrections an investor reads (contract/endpoints.ts, "investorCorrections"). */
export const investorCorrectionsRoutes = (corrections: InvestorCorrectionsService) =>
  ({
    investorCorrections: ({ user, query }) => corrections.list(user, query.investor_name || undefined),
  }) satisfies Partial<Handlers>;
