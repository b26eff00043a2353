import { fileRoute, route } from './api-client';
import { sessionCalls } from './session-calls';

/**
 * The calls of the investor page, of what every signed-in page shows (the navigation bar, an admin's
 * choice of investor) and of the pages loaded with them (registration, /protected), as routes rather than the endpoint table's entries: the table builds
 * the zod schemas of every call as it loads, work a phone's main thread did before the investor page
 * could show a figure. The types are still the entries' (api-client.ts, Route).
 */
export const investorCalls = {
  adminLevel: sessionCalls.adminLevel,
  investorSummary: sessionCalls.investorSummary,
  investorProperty: route('investorProperty', 'GET', '/api/investor_property'),
  // The switcher of a login holding several investor records, and their combined view (issue 29).
  myInvestors: route('myInvestors', 'GET', '/api/my_investors'),
  investorCombined: route('investorCombined', 'GET', '/api/investor_combined'),
  explain: route('explain', 'GET', '/api/explain'),
  adminSummary: route('adminSummary', 'GET', '/admin/get_admin_summary'),
  adminHelpers: route('adminHelpers', 'GET', '/admin/get_admin_helpers'),
  logout: route('logout', 'POST', '/auth/logout'),
  protectedCheck: route('protectedCheck', 'GET', '/auth/protected'),
  register: route('register', 'POST', '/auth/register'),
  investorStatement: fileRoute('investorStatement', 'GET', '/api/investor_statement', 'application/pdf'),
};
