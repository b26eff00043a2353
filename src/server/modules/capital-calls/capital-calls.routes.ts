import type { Handlers } from '../../http/handlers.js';
import type { CapitalCallsService } from './capital-calls.service.js';

/** Capital calls' calls (contract/endpoints.ts, "capital calls"). */
export const capitalCallsRoutes = (calls: CapitalCallsService) =>
  ({
    issueCapitalCall: ({ body, write }) => calls.issue(body, write()),
    recordCallReceipt: ({ body, write }) => calls.recordReceipt(body, write()),
    capitalCalls: ({ user, query }) => calls.investorCalls(user, query),
    adminCapitalCalls: () => calls.adminList(),
    capitalCall: ({ query }) => calls.detail(query.id),
    previewCapitalCall: ({ query }) => calls.preview(query),
    remindCapitalCall: ({ body, write }) => calls.remind(body, write()),
    cancelCapitalCall: async ({ body, write }) => calls.cancel(body, write()),
  }) satisfies Partial<Handlers>;
