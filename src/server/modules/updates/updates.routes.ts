import type { Handlers } from '../../http/handlers.js';
import type { UpdatesService } from './updates.service.js';

/** Investor updates' calls (contract/endpoints.ts, "investor updates"). */
export const updatesRoutes = (updates: UpdatesService) =>
  ({
    postUpdate: ({ body, write }) => updates.post(body, write()),
    withdrawUpdate: ({ body, write }) => updates.withdraw(body, write()),
    adminUpdates: () => updates.adminList(),
    updates: ({ user, query }) => updates.list(user, query),
  }) satisfies Partial<Handlers>;
