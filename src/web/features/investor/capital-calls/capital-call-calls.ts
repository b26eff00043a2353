import { route } from '../../../lib/api-client';

/** The capital calls of the investor page, as a route: the page loads without the table's zod schemas. */
export const capitalCallCalls = {
  capitalCalls: route('capitalCalls', 'GET', '/api/capital_calls'),
};
