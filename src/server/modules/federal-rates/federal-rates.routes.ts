import type { Handlers } from '../../http/handlers.js';
import type { FederalRatesService } from './federal-rates.service.js';

/** The applicable federal rates the tax reports test land contracts against. */
export const federalRatesRoutes = (rates: FederalRatesService) =>
  ({
    federalRates: () => rates.list(),
    setFederalRate: ({ body, write }) => rates.set(body, write()),
  }) satisfies Partial<Handlers>;
