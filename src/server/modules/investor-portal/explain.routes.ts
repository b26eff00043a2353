import type { Handlers } from '../../http/handlers.js';
import type { ExplainService } from './explain.service.js';

/** GET /api/explain (issues 14, 25): the math behind one figure, or one history row's month of it. */
export const explainRoutes = (explain: ExplainService) =>
  ({
    explain: ({ user, query }) =>
      explain.explain(user, {
        investorName: query.investor_name || undefined,
        figure: query.figure,
        propertyName: query.property_name || undefined,
        asOf: query.as_of,
        month: query.month,
      }),
  }) satisfies Partial<Handlers>;
