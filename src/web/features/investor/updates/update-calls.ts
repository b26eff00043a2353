import { route } from '../../../lib/api-client';

/** The updates call of the investor page, as a route: the page loads without the table's zod schemas. */
export const updateCalls = {
  updates: route('updates', 'GET', '/api/updates'),
};
