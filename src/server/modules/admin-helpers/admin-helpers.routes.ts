import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminHelpersResponse } from '../../../contract/admin.js';
import type { Db } from '../../db/client.js';
import { readAdminHelpers } from './admin-helpers.repository.js';

/** GET /admin/get_admin_helpers: the selectors' option lists. A pure read, so no service layer between. */
export function adminHelpersRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/get_admin_helpers',
      { config: { policy: 'admin' }, schema: { response: { 200: AdminHelpersResponse } } },
      async () => readAdminHelpers(db),
    );
  };
}
