import { route } from './api-client';

/**
 * The calls the first screen makes before the rest of the app loads: signing in (password, then the
 * second factor or its enrolment) and renewing the token. Routes, not the table's entries, so that the
 * sign-in screen loads without zod (issue 12).
 */
export const sessionCalls = {
  login: route('login', 'POST', '/auth/login'),
  mfa: route('mfa', 'POST', '/auth/mfa'),
  totpSetup: route('totpSetup', 'POST', '/auth/totp/setup'),
  totpConfirm: route('totpConfirm', 'POST', '/auth/totp/confirm'),
  renew: route('renew', 'POST', '/auth/renew'),
};
