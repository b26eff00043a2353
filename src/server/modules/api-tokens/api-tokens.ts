/**
 * The api-tokens module's public face (docs/architecture.md, "Modules"): sign-in (auth.service.ts
 * authenticate) asks it who a bearer that looks like a personal API token acts for.
 */
export { isApiTokenText } from './api-token-text.js';
export { createTokenAuthentication } from './token-auth.js';
/** The users module ends a login's tokens with its sessions when an admin resets its password or two-factor. */
export { revokeUserTokens } from './api-tokens.repository.js';
