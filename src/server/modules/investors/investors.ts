/**
 * The investors module's public face: what other modules may use of it (docs/architecture.md, "Modules").
 * A withdrawal or void takes the investor's row lock; sign-in consumes the registration secret.
 */
export {
  consumeRegistrationSecret,
  findInvestorById,
  findInvestorByName,
  findUsableSecret,
  lockInvestor,
  lockInvestors,
  type Investor,
} from './investors.repository.js';
export { SECRET_TTL_MS, type InvestorsService } from './investors.service.js';
