import { route } from '../../../lib/api-client';

/** The corrections of the investor page, as a route: the page loads without the table's zod schemas. */
export const correctionsCalls = {
  investorCorrections: route('investorCorrections', 'GET', '/api/investor_corrections'),
};
