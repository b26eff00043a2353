import type { Handlers } from '../../http/handlers.js';
import type { StatementsService } from './statements.service.js';

/** Statements and exports: files, sent as attachments. */
export const statementsRoutes = (statements: StatementsService) =>
  ({
    investorStatement: ({ user, query }) => statements.statement(user, query.investor_name || undefined, query.from, query.to),
    allStatements: ({ query }) => statements.allStatements(query.from, query.to),
  }) satisfies Partial<Handlers>;
