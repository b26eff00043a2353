import type { Db } from '../../db/client.js';
import type { Handlers } from '../../http/handlers.js';
import { readAdminHelpers } from './admin-helpers.repository.js';

/** The selectors' option lists: a pure read, so no service layer between. */
export const adminHelpersRoutes = (db: Db) =>
  ({
    adminHelpers: () => readAdminHelpers(db),
  }) satisfies Partial<Handlers>;
