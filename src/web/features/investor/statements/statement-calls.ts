import { route } from '../../../lib/api-client';

/** The published statements' call of the investor page, as a route: the page loads without the table's zod schemas. */
export const statementCalls = {
  publishedStatements: route('publishedStatements', 'GET', '/api/published_statements'),
};
