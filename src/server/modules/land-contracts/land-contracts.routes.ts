import type { Handlers } from '../../http/handlers.js';
import type { LandContractsService } from './land-contracts.service.js';

/** Land contracts serviced from the books: terms, schedule, payoff, letters. */
export const landContractsRoutes = (contracts: LandContractsService) =>
  ({
    landContracts: () => contracts.list(),
    setLandContractTerms: ({ body, write }) => contracts.setTerms(body, write()),
    lcSchedule: ({ query }) => contracts.schedule(query.property_name),
    lcPayoff: ({ query }) => contracts.payoff(query.property_name, query.as_of),
    lcPayoffLetter: ({ query }) => contracts.payoffLetter(query.property_name, query.as_of),
    lcStatement: ({ query }) => contracts.statement(query.property_name, query.year),
  }) satisfies Partial<Handlers>;
