import type { Handlers } from '../../http/handlers.js';
import type { ExplainService } from './explain.service.js';

/** GET /api/explain (issue 14): the math behind one figure. */
export const explainRoutes = (explain: ExplainService) =>
  ({
    explain: ({ user, query }) =>
      explain.explain(user, {
        investorName: query.investor_name || undefined,
        figure: query.figure,
        propertyName: query.property_name || undefined,
        asOf: query.as_of,
      }),
  }) satisfies Partial<Handlers>;
