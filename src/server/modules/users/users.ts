/**
 * The users module's public face: what other modules may use of it (docs/architecture.md, "Modules").
 * Sign-in (the auth module) reads and updates the login rows it checks: failures, back-off and TOTP.
 */
export {
  clearLoginFailures,
  clearTotp,
  enableTotp,
  findUserById,
  findUserByUsername,
  insertUser,
  returnSignInGuess,
  setPasswordHash,
  setPendingTotp,
  softDeleteInvestorUsers,
  spendTotpStep,
  takeSignInGuess,
  type BackOff,
  type PortalUser,
} from './users.repository.js';
