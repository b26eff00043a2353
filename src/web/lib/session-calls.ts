import { route } from './api-client';

/**
 * The calls the first screen makes before the rest of the app loads: signing in (password, then the
 * second factor or its enrolment), renewing the token, and a signed-in page's first reads. Routes, not the table's entries, so that the
 * sign-in screen loads without zod (docs/performance.md).
 */
export const sessionCalls = {
  login: route('login', 'POST', '/auth/login'),
  mfa: route('mfa', 'POST', '/auth/mfa'),
  totpSetup: route('totpSetup', 'POST', '/auth/totp/setup'),
  totpConfirm: route('totpConfirm', 'POST', '/auth/totp/confirm'),
  renew: route('renew', 'POST', '/auth/renew'),
  // Asked as the app opens at a signed-in address, beside loading the app (early-reads.ts, docs/performance.md).
  adminLevel: route('adminLevel', 'GET', '/admin/get_admin_level'),
  investorSummary: route('investorSummary', 'GET', '/api/investor_summary'),
};
