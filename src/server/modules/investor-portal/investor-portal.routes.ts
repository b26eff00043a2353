import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '../../../contract/common.js';
import { InvestorPropertyQuery, InvestorPropertyResponse, InvestorSummaryQuery, InvestorSummaryResponse } from '../../../contract/investor.js';
import { currentUser } from '../../plugins/auth-guard.js';
import type { InvestorPortalService } from './investor-portal.service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };

/** GET /api/investor_summary and /api/investor_property (portal-spec §7). */
export function investorPortalRoutes(portal: InvestorPortalService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/investor_summary', { config: { policy: 'authenticated' }, schema: { querystring: InvestorSummaryQuery, response: { 200: InvestorSummaryResponse, ...errors } } },
      async (request) => portal.summary(currentUser(request), request.query.investor_name || undefined));
    app.get('/api/investor_property', { config: { policy: 'authenticated' }, schema: { querystring: InvestorPropertyQuery, response: { 200: InvestorPropertyResponse, ...errors } } },
      async (request) => portal.property(currentUser(request), request.query.investor_name || undefined, request.query.property_name));
  };
}
