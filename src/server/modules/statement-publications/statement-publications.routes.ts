import type { Handlers } from '../../http/handlers.js';
import type { StatementPublicationsService } from './statement-publications.service.js';

/** Statement periods published (contract/endpoints.ts, "statement periods published"). */
export const statementPublicationsRoutes = (publications: StatementPublicationsService) =>
  ({
    publishStatements: ({ body, write }) => publications.publish(body, write()),
    statementPublications: () => publications.list(),
    publishedStatements: ({ user, query }) => publications.forInvestor(user, query.investor_name || undefined),
  }) satisfies Partial<Handlers>;
