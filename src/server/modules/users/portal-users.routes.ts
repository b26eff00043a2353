import type { Handlers } from '../../http/handlers.js';
import type { InvestorsService } from '../investors/investors.js';
import type { PortalUsersService } from './portal-users.service.js';

/** Manage Portal Users: who signs in, removing a login, and a fresh registration secret (docs/security.md A8). */
export const portalUsersRoutes = (users: PortalUsersService, investors: InvestorsService) =>
  ({
    loginSummary: () => users.loginSummary(),
    deletePortalUser: ({ body, write }) => users.deletePortalUser(body.investor_name, write()),
    resetPortalUserPassword: ({ body, write }) => users.resetPassword(body.investor_name, write()),
    resetPortalUserTotp: ({ body, write }) => users.resetTotp(body.investor_name, write()),
    investorSecret: async ({ query, write }) => ({ investor_secret: await investors.reissueSecret(query.investor_name, write()) }),
  }) satisfies Partial<Handlers>;
