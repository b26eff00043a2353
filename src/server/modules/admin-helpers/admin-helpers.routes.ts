import type { Db } from '../../db/client.js';
import type { Handlers } from '../../http/handlers.js';
import { grantedLlcNames } from '../staff/staff.js';
import { readAdminHelpers, readAuditorHelpers } from './admin-helpers.repository.js';

/**
 * The selectors' option lists: a pure read, so no service layer between. An auditor's name only the LLCs
 * granted to them and their properties (docs/decisions.md 43): no investors, logins, categories or payers.
 */
export const adminHelpersRoutes = (db: Db) =>
  ({
    adminHelpers: async ({ user }) =>
      user.role === 'auditor' ? readAuditorHelpers(db, await grantedLlcNames(db, user.userId)) : readAdminHelpers(db),
  }) satisfies Partial<Handlers>;
