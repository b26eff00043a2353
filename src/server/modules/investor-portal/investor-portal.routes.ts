import type { Handlers } from '../../http/handlers.js';
import type { InvestorPortalService } from './investor-portal.service.js';

/** GET /api/investor_summary and /api/investor_property (docs/api.md). */
export const investorPortalRoutes = (portal: InvestorPortalService) =>
  ({
    investorSummary: ({ user, query }) => portal.summary(user, query.investor_name || undefined, query.as_of),
    investorProperty: ({ user, query }) => portal.property(user, query.investor_name || undefined, query.property_name, query.as_of),
  }) satisfies Partial<Handlers>;
