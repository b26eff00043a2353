/**
 * The statements module's public face (docs/architecture.md, "Modules"): who may have a statement of a
 * period, and the service that computes its figures, for the publication of a statement period.
 */
export { investorsWithMoneyBy } from './statements.repository.js';
export type { StatementsService } from './statements.service.js';
