import type { Handlers } from '../../http/handlers.js';
import type { AccessService } from './access.service.js';

/** Delegates, one person's several entities and their combined view (contract/endpoints.ts, "staff, delegates, entities"). */
export const accessRoutes = (access: AccessService) =>
  ({
    delegates: ({ user, query }) => access.delegates(user, query.investor_name || undefined),
    inviteDelegate: ({ user, body, write }) => access.inviteDelegate(user, body, write()),
    revokeDelegate: ({ user, body, write }) => access.revokeDelegate(user, body, write()),
    myInvestors: ({ user }) => access.myInvestors(user),
    investorCombined: ({ user, query }) => access.combined(user, query.as_of),
    investorAccess: ({ query }) => access.investorAccess(query.username),
    grantInvestorAccess: ({ body, write }) => access.grantInvestorAccess(body, write()),
    revokeInvestorAccess: ({ body, write }) => access.revokeInvestorAccess(body, write()),
  }) satisfies Partial<Handlers>;
