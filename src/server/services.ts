import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Clock } from './lib/clock.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createTokenSigner } from './modules/auth/tokens.js';
import { createInvestorsService } from './modules/investors/investors.service.js';
import { createUsersService } from './modules/users/users.service.js';
import { createCategoriesService } from './modules/categories/categories.service.js';
import { createIdempotentRunner } from './modules/idempotency/idempotency.service.js';
import { createLedgerService } from './modules/ledger/ledger.service.js';
import { createLlcsService } from './modules/llcs/llcs.service.js';
import { createLorensService } from './modules/lorens/lorens.service.js';
import { createPropertiesService } from './modules/properties/properties.service.js';
import { createVoidService } from './modules/ledger/void.service.js';
import { createTransactionsService } from './modules/ledger/transactions.service.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createInvestorPortalService } from './modules/investor-portal/investor-portal.service.js';

export type ServiceDeps = { config: Config; db: Db; clock: Clock; jwtSecret: string };

/** The composition root: every service, wired once, for the HTTP app, the CLI and the demo loader. */
export function createServices({ config, db, clock, jwtSecret }: ServiceDeps) {
  const portalName = config.portal.name;
  const runOnce = createIdempotentRunner({ db, clock });
  return {
    auth: createAuthService({
      db,
      clock,
      tokens: createTokenSigner(jwtSecret),
      portalName,
      attemptsPerMinute: config.authRateLimitPerMinute,
    }),
    users: createUsersService({ db, clock, portalName }),
    investors: createInvestorsService({ db, clock }),
    llcs: createLlcsService({ db, clock }),
    properties: createPropertiesService({ db, clock }),
    categories: createCategoriesService({ db, clock }),
    lorens: createLorensService({ db, clock }),
    ledger: createLedgerService({ db, clock, runOnce }),
    voids: createVoidService({ clock, runOnce }),
    transactions: createTransactionsService({ db }),
    audit: createAuditService({ db }),
    investorPortal: createInvestorPortalService({ db, clock }),
  };
}

export type Services = ReturnType<typeof createServices>;
